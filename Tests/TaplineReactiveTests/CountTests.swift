import Testing
import TaplineReactive

/// Source for the shape: OpenCombine's CountTests, run against Apple's Combine.
@Suite("count")
struct CountTests {
    @Test func emitsTheCountWhenTheUpstreamFinishes() {
        let upstream = ManualPublisher<String, TestError>()
        let recorder = IntRecorder(demand: .max(1))
        upstream.count().subscribe(recorder)
        for value in ["a", "b", "c"] { #expect(upstream.send(value) == .none) }
        #expect(recorder.events == [.subscription("Count")])
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("Count"), .value(3), .completion(.finished)])
        // Unlimited at once, whatever the downstream asked for.
        #expect(upstream.subscription.history == [.requested(.unlimited)])
    }

    @Test func anEmptyUpstreamCountsZero() {
        let recorder = IntRecorder()
        Empty<Int, TestError>().count().subscribe(recorder)
        #expect(recorder.events == [.subscription("Count"), .value(0), .completion(.finished)])
    }

    @Test func holdsTheCountUntilTheDownstreamAsks() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder(demand: .none)
        upstream.count().subscribe(recorder)
        upstream.send(7)
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("Count")])
        recorder.request(.max(1))
        #expect(recorder.events == [.subscription("Count"), .value(1), .completion(.finished)])
    }

    @Test func aFailureEmitsNoCount() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder()
        upstream.count().subscribe(recorder)
        upstream.send(1)
        upstream.send(completion: .failure(TestError()))
        #expect(recorder.events == [.subscription("Count"), .completion(.failure(TestError()))])
    }

    @Test func cancelReachesTheUpstreamAndNothingFollows() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder()
        upstream.count().subscribe(recorder)
        upstream.send(1)
        recorder.cancel()
        upstream.send(completion: .finished)
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
        #expect(recorder.events == [.subscription("Count")])
    }
}
