import Testing
import TaplineReactive

/// Whole histories of `switchToLatest`. Source: OpenCombine's SwitchToLatestTests
/// (testSwitchesToLatest, testDemand..., testFinishesWhenUpstreamAndLatestFinish), run
/// against Apple's Combine.
@Suite("switchToLatest")
struct SwitchToLatestTests {
    /// Upstream values are indexes into `inners`.
    private func harness(demand: Subscribers.Demand = .unlimited)
        -> (ManualPublisher<Int, TestError>, [ManualPublisher<Int, TestError>], IntRecorder) {
        let upstream = ManualPublisher<Int, TestError>()
        let inners = (0..<3).map { _ in ManualPublisher<Int, TestError>() }
        let recorder = IntRecorder(demand: demand)
        upstream.map { inners[$0] }.switchToLatest().subscribe(recorder)
        return (upstream, inners, recorder)
    }

    @Test func aNewInnerCancelsThePreviousOne() {
        let (upstream, inners, recorder) = harness()
        upstream.send(0)
        inners[0].send(1)
        upstream.send(1)
        inners[0].send(2)
        inners[1].send(3)
        #expect(recorder.events == [.subscription("SwitchToLatest"), .value(1), .value(3)])
        #expect(inners[0].subscription.history == [.requested(.unlimited), .cancelled])
        #expect(inners[1].subscription.history == [.requested(.unlimited)])
        #expect(upstream.subscription.history == [.requested(.unlimited)])
    }

    @Test func finishesWhenTheUpstreamAndTheCurrentInnerHaveFinished() {
        let (upstream, inners, recorder) = harness()
        upstream.send(0)
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("SwitchToLatest")])
        inners[0].send(completion: .finished)
        #expect(recorder.events == [.subscription("SwitchToLatest"), .completion(.finished)])

        let (idle, _, idleRecorder) = harness()
        idle.send(completion: .finished)
        #expect(idleRecorder.events == [.subscription("SwitchToLatest"), .completion(.finished)])
    }

    @Test func anInnerFinishingDoesNotFinishWhileTheUpstreamGoesOn() {
        let (upstream, inners, recorder) = harness()
        upstream.send(0)
        inners[0].send(completion: .finished)
        upstream.send(1)
        inners[1].send(4)
        #expect(recorder.events == [.subscription("SwitchToLatest"), .value(4)])
    }

    /// The demand still wanted is asked of each new inner; requests go to the current one.
    @Test func theDemandLeftGoesToTheNewInner() {
        let (upstream, inners, recorder) = harness(demand: .max(3))
        upstream.send(0)
        #expect(inners[0].send(1) == .none)
        upstream.send(1)
        #expect(inners[1].subscription.history == [.requested(.max(2))])
        recorder.request(.max(1))
        #expect(inners[1].subscription.history == [.requested(.max(2)), .requested(.max(1))])
        #expect(inners[0].subscription.history == [.requested(.max(3)), .cancelled])
    }

    @Test func anInnerFailureCancelsTheUpstream() {
        let (upstream, inners, recorder) = harness()
        upstream.send(0)
        inners[0].send(completion: .failure(TestError()))
        upstream.send(1)
        #expect(recorder.events == [.subscription("SwitchToLatest"), .completion(.failure(TestError()))])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
        #expect(inners[1].subscription.history == [])
    }

    @Test func anUpstreamFailureCancelsTheInner() {
        let (upstream, inners, recorder) = harness()
        upstream.send(0)
        upstream.send(completion: .failure(TestError()))
        inners[0].send(1)
        #expect(recorder.events == [.subscription("SwitchToLatest"), .completion(.failure(TestError()))])
        #expect(inners[0].subscription.history == [.requested(.unlimited), .cancelled])
    }

    @Test func cancelCancelsTheInnerAndTheUpstream() {
        let (upstream, inners, recorder) = harness()
        upstream.send(0)
        recorder.cancel()
        inners[0].send(1)
        #expect(recorder.events == [.subscription("SwitchToLatest")])
        #expect(inners[0].subscription.history == [.requested(.unlimited), .cancelled])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }

    @Test func theNeverFailingVariantsChooseTheirFailureType() {
        let subject = PassthroughSubject<Int, Never>()
        let neverNever = Recorder<Int, Never>()
        subject.map { Just($0) }.switchToLatest().subscribe(neverNever)
        let neverUpstream = IntRecorder()
        subject.map { _ in Fail<Int, TestError>(error: TestError()) }.switchToLatest().subscribe(neverUpstream)
        let neverInner = IntRecorder()
        Publishers.Sequence<[Int], TestError>(sequence: [5]).map { Just($0) }.switchToLatest().subscribe(neverInner)
        subject.send(1)
        #expect(neverNever.values == [1])
        #expect(neverUpstream.events == [.subscription("SwitchToLatest"), .completion(.failure(TestError()))])
        #expect(neverInner.events == [.subscription("SwitchToLatest"), .value(5), .completion(.finished)])
    }

    /// The upstream fails while the latest inner's subscription has not come: when it comes it
    /// is asked for the demand (nothing more goes down). Source: OpenCombine's
    /// SwitchToLatestTests.testSwitchToLatestOuterReceiveCompletionWhileWaitingForInnerSubscription,
    /// run against Apple's Combine.
    @Test func aLateInnerAfterAnUpstreamFailureIsStillAsked() {
        let upstream = ManualPublisher<Int, TestError>()
        let inner = LatePublisher<Int, TestError>()
        let recorder = IntRecorder()
        upstream.map { _ in inner }.switchToLatest().subscribe(recorder)
        upstream.send(0)
        upstream.send(completion: .failure(TestError()))
        let subscription = RecordingSubscription()
        inner.subscribe(with: subscription)
        inner.send(1)
        #expect(subscription.history == [.requested(.unlimited)])
        #expect(recorder.events == [.subscription("SwitchToLatest"), .completion(.failure(TestError()))])
    }
}
