import Synchronization

/// Combine's subscriber/subscription contract, and what Tapline does when it is broken.
///
/// Each rule is enforced here, in one place, the way Combine enforces it:
///
/// 1. A subscriber takes one subscription. A second one is cancelled at once.
/// 2. After a completion (or a cancel) operators with state deliver nothing more; the
///    operators that keep no state in Combine (`map`, `filter`, `compactMap`, `scan`,
///    `setFailureType`, `print`, `dropFirst`) pass on whatever their upstream sends, as
///    Combine's do (see docs/REACTIVE.md for each operator's answer).
/// 3. Requesting `.none`, and a few other programmer errors on which Combine traps (a
///    negative count, an event before the subscription in `removeDuplicates`), are
///    reported to `ContractViolation.report`, which traps as Combine does. The language
///    checks these before it calls the core (`request s 0` is a located error), so no
///    script reaches them.
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
        active = true
        return true
    }
    private var hadSubscription = false

    /// True while a subscription is held: after `accept`, before completion or cancel.
    /// A plain flag: comparing `held` with nil would copy (retain) the existential per value.
    @inlinable public var isActive: Bool { active }
    @usableFromInline internal var active = false

    /// True until the first subscription comes (or the link is cancelled before it does).
    public var isAwaiting: Bool { !hadSubscription && !ended }

    /// Where the link stands, in the words of Combine's operators' mirrors (`status`,
    /// `state`): what `dump` of an operator shows.
    var mirrorStatus: String {
        if isAwaiting { return "awaitingSubscription" }
        return ended ? "terminal" : "subscribed"
    }

    /// The upstream subscription while the link is active.
    public var subscription: (any Subscription)? { held }

    /// True once the link has ended by completion or cancel (rule 2).
    @inlinable public var isEnded: Bool { ended }

    /// Forwards a request upstream, dropping `.none` (rule 3).
    public func request(_ demand: Subscribers.Demand) {
        guard demand > 0, let held else { return }
        held.request(demand)
    }

    /// Forwards a request upstream as it is, `.none` too: the exception to rule 3, for the
    /// operators whose Combine counterparts pass a request for nothing on for the upstream to
    /// answer (`receive(on:)`, `subscribe(on:)`, `measureInterval`, `delay`, `timeout`,
    /// `append`, `prefix(untilOutputFrom:)`; OpenCombine's tests of each, run against Apple's).
    public func requestAsIs(_ demand: Subscribers.Demand) {
        held?.request(demand)
    }

    /// Ends the link after a completion; the upstream is not cancelled.
    public mutating func end() {
        held = nil
        ended = true
        active = false
    }

    /// Ends the link and hands back the upstream to cancel, once (rule 4): nil if it had
    /// already ended. Call it as `upstream.detach()?.cancel()`, so that the cancel runs
    /// after the link is updated and not during the access to it: a cancel can re-enter
    /// its owner (a completion sent while cancelling), which must then see an ended link.
    public mutating func detach() -> (any Subscription)? {
        let current = held
        held = nil
        ended = true
        active = false
        return current
    }

    /// Ends the link and cancels the upstream, once (rule 4). The cancel runs inside the
    /// access to the link; owners that may be re-entered while cancelling use `detach()`.
    public mutating func cancel() {
        detach()?.cancel()
    }
}

/// Where the core reports a broken rule on which Combine traps (rule 3 of `UpstreamLink`'s
/// contract). By default it traps with the message, as Combine does; a host that would
/// rather report and go on replaces it once, before anything runs (the `tapline` command
/// does, at start-up), and the call that broke the rule is then ignored.
///
/// ```swift
/// ContractViolation.report = { message in log(message) }
/// Just(1).subscribe(subscriber)   // a .none request is logged, not fatal
/// ```
///
/// A plain global, set once: a task-local would let each test bind its own, but binding one
/// on a thread that is not a Swift task (the interpreter's large-stack thread) crashes the
/// concurrency runtime. Tests that replace it take `ContractViolation.lock` first.
public enum ContractViolation {
    nonisolated(unsafe) public static var report: @Sendable (String) -> Void = { message in
        preconditionFailure(message)
    }

    /// Taken by whoever replaces `report` for a while (tests), so that two do not interleave.
    public static let lock = Mutex(())

    /// Reports `message` when `condition` is false; returns whether the call may go on.
    @discardableResult
    static func check(_ condition: Bool, _ message: @autoclosure () -> String) -> Bool {
        if !condition { report(message()) }
        return condition
    }
}
