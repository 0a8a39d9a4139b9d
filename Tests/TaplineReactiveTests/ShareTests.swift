import Testing
import TaplineReactive

@Suite("share")
struct ShareTests {
    /// An upstream whose subscription holds its subscriber to the end, as `delay` does.
    final class HoldingPublisher: Publisher {
        typealias Output = Int
        typealias Failure = Never
        final class Holding: Subscription {
            var subscriber: AnySubscriber<Int, Never>?
            func request(_ demand: Subscribers.Demand) {}
            func cancel() {}
        }
        weak var last: Holding?
        func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
            let subscription = Holding()
            subscription.subscriber = AnySubscriber(subscriber)
            last = subscription
            subscriber.receive(subscription: subscription)
        }
    }

    /// Once the last subscriber cancels, nothing holds the upstream subscription: the share
    /// cancels it and lets go (its connection holding it too made a cycle with an upstream
    /// that keeps its subscriber; found by the fuzzer's leak check).
    @Test func theLastCancelLetsGoOfTheUpstream() {
        let upstream = HoldingPublisher()
        let token = upstream.share().sink { _ in }
        #expect(upstream.last != nil)
        token.cancel()
        #expect(upstream.last == nil)
    }

    @Test func oneUpstreamSubscriptionServesEverySubscriber() {
        let subject = PassthroughSubject<Int, Never>()
        var mapped = 0
        let shared = subject.map { value -> Int in mapped += 1; return value }.share()
        let one = Recorder<Int, Never>(), two = Recorder<Int, Never>()
        shared.subscribe(one)
        shared.subscribe(two)
        subject.send(1)
        #expect(mapped == 1)
        #expect(one.values == [1])
        #expect(two.values == [1])
        #expect(subject.subscriberCount == 1)
    }

    @Test func aLateSubscriberMissesEarlierValues() {
        let subject = PassthroughSubject<Int, Never>()
        let shared = subject.share()
        let one = Recorder<Int, Never>(), two = Recorder<Int, Never>()
        shared.subscribe(one)
        subject.send(1)
        shared.subscribe(two)
        subject.send(2)
        #expect(one.values == [1, 2])
        #expect(two.values == [2])
    }

    @Test func theLastCancelDisconnectsAndTheNextSubscriberReconnects() {
        let upstream = ManualPublisher<Int, Never>()
        let shared = upstream.share()
        let one = Recorder<Int, Never>()
        shared.subscribe(one)
        one.cancel()
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }

    @Test func completionReachesEverySubscriber() {
        let subject = PassthroughSubject<Int, TestError>()
        let shared = subject.share()
        let one = IntRecorder(), two = IntRecorder()
        shared.subscribe(one)
        shared.subscribe(two)
        subject.send(completion: .finished)
        #expect(one.events.last == .completion(.finished))
        #expect(two.events.last == .completion(.finished))
    }
}
