import TaplineReactive

/// The commands that make things happen: `tap`, `set`, `send`, `complete`, `fail`,
/// `cancel`, `request`, `wait`, `show`, `hide`, and an expression on its own.
extension Compiler {
    /// `tap NAME`: the button's action runs, then its tap publisher emits `()`.
    func tap(_ name: Name) throws(Diagnostic) -> Action {
        let entity = try entity(name)
        guard case .button(let box) = entity.kind else {
            throw Diagnostic.error(Messages.notA(name.text, isA: entity.kindDescription, expected: "a button"), at: name.range)
        }
        let runtime = self.runtime
        return { _ in
            // A button whose action taps itself nests: one level of the depth budget.
            try runtime.nested(at: name.range) { try box.action?() }
            box.tap.send(.void)
        }
    }

    /// `set NAME = value` and `send NAME value`: checked against the declared type, statically
    /// where the value's type is known and again at run time.
    func assignment(to name: Name, _ valueExpr: Expr, verb: StoreVerb) throws(Diagnostic) -> Action {
        if verb == .set, resolve(name.text) == nil, let implicit = implicitSelf(name.text, range: name.range) {
            return try assignPlace(implicit, .assign, valueExpr)
        }
        if case .local(let depth, let slot, let type)? = resolve(name.text) {
            if case .publisher = type {
                // A subject made in a func or closure: `subject.value = x` and `send subject x` send.
                let send = try expression(Expr(.call(Expr(.member(Expr(.name(name.text), name.range), "send", nameRange: name.range), name.range),
                                                     [Argument(label: nil, labelRange: nil, value: valueExpr)], trailing: nil), name.range.to(valueExpr.range)))
                return { frame in _ = try send.code(frame) }
            }
            return try localAssignment(name, valueExpr, depth: depth, slot: slot, type: type, verb: verb)
        }
        let entity = try entity(name)
        if case .value(let box) = entity.kind { return try valueAssignment(name, valueExpr, box: box, verb: verb) }
        switch entity.kind {
        case .button:
            throw Diagnostic.error(Messages.setOnButton(name.text), at: name.range)
        case .published:
            guard verb == .set else { throw Diagnostic.error(Messages.sendToPublished(name.text), at: name.range) }
        case .current, .subject:
            break
        default:
            throw Diagnostic.error(Messages.notA(name.text, isA: entity.kindDescription, expected: "a value you can \(verb)"), at: name.range)
        }
        let (code, staticType) = try expression(valueExpr)
        if staticType.conflicts(with: entity.type) || entity.declaredOutput?.admits(staticType) == false {
            throw Diagnostic.error(Messages.sendTypeMismatch(name.text, expected: entity.outputType.name, got: staticType.name), at: valueExpr.range)
        }
        let range = valueExpr.range
        // One closure per kind, so setting a value is one call, not two.
        switch entity.kind {
        case .published(let subject):
            let general: Action = { frame in subject.value = try entity.checked(try code(frame), at: range, verb: verb) }
            return selfUpdateAssignment(entity, name, valueExpr, general: general)
        case .current(let subject):
            let general: Action = { frame in subject.send(try entity.checked(try code(frame), at: range, verb: verb)) }
            return selfUpdateAssignment(entity, name, valueExpr, general: general)
        case .subject(let subject):
            // `send s i` with a local of this frame (a loop's variable): read in place, and an
            // `Int` sent as it is where the subject takes one (a subject's type never changes).
            if fastPaths, case .name(let local) = valueExpr.kind, case .local(0, let slot, _)? = resolve(local) {
                let takesInts = entity.type == .int || entity.outputType == .unknown
                return { frame in
                    let value = frame.slots[slot]
                    if takesInts, case .int = value {
                        subject.send(value)
                    } else {
                        subject.send(try entity.checked(value, at: range, verb: verb))
                    }
                }
            }
            return { frame in subject.send(try entity.checked(try code(frame), at: range, verb: verb)) }
        default:
            return { _ in }
        }
    }

