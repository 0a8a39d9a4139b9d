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

    /// Values out of step, a request while nothing waits, then one input finishing.
    private func interleaved(_ subjects: [Subject], _ recorder: IntsRecorder) {
        for round in 0..<3 {
            for (index, subject) in subjects.enumerated() where index != 1 || round != 1 { subject.send(round * 10 + index) }
        }
        subjects[1].send(99)
        recorder.request(.max(2))
        subjects[0].send(completion: .finished)
        subjects.last?.send(7)
        for subject in subjects.dropFirst() { subject.send(completion: .finished) }
    }

    @Test(arguments: [2, 3])
    func zipMakesWhatZipManyMakes(inputs: Int) {
        let runs = both(.zip, inputs: inputs, interleaved)
        #expect(runs.combined == runs.plain)
        #expect(runs.combined.first == .subscription("Zip"))
        #expect(runs.combined.last == .completion(.finished))
    }

    @Test(arguments: [2, 3])
    func combineLatestMakesWhatCombineLatestManyMakes(inputs: Int) {
        let runs = both(.combineLatest, inputs: inputs, interleaved)
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
}
