import Testing
import TaplineReactive

@Suite("tryRemoveDuplicates")
struct TryRemoveDuplicatesTests {
    private func same(_ previous: Int, _ value: Int) throws -> Bool {
        if value == 42 { throw Thrown() }
        return previous == value
    }

    @Test func dropsADuplicateAndAsksForOneMore() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = TryRecorder<Int>(demand: .max(3), perValue: { _ in .max(10) })
        upstream.tryRemoveDuplicates(by: same).subscribe(recorder)
        #expect(upstream.send(1) == .max(10))
        #expect(upstream.send(1) == .max(1))
        #expect(upstream.send(2) == .max(10))
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("TryRemoveDuplicates"), .value(1), .value(2), .completion(.finished)])
        #expect(upstream.subscription.history == [.requested(.max(3))])
    }

    /// Source: OpenCombine's RemoveDuplicatesTests.testTryRemoveDuplicatesCompletesWithErrorWhenThrown,
    /// run against Apple's Combine.
    @Test func aThrowFailsCancelsTheUpstreamAndEndsTheStream() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = TryRecorder<Int>()
        upstream.tryRemoveDuplicates(by: same).subscribe(recorder)
        upstream.send(1)
        #expect(upstream.send(42) == .none)
        #expect(upstream.send(43) == .none)
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("TryRemoveDuplicates"), .value(1), .completion(.failure(.thrown))])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }

    /// The first value is never compared, so it cannot throw.
    @Test func theFirstValueIsPassedOnWithoutCallingThePredicate() {
        let recorder = TryRecorder<Int>()
        [42, 42].publisher.tryRemoveDuplicates(by: same).subscribe(recorder)
        #expect(recorder.events == [.subscription("TryRemoveDuplicates"), .value(42), .completion(.failure(.thrown))])
    }

    /// Each value is compared with the one received just before it, passed on or not (as
    /// OpenCombine reads Apple's implementation).
    @Test func comparesWithThePreviousValueReceived() {
        let recorder = TryRecorder<Int>()
        [1, 2, 3, 5].publisher.tryRemoveDuplicates { abs($0 - $1) <= 1 }.subscribe(recorder)
        #expect(recorder.values == [1, 5])
    }

    @Test func cancelReachesTheUpstream() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = TryRecorder<Int>()
        upstream.tryRemoveDuplicates(by: same).subscribe(recorder)
        recorder.cancel()
        upstream.send(1)
        #expect(recorder.events == [.subscription("TryRemoveDuplicates")])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }
}
