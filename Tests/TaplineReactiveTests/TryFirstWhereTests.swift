import Testing
import TaplineReactive

@Suite("tryFirst(where:)")
struct TryFirstWhereTests {
    private func isBig(_ value: Int) throws -> Bool {
        if value == 100 { throw Thrown() }
        return value > 3
    }

    /// Apple prints `TryFirstWhere` for this one (and `TryFirst` for `first(where:)`).
    /// Source: OpenCombine's FirstTests.testTryFirstWhereReturnsFirstMatchingElement, run against Apple's Combine.
    @Test func emitsTheFirstMatchThenFinishesAndCancelsTheUpstream() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = TryRecorder<Int>()
        upstream.tryFirst(where: isBig).subscribe(recorder)
        upstream.send(1)
        upstream.send(4)
        upstream.send(5)
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("TryFirstWhere"), .value(4), .completion(.finished)])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }

    @Test func aMatchWaitsForDemand() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = TryRecorder<Int>(demand: .none)
        upstream.tryFirst(where: isBig).subscribe(recorder)
        upstream.send(4)
        #expect(recorder.events == [.subscription("TryFirstWhere")])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
        recorder.request(.max(1))
        #expect(recorder.events == [.subscription("TryFirstWhere"), .value(4), .completion(.finished)])
    }

    @Test func aThrowFailsAtOnceAndCancelsTheUpstream() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = TryRecorder<Int>(demand: .none)
        upstream.tryFirst(where: isBig).subscribe(recorder)
        upstream.send(100)
        upstream.send(4)
        recorder.request(.max(1))
        #expect(recorder.events == [.subscription("TryFirstWhere"), .completion(.failure(.thrown))])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }

    @Test func finishesEmptyWhenNothingMatches() {
        let recorder = TryRecorder<Int>()
        [1, 2].publisher.tryFirst(where: isBig).subscribe(recorder)
        #expect(recorder.events == [.subscription("TryFirstWhere"), .completion(.finished)])
    }

    @Test func cancelReachesTheUpstream() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = TryRecorder<Int>()
        upstream.tryFirst(where: isBig).subscribe(recorder)
        recorder.cancel()
        upstream.send(4)
        #expect(recorder.events == [.subscription("TryFirstWhere")])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }
}
