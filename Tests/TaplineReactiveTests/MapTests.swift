import Testing
import TaplineReactive

@Suite("map")
struct MapTests {
    @Test func transformsEachValueAndPassesTheUpstreamNameThrough() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder()
        upstream.map { $0 * 10 }.subscribe(recorder)
        upstream.send(1)
        upstream.send(2)
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("RecordingSubscription"), .value(10), .value(20), .completion(.finished)])
        #expect(upstream.subscription.history == [.requested(.unlimited)])
    }

    @Test func passesTheDownstreamsDemandBackUpstream() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder(demand: .max(2), perValue: { _ in .max(3) })
        upstream.map { $0 + 1 }.subscribe(recorder)
        #expect(upstream.send(1) == .max(3))
        #expect(upstream.subscription.history == [.requested(.max(2))])
    }
}
