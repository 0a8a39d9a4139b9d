import Testing
import TaplineReactive

@Suite("Deferred")
struct DeferredTests {
    @Test func makesAPublisherPerSubscriptionAndNoneBefore() {
        var made = 0
        let deferred = Deferred { () -> Just<Int> in
            made += 1
            return Just(made)
        }
        #expect(made == 0)
        let first = Recorder<Int, Never>()
        let second = Recorder<Int, Never>()
        deferred.subscribe(first)
        deferred.subscribe(second)
        #expect(made == 2)
        #expect(first.events == [.subscription("Just"), .value(1), .completion(.finished)])
        #expect(second.events == [.subscription("Just"), .value(2), .completion(.finished)])
    }

    @Test func theSubscriberTalksToTheMadePublisherDirectly() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder(demand: .max(2))
        Deferred { upstream }.subscribe(recorder)
        upstream.send(completion: .failure(TestError()))
        recorder.cancel()
        #expect(recorder.events == [.subscription("RecordingSubscription"), .completion(.failure(TestError()))])
        #expect(upstream.subscription.history == [.requested(.max(2)), .cancelled])
    }
}
