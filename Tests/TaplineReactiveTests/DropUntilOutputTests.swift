import Testing
import TaplineReactive

/// Source: OpenCombine's DropUntilOutputTests, run against Apple's Combine.
@Suite("drop(untilOutputFrom:)")
struct DropUntilOutputTests {
    /// A dropped value uses up the demand it answered; nothing is asked for again.
    @Test func dropsUntilTheOtherSendsAndKeepsTheDemandAsAsked() {
        let upstream = ManualPublisher<Int, TestError>()
        let other = ManualPublisher<String, TestError>()
        let recorder = IntRecorder(demand: .none, perValue: { .max($0) })
        upstream.drop(untilOutputFrom: other).subscribe(recorder)
        #expect(other.subscription.history == [.requested(.max(1))])
        #expect(upstream.subscription.history.isEmpty)
        recorder.request(.max(4))
        #expect(upstream.subscription.history == [.requested(.max(4))])
        #expect(upstream.send(1) == .none)
        #expect(other.send("go") == .none)
        #expect(upstream.send(3) == .max(3))
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("DropUntilOutput"), .value(3), .completion(.finished)])
        // The other keeps its subscription after its value, as in Combine.
        #expect(other.subscription.history == [.requested(.max(1))])
    }

    @Test func theDownstreamIsSubscribedBeforeEitherPublisher() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder()
        upstream.drop(untilOutputFrom: Empty<Int, TestError>(completeImmediately: false)).subscribe(recorder)
        #expect(recorder.events == [.subscription("DropUntilOutput")])
        #expect(upstream.subscription.history == [.requested(.unlimited)])
    }

    @Test func anOtherThatFinishesFirstEndsTheStreamAndCancelsTheUpstream() {
        let upstream = ManualPublisher<Int, TestError>()
        let other = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder(demand: .max(100))
        upstream.drop(untilOutputFrom: other).subscribe(recorder)
        upstream.send(1)
        other.send(completion: .finished)
        other.send(completion: .finished)
        upstream.send(2)
        #expect(recorder.events == [.subscription("DropUntilOutput"), .completion(.finished)])
        #expect(upstream.subscription.history == [.requested(.max(100)), .cancelled])
    }

    @Test func anOtherThatFailsFirstFailsTheStream() {
        let upstream = ManualPublisher<Int, TestError>()
        let other = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder()
        upstream.drop(untilOutputFrom: other).subscribe(recorder)
        other.send(completion: .failure(TestError()))
        #expect(recorder.events == [.subscription("DropUntilOutput"), .completion(.failure(TestError()))])
    }

    @Test func theOthersCompletionAfterItsValueChangesNothing() {
        let upstream = ManualPublisher<Int, TestError>()
        let other = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder()
        upstream.drop(untilOutputFrom: other).subscribe(recorder)
        other.send(0)
        other.send(completion: .failure(TestError()))
        upstream.send(2)
        #expect(recorder.events == [.subscription("DropUntilOutput"), .value(2)])
    }

    @Test func cancelReachesBothPublishers() {
        let upstream = ManualPublisher<Int, TestError>()
        let other = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder()
        upstream.drop(untilOutputFrom: other).subscribe(recorder)
        recorder.cancel()
        upstream.send(1)
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
        #expect(other.subscription.history == [.requested(.max(1)), .cancelled])
        #expect(recorder.events == [.subscription("DropUntilOutput")])
    }

    /// The downstream has its subscription before the upstream subscribes; a cancel in
    /// between means the upstream's subscription, when it comes, is cancelled.
    @Test func aCancelBeforeTheUpstreamSubscribesCancelsItsSubscription() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder(demand: .max(1))
        let other = Deferred { () -> Empty<Int, TestError> in
            recorder.cancel()
            return Empty(completeImmediately: false)
        }
        upstream.drop(untilOutputFrom: other).subscribe(recorder)
        #expect(upstream.subscription.history == [.cancelled])
        #expect(recorder.events == [.subscription("DropUntilOutput")])
    }

    /// An other that finishes before the upstream's subscription has come ends the stream,
    /// and that subscription, when it comes, is kept and asked for the demand already owed.
    /// Source: OpenCombine's DropUntilOutputTests.testLateSubscription, run against Apple's Combine.
    @Test func aLateUpstreamSubscriptionIsAskedForWhatWasOwed() {
        let upstream = LatePublisher<Int, TestError>()
        let recorder = IntRecorder(demand: .max(14))
        upstream.drop(untilOutputFrom: Empty<Int, TestError>()).subscribe(recorder)
        #expect(recorder.events == [.subscription("DropUntilOutput"), .completion(.finished)])
        let subscription = RecordingSubscription()
        upstream.subscribe(with: subscription)
        #expect(subscription.history == [.requested(.max(14))])
        upstream.send(1)
        #expect(recorder.events == [.subscription("DropUntilOutput"), .completion(.finished)])
    }
}