    /// `x = value` for a `var` declared at the top level: stored, as in Swift.
    private func valueAssignment(_ name: Name, _ valueExpr: Expr, box: ValueBox, verb: StoreVerb) throws(Diagnostic) -> Action {
        guard verb == .set else { throw Diagnostic.error(Messages.notA(name.text, isA: box.isMutable ? "a variable" : "a constant", expected: "a subject to send to"), at: name.range) }
        guard box.isMutable else { throw Diagnostic.error(Messages.assignToConstant(name.text), at: name.range) }
        let code = try storable(valueExpr, into: box.type)
        let general: Action = { frame in box.value = try code(frame) }
        return selfUpdate(BoxTarget(box: box), name, valueExpr, type: box.type, general: general)
    }

    /// A value for a variable of `type`, checked as Swift checks it: an `Int` literal's value
    /// becomes a `Double` in a `Double` variable (`d = 2` stores 2.0), any other type must match.
    func storable(_ valueExpr: Expr, into type: SType) throws(Diagnostic) -> Code {
        let (code, valueType) = try expression(valueExpr)
        // `let s: Set<Int> = [1, 2, 2]`: an array literal makes a set where one is declared.
        if case .set = type, case .array = valueExpr.kind {
            if valueType.isKnown, case .array(let element) = valueType, !type.admits(.set(element)) {
                throw Diagnostic.error(Messages.typeMismatch("assign", expected: type.name, got: valueType.name), at: valueExpr.range)
            }
            let range = valueExpr.range
            return { frame in try Builtins.set(of: try code(frame), range: range) }
        }
        // `let x: Int? = 5`, `let xs: [Double] = [1, 2]`: wrapped, or made `Double`, as stored.
        if type.isOptional && !valueType.isOptional || type.holdsOptionals || type.storesConverted && valueType != type {
            guard type.admits(valueType) else {
                throw Diagnostic.error(Messages.typeMismatch("assign", expected: type.name, got: valueType.name), at: valueExpr.range)
            }
            return { frame in type.stored(try code(frame)) }
        }
        if type.isKnown, valueType.isKnown, !type.admits(valueType) {
            throw Diagnostic.error(Messages.typeMismatch("assign", expected: type.name, got: valueType.name), at: valueExpr.range)
        }
        return code
    }

    /// `x = value` for a local `var` (in a func, a closure, a block): stored in its frame.
    private func localAssignment(_ name: Name, _ valueExpr: Expr, depth: Int, slot: Int, type: SType, verb: StoreVerb) throws(Diagnostic) -> Action {
        guard verb == .set, scope.isMutable(depth: depth, slot: slot) else {
            throw Diagnostic.error(Messages.assignToConstant(name.text), at: name.range)
        }
        let code = try storable(valueExpr, into: type)
        let general: Action = { frame in frame.slots(up: depth)[slot] = try code(frame) }
        return selfUpdate(SlotTarget(depth: depth, slot: slot), name, valueExpr, type: type, general: general)
    }

    /// `complete NAME` and `fail NAME "message"`.
    func completion(of name: Name, failure: Expr?) throws(Diagnostic) -> Action {
        let entity = try entity(name)
        let finish: (Subscribers.Completion<ScriptFailure>) -> Void
        switch entity.kind {
        case .subject(let subject): finish = { subject.send(completion: $0) }
        case .current(let subject): finish = { subject.send(completion: $0) }
        case .button, .published:
            throw Diagnostic.error(Messages.neverFails(name.text, kind: entity.kindDescription), at: name.range)
        default:
            throw Diagnostic.error(Messages.notA(name.text, isA: entity.kindDescription, expected: "a subject"), at: name.range)
        }
        if failure != nil, entity.neverFails {
            throw Diagnostic.error(Messages.neverFailingSubject(name.text, kind: entity.kindDescription, type: entity.type.rawValue), at: name.range)
        }
        let message = try failure.map { (each) throws(Diagnostic) in try expression(each).code }
        return { frame in
            if let message {
                finish(.failure(ScriptFailure(error: try message(frame))))
            } else {
                finish(.finished)
            }
        }
    }

