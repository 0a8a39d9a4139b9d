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
    /// Keeps the token in an array, or any collection that can grow.
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
        collection.append(self)
    }

    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension Cancellable {
    /// Keeps this in `set`, wrapped in a new `AnyCancellable` (as Combine does for any
    /// `Cancellable`; an `AnyCancellable` stores itself).
    public func store(in set: inout Set<AnyCancellable>) { AnyCancellable(self).store(in: &set) }

    /// Keeps this in `collection`, wrapped in a new `AnyCancellable`.
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
        AnyCancellable(self).store(in: &collection)
    }
}
