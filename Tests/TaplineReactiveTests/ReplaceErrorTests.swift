import Testing
import TaplineReactive

/// Source for the held-back value: OpenCombine's ReplaceErrorTests
/// (testFailureWithoutDemandWaitsForRequest and the tests around it), run against Apple's Combine.
@Suite("replaceError(with:)")
struct ReplaceErrorTests {
    @Test func replacesTheFailureWithTheValueThenFinishes() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = Recorder<Int, Never>()
        upstream.replaceError(with: 0).subscribe(recorder)
        upstream.send(1)
        upstream.send(completion: .failure(TestError()))
        upstream.send(2)
        #expect(recorder.events == [.subscription("ReplaceError"), .value(1), .value(0), .completion(.finished)])
        #expect(upstream.subscription.history == [.requested(.unlimited)])
    }

    @Test func withNoDemandTheValueWaitsForTheNextRequest() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = Recorder<Int, Never>(demand: .max(1))
        upstream.replaceError(with: 0).subscribe(recorder)
        upstream.send(1)
        upstream.send(completion: .failure(TestError()))
        #expect(recorder.events == [.subscription("ReplaceError"), .value(1)])
        recorder.request(.max(1))
        #expect(recorder.events == [.subscription("ReplaceError"), .value(1), .value(0), .completion(.finished)])
        #expect(upstream.subscription.history == [.requested(.max(1))])
    }

    @Test func aCancelledWaitingValueIsNeverDelivered() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = Recorder<Int, Never>(demand: .none)
        upstream.replaceError(with: 0).subscribe(recorder)
        upstream.send(completion: .failure(TestError()))
        recorder.cancel()
        recorder.request(.max(1))
        #expect(recorder.events == [.subscription("ReplaceError")])
    }

    @Test func finishedPassesThroughAndDemandReturnedGoesUpstream() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = Recorder<Int, Never>(demand: .max(1), perValue: { _ in .max(2) })
        upstream.replaceError(with: 0).subscribe(recorder)
        #expect(upstream.send(1) == .max(2))
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("ReplaceError"), .value(1), .completion(.finished)])
    }

    @Test func cancelReachesTheUpstream() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = Recorder<Int, Never>()
        upstream.replaceError(with: 0).subscribe(recorder)
        recorder.cancel()
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }
}
