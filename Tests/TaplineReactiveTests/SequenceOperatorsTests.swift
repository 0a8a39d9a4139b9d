import Testing
import TaplineReactive

/// Combine's operators on a sequence publisher work out their answer when they are called,
/// over the whole sequence, and give a publisher of it. Source: OpenCombine's SequenceTests
/// (the `…OperatorSpecialization` tests), run against Apple's Combine.
@Suite("a sequence publisher's own operators")
struct SequenceOperatorsTests {
    @Test func theClosureRunsOverEveryValueWhenTheOperatorIsCalled() {
        var seen: [Int] = []
        let mapped = [1, 2, 3].publisher.map { value -> Int in
            seen.append(value)
            return value * 2
        }
        #expect(seen == [1, 2, 3])
        #expect(mapped == Publishers.Sequence(sequence: [2, 4, 6]))
        let recorder = Recorder<Int, Never>()
        mapped.subscribe(recorder)
        #expect(recorder.values == [2, 4, 6])
        #expect(seen == [1, 2, 3])
    }

    @Test func eachGivesTheAnswerCombineGives() {
        let values = [3, 4, 5, -1, 2]
        #expect(values.publisher.min() == Optional<Int>.Publisher(-1))
        #expect(values.publisher.max(by: >) == Optional<Int>.Publisher(-1))
        #expect(values.publisher.count() == Just(5))
        #expect(values.publisher.setFailureType(to: TestError.self).count().result == .success(5))
        #expect(values.publisher.collect().result == .success(values))
        #expect(values.publisher.reduce(10, +).result == .success(23))
        #expect(values.publisher.output(at: 3) == Optional<Int>.Publisher(-1))
        #expect(values.publisher.output(at: -1) == Optional<Int>.Publisher(nil))
        #expect(values.publisher.output(in: 1..<3) == Publishers.Sequence(sequence: [4, 5]))
        #expect(Array(values.publisher.dropFirst(3).sequence) == [-1, 2])
        #expect(Array(values.publisher.prefix { $0 > 0 }.sequence) == [3, 4, 5])
        #expect([0, 0, 1, 0, 1, 1].publisher.removeDuplicates() == Publishers.Sequence(sequence: [0, 1, 0, 1]))
        #expect((0..<5).publisher.scan(0, +) == Publishers.Sequence(sequence: [0, 1, 3, 6, 10]))
        #expect([1, nil, 3].publisher.replaceNil(with: 0) == Publishers.Sequence(sequence: [1, 0, 3]))
        #expect(values.publisher.last { $0 > 3 } == Optional<Int>.Publisher(5))
        #expect(values.publisher.allSatisfy { $0 > 0 }.result == .success(false))
    }
}
