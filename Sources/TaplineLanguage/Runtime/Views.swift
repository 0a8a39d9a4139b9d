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
    /// `@StateObject` and `@ObservedObject` properties: made when the view is mounted, let go
    /// when it is dismantled.
    var properties: [Property] = []
    /// What the view shows (`var body: some View { … }`), if it has a body.
    var body: ViewBody?
    /// While shown: the `objectWillChange` subscriptions that make the body draw again, the
    /// objects they watch, and what it showed last.
    var watching: [AnyCancellable] = []
    var watched: [ObjectIdentifier] = []
    var shown: [ViewPiece]?
    var redrawIsDue = false
    var isDrawing = false
    let name: String

    init(name: String) { self.name = name }

    struct Property {
        let box: ValueBox
        let isStateObject: Bool
        let initial: () throws -> Value
    }
}

/// A view's body compiled (`Compiler.viewBody`): what it shows now, and the ObservableObjects
/// it reads now.
struct ViewBody {
    let pieces: () throws -> [ViewPiece]
    let observed: () throws -> [ObservableObjectPublisher]
}

extension Runtime {
    /// Mounts a view: `on appear` runs, and the subscriptions it makes go into the view's bag.
    func show(_ view: ViewBox) throws {
        guard !view.isShown else { return }
        // Its objects first: `on appear` and the body read them.
        for property in view.properties { property.box.value = try property.initial() }
        view.isShown = true
        bagOwners.append(view)
        defer { bagOwners.removeLast() }
        // An `on appear` that remounts its own view nests: one level of the depth budget.
        try nested(at: statementRange ?? .zero) { try view.appear?() }
        try draw(view)
    }

    /// Dismantles a view: `on disappear` runs, then its bag is cancelled.
    func hide(_ view: ViewBox) throws {
        guard view.isShown else { return }
        view.isShown = false
        dismantleBody(of: view)
        defer {
            let bag = view.bag
            view.bag.removeAll()
            for token in bag { token.cancel() }
            // Last, as SwiftUI lets go of a dismantled view's objects: a `deinit` runs now if
            // nothing else holds one.
            for property in view.properties { property.box.value = .void }
        }
        try nested(at: statementRange ?? .zero) { try view.disappear?() }
    }
}

extension Runtime {
    /// The `switch` that shows a view ran again and chose it again: SwiftUI makes the view
    /// anew from its parent's body, so an `@ObservedObject` written with an initializer gets a
    /// new object (the view does not own it), while an `@StateObject` keeps its own. A body
    /// then draws what it shows now.
    func chosenAgain(_ view: ViewBox) throws {
        let observed = view.properties.filter { !$0.isStateObject }
        guard view.isShown, !observed.isEmpty else { return }
        for property in observed { property.box.value = try property.initial() }
        try draw(view)
    }
}

// MARK: - Bodies

/// A view with a body draws when it is mounted and again after each change to what it
/// observes, as SwiftUI runs a body again: the program's `published` values (the program is
/// the ObservableObject that holds them) and every ObservableObject its body reads. The
/// change marks the view; it draws on the main queue's next turn, when the new value is in
/// place, and shows itself only when what it shows differs from the last time.
extension Runtime {
    func draw(_ view: ViewBox) throws {
        guard let body = view.body, view.isShown else { return }
        view.redrawIsDue = false
        // A body that changes what it observes while it draws would draw without end.
        view.isDrawing = true
        defer { view.isDrawing = false }
        let pieces = try nested(at: statementRange ?? .zero) { try body.pieces() }
        // A func the body called may have dismantled it.
        guard view.isShown else { return }
        try watch(view, body)
        guard pieces != view.shown else { return }
        view.shown = pieces
        drawView(ViewDrawing(name: view.name, pieces: pieces))
    }

    private func watch(_ view: ViewBox, _ body: ViewBody) throws {
        let objects = [objectWillChange] + (try body.observed())
        let identities = objects.map(ObjectIdentifier.init)
        guard identities != view.watched else { return }
        view.watching.forEach { $0.cancel() }
        view.watched = identities
        view.watching = objects.map { object in
            object.sink { [weak self, weak view] _ in if let view { self?.invalidate(view) } }
        }
    }

    private func invalidate(_ view: ViewBox) {
        guard view.isShown, !view.redrawIsDue, !view.isDrawing else { return }
        view.redrawIsDue = true
        clock.schedule(options: nil) { [weak self, weak view] in
            guard let self, let view else { return }
            deliver { try self.draw(view) }
        }
    }

    /// Stops watching, and tells where the body was drawn that it is gone (a view without a
    /// body has nothing to stop or tell).
    func dismantleBody(of view: ViewBox) {
        view.watching.forEach { $0.cancel() }
        view.watching = []
        view.watched = []
        view.redrawIsDue = false
        if view.shown != nil { drawView(ViewDrawing(name: view.name, pieces: nil)) }
        view.shown = nil
    }
}
