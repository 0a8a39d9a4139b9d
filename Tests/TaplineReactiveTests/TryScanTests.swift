import Testing
import TaplineReactive

@Suite("tryScan")
struct TryScanTests {
    private func adding(_ sum: Int, _ value: Int) throws -> Int {
        if value == 100 { throw Thrown() }
        return sum + value
    }

    @Test func emitsEachRunningResultThenFinishes() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = TryRecorder<Int>(demand: .max(2), perValue: { _ in .max(1) })
        upstream.tryScan(0, adding).subscribe(recorder)
        #expect(upstream.send(1) == .max(1))
        #expect(upstream.send(2) == .max(1))
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("TryScan"), .value(1), .value(3), .completion(.finished)])
        #expect(upstream.subscription.history == [.requested(.max(2))])
    }

    /// Apple's TryScan, like its TryMap, still folds in and delivers values sent after a
    /// throw; a second throw is swallowed and the completion dropped.
    /// Source: OpenCombine's ScanTests.testTryScanFailureBecauseOfThrow, run against Apple's Combine.
    @Test func aThrowFailsCancelsTheUpstreamAndLaterValuesStillPassAsInCombine() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = TryRecorder<Int>()
        upstream.tryScan(0, adding).subscribe(recorder)
        upstream.send(1)
        upstream.send(100)
        upstream.send(2)
        upstream.send(100)
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("TryScan"), .value(1), .completion(.failure(.thrown)), .value(3)])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }

    /// Source: OpenCombine's ScanTests.testTryScanCancel, run against Apple's Combine.
    @Test func afterCancelValuesStillPassButCompletionsDoNot() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = TryRecorder<Int>()
        upstream.tryScan(0, adding).subscribe(recorder)
        recorder.cancel()
        upstream.send(1)
        upstream.send(completion: .finished)
        upstream.send(completion: .failure(TestError()))
        #expect(recorder.events == [.subscription("TryScan"), .value(1)])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }

    @Test func theUpstreamsFailureArrivesAsAnyError() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = TryRecorder<Int>()
        upstream.tryScan(0, adding).subscribe(recorder)
        upstream.send(completion: .failure(TestError()))
        #expect(recorder.events == [.subscription("TryScan"), .completion(.failure(.oops))])
    }
}
