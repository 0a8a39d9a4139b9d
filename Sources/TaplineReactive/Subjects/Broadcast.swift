/// The delivery engine shared by every subject: one conduit per subscriber, in subscription
/// order, each with its own demand.
///
/// Single-threaded by design: the REPL drives the whole core from one thread, so there are
/// no locks on the event path. Re-entrant sends (a sink sending into its own upstream)
/// recurse as in Combine, up to `feedback.limit` nested sends; past it the subject calls
/// `feedback.onLoop` once and drops sends until the recursion has unwound (`FeedbackGuard`).
final class Broadcast<Output, Failure: Error>: CustomStringConvertible {
    let name: String
    private(set) var conduits: [ConduitBase<Output, Failure>] = []
    private(set) var completion: Subscribers.Completion<Failure>?
    private var upstreams: [any Subscription] = []
    /// Set once any subscriber has asked for something: only then does the subject request
    /// from the subscriptions it adopts (Combine's `send(subscription:)`).
    private var hasDemand = false

    let feedback = FeedbackGuard()

    /// Set by `share`: when the last subscriber leaves, the upstream is cancelled.
    var disconnectsWhenEmpty = false
    var isConnected: Bool { !upstreams.isEmpty }

    /// Whether a subscriber without demand is owed the latest value is the subscriber's own
    /// (`attach(_:current:)`): replaying subjects pass their current value.
    /// `adoptsAtOnce`: a subscription given to the subject is asked for unlimited at once
    /// (CurrentValueSubject) rather than when a subscriber first has demand (PassthroughSubject).
    /// `lateName`: what a subscriber that comes after the completion sees its subscription
    /// called (`Empty` for a subject, `Multicast` for `share`, as in Combine).
    init(name: String, adoptsAtOnce: Bool = false, lateName: String = "Empty") {
        self.name = name
        self.hasDemand = adoptsAtOnce
        self.lateName = lateName
    }
    private let lateName: String

    /// The subject's name, which is how a conduit's mirror shows its parent.
    var description: String { name }

    func attach<S: Subscriber>(_ subscriber: S, current: (() -> Output)?)
    where S.Input == Output, S.Failure == Failure {
        if let completion {
            subscriber.receive(subscription: lateName == "Empty" ? Subscriptions.empty : Ended(description: lateName))
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

    /// Keeps a subscription given to the subject; it is asked for unlimited once any
    /// subscriber has demand, at once if one already has (as Combine does).
    func adopt(_ subscription: any Subscription) {
        upstreams.append(subscription)
        if hasDemand { subscription.request(.unlimited) }
    }

    /// A conduit's first non-zero request: the adopted subscriptions may now flow.
    func demandArrived() {
        guard !hasDemand else { return }
        hasDemand = true
        for subscription in upstreams { subscription.request(.unlimited) }
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

/// The subscription a late subscriber gets from an ended `share`: it does nothing.
private struct Ended: Subscription {
    let description: String
    func request(_ demand: Subscribers.Demand) {}
    func cancel() {}
}

/// A conduit without its subscriber's type, so the subject can keep one array.
class ConduitBase<Output, Failure: Error>: Subscription, CustomReflectable, CustomPlaygroundDisplayConvertible {
    func offer(_ value: Output) {}
    func finish(_ completion: Subscribers.Completion<Failure>) {}
    func request(_ demand: Subscribers.Demand) {}
    func cancel() {}
    var description: String { "Conduit" }
    var customMirror: Mirror { Mirror(self, children: [:]) }
    var playgroundDescription: Any { description }
}

final class Conduit<S: Subscriber>: ConduitBase<S.Input, S.Failure> {
    private var parent: Broadcast<S.Input, S.Failure>?
    /// Held while the stream is live, let go on completion or cancel (as Combine does), so a
    /// subscriber that keeps its subscription does not keep itself alive through it.
    private var downstream: S?
    private var demand = Subscribers.Demand.none
    /// For replaying subjects: the subscriber has not yet seen the subject's latest value.
    private var owedLatest: Bool
    private var current: (() -> S.Input)?
    private let name: String

    init(parent: Broadcast<S.Input, S.Failure>, downstream: S, current: (() -> S.Input)?) {
        self.parent = parent
        self.name = parent.name
        self.downstream = downstream
        self.current = current
        self.owedLatest = current != nil
    }

    override var description: String { name }

    override var customMirror: Mirror {
        Mirror(self, children: [
            "parent": parent as Any, "downstream": downstream as Any,
            "demand": demand, "subject": parent as Any,
        ])
    }

    override func offer(_ value: S.Input) {
        guard let downstream else { return }
        if demand > 0 {
            owedLatest = false
            demand -= 1
            demand += downstream.receive(value)
        } else if current != nil {
            // Values sent while demand is zero collapse to the latest, delivered on the next request.
            owedLatest = true
        }
    }

    override func request(_ demand: Subscribers.Demand) {
        guard ContractViolation.check(demand > 0, "\(name): demand must be greater than zero"),
              let downstream else { return }
        self.demand += demand
        parent?.demandArrived()
        if owedLatest, let current {
            owedLatest = false
            self.demand -= 1
            self.demand += downstream.receive(current())
        }
    }

    override func finish(_ completion: Subscribers.Completion<S.Failure>) {
        guard let downstream else { return }
        end()
        downstream.receive(completion: completion)
    }

    override func cancel() {
        guard downstream != nil else { return }
        let parent = self.parent
        end()
        parent?.remove(self)
    }

    /// Lets go of everything: the subscriber, the subject, the replay closure.
    private func end() {
        downstream = nil
        parent = nil
        current = nil
        owedLatest = false
    }
}