    /// `cancel NAME`: a stored subscription, or a custom subscriber.
    func cancel(_ name: Name) throws(Diagnostic) -> Action {
        let entity = try entity(name)
        switch entity.kind {
        case .subscription(let box): return { _ in box.token?.cancel() }
        case .bag(let box):
            return { _ in
                let tokens = box.tokens
                box.tokens.removeAll()
                for token in tokens { token.cancel() }
            }
        case .subscriber(let box): return { _ in box.subscriber?.cancel() }
        default: throw Diagnostic.error(Messages.notASubscription(name.text), at: name.range)
        }
    }

    /// `request NAME N`: a custom subscriber asks for more.
    func request(_ name: Name, _ amount: Expr) throws(Diagnostic) -> Action {
        let entity = try entity(name)
        guard case .subscriber(let box) = entity.kind else {
            throw Diagnostic.error(Messages.notA(name.text, isA: entity.kindDescription, expected: "a subscriber"), at: name.range)
        }
        if case .int(0) = amount.kind { throw Diagnostic.error(Messages.requestZero, at: amount.range) }
        let code = try expression(amount).code
        return { frame in
            let demand = try Value.demand(from: try code(frame), range: amount.range, allowZero: false)
            box.subscriber?.request(demand)
        }
    }

    /// `wait 300ms`: the virtual clock advances, running what falls due on the way.
    func wait(_ durationExpr: Expr, range: SourceRange) throws(Diagnostic) -> Action {
        let duration = try self.duration(durationExpr)
        let runtime = self.runtime
        return { frame in
            let (time, overflow) = runtime.clock.now.nanoseconds.addingReportingOverflow(try duration(frame))
            guard !overflow else { throw RuntimeError(Messages.clockEnd(waiting: true), at: range) }
            let target = VirtualTime(nanoseconds: time)
            // A `wait` inside a sink runs the clock inside the clock: one level of the budget.
            try runtime.nested(at: range) {
                runtime.clock.advance(to: target, shouldStop: runtime.clockShouldStop(at: range))
            }
            try runtime.checkInterrupt(range)
        }
    }

    /// `show VIEW` and `hide VIEW`: mount or dismantle a view.
    func showOrHide(_ name: Name, show: Bool) throws(Diagnostic) -> Action {
        let entity = try entity(name)
        guard case .view(let box) = entity.kind else {
            throw Diagnostic.error(Messages.notA(name.text, isA: entity.kindDescription, expected: "a view"), at: name.range)
        }
        let runtime = self.runtime
        return show ? { _ in try runtime.show(box) } : { _ in try runtime.hide(box) }
    }

    /// `.store(in: &subscriptions)` into a `Set<AnyCancellable>` that is a local of a func or
    /// closure: the set holds the subscription until the set goes, with the frame it is in.
    private func storeInLocal(_ base: Expr, depth: Int, slot: Int) throws(Diagnostic) -> Action {
        let (code, type) = try expression(base)
        guard type == .cancellable || type == .unknown else { throw Diagnostic.error(Messages.storeNeedsBag, at: base.range) }
        let range = base.range
        return { frame in
            guard case .cancellable(let token) = try code(frame) else { throw RuntimeError(Messages.storeNeedsBag, at: range) }
            let owner = frame.ancestor(depth)
            guard case .set(var elements) = owner.slots[slot] else { throw RuntimeError(Messages.storeNeedsBag, at: range) }
            if !elements.contains(.cancellable(token)) { elements.append(.cancellable(token)) }
            owner.slots[slot] = .set(elements)
        }
    }

    /// `.store(in: &self.cancellables)`: a set held by a property of an instance.
    private func storeInPlace(_ base: Expr, _ target: Expr) throws(Diagnostic) -> Action {
        let (code, type) = try expression(base)
        guard type == .cancellable || type == .unknown else { throw Diagnostic.error(Messages.storeNeedsBag, at: base.range) }
        let bag = try place(target)
        let range = target.range
        return { frame in
            guard case .cancellable(let token) = try code(frame) else { throw RuntimeError(Messages.storeNeedsBag, at: base.range) }
            guard case .set(var elements) = try bag.read(frame) else { throw RuntimeError(Messages.storeNeedsBag, at: range) }
            if !elements.contains(.cancellable(token)) { elements.append(.cancellable(token)) }
            try bag.write(frame, .set(elements))
        }
    }

