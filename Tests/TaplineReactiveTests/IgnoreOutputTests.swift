import Testing
import TaplineReactive

/// Source: OpenCombine's IgnoreOutputTests, run against Apple's Combine: the upstream's own
/// subscription goes downstream first, then the operator asks it for unlimited.
@Suite("ignoreOutput")
struct IgnoreOutputTests {
    @Test func dropsValuesAndPassesTheCompletion() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = Recorder<Never, TestError>(demand: .none)
        upstream.ignoreOutput().subscribe(recorder)
        #expect(upstream.send(1) == .none)
        #expect(upstream.send(2) == .none)
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("RecordingSubscription"), .completion(.finished)])
        #expect(upstream.subscription.history == [.requested(.unlimited)])
    }

    @Test func passesAFailure() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = Recorder<Never, TestError>()
        upstream.ignoreOutput().subscribe(recorder)
        upstream.send(1)
        upstream.send(completion: .failure(TestError()))
        #expect(recorder.events == [.subscription("RecordingSubscription"), .completion(.failure(TestError()))])
        // The downstream's own request goes straight upstream, before the operator's.
        #expect(upstream.subscription.history == [.requested(.unlimited), .requested(.unlimited)])
    }

    @Test func cancelIsTheUpstreamsOwn() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = Recorder<Never, TestError>(demand: .none)
        upstream.ignoreOutput().subscribe(recorder)
        recorder.cancel()
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }

    @Test func anEmptyPublisherJustFinishes() {
        let recorder = Recorder<Never, Never>()
        [1, 2, 3].publisher.ignoreOutput().subscribe(recorder)
        #expect(recorder.events.last == .completion(.finished))
        #expect(recorder.events.count == 2)
    }
}
