/// The delivery engine shared by every subject: one conduit per subscriber, in subscription
/// order, each with its own demand.
///
/// Single-threaded by design: the REPL drives the whole core from one thread, so there are
/// no locks on the event path. Re-entrant sends (a sink sending into its own upstream)
/// recurse as in Combine, up to `feedback.limit` nested sends; past it the subject calls
/// `feedback.onLoop` once and drops sends until the recursion has unwound (`FeedbackGuard`).
final class Broadcast<Output, Failure: Error> {
    let name: String
    private(set) var conduits: [ConduitBase<Output, Failure>] = []
    private(set) var completion: Subscribers.Completion<Failure>?
    private var upstreams: [any Subscription] = []

    let feedback = FeedbackGuard()

    /// Set by `share`: when the last subscriber leaves, the upstream is cancelled.
    var disconnectsWhenEmpty = false
    var isConnected: Bool { !upstreams.isEmpty }

    /// Whether a subscriber without demand is owed the latest value is the subscriber's own
    /// (`attach(_:current:)`): replaying subjects pass their current value.
    init(name: String) {
        self.name = name
    }

    func attach<S: Subscriber>(_ subscriber: S, current: (() -> Output)?)
    where S.Input == Output, S.Failure == Failure {
        if let completion {
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: completion)
            return
        }
        let conduit = Conduit(parent: self, downstream: subscriber, current: current)
        conduits.append(conduit)
        subscriber.receive(subscription: conduit)
    }

    func send(_ value: Output) {
        guard completion == nil, feedback.enter() else { return }
        defer { feedback.leave() }
        // A snapshot: subscribers joining during this send wait for the next one.
        for conduit in conduits {
            conduit.offer(value)   // a cancelled conduit ignores it
        }
    }

    func send(completion: Subscribers.Completion<Failure>) {
        guard self.completion == nil else { return }
        self.completion = completion
        let receivers = conduits
        conduits.removeAll()
        for conduit in receivers { conduit.finish(completion) }
    }

    func adopt(_ subscription: any Subscription) {
        upstreams.append(subscription)
        subscription.request(.unlimited)
    }

    func remove(_ conduit: ConduitBase<Output, Failure>) {
        guard let index = conduits.firstIndex(where: { $0 === conduit }) else { return }
        conduits.remove(at: index)
        if conduits.isEmpty, disconnectsWhenEmpty { cancelUpstreams() }
    }

    /// Cancels the subscriptions this subject adopted with `send(subscription:)`.
    func cancelUpstreams() {
        let adopted = upstreams
        upstreams.removeAll()
        for subscription in adopted { subscription.cancel() }
    }
}

/// A conduit without its subscriber's type, so the subject can keep one array.
class ConduitBase<Output, Failure: Error>: Subscription {
    func offer(_ value: Output) {}
    func finish(_ completion: Subscribers.Completion<Failure>) {}
    func request(_ demand: Subscribers.Demand) {}
    func cancel() {}
    var description: String { "Conduit" }
}

final class Conduit<S: Subscriber>: ConduitBase<S.Input, S.Failure> {
    private var parent: Broadcast<S.Input, S.Failure>?
    /// Held until the conduit goes: the subscriber drops its subscription when it is cancelled
    /// or completed, which breaks the cycle. Kept as a `let` so delivering copies nothing.
    private let downstream: S
    private var live = true
    private var demand = Subscribers.Demand.none
    /// For replaying subjects: the subscriber has not yet seen the subject's latest value.
    private var owedLatest: Bool
    private let current: (() -> S.Input)?
    private let name: String

    init(parent: Broadcast<S.Input, S.Failure>, downstream: S, current: (() -> S.Input)?) {
        self.parent = parent
        self.name = parent.name
        self.downstream = downstream
        self.current = current
        self.owedLatest = current != nil
    }

    override var description: String { name }

    override func offer(_ value: S.Input) {
        guard live else { return }
        if demand > 0 {
            owedLatest = false
            deliver(value)
        } else if current != nil {
            // Values sent while demand is zero collapse to the latest, delivered on the next request.
            owedLatest = true
        }
    }

    @inline(__always) private func deliver(_ value: S.Input) {
        demand -= 1
        let more = downstream.receive(value)
        demand += more
    }

    override func request(_ demand: Subscribers.Demand) {
        guard demand > 0, live else { return }
        self.demand += demand
        if owedLatest, let current {
            owedLatest = false
            deliver(current())
        }
    }

    override func finish(_ completion: Subscribers.Completion<S.Failure>) {
        guard live else { return }
        live = false
        parent = nil
        downstream.receive(completion: completion)
    }

    override func cancel() {
        guard live else { return }
        live = false
        let parent = self.parent
        self.parent = nil
        parent?.remove(self)
    }
}