    /// `NAME.connect()` on a connectable publisher stored with `let`: what connects it.
    func connection(_ expr: Expr) throws(Diagnostic) -> ((Frame) throws -> any Cancellable)? {
        guard case .call(let callee, let arguments, nil) = expr.kind, arguments.isEmpty,
              case .member(let base, "connect", _) = callee.kind, case .name(let name) = base.kind else { return nil }
        guard case .stream(let box) = try entity(Name(text: name, range: base.range)).kind else {
            throw Diagnostic.error(Messages.notConnectable, at: base.range)
        }
        let range = base.range
        return { _ in
            guard let connect = box.connect else { throw RuntimeError(Messages.notConnectable, at: range) }
            return connect()
        }
    }

    /// `var NAME = Set<AnyCancellable>()`: a bag for `.store(in: &NAME)`.
    func bag(_ name: Name, _ value: Expr) throws(Diagnostic) -> Action {
        guard case .call(let callee, let arguments, nil) = value.kind, arguments.isEmpty,
              case .specialized("Set", let types) = callee.kind, types.count == 1,
              case .named("AnyCancellable", let inner) = types[0].kind, inner.isEmpty else {
            return try plainValue(name, value, isMutable: true)
        }
        guard isTopLevel else { return try declaredValue(name, type: .set(.cancellable), initial: { _ in .set([]) }, isMutable: true) }
        return try declareBag(name)
    }

    /// A bag of subscriptions declared at the top level.
    func declareBag(_ name: Name) throws(Diagnostic) -> Action {
        let box = BagBox()
        let entity = Entity(name: name.text, range: name.range, kind: .bag(box))
        try declare(entity)
        return { _ in entity.isInitialized = true }
    }

    /// Whether `expr` is `….store(in: …)`, which is a statement.
    static func isStore(_ expr: Expr) -> Bool {
        guard case .call(let callee, _, nil) = expr.kind, case .member(_, "store", _) = callee.kind else { return false }
        return true
    }

    /// `chain.sink { … }.store(in: &bag)` and `token.store(in: &bag)`: the bag keeps the
    /// subscription (and the session does not). Nil when `expr` is not a `store(in:)`.
    func store(_ expr: Expr) throws(Diagnostic) -> Action? {
        guard case .call(let callee, let arguments, nil) = expr.kind, case .member(let base, "store", _) = callee.kind,
              arguments.count == 1, arguments[0].label == "in" else { return nil }
        var target = arguments[0].value
        if case .inout(let inner) = target.kind { target = inner }
        if case .name(let bagName) = target.kind, resolve(bagName) == nil, let implicit = implicitSelf(bagName, range: target.range) {
            target = implicit
        }
        if case .member = target.kind { return try storeInPlace(base, target) }
        guard case .name(let bagName) = target.kind else { throw Diagnostic.error(Messages.storeNeedsBag, at: target.range) }
        if case .local(let depth, let slot, let type)? = resolve(bagName) {
            guard type == .unknown || type == .set(.cancellable) else { throw Diagnostic.error(Messages.storeNeedsBag, at: target.range) }
            return try storeInLocal(base, depth: depth, slot: slot)
        }
        guard case .bag(let bag) = try entity(Name(text: bagName, range: target.range)).kind else {
            throw Diagnostic.error(Messages.storeNeedsBag, at: target.range)
        }
        if let subscription = try subscription(base) {
            return { frame in bag.tokens.append(try subscription.start(frame)) }
        }
        if case .name(let name) = base.kind, case .subscription(let box) = try entity(Name(text: name, range: base.range)).kind {
            return { _ in if let token = box.token { bag.tokens.append(token) } }
        }
        throw Diagnostic.error(Messages.storeNeedsBag, at: base.range)
    }

