import Testing
import TaplineReactive

/// Something whose release a test can observe through a weak reference.
private final class Token {}

/// Combine lets go of a subscriber when its stream ends. These tests use a `Recorder`,
/// which keeps its subscription: if the subscription kept the recorder in return, neither
/// would ever be released (a leak for every subscriber that stores its subscription).
@Suite("Lifetimes: what is let go when a stream ends")
struct LifetimeTests {
    enum Ending: CaseIterable { case cancel, finish, fail }

    private func end(_ subject: PassthroughSubject<Int, TestError>, _ recorder: IntRecorder, _ ending: Ending) {
        switch ending {
        case .cancel: recorder.cancel()
        case .finish: subject.send(completion: .finished)
        case .fail: subject.send(completion: .failure(TestError()))
        }
    }

    /// A subject's subscribers are let go, untold, when a host ends its session.
    @Test func aSubjectReleasesItsSubscribersWhenTheSessionEnds() {
        let subject = PassthroughSubject<Int, TestError>()
        weak var kept: IntRecorder?
        do {
            let recorder = IntRecorder()
            kept = recorder
            subject.subscribe(recorder)
        }
        #expect(kept != nil)
        subject.releaseAllSubscribers()
        #expect(kept == nil)
        subject.send(1)
    }

    /// A subject's subscription lets go of its subscriber on cancel, finish and failure.
    /// Source: OpenCombine's PassthroughSubjectTests.testReleasesEverythingOnTermination and
    /// testLifecycle, run against Apple's Combine.
    @Test("a subject releases a subscriber that holds its subscription", arguments: Ending.allCases)
    func subjectReleasesSubscriber(_ ending: Ending) {
        let subject = PassthroughSubject<Int, TestError>()
        weak var released: IntRecorder?
        do {
            let recorder = IntRecorder()
            released = recorder
            subject.subscribe(recorder)
            subject.send(1)
            end(subject, recorder, ending)
            let last: IntRecorder.Event = switch ending {
            case .cancel: .value(1)
            case .finish: .completion(.finished)
            case .fail: .completion(.failure(TestError()))
            }
            #expect(recorder.events == [.subscription("PassthroughSubject"), .value(1)] + (ending == .cancel ? [] : [last]))
        }
        #expect(released == nil)
    }

    /// The same through `filter`, `map`, `compactMap` and `scan`, which hand the upstream's
    /// subscription through. Source: OpenCombine's MapTests.testMapLifecycle,
    /// FilterTests.testFilterLifecycle, CompactMapTests.testCompactMapLifecycle and
    /// ScanTests.testScanLifecycle, run against Apple's Combine.
    @Test("an operator chain releases a subscriber that holds its subscription", arguments: Ending.allCases)
    func chainReleasesSubscriber(_ ending: Ending) {
        let subject = PassthroughSubject<Int, TestError>()
        weak var released: IntRecorder?
        do {
            let recorder = IntRecorder()
            released = recorder
            subject.filter { $0 > 0 }.map { $0 * 2 }.compactMap { $0 }.scan(0, +).subscribe(recorder)
            subject.send(1)
            subject.send(2)
            end(subject, recorder, ending)
            #expect(recorder.values == [2, 6])
        }
        #expect(released == nil)
    }

    /// A live subscription keeps its subscriber, as in Combine (only an ending lets go).
    @Test func aLiveSubscriptionKeepsItsSubscriber() {
        let subject = CurrentValueSubject<Int, TestError>(0)
        weak var kept: IntRecorder?
        do {
            let recorder = IntRecorder()
            kept = recorder
            subject.map { $0 + 1 }.subscribe(recorder)
        }
        #expect(kept?.events == [.subscription("CurrentValueSubject"), .value(1)])
        kept?.cancel()
        #expect(kept == nil)
    }

    /// A sink drops its closures (and what they capture) once it finishes, fails or is
    /// cancelled. Source: OpenCombine's SinkTests.testReleasesClosuresAfterFinishingWithSubscription
    /// and its siblings, run against Apple's Combine.
    @Test("a sink releases its closures when its stream ends", arguments: Ending.allCases)
    func sinkReleasesClosures(_ ending: Ending) {
        let subject = PassthroughSubject<Int, TestError>()
        weak var captured: Token?
        var seen: [String] = []
        let sink: Subscribers.Sink<Int, TestError>
        do {
            let token = Token()
            captured = token
            sink = Subscribers.Sink(
                receiveCompletion: { _ in _ = token; seen.append("completion") },
                receiveValue: { _ in _ = token; seen.append("value") })
        }
        subject.subscribe(sink)
        subject.send(1)
        switch ending {
        case .cancel: sink.cancel()
        case .finish: subject.send(completion: .finished)
        case .fail: subject.send(completion: .failure(TestError()))
        }
        #expect(captured == nil)
        #expect(seen == (ending == .cancel ? ["value"] : ["value", "completion"]))
        sink.receive(completion: .finished)   // a late completion does nothing
        #expect(seen.count == (ending == .cancel ? 1 : 2))
    }
}

