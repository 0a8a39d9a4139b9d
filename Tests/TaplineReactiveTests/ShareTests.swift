import Testing
import TaplineReactive

@Suite("share")
struct ShareTests {
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
