import Testing
import TaplineReactive

/// Source: OpenCombine's PrefixUntilOutputTests, run against Apple's Combine.
@Suite("prefix(untilOutputFrom:)")
struct PrefixUntilOutputTests {
    /// Nothing goes down, but the trigger's subscription is cancelled. Source: OpenCombine's
    /// PrefixUntilOutputTests.testPrefixUntilOutputReceiveCompletionBeforeSubscription.
    @Test func aCompletionBeforeTheSubscriptionCancelsTheTrigger() {
        let upstream = SubscriptionlessPublisher<Int>()
        let trigger = ManualPublisher<Int, Never>()
        let recorder = Recorder<Int, Never>()
        upstream.prefix(untilOutputFrom: trigger).subscribe(recorder)
        upstream.finish()
        #expect(recorder.events == [])
        #expect(trigger.subscription.history == [.requested(.max(1)), .cancelled])
    }

    @Test func passesValuesUntilTheOtherSendsThenFinishesAndCancels() {
        let upstream = ManualPublisher<Int, TestError>()
        let other = ManualPublisher<String, Never>()
        let recorder = IntRecorder(demand: .max(2), perValue: { _ in .max(1) })
        upstream.prefix(untilOutputFrom: other).subscribe(recorder)
        #expect(other.subscription.history == [.requested(.max(1))])
        #expect(upstream.subscription.history == [.requested(.max(2))])
        #expect(upstream.send(1) == .max(1))
        #expect(other.send("stop") == .none)
        upstream.send(2)
        #expect(recorder.events == [.subscription("PrefixUntilOutput"), .value(1), .completion(.finished)])
        #expect(upstream.subscription.history == [.requested(.max(2)), .cancelled])
        #expect(other.subscription.history == [.requested(.max(1))])
    }

    /// After the trigger the other publisher's subscription is kept, not cancelled (as in
    /// Combine), but what it holds must not keep the finished stream alive: a subject keeps
    /// its subscribers until it completes.
    @Test func theOtherDoesNotKeepTheFinishedStream() {
        final class Marker {}
        let trigger = PassthroughSubject<Int, TestError>()
        weak var kept: Marker?
        var completions = 0
        do {
            let marker = Marker()
            kept = marker
            let upstream = PassthroughSubject<Int, TestError>()
            // Keeps what it was given to the end, as a custom subscriber may (a sink lets go).
            upstream.prefix(untilOutputFrom: trigger).subscribe(AnySubscriber<Int, TestError>(
                receiveSubscription: { $0.request(.unlimited) },
                receiveValue: { _ in _ = marker; return .none },
                receiveCompletion: { _ in completions += 1; _ = marker }))
            trigger.send(0)
        }
        #expect(completions == 1)
        #expect(kept == nil)
    }

    @Test func theUpstreamsCompletionCancelsTheOther() {
        let upstream = ManualPublisher<Int, TestError>()
        let other = ManualPublisher<Int, Never>()
        let recorder = IntRecorder()
        upstream.prefix(untilOutputFrom: other).subscribe(recorder)
        upstream.send(completion: .failure(TestError()))
        #expect(recorder.events == [.subscription("PrefixUntilOutput"), .completion(.failure(TestError()))])
        #expect(other.subscription.history == [.requested(.max(1)), .cancelled])
    }

    @Test func anOtherThatCompletesWithoutAValueChangesNothing() {
        let upstream = ManualPublisher<Int, TestError>()
        let other = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder()
        upstream.prefix(untilOutputFrom: other).subscribe(recorder)
        other.send(completion: .failure(TestError()))
        other.send(9)
        upstream.send(1)
        #expect(recorder.events == [.subscription("PrefixUntilOutput"), .value(1)])
        #expect(other.subscription.history == [.requested(.max(1))])
    }

    /// Apple finishes the downstream at once, before any subscription, and cancels the
    /// upstream's subscription when it comes (testTerminatorEmitsValueBeforeUpstreamSendsSubscription).
    @Test func anOtherValueBeforeTheUpstreamSubscribesFinishesAtOnce() {
        let recorder = IntRecorder()
        let upstream = Deferred { Empty<Int, TestError>(completeImmediately: false) }
        upstream.prefix(untilOutputFrom: Just("now")).subscribe(recorder)
        #expect(recorder.events == [.completion(.finished)])
    }

    @Test func cancelReachesBothPublishers() {
        let upstream = ManualPublisher<Int, TestError>()
        let other = ManualPublisher<Int, Never>()
        let recorder = IntRecorder()
        upstream.prefix(untilOutputFrom: other).subscribe(recorder)
        recorder.cancel()
        upstream.send(1)
        #expect(recorder.events == [.subscription("PrefixUntilOutput")])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
        #expect(other.subscription.history == [.requested(.max(1)), .cancelled])
    }
}
