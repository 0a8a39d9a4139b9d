/// A type-erased cancellable that cancels when it is released — Combine's subscription token.
///
/// ```swift
/// var bag = Set<AnyCancellable>()
/// subject.sink { print($0) }.store(in: &bag)
/// bag.removeAll()          // releasing the token cancels the sink
/// ```
public final class AnyCancellable: Cancellable, Hashable {
    private var onCancel: (() -> Void)?

    /// Calls `cancel` once, on `cancel()` or at release, whichever comes first.
    public init(_ cancel: @escaping () -> Void) { onCancel = cancel }

    /// Wraps another cancellable.
    public init<C: Cancellable>(_ canceller: C) { onCancel = canceller.cancel }

    deinit { onCancel?() }

    public func cancel() {
        // Cleared first so a re-entrant cancel from inside the closure does nothing.
        let action = onCancel
        onCancel = nil
        action?()
    }

    /// Keeps the token in a set, as a view's bag does.
    public func store(in set: inout Set<AnyCancellable>) { set.insert(self) }
    /// Keeps the token in an array.
    public func store(in array: inout [AnyCancellable]) { array.append(self) }

    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
