/// An operator that also watches a second publisher — `prefix(untilOutputFrom:)` and
/// `drop(untilOutputFrom:)` — and what it is told of that publisher's events.
protocol OtherPublisherWatcher: AnyObject, CustomStringConvertible {
    associatedtype OtherFailure: Error
    func otherReceive(subscription: any Subscription)
    /// The other publisher sent a value (which one does not matter).
    func otherReceive()
    func otherReceive(completion: Subscribers.Completion<OtherFailure>)
}

/// The subscriber such an operator gives the other publisher: it forwards what comes to the
/// operator, which it holds weakly. The other publisher may keep this subscriber after it has
/// done its work (a subject keeps it until the subject completes), and a strong reference
/// would keep the whole finished chain, and a session through it, in a cycle. The operator
/// lives as long as its stream: its downstream holds it.
struct OtherSide<Watcher: OtherPublisherWatcher, Input>: Subscriber, CustomStringConvertible, CustomReflectable,
    CustomPlaygroundDisplayConvertible {
    typealias Failure = Watcher.OtherFailure
    private weak var watcher: Watcher?
    // A struct has no identity of its own: it stands for the object it forwards to, as
    // Combine's inner subscribers do.
    let combineIdentifier: CombineIdentifier
    let description: String

    init(_ watcher: Watcher) {
        self.watcher = watcher
        combineIdentifier = CombineIdentifier(watcher)
        description = watcher.description
    }

    /// What a debugger shows: the operator's own fields, while it lives.
    var customMirror: Mirror {
        guard let watcher else { return Mirror(self, children: [:]) }
        return (watcher as? CustomReflectable)?.customMirror ?? Mirror(reflecting: watcher)
    }
    var playgroundDescription: Any { description }

    func receive(subscription: any Subscription) { watcher?.otherReceive(subscription: subscription) }

    func receive(_ input: Input) -> Subscribers.Demand {
        watcher?.otherReceive()
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) { watcher?.otherReceive(completion: completion) }
}
