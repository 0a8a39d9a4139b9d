import Testing
import TaplineReactive

/// A publisher that takes a subscriber and gives it nothing until the test says so, to
/// check what operators do before their upstream has subscribed.
final class LatePublisher<Output, Failure: Error>: Publisher {
    private(set) var subscriber: AnySubscriber<Output, Failure>?
    /// The operator's own subscriber, when it is also the downstream's subscription.
    private(set) var operatorSubscription: (any Subscription)?

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        self.subscriber = AnySubscriber(subscriber)
        operatorSubscription = subscriber as? any Subscription
    }

    func subscribe(with subscription: any Subscription) { subscriber?.receive(subscription: subscription) }
    @discardableResult
    func send(_ value: Output) -> Subscribers.Demand { subscriber?.receive(value) ?? .none }
    func send(completion: Subscribers.Completion<Failure>) { subscriber?.receive(completion: completion) }
}

/// Events that break the contract (before the subscription, after the end), and how each
/// operator answers them as Combine does.
@Suite("Events before the subscription and after the end")
struct EarlyAndLateEventTests {
    /// `dropFirst` hands the downstream its subscription before the upstream subscribes, and
    /// asks the upstream, as soon as it does, for the values to skip plus what the downstream
    /// asked meanwhile. Source: OpenCombine's DropTests.testLateSubscription and
    /// testRequestsFromUpstreamThenSendsSubscriptionDownstream, run against Apple's Combine.
    @Test func dropFirstSubscribesDownstreamFirstAndAsksAtOnce() {
        let upstream = LatePublisher<Int, TestError>()
        let recorder = IntRecorder(demand: .max(10))
        upstream.dropFirst(4).subscribe(recorder)
        #expect(recorder.events == [.subscription("Drop")])
        let subscription = RecordingSubscription()
        upstream.subscribe(with: subscription)
        #expect(subscription.history == [.requested(.max(14))])

        let eager = ManualPublisher<Int, TestError>()
        eager.dropFirst().subscribe(IntRecorder(demand: .none))
        #expect(eager.subscription.history == [.requested(.max(1))])
    }

    /// After a completion, `dropFirst` keeps counting and passing on, and takes a new
    /// upstream subscription, asking it for what the downstream asked meanwhile.
    /// Source: OpenCombine's DropTests.testReusableSubscription, run against Apple's Combine.
    @Test func dropFirstKeepsNoEndState() {
        let upstream = LatePublisher<Int, TestError>()
        let recorder = IntRecorder(demand: .none, perValue: { _ in .max(3) })
        upstream.dropFirst(3).subscribe(recorder)
        let first = RecordingSubscription()
        upstream.subscribe(with: first)
        upstream.send(completion: .finished)
        recorder.request(.max(312))
        #expect(upstream.send(1) == .none)
        let second = RecordingSubscription()
        upstream.subscribe(with: second)
        #expect(first.history == [.requested(.max(3))])
        #expect(second.history == [.requested(.max(314))])
        #expect(upstream.send(2) == .none)
        #expect(upstream.send(3) == .none)
        #expect(upstream.send(4) == .max(3))
        #expect(recorder.events == [.subscription("Drop"), .completion(.finished), .value(4)])
    }

    /// A subscription that comes after the downstream cancelled `dropFirst` (which subscribed
    /// its downstream first) is taken and asked for what is owed when the downstream asked
    /// again after its cancel, as Apple's `Drop` keeps no end state; otherwise it is
    /// cancelled, not kept, even with values still to skip (where Apple's asks for them):
    /// `zip` cancels its side at once when the other has finished, and a kept subscription
    /// held itself and the operator in a cycle, one only dropped the stages above it.
    /// Source: OpenCombine's DropTests.testDropCancelBeforeSubscription and
    /// testReusableSubscription, run against Apple's Combine (the histories).
    @Test func dropFirstAfterACancelTakesOnlyASubscriptionItAsks() {
        func late(dropping count: Int, demand: Subscribers.Demand,
                  askedAfter: Subscribers.Demand = .none) -> ([RecordingSubscription.Event], kept: Bool) {
            let upstream = LatePublisher<Int, TestError>()
            upstream.dropFirst(count).subscribe(IntRecorder(demand: demand))
            upstream.operatorSubscription?.cancel()
            if askedAfter > 0 { upstream.operatorSubscription?.request(askedAfter) }
            weak var kept: RecordingSubscription?
            var history: [RecordingSubscription.Event] = []
            do {
                let subscription = RecordingSubscription()
                kept = subscription
                upstream.subscribe(with: subscription)
                history = subscription.history
            }
            return (history, kept != nil)
        }
        #expect(late(dropping: 0, demand: .none) == ([.cancelled], kept: false))
        #expect(late(dropping: 2, demand: .none) == ([.cancelled], kept: false))
        #expect(late(dropping: 0, demand: .max(5)) == ([.cancelled], kept: false))
        #expect(late(dropping: 2, demand: .max(5), askedAfter: .max(3)) == ([.requested(.max(5))], kept: true))
    }

