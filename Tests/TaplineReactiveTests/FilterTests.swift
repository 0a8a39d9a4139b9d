import Testing
import TaplineReactive

@Suite("filter")
struct FilterTests {
    @Test func keepsMatchingValuesAndAsksForOneMorePerRejectedValue() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder(demand: .max(2))
        upstream.filter { $0 % 2 == 0 }.subscribe(recorder)
        #expect(upstream.send(1) == .max(1))
        #expect(upstream.send(2) == .none)
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("RecordingSubscription"), .value(2), .completion(.finished)])
    }

    @Test func aRejectedValueDoesNotUseTheSubscribersDemand() {
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = IntRecorder(demand: .max(2))
        subject.filter { $0 > 10 }.subscribe(recorder)
        for value in [1, 11, 2, 12, 13] { subject.send(value) }
        #expect(recorder.values == [11, 12])
    }
}
