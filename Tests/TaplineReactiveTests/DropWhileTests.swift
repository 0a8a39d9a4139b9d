import Testing
import TaplineReactive

@Suite("drop(while:) and tryDrop(while:)")
struct DropWhileTests {
    private func isSmall(_ value: Int) throws -> Bool {
        if value == 100 { throw Thrown() }
        return value < 3
    }

    @Test func dropsWhileThePredicateHoldsAskingForOneMoreEach() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder(demand: .max(2), perValue: { _ in .max(5) })
        upstream.drop { $0 < 3 }.subscribe(recorder)
        #expect(upstream.send(1) == .max(1))
        #expect(upstream.send(2) == .max(1))
        #expect(upstream.send(5) == .max(5))
        #expect(upstream.send(1) == .max(5))
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("DropWhile"), .value(5), .value(1), .completion(.finished)])
        #expect(upstream.subscription.history == [.requested(.max(2))])
    }

    @Test func cancelReachesTheUpstreamAndLaterEventsAreDropped() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder()
        upstream.drop { $0 < 3 }.subscribe(recorder)
        upstream.send(5)
        recorder.cancel()
        upstream.send(6)
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("DropWhile"), .value(5)])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }

    @Test func aFailurePassesThrough() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder()
        upstream.drop { $0 < 3 }.subscribe(recorder)
        upstream.send(completion: .failure(TestError()))
        #expect(recorder.events == [.subscription("DropWhile"), .completion(.failure(TestError()))])
    }

    /// Source: OpenCombine's DropWhileTests (TryDropWhile), run against Apple's Combine.
    @Test func tryDropThrowWhileDroppingFailsAndCancelsTheUpstream() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = TryRecorder<Int>()
        upstream.tryDrop(while: isSmall).subscribe(recorder)
        #expect(upstream.send(1) == .max(1))
        #expect(upstream.send(100) == .none)
        #expect(upstream.send(5) == .none)
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("TryDropWhile"), .completion(.failure(.thrown))])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }

    /// Once dropping has stopped the predicate is not called again, so it cannot throw.
    @Test func tryDropStopsAskingThePredicateOnceItFails() {
        let recorder = TryRecorder<Int>()
        [1, 5, 100, 2].publisher.tryDrop(while: isSmall).subscribe(recorder)
        #expect(recorder.events == [.subscription("TryDropWhile"), .value(5), .value(100), .value(2), .completion(.finished)])
    }

    @Test func tryDropErasesTheUpstreamsFailure() {
        let recorder = TryRecorder<Int>()
        Fail<Int, TestError>(error: TestError()).tryDrop(while: isSmall).subscribe(recorder)
        #expect(recorder.events == [.subscription("TryDropWhile"), .completion(.failure(.oops))])
    }

    /// Source: OpenCombine's DropWhileTests.testDropWhileReceiveValueBeforeSubscription, run against Apple's Combine.
    @Test func eventsBeforeTheSubscriptionAreDropped() {
        let early = LatePublisher<Int, TestError>()
        let recorder = IntRecorder()
        early.drop { $0 < 3 }.subscribe(recorder)
        #expect(early.send(5) == .none)
        early.send(completion: .finished)
        #expect(recorder.events.isEmpty)
    }
}