    /// `print` logs and passes on whatever comes, even after a cancel or a completion; a
    /// request after the cancel is logged but reaches nobody. Source: OpenCombine's
    /// PrintTests.testPrintWithPrefix, run against Apple's Combine.
    @Test func printPassesOnEverything() {
        let upstream = ManualPublisher<Int, TestError>()
        var lines: [String] = []
        let recorder = IntRecorder(demand: .max(1), perValue: { _ in .max(2) })
        upstream.print("p", to: { lines.append($0) }).subscribe(recorder)
        recorder.cancel()
        #expect(upstream.send(1) == .max(2))
        upstream.send(completion: .finished)
        recorder.request(.max(5))
        upstream.send(completion: .failure(TestError()))
        #expect(recorder.events == [.subscription("Print"), .value(1), .completion(.finished), .completion(.failure(TestError()))])
        #expect(upstream.subscription.history == [.requested(.max(1)), .cancelled])
        #expect(lines == [
            "p: receive subscription: (RecordingSubscription)", "p: request max: (1)", "p: receive cancel",
            "p: receive value: (1)", "p: request max: (2) (synchronous)", "p: receive finished",
            "p: request max: (5)", "p: receive error: (oops)",
        ])
    }

    /// `collect(n)` passes on a completion that comes after a cancel (without what it had
    /// buffered), and a second one, but no values after the end; a subscription that comes
    /// after the cancel is cancelled. Source: OpenCombine's CollectByCountTests.testCancelThenFinish,
    /// testFinishWithEmptyBuffer and testCancelAlreadyCancelled, run against Apple's Combine.
    @Test func collectByCountPassesOnLateCompletions() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntsRecorder()
        upstream.collect(2).subscribe(recorder)
        upstream.send(1)
        recorder.cancel()
        let late = RecordingSubscription()
        upstream.send(subscription: late)
        #expect(late.history == [.cancelled])
        upstream.send(completion: .finished)
        #expect(upstream.send(2) == .none)
        #expect(upstream.send(3) == .none)
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("CollectByCount"), .completion(.finished), .completion(.finished)])
    }

    /// A cancel before the upstream has subscribed: `reduce` (like `collect`, `first`, `last`),
    /// `buffer` and `replaceEmpty` ignore it and use the subscription when it comes;
    /// `collect(n)` refuses that subscription without cancelling it; `removeDuplicates` and
    /// `prefix(untilOutputFrom:)` cancel it. Source: OpenCombine's
    /// ReduceTests.testReduceCancelBeforeSubscription,
    /// BufferTests.testBufferByRequestDropNewestCancelBeforeSubscription and
    /// testBufferKeepFullDropNewestCancelBeforeSubscription,
    /// ReplaceEmptyTests.testReplaceEmptyCancelBeforeSubscription,
    /// CollectByCountTests.testCollectByCountCancelBeforeSubscription,
    /// RemoveDuplicatesTests.testRemoveDuplicatesCancelBeforeSubscription and
    /// PrefixUntilOutputTests.testPrefixUntilOutputCancelBeforeSubscription, run against Apple's Combine.
    @Test func cancelBeforeTheSubscription() {
        func lateSubscription(_ make: (LatePublisher<Int, TestError>) -> some Publisher<Int, TestError>) -> [RecordingSubscription.Event] {
            let upstream = LatePublisher<Int, TestError>()
            make(upstream).subscribe(IntRecorder(demand: .none))
            upstream.operatorSubscription?.cancel()
            let subscription = RecordingSubscription()
            upstream.subscribe(with: subscription)
            return subscription.history
        }
        #expect(lateSubscription { $0.reduce(0, +) } == [.requested(.unlimited)])
        #expect(lateSubscription { $0.collect(2).map(\.count) } == [])
        #expect(lateSubscription { $0.removeDuplicates() } == [.cancelled])
        #expect(lateSubscription { $0.buffer(size: 2, prefetch: .byRequest, whenFull: .dropNewest) } == [.requested(.unlimited)])
        #expect(lateSubscription { $0.buffer(size: 2, prefetch: .keepFull, whenFull: .dropNewest) } == [.requested(.max(2))])
        #expect(lateSubscription { $0.replaceEmpty(with: 0) } == [.requested(.unlimited)])
        #expect(lateSubscription { $0.prefix(untilOutputFrom: Empty<Int, TestError>(completeImmediately: false)) } == [.cancelled])
    }

    /// Values and completions sent before the upstream has subscribed are ignored by
    /// operators with state (`reduce`'s closure is not even called); `dropFirst`, which has
    /// already subscribed its downstream, passes them on. Source: OpenCombine's
    /// ReduceTests.testReduceReceiveValueBeforeSubscription and
    /// DropTests.testDropReceiveValueBeforeSubscription, run against Apple's Combine.
    @Test func eventsBeforeTheSubscription() {
        let upstream = LatePublisher<Int, TestError>()
        let recorder = IntRecorder(perValue: { _ in .max(42) })
        upstream.reduce(0) { _, _ in Issue.record("reduce's closure ran before the subscription"); return 0 }.subscribe(recorder)
        #expect(upstream.send(1) == .none)
        upstream.send(completion: .finished)
        #expect(recorder.events == [])

        let dropping = LatePublisher<Int, TestError>()
        let passed = IntRecorder(perValue: { _ in .max(42) })
        dropping.dropFirst(0).subscribe(passed)
        #expect(dropping.send(0) == .max(42))
        dropping.send(completion: .finished)
        #expect(passed.events == [.subscription("Drop"), .value(0), .completion(.finished)])
    }
}
