import Testing
import TaplineReactive

@Suite("tryReduce")
struct TryReduceTests {
    private func adding(_ sum: Int, _ value: Int) throws -> Int {
        if value == 100 { throw Thrown() }
        return sum + value
    }

    @Test func requestsUnlimitedAndEmitsTheResultOnFinishOnceAskedFor() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = TryRecorder<Int>(demand: .none)
        upstream.tryReduce(0, adding).subscribe(recorder)
        upstream.send(1)
        upstream.send(2)
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("TryReduce")])
        recorder.request(.max(1))
        #expect(recorder.events == [.subscription("TryReduce"), .value(3), .completion(.finished)])
        #expect(upstream.subscription.history == [.requested(.unlimited)])
    }

    /// A throw fails at once, without waiting for demand, and nothing after it arrives.
    /// Source: OpenCombine's ReduceTests (TryReduce), run against Apple's Combine.
    @Test func aThrowFailsAtOnceAndCancelsTheUpstream() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = TryRecorder<Int>(demand: .none)
        upstream.tryReduce(0, adding).subscribe(recorder)
        upstream.send(1)
        #expect(upstream.send(100) == .none)
        upstream.send(2)
        upstream.send(completion: .finished)
        recorder.request(.max(1))
        #expect(recorder.events == [.subscription("TryReduce"), .completion(.failure(.thrown))])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }

    @Test func cancelReachesTheUpstreamAndNothingIsEmitted() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = TryRecorder<Int>()
        upstream.tryReduce(0, adding).subscribe(recorder)
        upstream.send(1)
        recorder.cancel()
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("TryReduce")])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }

    @Test func theUpstreamsFailureArrivesAsAnyError() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = TryRecorder<Int>(demand: .none)
        upstream.tryReduce(0, adding).subscribe(recorder)
        upstream.send(completion: .failure(TestError()))
        #expect(recorder.events == [.subscription("TryReduce"), .completion(.failure(.oops))])
    }
}
