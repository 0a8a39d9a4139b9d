import Testing
import TaplineReactive

/// A connectable publisher the test drives: it records connects and disconnects.
final class ManualConnectable: ConnectablePublisher {
    typealias Output = Int
    typealias Failure = TestError
    let subject = PassthroughSubject<Int, TestError>()
    private(set) var connections: [String] = []

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestError {
        subject.subscribe(subscriber)
    }

    /// A connection that disconnects only when cancelled (not when dropped, as an
    /// `AnyCancellable` would), like the connections of Combine's connectable publishers.
    func connect() -> any Cancellable {
        connections.append("connect")
        return Connection(upstream: self)
    }

    private final class Connection: Cancellable {
        let upstream: ManualConnectable
        init(upstream: ManualConnectable) { self.upstream = upstream }
        func cancel() { upstream.connections.append("disconnect") }
    }
}

/// A subscriber that runs `onSubscribe` as it receives its subscription, and keeps it.
final class ReentrantSubscriber: Subscriber {
    typealias Input = Int
    typealias Failure = TestError
    private(set) var subscription: (any Subscription)?
    private let onSubscribe: () -> Void

    init(onSubscribe: @escaping () -> Void) { self.onSubscribe = onSubscribe }

    func receive(subscription: any Subscription) {
        self.subscription = subscription
        onSubscribe()
    }

    func receive(_ input: Int) -> Subscribers.Demand { .none }
    func receive(completion: Subscribers.Completion<TestError>) {}
}

/// Source: OpenCombine's AutoconnectTests.testBasicRefcountBehavior, run against Apple's Combine.
@Suite("autoconnect")
struct AutoconnectTests {
    @Test func connectsOnTheFirstSubscriberAndDisconnectsAfterTheLastCancel() {
        let upstream = ManualConnectable()
        let auto = upstream.autoconnect()
        #expect(upstream.connections == [])
        let first = IntRecorder()
        let second = IntRecorder(demand: .max(1))
        auto.subscribe(first)
        auto.subscribe(second)
        #expect(upstream.connections == ["connect"])
        upstream.subject.send(1)
        upstream.subject.send(2)
        #expect(first.events == [.subscription("PassthroughSubject"), .value(1), .value(2)])
        #expect(second.values == [1])
        second.cancel()
        second.cancel()
        #expect(upstream.connections == ["connect"])
        first.cancel()
        #expect(upstream.connections == ["connect", "disconnect"])
        let later = IntRecorder()
        auto.subscribe(later)
        #expect(upstream.connections == ["connect", "disconnect", "connect"])
    }

    /// The subscriber is attached before the connection, so it sees what connecting sends.
    @Test func theFirstSubscriberIsAttachedBeforeConnecting() {
        let clock = VirtualTimeScheduler()
        let recorder = Recorder<VirtualTime, Never>(demand: .max(2))
        VirtualTimer.publish(every: .seconds(1), on: clock).autoconnect().subscribe(recorder)
        clock.advance(by: .seconds(3))
        recorder.cancel()
        #expect(recorder.events == [
            .subscription("Timer"), .value(VirtualTime(nanoseconds: 1_000_000_000)),
            .value(VirtualTime(nanoseconds: 2_000_000_000)),
        ])
        #expect(clock.pendingCount == 0)
    }

    @Test func completionsPassThroughWithoutDisconnecting() {
        let upstream = ManualConnectable()
        let recorder = IntRecorder()
        upstream.autoconnect().subscribe(recorder)
        upstream.subject.send(completion: .failure(TestError()))
        #expect(recorder.events == [.subscription("PassthroughSubject"), .completion(.failure(TestError()))])
        #expect(upstream.connections == ["connect"])
    }

    /// Whether to connect is read before subscribing: a second subscriber that subscribes from
    /// the first one's `receive(subscription:)` connects, and so does the first on its return;
    /// the first's cancel then disconnects, the second's does nothing more. Source:
    /// OpenCombine's AutoconnectTests.testReentranceWhenConnecting, run against Apple's Combine.
    @Test func aReentrantSubscribeConnectsTwice() {
        let upstream = ManualConnectable()
        let auto = upstream.autoconnect()
        let inner = IntRecorder()
        let outer = ReentrantSubscriber { auto.subscribe(inner) }
        auto.subscribe(outer)
        #expect(upstream.connections == ["connect", "connect"])
        outer.subscription?.cancel()
        #expect(upstream.connections == ["connect", "connect", "disconnect"])
        inner.cancel()
        #expect(upstream.connections == ["connect", "connect", "disconnect"])
    }
}
