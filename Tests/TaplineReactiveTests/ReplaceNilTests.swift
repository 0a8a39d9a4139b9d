import Testing
import TaplineReactive

@Suite("replaceNil(with:)")
struct ReplaceNilTests {
    @Test func replacesNilAndPassesTheUpstreamsSubscription() {
        let upstream = ManualPublisher<Int?, TestError>()
        let recorder = IntRecorder(demand: .max(3))
        // Combine's replaceNil is a map: its type says so, and the subscription is the upstream's.
        let replaced: Publishers.Map<ManualPublisher<Int?, TestError>, Int> = upstream.replaceNil(with: 0)
        replaced.subscribe(recorder)
        upstream.send(1)
        upstream.send(nil)
        upstream.send(3)
        upstream.send(completion: .finished)
        #expect(recorder.events == [
            .subscription("RecordingSubscription"), .value(1), .value(0), .value(3), .completion(.finished),
        ])
        #expect(upstream.subscription.history == [.requested(.max(3))])
        recorder.cancel()
        #expect(upstream.subscription.history.last == .cancelled)
    }
}