    /// `import Combine`, `Foundation`, `Dispatch` (and `PlaygroundSupport`, whose indefinite
    /// execution a script has: it runs until the clock goes quiet): what Tapline provides
    /// anyway, so the line does nothing. A platform's UI framework is a warning that names what
    /// Tapline has instead (a playground's template imports UIKit whether it is used or not;
    /// what the program uses of it is an error where it is used); any other module is an
    /// error. At the top level only, as in Swift.
    func importModule(_ path: [Name]) throws(Diagnostic) -> Action {
        guard let module = path.first else { return { _ in } }
        guard isTopLevel else { throw Diagnostic.error(Messages.importAtTopLevel, at: module.range) }
        guard !Compiler.importable.contains(module.text) else { return { _ in } }
        let instead = Compiler.insteadOfModule[module.text]
        guard Compiler.userInterfaceModules.contains(module.text) else {
            throw Diagnostic.error(Messages.unknownModule(module.text, instead: instead), at: module.range)
        }
        warnings.append(Diagnostic.warning(Messages.userInterfaceModule(module.text, instead: instead ?? ""), at: module.range))
        return { _ in }
    }

    /// The modules a Combine snippet imports that Tapline stands in for.
    static let importable: Set<String> = ["Combine", "Foundation", "Dispatch", "PlaygroundSupport", "Swift"]

    /// The platforms' UI frameworks: Tapline's `button` and `view` stand for them.
    static let userInterfaceModules: Set<String> = ["UIKit", "SwiftUI", "AppKit", "Cocoa"]

    /// What Tapline has instead of a module it cannot import.
    static let insteadOfModule: [String: String] = [
        "UIKit": "'button' and 'view' stand for UIKit's controls and views",
        "SwiftUI": "'view', 'published' and 'button' stand for SwiftUI's views and state",
        "AppKit": "'button' and 'view' stand for AppKit's controls and views",
        "Cocoa": "'button' and 'view' stand for AppKit's controls and views",
        "OpenCombine": "Combine itself: 'import Combine'",
        "RxSwift": "Combine's operators, with RxSwift's names in ':help' (':help flatMapLatest')",
        "XCTest": "'expect PUBLISHER \"-a--b-|\"' checks a publisher, as a marble test would",
    ]

    /// `_ = expr`: a subscription is made and let go at once, so it is cancelled at once — what
    /// it received before that (a `Just`'s value) it still printed; a value is evaluated.
    func discard(_ expr: Expr) throws(Diagnostic) -> Action {
        if try connection(expr) != nil { return try expressionStatement(expr) }   // `_ = p.connect()` does not cancel
        if let subscription = try subscription(expr) {
            return { frame in _ = try subscription.start(frame) }
        }
        let (code, _) = try expression(expr)
        return { frame in _ = try code(frame) }
    }

    /// An expression on its own: a chain ending in a subscriber subscribes (kept for the
    /// session, or in the bag of the view appearing); in the REPL a value is shown.
    func expressionStatement(_ expr: Expr) throws(Diagnostic) -> Action {
        if let stored = try store(expr) { return stored }
        let runtime = self.runtime
        if let connect = try connection(expr) {
            // A connection is a plain Cancellable: kept for the session, even after `_ =`.
            return { frame in
                runtime.keep(Subscribed(token: AnyCancellable(try connect(frame)), hasEnded: { false }), chain: self.text(of: expr.range))
            }
        }
        if let subscription = try subscription(expr) {
            return { frame in runtime.keep(try subscription.subscribe(frame), chain: subscription.chain) }
        }
        if let plan = try publisher(expr) {
            guard echoes else { throw Diagnostic.error(Messages.chainNotSubscribed("'.sink { … }'"), at: expr.range) }
            return { frame in runtime.writeEcho(try plan.describe(frame)) }
        }
        let (code, _) = try expression(expr)
        guard echoes else { return { frame in _ = try code(frame) } }
        if case .call = expr.kind {
            // A call shows its result only when it has one, as the Swift REPL does.
            return { frame in
                let value = try code(frame)
                if value != .void { runtime.writeEcho(value.debugDescription) }
            }
        }
        return { frame in runtime.writeEcho(try code(frame).debugDescription) }
    }
}
