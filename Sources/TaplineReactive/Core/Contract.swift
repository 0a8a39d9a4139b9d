/// Combine's subscriber/subscription contract, and what Tapline does when it is broken.
///
/// Combine traps on most violations; Tapline is a teaching tool that must never crash,
/// so each rule is enforced here, in one place, by ignoring the offending call:
///
/// 1. A subscriber takes one subscription. A second one is cancelled at once.
/// 2. After a completion (or a cancel) nothing more is delivered: late values and
///    completions are ignored.
/// 3. Requesting `.none` is ignored (Combine traps; the language reports it before calling).
/// 4. `cancel()` may be called any number of times; only the first has an effect.
///
/// Operators keep their upstream in an `UpstreamLink`, which applies rules 1, 3 and 4.
///
/// ```swift
/// var link = UpstreamLink()
/// link.accept(first)     // true
/// link.accept(second)    // false, and `second` is cancelled
/// link.detach()?.cancel() // cancels `first`, once
/// ```
public struct UpstreamLink {
    // Two plain fields rather than one enum with an existential payload: `isEnded` is read
    // for every value, and reading it must not copy (retain) the subscription.
    private var held: (any Subscription)?
    @usableFromInline internal var ended = false

    public init() {}

    /// Takes the first subscription (rule 1); any other is cancelled and `false` returned.
    /// With `cancellingLate: false`, a subscription that arrives after the link was cancelled
    /// before it ever had one is refused without being cancelled (what most Combine
    /// operators do after an early cancel).
    public mutating func accept(_ subscription: any Subscription, cancellingLate: Bool = true) -> Bool {
        guard held == nil, !ended else {
            if held != nil || hadSubscription || cancellingLate { subscription.cancel() }
            return false
        }
        held = subscription
        hadSubscription = true
        return true
    }
    private var hadSubscription = false

    /// True while a subscription is held: after `accept`, before completion or cancel.
    @inlinable public var isActive: Bool { !ended && hasSubscription }
    @usableFromInline internal var hasSubscription: Bool { held != nil }

    /// The upstream subscription while the link is active.
    public var subscription: (any Subscription)? { held }

    /// True once the link has ended by completion or cancel (rule 2).
    @inlinable public var isEnded: Bool { ended }

    /// Forwards a request upstream, dropping `.none` (rule 3).
    public func request(_ demand: Subscribers.Demand) {
        guard demand > 0, let held else { return }
        held.request(demand)
    }

    /// Ends the link after a completion; the upstream is not cancelled.
    public mutating func end() {
        held = nil
        ended = true
    }

    /// Ends the link and hands back the upstream to cancel, once (rule 4): nil if it had
    /// already ended. Call it as `upstream.detach()?.cancel()`, so that the cancel runs
    /// after the link is updated and not during the access to it: a cancel can re-enter
    /// its owner (a completion sent while cancelling), which must then see an ended link.
    public mutating func detach() -> (any Subscription)? {
        let current = held
        held = nil
        ended = true
        return current
    }

    /// Ends the link and cancels the upstream, once (rule 4). The cancel runs inside the
    /// access to the link; owners that may be re-entered while cancelling use `detach()`.
    public mutating func cancel() {
        detach()?.cancel()
    }
}
