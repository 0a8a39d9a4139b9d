import Testing
import TaplineReactive

/// A publisher that counts its subscriptions and hands each subscriber a fresh
/// `RecordingSubscription`, so a test can drive the latest attempt.
final class AttemptsPublisher: Publisher {
    typealias Output = Int
    typealias Failure = TestError
    private(set) var subscriptions: [RecordingSubscription] = []
    private var subscriber: AnySubscriber<Int, TestError>?

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestError {
        let subscription = RecordingSubscription("Attempt\(subscriptions.count + 1)")
        subscriptions.append(subscription)
        self.subscriber = AnySubscriber(subscriber)
        subscriber.receive(subscription: subscription)
    }

    @discardableResult
    func send(_ value: Int) -> Subscribers.Demand { subscriber?.receive(value) ?? .none }
    func fail() { subscriber?.receive(completion: .failure(TestError())) }
    func finish() { subscriber?.receive(completion: .finished) }
}

@Suite("retry")
struct RetryTests {
    @Test func resubscribesUpToNTimesThenFails() {
        let upstream = AttemptsPublisher()
        let recorder = IntRecorder()
        upstream.retry(2).subscribe(recorder)
        upstream.send(1)
        upstream.fail()
        upstream.send(2)
        upstream.fail()
        upstream.send(3)
        upstream.fail()
        upstream.send(4)
        #expect(upstream.subscriptions.count == 3)
        #expect(recorder.events == [
            .subscription("Retry"), .value(1), .value(2), .value(3), .completion(.failure(TestError())),
        ])
    }

    @Test func retryZeroFailsAtOnce() {
        let upstream = AttemptsPublisher()
        let recorder = IntRecorder()
        upstream.retry(0).subscribe(recorder)
        upstream.fail()
        #expect(upstream.subscriptions.count == 1)
        #expect(recorder.events == [.subscription("Retry"), .completion(.failure(TestError()))])
    }

    @Test func finishedEndsWithoutRetrying() {
        let upstream = AttemptsPublisher()
        let recorder = IntRecorder()
        upstream.retry(3).subscribe(recorder)
        upstream.finish()
        upstream.fail()
        #expect(upstream.subscriptions.count == 1)
        #expect(recorder.events == [.subscription("Retry"), .completion(.finished)])
    }

    /// Each attempt is asked for what the downstream still wants; extra demand returned from
    /// a value is requested from the current attempt, not returned (as Combine does).
    @Test func eachAttemptGetsTheOutstandingDemand() {
        let upstream = AttemptsPublisher()
        let recorder = IntRecorder(demand: .max(3), perValue: { $0 == 1 ? .max(2) : .none })
        upstream.retry(1).subscribe(recorder)
        #expect(upstream.send(1) == .none)
        upstream.send(2)
        upstream.fail()
        #expect(upstream.subscriptions[0].history == [.requested(.max(3)), .requested(.max(2))])
        // 3 + 2 asked, 2 delivered.
        #expect(upstream.subscriptions[1].history == [.requested(.max(3))])
        recorder.request(.max(1))
        #expect(upstream.subscriptions[1].history == [.requested(.max(3)), .requested(.max(1))])
    }

    @Test func cancelReachesTheCurrentAttemptOnly() {
        let upstream = AttemptsPublisher()
        let recorder = IntRecorder()
        upstream.retry(1).subscribe(recorder)
        upstream.fail()
        recorder.cancel()
        recorder.cancel()
        upstream.fail()
        #expect(upstream.subscriptions.map(\.history) == [[.requested(.unlimited)], [.requested(.unlimited), .cancelled]])
        #expect(recorder.events == [.subscription("Retry")])
    }

    /// A publisher that fails as it is subscribed to is retried in a loop, not by recursion.
    @Test func aSynchronousFailureIsRetriedWithoutRecursion() {
        var attempts = 0
        let flaky = Deferred { () -> Fail<Int, TestError> in
            attempts += 1
            return Fail(error: TestError())
        }
        let recorder = IntRecorder()
        flaky.retry(10_000).subscribe(recorder)
        #expect(attempts == 10_001)
        #expect(recorder.events == [.subscription("Retry"), .completion(.failure(TestError()))])
    }

    /// A negative count retries for ever: Combine counts down and stops only at zero.
    /// Source: OpenCombine's RetryTests.testRetryNegativeAmountOfTimes (10,000 failures, then
    /// a value), run against Apple's Combine.
    @Test func aNegativeCountRetriesForEver() {
        let upstream = AttemptsPublisher()
        let recorder = IntRecorder()
        upstream.retry(-1).subscribe(recorder)
        for _ in 0..<10_000 { upstream.fail() }
        upstream.send(7)
        #expect(upstream.subscriptions.count == 10_001)
        #expect(recorder.events == [.subscription("Retry"), .value(7)])
    }

    /// The downstream is let go when the stream fails for good and when it is cancelled, so a
    /// subscriber that keeps its subscription is freed. Source: OpenCombine's
    /// RetryTests.testRetryLifecycle, run against Apple's Combine.
    @Test("retry releases a subscriber that holds its subscription", arguments: [true, false])
    func releasesItsDownstream(cancelling: Bool) {
        let subject = PassthroughSubject<Int, TestError>()
        weak var released: IntRecorder?
        do {
            let recorder = IntRecorder()
            released = recorder
            subject.retry(3).subscribe(recorder)
            subject.send(31)
            if cancelling { recorder.cancel() } else { subject.send(completion: .failure(TestError())) }
            #expect(recorder.values == [31])
        }
        #expect(released == nil)
    }
}
