/// A scheduler that runs every action at once, on the caller's stack (Combine's
/// `ImmediateScheduler.shared`). Its clock never moves: `now` is always the same instant, and
/// an action scheduled for later runs immediately, as Combine's does.
///
/// ```swift
/// let token = Just(1).receive(on: ImmediateScheduler.shared).sink { print($0) }
/// print("after")
/// // 1
/// // after
/// ```
public final class ImmediateScheduler: Scheduler, Sendable {
    /// The one instance, as in Combine.
    public static let shared = ImmediateScheduler()

    private init() {}

    public var now: VirtualTime { .zero }

    @discardableResult
    public func schedule(after delay: Duration, _ action: @escaping () -> Void) -> any Cancellable {
        action()
        return Subscriptions.empty
    }

    public func schedule(_ action: @escaping () -> Void) { action() }
}
