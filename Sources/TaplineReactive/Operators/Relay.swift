/// The inner subscriber most operators share: it is the upstream's subscriber and the
/// downstream's subscription at once, keeps its upstream in an `UpstreamLink` (so the
/// `Contract` rules hold for every operator), and lets a subclass decide what each value
/// becomes.
///
/// `name` is what `.print()` shows for the subscription; nil passes the upstream's name
/// through, as `map` and `filter` do.
class Relay<Input, Downstream: Subscriber>: Subscriber, Subscription, CustomReflectable,
    CustomPlaygroundDisplayConvertible {
    typealias Failure = Downstream.Failure

    let downstream: Downstream
    var upstream = UpstreamLink()
    private let name: String?
    private var upstreamName = ""

    /// The host's flag for a closure that stopped the program (`StopSignal`): an operator
    /// that calls a closure acts on nothing it returned while the flag is raised.
    var stop: StopSignal?
    var isStopped: Bool { stop.isRaised }

    /// This relay, honouring `signal`.
    func honouring(_ signal: StopSignal?) -> Self {
        stop = signal
        return self
    }

    /// Stateless operators (`print`, `collect(n)`) pass on whatever the upstream sends, before,
    /// during and after the subscription, as Combine's do; the others drop events that come
    /// before the subscription or after it ended (the `Contract`).
    let forwardsAlways: Bool

    init(downstream: Downstream, name: String?, forwardsAlways: Bool = false) {
        self.downstream = downstream
        self.name = name
        self.forwardsAlways = forwardsAlways
    }

    /// Whether a subscription that arrives after an early cancel is cancelled (Combine's
    /// `removeDuplicates` and `throttle` do) or only refused (most operators).
    var cancelsLateSubscription: Bool { false }

    var description: String { name ?? upstreamName }

    /// What a debugger or a playground shows: the fields Combine's own operator reports.
    var mirrorChildren: KeyValuePairs<String, Any> { [:] }
    var customMirror: Mirror { Mirror(self, children: mirrorChildren) }
    var playgroundDescription: Any { description }

    func receive(subscription: any Subscription) {
        guard upstream.accept(subscription, cancellingLate: cancelsLateSubscription) else { return }
        if name == nil { upstreamName = subscription.description }
        downstream.receive(subscription: self)
        didSubscribe()
    }

    /// True until the upstream subscribes (or the link is cancelled first).
    var awaitingSubscription: Bool { upstream.isAwaiting }

    /// Called once the downstream has its subscription (e.g. to request unlimited upstream).
    func didSubscribe() {}

    func receive(_ input: Input) -> Subscribers.Demand {
        guard upstream.isActive || forwardsAlways else { return .none }
        return relay(input)
    }

    /// What to do with one value; returns the extra demand to ask upstream for.
    func relay(_ input: Input) -> Subscribers.Demand { .none }

    func receive(completion: Subscribers.Completion<Failure>) {
        guard upstream.isActive || forwardsAlways else { return }
        upstream.end()
        relay(completion: completion)
    }

    /// What to do with the upstream's completion; by default, pass it on.
    func relay(completion: Subscribers.Completion<Failure>) {
        downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) { upstream.request(demand) }

    func cancel() { upstream.detach()?.cancel() }

    /// Ends the stream early: cancels upstream, then finishes downstream (`prefix`, `first`).
    func finishEarly() {
        upstream.detach()?.cancel()
        downstream.receive(completion: .finished)
    }
}

/// A relay for operators that emit one result when the upstream finishes (`reduce`,
/// `collect`, `last`, `first`): it requests unlimited from upstream at once, and holds the
/// result until the downstream has asked for something.
class AccumulatingRelay<Input, Downstream: Subscriber>: Relay<Input, Downstream> {
    private var demanded = false
    private var finished = false
    private var delivered = false

    override func didSubscribe() { upstream.request(.unlimited) }

    /// Folds one value in; returns true when the result is known early (`first`).
    func accumulate(_ input: Input) -> Bool { false }

    /// The result, if there is one to emit.
    var result: Downstream.Input? { nil }

    override func relay(_ input: Input) -> Subscribers.Demand {
        if accumulate(input) {
            upstream.detach()?.cancel()
            finished = true
            deliverIfReady()
        }
        return .none
    }

    override func relay(completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished:
            finished = true
            deliverIfReady()
        case .failure:
            delivered = true
            downstream.receive(completion: completion)
        }
    }

    override func request(_ demand: Subscribers.Demand) {
        guard demand > 0 else { return }
        demanded = true
        deliverIfReady()
    }

    /// A cancel before the upstream has subscribed is ignored, as in Combine's `reduce`,
    /// `collect`, `first` and `last`: the subscription, when it comes, is used.
    override func cancel() {
        guard !upstream.isAwaiting else { return }
        delivered = true
        upstream.detach()?.cancel()
    }

    override var mirrorChildren: KeyValuePairs<String, Any> {
        ["downstream": downstream, "result": result as Any, "initial": result as Any,
         "status": upstream.isEnded ? "terminal" : "subscribed"]
    }

    private func deliverIfReady() {
        guard finished, demanded, !delivered else { return }
        delivered = true
        if let result { _ = downstream.receive(result) }
        downstream.receive(completion: .finished)
    }
}
