/// The delivery engine shared by every subject: one conduit per subscriber, in subscription
/// order, each with its own demand.
///
/// Single-threaded by design: the REPL drives the whole core from one thread, so there are
/// no locks on the event path. Re-entrant sends (a sink sending into its own upstream)
/// recurse as in Combine, up to `feedback.limit` nested sends; past it the subject calls
/// `feedback.onLoop` once and drops sends until the recursion has unwound (`FeedbackGuard`).
final class Broadcast<Output, Failure: Error>: CustomStringConvertible {
    let name: String
    /// The conduits, as their non-generic root class: a subject that is itself a subscriber
    /// (`multicast`'s, `subscribe(subject)`) is sent each value through generic code that
    /// runs unspecialised, where an array of a generic class is looked up at each use.
    private var conduitList: [ConduitRoot] = []
    private(set) var completion: Subscribers.Completion<Failure>?
    /// Whether `completion` is set, as a flag asked at every value: testing an optional
    /// completion would look its generic type up each time in unspecialised code.
    private(set) var hasCompleted = false
    private var upstreams: [any Subscription] = []
    /// Set once any subscriber has asked for something: only then does the subject request
    /// from the subscriptions it adopts (Combine's `send(subscription:)`).
    private var hasDemand = false

    let feedback = FeedbackGuard()
    /// Told what the subject is sent and drops (`SubjectActivity`); nil when nothing watches.
    var monitor: SubjectMonitor<Output, Failure>?

    /// Set by `share`: when the last subscriber leaves, the upstream is cancelled.
    var disconnectsWhenEmpty = false
    var isConnected: Bool { !upstreams.isEmpty }

    /// Whether a subscriber without demand is owed the latest value is the subscriber's own
    /// (`attach(_:current:)`): replaying subjects pass their current value.
    /// `adoptsAtOnce`: a subscription given to the subject is asked for unlimited at once
    /// (CurrentValueSubject) rather than when a subscriber first has demand (PassthroughSubject).
    /// `lateName`: what a subscriber that comes after the completion sees its subscription
    /// called (`Empty` for a subject, `Multicast` for `share`, as in Combine).
    /// `replays`: the subject keeps its latest value for subscribers to come.
    init(name: String, adoptsAtOnce: Bool = false, lateName: String = "Empty", replays: Bool = false) {
        self.name = name
        self.replays = replays
        self.hasDemand = adoptsAtOnce
        self.lateName = lateName
    }
    private let lateName: String
    private let replays: Bool

    /// The subject's name, which is how a conduit's mirror shows its parent.
    var description: String { name }

    var subscriberCount: Int { conduitList.count }

    private func conduit(_ root: ConduitRoot) -> ConduitBase<Output, Failure> {
        unsafeDowncast(root, to: ConduitBase<Output, Failure>.self)
    }

    /// `current` gives a replaying subject's latest value; the conduit holds it until it ends.
    func attach<S: Subscriber>(_ subscriber: S, current: (() -> Output)?)
    where S.Input == Output, S.Failure == Failure {
        if let completion {
            subscriber.receive(subscription: lateName == "Empty" ? Subscriptions.empty : Ended(description: lateName))
            subscriber.receive(completion: completion)
            return
        }
        let conduit = Conduit(parent: self, downstream: subscriber, current: current)
        conduitList.append(conduit)
        monitor?(.subscribed(ObjectIdentifier(conduit).hashValue))
        subscriber.receive(subscription: conduit.handle)
    }

