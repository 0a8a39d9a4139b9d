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
/// ```
public struct UpstreamLink {
    private enum State {
        case awaiting
        case active(any Subscription)
        case ended
    }

    private var state = State.awaiting

    public init() {}

    /// Takes the first subscription (rule 1); any other is cancelled and `false` returned.
    public mutating func accept(_ subscription: any Subscription) -> Bool {
        guard case .awaiting = state else {
            subscription.cancel()
            return false
        }
        state = .active(subscription)
        return true
    }

    /// The upstream subscription while the link is active.
    public var subscription: (any Subscription)? {
        if case .active(let subscription) = state { return subscription }
        return nil
    }

    /// True once the link has ended by completion or cancel (rule 2).
    public var isEnded: Bool {
        if case .ended = state { return true }
        return false
    }

    /// Forwards a request upstream, dropping `.none` (rule 3).
    public func request(_ demand: Subscribers.Demand) {
        guard demand > 0, case .active(let subscription) = state else { return }
        subscription.request(demand)
    }

    /// Ends the link after a completion; the upstream is not cancelled.
    public mutating func end() { state = .ended }

    /// Ends the link and cancels the upstream, once (rule 4).
    public mutating func cancel() {
        let current = state
        state = .ended
        if case .active(let subscription) = current { subscription.cancel() }
    }
}
