import TaplineReactive

/// `view NAME`: its `on appear` and `on disappear` bodies and its bag — the subscriptions
/// made while it appeared, cancelled when it is dismantled (as a SwiftUI view's
/// `cancellables` go with it).
final class ViewBox {
    var appear: Body?
    var disappear: Body?
    var bag: [AnyCancellable] = []
    var isShown = false
    /// The view's own funcs: a func that calls itself holds itself through its body, so the
    /// view lets go of their bodies when the session ends.
    var functions: [FunctionBox] = []
}

extension Runtime {
    /// Mounts a view: `on appear` runs, and the subscriptions it makes go into the view's bag.
    func show(_ view: ViewBox) throws {
        guard !view.isShown else { return }
        view.isShown = true
        bagOwners.append(view)
        defer { bagOwners.removeLast() }
        // An `on appear` that remounts its own view nests: one level of the depth budget.
        try nested(at: statementRange ?? .zero) { try view.appear?() }
    }

    /// Dismantles a view: `on disappear` runs, then its bag is cancelled.
    func hide(_ view: ViewBox) throws {
        guard view.isShown else { return }
        view.isShown = false
        defer {
            let bag = view.bag
            view.bag.removeAll()
            for token in bag { token.cancel() }
        }
        try nested(at: statementRange ?? .zero) { try view.disappear?() }
    }
}