    func send(_ value: Output) {
        guard !hasCompleted else { return droppedAfterCompletion(value) }
        // No subscriber and not inside another send: nothing to deliver and no loop to guard
        // (exactly what the general path below would do; a `set` of an unobserved counter in
        // every delivery of a fan-out is the common case). A monitor still hears of it.
        if conduitList.isEmpty, feedback.depth == 0 {
            if monitor != nil { reportSent(value) }
            return
        }
        guard feedback.enter() else { return }
        defer { feedback.leave() }
        if monitor != nil { reportSent(value) }
        // A snapshot: subscribers joining during this send wait for the next one. It keeps
        // every conduit alive to the end, so each is called without a retain of its own
        // (which would be a retain and a release per subscriber per value).
        let snapshot = conduitList
        snapshot.withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                Unmanaged.passUnretained(conduit(buffer[index]))._withUnsafeGuaranteedRef {
                    $0.offer(value)   // a cancelled conduit ignores it
                }
            }
        }
    }

    func send(completion: Subscribers.Completion<Failure>) {
        guard !hasCompleted else { return }
        self.completion = completion
        hasCompleted = true
        monitor?(.completion(completion))
        let receivers = conduitList
        conduitList.removeAll()
        // Nothing more is asked of the adopted subscriptions: let go of them, not cancelled.
        // One that keeps its subscriber to the end (a recording tap) would otherwise hold the
        // subject's connection, and so the subject, in a cycle (`share` with trace on).
        upstreams.removeAll()
        for root in receivers { conduit(root).finish(completion) }
    }

    /// Tells the monitor of a value sent after the completion.
    @inline(never) func droppedAfterCompletion(_ value: Output) {
        monitor?(.dropped(value, .afterCompletion))
    }

    /// Tells the monitor of a value sent, and whether nobody was there to receive it.
    @inline(never) private func reportSent(_ value: Output) {
        monitor?(.value(value))
        // A replaying subject keeps the value for later subscribers: not a drop.
        if conduitList.isEmpty, !replays { monitor?(.dropped(value, .noSubscriber)) }
    }

    /// Tells the monitor of a value a subscriber had no demand for. These reports are out of
    /// line so that the event path never builds a `SubjectActivity` (in the generic conduit,
    /// that means fetching its type metadata on every value) and stays small enough to
    /// inline: with no monitor, a send pays one comparison.
    @inline(never) func droppedForLackOfDemand(_ value: Output) {
        monitor?(.dropped(value, .noDemand))
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
        guard let index = conduitList.firstIndex(where: { $0 === conduit }) else { return }
        conduitList.remove(at: index)
        monitor?(.unsubscribed(ObjectIdentifier(conduit).hashValue))
        if conduitList.isEmpty, disconnectsWhenEmpty { cancelUpstreams() }
    }

    /// The end of a session (not in Combine): lets go of every subscriber and adopted
    /// subscription without a word to anyone, as nothing runs any more. A subscriber that
    /// never ends its subscription (`prefix(untilOutputFrom:)` keeps its trigger's after it
    /// fired, as Combine's does) and the subject otherwise hold each other in a cycle.
    func releaseAll() {
        let all = conduitList
        conduitList.removeAll()
        upstreams.removeAll()
        all.forEach { conduit($0).release() }
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
    // Does nothing and is never compared, so each one is simply new.
    let combineIdentifier = CombineIdentifier()
    func request(_ demand: Subscribers.Demand) {}
    func cancel() {}
}

/// A conduit without its types: what the subject's array holds (see `Broadcast.conduitList`).
class ConduitRoot {}

/// A conduit without its subscriber's type, so the subject can keep one array.
///
/// Lifetimes, as in Combine: the subject holds its conduits and each conduit its subscriber;
/// the subscriber holds a `ConduitHandle`, which reaches the conduit only until the stream
/// ends (completion or cancel). Then the subject drops the conduit and the subscriber is let
/// go, even one that keeps its subscription. Two design points keep the event path fast:
/// the subscriber is held in a `let` (an optional cleared at the end would be copied, with
/// a retain and a release, for every value), and no object on the path has a weak reference
/// to it (that would move its reference counts to a slow side table).
class ConduitBase<Output, Failure: Error>: ConduitRoot, CustomReflectable {
    func offer(_ value: Output) {}
    func finish(_ completion: Subscribers.Completion<Failure>) {}
    func request(_ demand: Subscribers.Demand) {}
    func cancel() {}
    /// Lets go of the subject and the subscriber's way here, telling no one.
    func release() {}
    var customMirror: Mirror { Mirror(self, children: [:]) }
}

