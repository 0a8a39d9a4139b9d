import Testing
import TaplineReactive

/// A clock that defers "as soon as possible" work, as the REPL's does (DESIGN §8).
private func deferringClock() -> VirtualTimeScheduler {
    let clock = VirtualTimeScheduler()
    clock.defersImmediateWork = true
    return clock
}

@Suite("receive(on:)")
struct ReceiveOnTests {
    /// Values and the completion wait for the scheduler; the subscription does not.
    /// Source: OpenCombine's ReceiveOnTests.testBasicBehavior, run against Apple's Combine.
    @Test func valuesAndCompletionGoThroughTheScheduler() {
        let clock = deferringClock()
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = IntRecorder()
        subject.receive(on: clock).subscribe(recorder)
        #expect(recorder.events == [.subscription("ReceiveOn")])
        subject.send(1)
        subject.send(2)
        subject.send(completion: .finished)
        #expect(recorder.events == [.subscription("ReceiveOn")])
        clock.runImmediateWork()
        #expect(recorder.events == [.subscription("ReceiveOn"), .value(1), .value(2), .completion(.finished)])
    }

    /// Requests go upstream at once; demand a delivered value returns goes upstream too.
    /// Source: OpenCombine's ReceiveOnTests.testRequest.
    @Test func demandGoesUpstreamDirectly() {
        let clock = deferringClock()
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder(demand: .max(2), perValue: { _ in .max(3) })
        upstream.receive(on: clock).subscribe(recorder)
        #expect(upstream.subscription.history == [.requested(.max(2))])
        #expect(upstream.send(1) == .none)
        #expect(upstream.subscription.history == [.requested(.max(2))])
        clock.runImmediateWork()
        #expect(upstream.subscription.history == [.requested(.max(2)), .requested(.max(3))])
    }

    /// A value on its way is dropped after a cancel; a completion on its way is not, and a
    /// value scheduled before the completion is still delivered. Source: OpenCombine's
    /// ReceiveOnTests.testCancelWhileReceivingInput and testReceiveCompletionImmediatelyAfterValue.
    @Test func whatIsOnItsWayAfterCancel() {
        let clock = deferringClock()
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder()
        upstream.receive(on: clock).subscribe(recorder)
        upstream.send(1)
        recorder.cancel()
        clock.runImmediateWork()
        #expect(recorder.events == [.subscription("ReceiveOn")])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])

        let other = ManualPublisher<Int, TestError>()
        let finishing = IntRecorder()
        other.receive(on: clock).subscribe(finishing)
        other.send(1)
        other.send(completion: .failure(TestError()))
        finishing.cancel()
        clock.runImmediateWork()
        #expect(finishing.events == [.subscription("ReceiveOn"), .value(1), .completion(.failure(TestError()))])
        #expect(other.subscription.history == [.requested(.unlimited)])
    }

    /// With the immediate scheduler everything happens in place.
    @Test func onTheImmediateSchedulerNothingWaits() {
        var log: [String] = []
        let token = Just(1).receive(on: ImmediateScheduler.shared).sink { log.append("\($0)") }
        log.append("after")
        #expect(log == ["1", "after"])
        _ = token
    }
}

@Suite("subscribe(on:)")
struct SubscribeOnTests {
    /// The subscription waits for the scheduler; values then come down where they are sent.
    /// Source: OpenCombine's SubscribeOnTests.testSynchronouslySendsEventsDownstream.
    @Test func theSubscriptionGoesThroughTheScheduler() {
        let clock = deferringClock()
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder(demand: .none)
        upstream.subscribe(on: clock).subscribe(recorder)
        #expect(recorder.events.isEmpty)
        clock.runImmediateWork()
        #expect(recorder.events == [.subscription("SubscribeOn")])
        #expect(upstream.send(1) == .none)
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("SubscribeOn"), .value(1), .completion(.finished)])
    }

    /// Requests and the cancel wait for the scheduler; a request made just before a cancel
    /// still arrives, and a second cancel does nothing. Source: OpenCombine's
    /// SubscribeOnTests.testAsynchronouslySendsEventsUpstream and testCancelImmediatelyAfterRequest.
    @Test func requestsAndCancelGoThroughTheScheduler() {
        let clock = deferringClock()
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder(demand: .none)
        upstream.subscribe(on: clock).subscribe(recorder)
        clock.runImmediateWork()
        recorder.request(.max(2))
        recorder.cancel()
        recorder.cancel()
        #expect(upstream.subscription.history.isEmpty)
        clock.runImmediateWork()
        #expect(upstream.subscription.history == [.requested(.max(2)), .cancelled])
        upstream.send(1)
        #expect(recorder.events == [.subscription("SubscribeOn")])
    }
}
