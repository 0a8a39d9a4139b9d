import Testing
import TaplineReactive

/// Source: OpenCombine's HandleEventsTests, run against Apple's Combine.
@Suite("handleEvents")
struct HandleEventsTests {
    /// Records what the closures see, in order.
    final class Log {
        var lines: [String] = []
    }

    private func logging<P: Publisher>(_ publisher: P, into log: Log) -> Publishers.HandleEvents<P> {
        publisher.handleEvents(
            receiveSubscription: { log.lines.append("subscription \($0.description)") },
            receiveOutput: { log.lines.append("output \($0)") },
            receiveCompletion: { log.lines.append("completion \($0)") },
            receiveCancel: { log.lines.append("cancel") },
            receiveRequest: { log.lines.append("request \($0)") })
    }

    @Test func eachClosureSeesItsEventAndEveryEventPasses() {
        let upstream = ManualPublisher<Int, TestError>()
        let log = Log()
        let recorder = IntRecorder(demand: .max(2), perValue: { _ in .max(1) })
        logging(upstream, into: log).subscribe(recorder)
        #expect(upstream.send(1) == .max(1))
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("HandleEvents"), .value(1), .completion(.finished)])
        #expect(log.lines == [
            "subscription RecordingSubscription", "request max(2)", "output 1", "request max(1)", "completion finished",
        ])
        #expect(upstream.subscription.history == [.requested(.max(2))])
    }

    /// Like `print`, it keeps no end state for events, but lets its closures go at the end.
    @Test func cancelIsSeenOnceAndLaterEventsStillPass() {
        let upstream = ManualPublisher<Int, TestError>()
        let log = Log()
        let recorder = IntRecorder(demand: .max(2))
        logging(upstream, into: log).subscribe(recorder)
        recorder.cancel()
        recorder.request(.max(1))
        recorder.cancel()
        upstream.send(1)
        upstream.send(completion: .finished)
        #expect(log.lines == ["subscription RecordingSubscription", "request max(2)", "cancel"])
        #expect(upstream.subscription.history == [.requested(.max(2)), .cancelled])
        #expect(recorder.events == [.subscription("HandleEvents"), .value(1), .completion(.finished)])
    }

    @Test func aSecondSubscriptionIsSeenThenCancelled() {
        let upstream = ManualPublisher<Int, TestError>()
        let log = Log()
        logging(upstream, into: log).subscribe(IntRecorder(demand: .none))
        let extra = RecordingSubscription("Extra")
        upstream.send(subscription: extra)
        #expect(extra.history == [.cancelled])
        #expect(log.lines == ["subscription RecordingSubscription", "subscription Extra"])
    }

    @Test func aFailureIsSeenAndPassed() {
        let log = Log()
        let recorder = IntRecorder()
        logging(Fail<Int, TestError>(error: TestError()), into: log).subscribe(recorder)
        #expect(recorder.events.last == .completion(.failure(TestError())))
        #expect(log.lines.last == "completion failure(oops)")
    }
}
