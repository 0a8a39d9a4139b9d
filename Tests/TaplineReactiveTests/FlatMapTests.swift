import Testing
import TaplineReactive

/// Whole histories of `flatMap`. Sources: OpenCombine's FlatMapTests
/// (testUpstreamDemandWithMaxPublishers, testChildDemandWhenLimited,
/// testDoesNotCompleteWithBufferedValues, testFailsIfChildFails,
/// testSendsSubscriptionDownstreamBeforeSubscribingToUpstream), run against Apple's Combine.
@Suite("flatMap")
struct FlatMapTests {
    /// Upstream values are indexes into `inners`.
    private func harness(maxPublishers: Subscribers.Demand = .unlimited, demand: Subscribers.Demand = .unlimited,
                         inners count: Int = 3)
        -> (ManualPublisher<Int, TestError>, [ManualPublisher<Int, TestError>], IntRecorder) {
        let upstream = ManualPublisher<Int, TestError>()
        let inners = (0..<count).map { _ in ManualPublisher<Int, TestError>() }
        let recorder = IntRecorder(demand: demand)
        upstream.flatMap(maxPublishers: maxPublishers) { inners[$0] }.subscribe(recorder)
        return (upstream, inners, recorder)
    }

    @Test func mergesTheInnersAndFinishesWhenAllHaveFinished() {
        let (upstream, inners, recorder) = harness()
        #expect(upstream.send(0) == .none)
        upstream.send(1)
        inners[0].send(10)
        inners[1].send(20)
        inners[0].send(11)
        upstream.send(completion: .finished)
        inners[0].send(completion: .finished)
        #expect(recorder.events.last == .value(11))
        inners[1].send(completion: .finished)
        #expect(recorder.events == [
            .subscription("FlatMap"), .value(10), .value(20), .value(11), .completion(.finished),
        ])
        #expect(upstream.subscription.history == [.requested(.unlimited)])
        #expect(inners[0].subscription.history == [.requested(.unlimited)])
    }

    @Test func innersOutlivedByTheUpstreamFinishWhenItDoes() {
        let (upstream, inners, recorder) = harness()
        upstream.send(0)
        inners[0].send(completion: .finished)
        #expect(recorder.events == [.subscription("FlatMap")])
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("FlatMap"), .completion(.finished)])
    }

    @Test func maxPublishersLimitsTheUpstreamAndAsksForOneMoreAsEachInnerFinishes() {
        let (upstream, inners, recorder) = harness(maxPublishers: .max(1))
        #expect(upstream.subscription.history == [.requested(.max(1))])
        upstream.send(0)
        inners[0].send(1)
        inners[0].send(completion: .finished)
        #expect(upstream.subscription.history == [.requested(.max(1)), .requested(.max(1))])
        upstream.send(1)
        inners[1].send(2)
        #expect(recorder.values == [1, 2])
    }

    /// With limited demand each inner is asked for one value at a time; values that arrive
    /// without demand wait, in order, and the completion waits for them.
    @Test func limitedDemandIsSharedOneValueAtATime() {
        let (upstream, inners, recorder) = harness(demand: .max(1))
        upstream.send(0)
        #expect(inners[0].subscription.history == [.requested(.max(1))])
        #expect(inners[0].send(1) == .max(1))
        #expect(inners[0].send(2) == .none)
        #expect(inners[0].send(3) == .none)
        upstream.send(completion: .finished)
        inners[0].send(completion: .finished)
        #expect(recorder.events == [.subscription("FlatMap"), .value(1)])
        recorder.request(.max(1))
        #expect(recorder.events == [.subscription("FlatMap"), .value(1), .value(2)])
        recorder.request(.unlimited)
        #expect(recorder.events == [
            .subscription("FlatMap"), .value(1), .value(2), .value(3), .completion(.finished),
        ])
    }

    @Test func anInnerFailureCancelsTheOtherInnersButNotTheUpstream() {
        let (upstream, inners, recorder) = harness()
        upstream.send(0)
        upstream.send(1)
        upstream.send(2)
        inners[1].send(completion: .failure(TestError()))
        inners[2].send(completion: .failure(TestError()))
        upstream.send(0)
        #expect(recorder.events == [.subscription("FlatMap"), .completion(.failure(TestError()))])
        #expect(inners[0].subscription.history == [.requested(.unlimited), .cancelled])
        #expect(inners[1].subscription.history == [.requested(.unlimited)])
        #expect(inners[2].subscription.history == [.requested(.unlimited), .cancelled])
        #expect(upstream.subscription.history == [.requested(.unlimited)])
    }

    @Test func anUpstreamFailureCancelsEveryInner() {
        let (upstream, inners, recorder) = harness()
        upstream.send(0)
        upstream.send(completion: .failure(TestError()))
        inners[0].send(5)
        #expect(recorder.events == [.subscription("FlatMap"), .completion(.failure(TestError()))])
        #expect(inners[0].subscription.history == [.requested(.unlimited), .cancelled])
    }

    @Test func cancelCancelsTheInnersThenTheUpstreamOnce() {
        let (upstream, inners, recorder) = harness()
        upstream.send(0)
        recorder.cancel()
        recorder.cancel()
        inners[0].send(1)
        upstream.send(1)
        #expect(recorder.events == [.subscription("FlatMap")])
        #expect(inners[0].subscription.history == [.requested(.unlimited), .cancelled])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
        #expect(inners[1].subscription.history == [])
    }

    /// The downstream has its subscription before the upstream is subscribed to, so a cancel
    /// made then cancels the upstream's subscription when it comes.
    @Test func theDownstreamIsSubscribedFirst() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = CancellingRecorder()
        upstream.flatMap { _ in Empty<Int, TestError>() }.subscribe(recorder)
        #expect(recorder.subscribed)
        #expect(upstream.subscription.history == [.cancelled])
    }

    @Test func theNeverFailingVariantsChooseTheirFailureType() {
        let neverNever = Recorder<Int, Never>()
        [1, 2].publisher.flatMap { Just($0 * 10) }.subscribe(neverNever)
        #expect(neverNever.values == [10, 20])
        let neverUpstream = IntRecorder()
        [1].publisher.flatMap { _ in Fail<Int, TestError>(error: TestError()) }.subscribe(neverUpstream)
        #expect(neverUpstream.events == [.subscription("FlatMap"), .completion(.failure(TestError()))])
        let neverInner = IntRecorder()
        Publishers.Sequence<[Int], TestError>(sequence: [3]).flatMap { Just($0) }.subscribe(neverInner)
        #expect(neverInner.events == [.subscription("FlatMap"), .value(3), .completion(.finished)])
    }
}

/// Cancels its subscription as soon as it gets it.
final class CancellingRecorder: Subscriber {
    typealias Input = Int
    typealias Failure = TestError
    private(set) var subscribed = false
    func receive(subscription: any Subscription) {
        subscribed = true
        subscription.cancel()
    }
    func receive(_ input: Int) -> Subscribers.Demand { .none }
    func receive(completion: Subscribers.Completion<TestError>) {}
}
