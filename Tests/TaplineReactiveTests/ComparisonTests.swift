import Testing
import TaplineReactive

@Suite("min, max, min(by:), max(by:), tryMin(by:), tryMax(by:)")
struct ComparisonTests {
    private func shorter(_ a: String, _ b: String) throws -> Bool {
        if a.isEmpty || b.isEmpty { throw Thrown() }
        return a.count < b.count
    }

    @Test func minAndMaxRequestUnlimitedAndEmitOnFinishOnceAskedFor() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder(demand: .none)
        upstream.min().subscribe(recorder)
        for value in [3, 1, 4, 1, 5] { upstream.send(value) }
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("Comparison")])
        recorder.request(.max(1))
        #expect(recorder.events == [.subscription("Comparison"), .value(1), .completion(.finished)])
        #expect(upstream.subscription.history == [.requested(.unlimited)])

        let maximum = Recorder<Int, Never>()
        // Erased: a sequence publisher's own `max()` is worked out at once (SequenceOperatorsTests).
        [3, 1, 4, 1, 5].publisher.eraseToAnyPublisher().max().subscribe(maximum)
        #expect(maximum.events == [.subscription("Comparison"), .value(5), .completion(.finished)])
    }

    /// Of equal values, the first received is kept, for min and for max.
    @Test func byAnOrderingTheFirstOfEqualValuesWins() {
        let longest = Recorder<String, Never>()
        ["a", "bb", "cc", "d"].publisher.max { $0.count < $1.count }.subscribe(longest)
        #expect(longest.values == ["bb"])
        let shortest = Recorder<String, Never>()
        ["bb", "a", "c", "dd"].publisher.min { $0.count < $1.count }.subscribe(shortest)
        #expect(shortest.values == ["a"])
    }

    @Test func anEmptyUpstreamFinishesWithoutAValueAndAFailurePasses() {
        let empty = IntRecorder()
        Empty<Int, TestError>().max().subscribe(empty)
        #expect(empty.events == [.subscription("Comparison"), .completion(.finished)])
        let failing = IntRecorder(demand: .none)
        Fail<Int, TestError>(error: TestError()).min().subscribe(failing)
        #expect(failing.events == [.subscription("Comparison"), .completion(.failure(TestError()))])
    }

    @Test func cancelReachesTheUpstream() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder()
        upstream.max().subscribe(recorder)
        upstream.send(1)
        recorder.cancel()
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("Comparison")])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }

    @Test func tryMinAndTryMaxEmitOnFinish() {
        let shortest = TryRecorder<String>()
        ["bb", "a", "c"].publisher.tryMin(by: shorter).subscribe(shortest)
        #expect(shortest.events == [.subscription("TryComparison"), .value("a"), .completion(.finished)])
        let longest = TryRecorder<String>()
        ["a", "bb", "cc"].publisher.tryMax(by: shorter).subscribe(longest)
        #expect(longest.events == [.subscription("TryComparison"), .value("bb"), .completion(.finished)])
    }

    /// Source: OpenCombine's ComparisonTests (TryComparison), run against Apple's Combine.
    @Test func aThrowFailsAtOnceAndCancelsTheUpstream() {
        let upstream = ManualPublisher<String, TestError>()
        let recorder = TryRecorder<String>(demand: .none)
        upstream.tryMax(by: shorter).subscribe(recorder)
        upstream.send("a")
        upstream.send("")
        upstream.send("bb")
        upstream.send(completion: .finished)
        recorder.request(.max(1))
        #expect(recorder.events == [.subscription("TryComparison"), .completion(.failure(.thrown))])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }

    /// The ordering is not called for the first value, so a lone value cannot throw.
    @Test func aLoneValueIsNeverCompared() {
        let recorder = TryRecorder<String>()
        [""].publisher.tryMin(by: shorter).subscribe(recorder)
        #expect(recorder.events == [.subscription("TryComparison"), .value(""), .completion(.finished)])
    }
}
