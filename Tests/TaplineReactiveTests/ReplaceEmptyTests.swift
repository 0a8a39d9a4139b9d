import Testing
import TaplineReactive

/// Source: OpenCombine's ReplaceEmptyTests, run against Apple's Combine.
@Suite("replaceEmpty(with:)")
struct ReplaceEmptyTests {
    @Test func anEmptyUpstreamIsReplaced() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder(demand: .max(1))
        upstream.replaceEmpty(with: 42).subscribe(recorder)
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("ReplaceEmpty"), .value(42), .completion(.finished)])
        // Combine asks for unlimited after the downstream's own request.
        #expect(upstream.subscription.history == [.requested(.max(1)), .requested(.unlimited)])
    }

    @Test func valuesPassUnchangedAndNoneIsAdded() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder()
        upstream.replaceEmpty(with: 42).subscribe(recorder)
        upstream.send(1)
        upstream.send(2)
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("ReplaceEmpty"), .value(1), .value(2), .completion(.finished)])
    }

    @Test func theReplacementWaitsForARequest() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder(demand: .none)
        upstream.replaceEmpty(with: 22).subscribe(recorder)
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("ReplaceEmpty")])
        recorder.request(.max(1))
        #expect(recorder.events == [.subscription("ReplaceEmpty"), .value(22), .completion(.finished)])
        #expect(upstream.subscription.history == [.requested(.unlimited)])
    }

    @Test func aFailureIsNotReplaced() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder(demand: .none)
        upstream.replaceEmpty(with: 42).subscribe(recorder)
        upstream.send(completion: .failure(TestError()))
        #expect(recorder.events == [.subscription("ReplaceEmpty"), .completion(.failure(TestError()))])
    }

    /// Apple passes values on whatever the downstream asked (the upstream was asked for unlimited).
    @Test func valuesArePassedOnWithoutDemand() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder(demand: .none)
        upstream.replaceEmpty(with: 42).subscribe(recorder)
        upstream.send(1)
        #expect(recorder.values == [1])
    }

    @Test func cancelReachesTheUpstreamAndDropsAWaitingReplacement() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder(demand: .none)
        upstream.replaceEmpty(with: 42).subscribe(recorder)
        recorder.cancel()
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
        upstream.send(completion: .finished)
        recorder.request(.max(1))
        #expect(recorder.events == [.subscription("ReplaceEmpty")])
    }
}