final class Conduit<S: Subscriber>: ConduitBase<S.Input, S.Failure> {
    private var parent: Broadcast<S.Input, S.Failure>?
    private let downstream: S
    private var live = true
    private var demand = Subscribers.Demand.none
    /// For replaying subjects: the subscriber has not yet seen the subject's latest value.
    private var owedLatest: Bool
    private var current: (() -> S.Input)?
    /// What the subscriber holds.
    let handle: ConduitHandle<S.Input, S.Failure>

    init(parent: Broadcast<S.Input, S.Failure>, downstream: S, current: (() -> S.Input)?) {
        self.parent = parent
        self.downstream = downstream
        self.current = current
        self.owedLatest = current != nil
        handle = ConduitHandle(name: parent.name)
        super.init()
        handle.conduit = self
    }

    override var customMirror: Mirror {
        Mirror(self, children: [
            "parent": parent as Any, "downstream": downstream,
            "demand": demand, "subject": parent as Any,
        ])
    }

    override func offer(_ value: S.Input) {
        guard live else { return }
        if demand == .unlimited {
            // The usual subscriber (a sink): unlimited stays unlimited whatever it returns,
            // and nothing can be owed to it, so there is no bookkeeping to do.
            _ = downstream.receive(value)
            return
        }
        if demand > 0 {
            owedLatest = false
            demand -= 1
            demand += downstream.receive(value)
        } else if current != nil {
            // Values sent while demand is zero collapse to the latest, delivered on the next request.
            owedLatest = true
        } else {
            parent?.droppedForLackOfDemand(value)
        }
    }

    override func request(_ demand: Subscribers.Demand) {
        guard demand > 0, live else { return }
        self.demand += demand
        parent?.demandArrived()
        if owedLatest, let current {
            owedLatest = false
            self.demand -= 1
            self.demand += downstream.receive(current())
        }
    }

    override func finish(_ completion: Subscribers.Completion<S.Failure>) {
        guard live else { return }
        end()
        downstream.receive(completion: completion)
    }

    override func cancel() {
        guard live else { return }
        let parent = self.parent
        end()
        parent?.remove(self)
    }

    override func release() { end() }

    /// Lets go of the subject and the replay closure, and cuts the handle's way here: once
    /// the subject drops this conduit, the subscriber goes with it.
    private func end() {
        live = false
        parent = nil
        current = nil
        owedLatest = false
        handle.conduit = nil
        handle.demandAtEnd = demand
    }
}

/// The subscription a subject's subscriber holds: it reaches its conduit until the stream
/// ends, and does nothing after.
final class ConduitHandle<Output, Failure: Error>: Subscription, CustomReflectable,
    CustomPlaygroundDisplayConvertible {
    var conduit: ConduitBase<Output, Failure>?
    /// What the subscriber still had asked for when the stream ended (for the mirror).
    var demandAtEnd = Subscribers.Demand.none
    let description: String

    init(name: String) { description = name }

    func request(_ demand: Subscribers.Demand) {
        ContractViolation.check(demand > 0, "\(description): demand must be greater than zero")
        conduit?.request(demand)
    }

    func cancel() { conduit?.cancel() }

    /// Combine's conduit fields while the stream is live; nil parent and subscriber after.
    var customMirror: Mirror {
        conduit?.customMirror ?? Mirror(self, children: [
            "parent": Optional<Any>.none as Any, "downstream": Optional<Any>.none as Any,
            "demand": demandAtEnd, "subject": Optional<Any>.none as Any,
        ])
    }
    var playgroundDescription: Any { description }
}
