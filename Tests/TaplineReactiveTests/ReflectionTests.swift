import Testing
import TaplineReactive

/// A publisher that keeps the subscriber an operator gives it, unerased, so that a test can
/// look at it as `dump` and a playground's sidebar do.
private final class Capturing<Output, Failure: Error>: Publisher {
    private(set) var subscriber: Any?
    private var erased: AnySubscriber<Output, Failure>?

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        self.subscriber = subscriber
        erased = AnySubscriber(subscriber)
        subscriber.receive(subscription: RecordingSubscription())
    }

    func send(_ value: Output) { _ = erased?.receive(value) }
}

private func labels(_ subject: Any?) -> [String] {
    guard let subject, let reflectable = subject as? CustomReflectable else { return ["not reflectable"] }
    return reflectable.customMirror.children.map { $0.label ?? "" }
}

private func child(_ label: String, of subject: Any) -> String? {
    Mirror(reflecting: subject).children.first { $0.label == label }.map { String(describing: $0.value) }
}

/// What `dump` and a playground show of the core's subscribers and subscriptions: Apple's
/// mirrors, descriptions and identities, as OpenCombine's reflection tests state them (run
/// against Apple's Combine; the test named beside each case).
@Suite("Reflection")
struct ReflectionTests {
    /// AllSatisfyTests.testTryAllSatisfyReflection, MapTests.testTryMapReflection: a try-variant
    /// is one object to its upstream, which sees the operator's own mirror and name.
    @Test func aTryVariantShowsItsUpstreamTheOperatorItself() {
        let upstream = Capturing<Int, TestError>()
        _ = upstream.tryScan(0) { $0 + $1 }.sink(receiveCompletion: { _ in }, receiveValue: { _ in })
        #expect(labels(upstream.subscriber) == ["downstream", "status", "result"])
        #expect((upstream.subscriber as? CustomPlaygroundDisplayConvertible)?.playgroundDescription as? String == "TryScan")
    }

    /// FlatMapTests.testFlatMapReflection, SwitchToLatestTests.testSwitchToLatestReflection: an
    /// inner publisher's subscriber has an identity of its own and names the operator's
    /// subscription it reports to.
    @Test func anInnerSubscriberNamesItsParentSubscription() {
        let inner = Capturing<Int, Never>()
        let outer = Capturing<Capturing<Int, Never>, Never>()
        let token = outer.switchToLatest().sink { _ in }
        outer.send(inner)
        defer { token.cancel() }
        let side = inner.subscriber as? any Subscriber
        let parent = outer.subscriber as? any Subscriber
        #expect(labels(side) == ["parentSubscription"])
        #expect(side.map { child("parentSubscription", of: $0) } == parent.map { "\($0.combineIdentifier)" })
        #expect(side?.combineIdentifier != parent?.combineIdentifier)
    }

    /// FutureTests.testFutureSuccess and testWaitsForDemandSuccess: the subscription keeps its
    /// Future while it delivers; it lets it go after a promise delivered, not after a request did.
    @Test func aFutureSubscriptionKeepsItsParentWhileItDelivers() {
        var keep: ((Result<Int, TestError>) -> Void)?
        let future = Future<Int, TestError> { keep = $0 }
        let eager = IntRecorder()
        future.subscribe(eager)
        let subscription = eager.subscription
        #expect(subscription.flatMap { child("parent", of: $0) } != "nil")
        keep?(.success(1))
        #expect(subscription.flatMap { child("parent", of: $0) } == "nil")

        let late = IntRecorder(demand: .none)
        future.subscribe(late)
        late.request(.max(1))
        #expect(late.events == [.subscription("Future"), .value(1), .completion(.finished)])
        #expect(late.subscription.flatMap { child("parent", of: $0) } != "nil")
    }

    /// EmptySubscriptionTests.testSingleInstance, RecordTests.testRecordNoInitialDemand,
    /// AutoconnectTests.testAutoconnectReflection.
    @Test func identitiesAndWhatIsLeftAfterCompletion() {
        #expect(Subscriptions.empty.combineIdentifier == Subscriptions.empty.combineIdentifier)

        let record = IntRecorder()
        Record<Int, TestError>(output: [1], completion: .finished).subscribe(record)
        #expect(record.subscription?.description == "Cancelled Events")
        #expect(record.subscription.flatMap { child("completion", of: $0) } == "finished")

        let connectable = Capturing<Int, Never>().makeConnectable().autoconnect()
        var seen: (any Subscription)?
        _ = connectable.sink { _ in }
        connectable.subscribe(AnySubscriber(receiveSubscription: { seen = $0 }))
        #expect(seen != nil)
        #expect((seen as? CustomPlaygroundDisplayConvertible)?.playgroundDescription as? String == seen?.description)
    }

    /// AnySubscriberTests.testReflection: an erased subscriber reflects as the one it wraps.
    @Test func anErasedSubscriberReflectsAsTheOneItWraps() {
        let recorder = IntRecorder()
        #expect(String(describing: Mirror(reflecting: AnySubscriber(recorder)).subjectType) == "Recorder<Int, TestError>")
        #expect(String(describing: Mirror(reflecting: AnySubscriber<Int, Never>()).subjectType) == "String")
    }
}
