import Testing
import TaplineReactive

/// `Publishers.Combination` is `ZipMany` and `CombineLatestMany` with the caller making each
/// combination: every scenario runs through both, and the whole histories must match — the
/// subscription's name, every value and the completion, the two-input pair path and the
/// path for more alike. Expected behaviour: ZipTests and CombineLatestTests, which hold the
/// operators to Combine's.
@Suite("Combination")
struct CombinationTests {
    typealias Subject = PassthroughSubject<Int, TestError>

    /// Runs `script` on fresh subjects feeding `publisher`, recorded with limited demand (one
    /// value at subscription, one more per value received).
    private func record(_ count: Int, _ publisher: ([Subject]) -> AnyPublisher<[Int], TestError>,
                        _ script: ([Subject], IntsRecorder) -> Void) -> [IntsRecorder.Event] {
        let subjects = (0..<count).map { _ in Subject() }
        let recorder = IntsRecorder(demand: .max(1), perValue: { _ in .max(1) })
        publisher(subjects).subscribe(recorder)
        script(subjects, recorder)
        return recorder.events
    }

    private func both(_ rule: Publishers.Combination<Subject, [Int]>.Rule, inputs: Int,
                      _ script: ([Subject], IntsRecorder) -> Void) -> (plain: [IntsRecorder.Event], combined: [IntsRecorder.Event]) {
        let plain = record(inputs, { subjects in
            rule == .zip ? Publishers.ZipMany(subjects).eraseToAnyPublisher() : Publishers.CombineLatestMany(subjects).eraseToAnyPublisher()
        }, script)
        let combined = record(inputs, { subjects in
            Publishers.Combination(rule, subjects, pair: { [$0, $1] }, combine: { $0 }).eraseToAnyPublisher()
        }, script)
        return (plain, combined)
    }

    /// Values out of step, a request while nothing waits, then one input finishing;
    /// `afterEach` runs after each value sent (a host lowering its `StopSignal`).
    private func interleaved(_ subjects: [Subject], _ recorder: IntsRecorder, afterEach: () -> Void = {}) {
        for round in 0..<3 {
            for (index, subject) in subjects.enumerated() where index != 1 || round != 1 {
                subject.send(round * 10 + index)
                afterEach()
            }
        }
        subjects[1].send(99)
        afterEach()
        recorder.request(.max(2))
        subjects[0].send(completion: .finished)
        subjects.last?.send(7)
        afterEach()
        for subject in subjects.dropFirst() { subject.send(completion: .finished) }
    }

    @Test(arguments: [2, 3])
    func zipMakesWhatZipManyMakes(inputs: Int) {
        let runs = both(.zip, inputs: inputs) { interleaved($0, $1) }
        #expect(runs.combined == runs.plain)
        #expect(runs.combined.first == .subscription("Zip"))
        #expect(runs.combined.last == .completion(.finished))
    }

    @Test(arguments: [2, 3])
    func combineLatestMakesWhatCombineLatestManyMakes(inputs: Int) {
        let runs = both(.combineLatest, inputs: inputs) { interleaved($0, $1) }
        #expect(runs.combined == runs.plain)
        #expect(runs.combined.first == .subscription("CombineLatest"))
        #expect(runs.combined.count > 3)
    }

    @Test(arguments: [2, 3])
    func aFailureEndsBothAlike(inputs: Int) {
        for rule in [Publishers.Combination<Subject, [Int]>.Rule.zip, .combineLatest] {
            let runs = both(rule, inputs: inputs) { subjects, _ in
                for subject in subjects { subject.send(1) }
                subjects[inputs - 1].send(completion: .failure(TestError()))
                subjects[0].send(2)
            }
            #expect(runs.combined == runs.plain)
            #expect(runs.combined.last == .completion(.failure(TestError())))
        }
    }

    /// A host's combining closure that fails (raising the `StopSignal`, as the language's does
    /// when its closure stops the program) has what it returned dropped, as a `map` after the
    /// junction drops it: `combineLatest(b) { … }` is `combineLatest(b).map { … }` in Combine,
    /// and the language runs the second as the first. The same histories, demand included.
    @Test(arguments: [2, 3])
    func aFailingClosureDropsWhatAMapAfterWouldDrop(inputs: Int) {
        for rule in [Publishers.Combination<Subject, [Int]>.Rule.zip, .combineLatest] {
            let inJunction = recordFailing(inputs) { subjects, failing, stop in
                Publishers.Combination(rule, subjects, pair: { failing([$0, $1]) }, combine: failing)
                    .stopping(on: stop).eraseToAnyPublisher()
            }
            let mapAfter = recordFailing(inputs) { subjects, failing, stop in
                Publishers.Combination(rule, subjects, pair: { [$0, $1] }, combine: { $0 })
                    .map(failing).stopping(on: stop).eraseToAnyPublisher()
            }
            #expect(inJunction == mapAfter)
            #expect(!inJunction.contains(.value([-1])))
            #expect(inJunction.last == .completion(.finished))
            // combineLatest goes on after the failure; zip's failed set spent the demand
            // that would have taken the next (the subjects drop what is not asked for).
            #expect(inJunction.contains { if case .value(let set) = $0 { set.first == 20 } else { false } } == (rule == .combineLatest))
        }
    }

    /// The `interleaved` script through `publisher`, whose closure fails on a set that begins
    /// with 10 (handing back `[-1]`); the flag is lowered after each value, as a host does.
    private func recordFailing(_ inputs: Int, _ publisher: ([Subject], @escaping ([Int]) -> [Int], StopSignal)
                                   -> AnyPublisher<[Int], TestError>) -> [IntsRecorder.Event] {
        let stop = StopSignal()
        let failing: ([Int]) -> [Int] = { set in
            guard set.first != 10 else {
                stop.isRaised = true
                return [-1]
            }
            return set
        }
        let subjects = (0..<inputs).map { _ in Subject() }
        let recorder = IntsRecorder(demand: .max(1), perValue: { _ in .max(1) })
        publisher(subjects, failing, stop).subscribe(recorder)
        interleaved(subjects, recorder) { stop.isRaised = false }
        return recorder.events
    }
}