@Suite("Lifetimes: what ends before it is wired up")
struct LateChainLifetimeTests {
    /// `zip` whose first upstream finishes as it is subscribed ends before its second is
    /// subscribed: the second's last stage is cancelled before the stages above it exist,
    /// and each must let go of what then subscribes to it, or the top subscription and the
    /// stage below it hold each other for ever, also when it still has values to skip.
    /// Found by the fuzzer's leak check (`Empty().zip(Just(1).dropFirst(0).dropFirst(0))`,
    /// `Empty().zip([1, 2].publisher.dropFirst(1))`).
    @Test("a cancelled chain lets go of its upstream's subscription", arguments: [0, 1, 2, 3], [0, 1])
    func aCancelledChainLetsGo(_ stages: Int, skipping: Int) {
        weak var held: HoldsItsSubscriber.Link?
        var events: [String] = []
        do {
            var upstream = HoldsItsSubscriber { held = $0 }.eraseToAnyPublisher()
            for _ in 0..<stages { upstream = upstream.dropFirst(skipping).eraseToAnyPublisher() }
            _ = Empty<Int, Never>().zip(upstream).sink(receiveCompletion: { events.append("\($0)") }, receiveValue: { _ in })
        }
        #expect(events == ["finished"])
        #expect(held == nil)
    }

    /// `zip` and `merge` whose inputs finish as they are subscribed end before they hand the
    /// downstream its subscription (Combine's order, OpenCombine's Zip); `dropFirst`, which
    /// keeps no end state, then takes that subscription and holds it. The junction lets go
    /// of its downstream once it has ended and handed it over, or the two hold each other.
    @Test("a junction that ended first lets go of its downstream", arguments: ["zip", "merge", "combineLatest"])
    func aJunctionThatEndedLetsGo(_ name: String) {
        weak var released: Subscribers.Sink<Int, Never>?
        do {
            let junction: AnyPublisher<Int, Never> = switch name {
            case "zip": Empty<Int, Never>().zip(Just(1)).map { $0 + $1 }.eraseToAnyPublisher()
            case "merge": Empty<Int, Never>().merge(with: Empty()).eraseToAnyPublisher()
            default: Empty<Int, Never>().combineLatest(Empty<Int, Never>()).map { $0 + $1 }.eraseToAnyPublisher()
            }
            let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
            released = sink
            junction.dropFirst(3).subscribe(sink)
        }
        #expect(released == nil)
    }
}

/// A publisher whose subscription keeps its subscriber until it is cancelled, as `Just`'s
/// and a sequence's do; `made` is told of each one.
private struct HoldsItsSubscriber: Publisher {
    typealias Output = Int
    typealias Failure = Never
    let made: (Link) -> Void

    final class Link: Subscription {
        var subscriber: AnySubscriber<Int, Never>?
        var description: String { "HoldsItsSubscriber" }
        func request(_ demand: Subscribers.Demand) {}
        func cancel() { subscriber = nil }
    }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        let link = Link()
        link.subscriber = AnySubscriber(subscriber)
        made(link)
        subscriber.receive(subscription: link)
    }
}

/// A publisher whose subscription, when cancelled, completes its subscriber at once, as
/// the publisher of an object being released can (OpenCombine's AutomaticallyFinish).
private struct FinishesWhenCancelled: Publisher {
    typealias Output = Int
    typealias Failure = Never

    final class Link: Subscription {
        var onCancel: () -> Void = {}
        var description: String { "FinishesWhenCancelled" }
        func request(_ demand: Subscribers.Demand) {}
        func cancel() {
            let body = onCancel
            onCancel = {}
            body()
        }
    }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        let link = Link()
        link.onCancel = { subscriber.receive(completion: .finished) }
        subscriber.receive(subscription: link)
    }
}

@Suite("assign")
struct AssignLifetimeTests {
    final class Target { var value = 0 }

    /// Cancelling an `Assign` whose upstream completes it during the cancel is safe: the
    /// completion that re-enters finds the subscriber already ended. Source: OpenCombine's
    /// AssignTests.testReceiveCompletionWhileCancelling, run against Apple's Combine.
    @Test func completionWhileCancellingIsSafe() {
        let target = Target()
        let assign = Subscribers.Assign(object: target, keyPath: \Target.value)
        FinishesWhenCancelled().subscribe(assign)
        assign.cancel()
        #expect(assign.object == nil)
        assign.cancel()
    }
}
