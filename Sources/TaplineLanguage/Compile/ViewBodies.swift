/// A view's body (`var body: some View { … }`) as SwiftUI writes one: the statements are read
/// as the elements the view shows, not run as code. What a body can hold:
///
/// ```
/// button plus "+"
/// class Counter: ObservableObject { @Published var count = 0 }
/// let model = Counter()
/// plus.tap.sink { model.count += 1 }
/// view CounterView {
///   var body: some View {
///     Text("Count: \(model.count)")
///     HStack { plus; Spacer() }
///   }
/// }
/// show CounterView
/// tap plus
/// ```
///
/// `Text(string)`; a declared button's name (drawn `[ + ]`, pressed with `tap plus`);
/// `VStack { … }`, `HStack { … }`, `Divider()`, `Spacer()`; `if … { … } else { … }`; and
/// modifiers such as `.padding()` or `.font(.title)`, which are accepted and not drawn.
extension Compiler {
    /// `@StateObject var model = Model()` / `@ObservedObject var model = shared`: a name the
    /// view's funcs, `on appear`, `on disappear` and body read, holding an ObservableObject
    /// while the view is mounted (`Runtime.show`).
    func viewProperty(_ property: ViewProperty) throws(Diagnostic) -> ViewBox.Property {
        let written = try property.type.map { (type) throws(Diagnostic) in try staticType(type) }
        var compiled: (code: Code, type: SType) = ({ _ in .void }, .unknown)
        let size = try inFrame(isClosure: false, argumentTypes: []) { () throws(Diagnostic) in
            if let written {
                compiled = (try storable(property.value, into: written), written)
            } else {
                compiled = try expression(property.value)
            }
        }
        let type = compiled.type
        if type.isKnown, userType(of: type)?.isObservable != true {
            let wrapper = property.isStateObject ? "StateObject" : "ObservedObject"
            throw Diagnostic.error(Messages.notObservable(wrapper, type.name), at: property.value.range)
        }
        try checkNewInView(property.name)
        let box = ValueBox(type: type, isMutable: true)
        let entity = Entity(name: property.name.text, range: property.name.range, kind: .value(box), type: type.typeName ?? .any)
        entity.isInitialized = true
        viewFunctions[property.name.text] = entity
        let code = compiled.code
        return ViewBox.Property(box: box, isStateObject: property.isStateObject,
                                initial: { try code(Frame.make(size: size, parent: nil)) })
    }

    /// The body compiled: what it shows, worked out afresh each time it draws, and the
    /// ObservableObjects it reads, whose `objectWillChange` makes it draw again.
    func viewBody(_ statements: [Stmt]) throws(Diagnostic) -> ViewBody {
        var pieces: (Frame) throws -> [ViewPiece] = { _ in [] }
        var observed: [Code] = []
        let size = try inFrame(isClosure: false, argumentTypes: []) { () throws(Diagnostic) in
            pieces = try viewPieces(statements)
            for base in Compiler.memberBases(in: statements) {
                guard let (code, type) = try? expression(base), userType(of: type)?.isObservable == true else { continue }
                observed.append(code)
            }
        }
        let draw = pieces
        return ViewBody(pieces: { try draw(Frame.make(size: size, parent: nil)) }, observed: observed.isEmpty ? { [] } : {
            let frame = Frame.make(size: size, parent: nil)
            return try observed.compactMap { code in
                var value = try code(frame)
                while case .some(let wrapped) = value { value = wrapped }
                if case .instance(let instance) = value { return instance.objectWillChange }
                return nil
            }
        })
    }

    private func viewPieces(_ statements: [Stmt]) throws(Diagnostic) -> (Frame) throws -> [ViewPiece] {
        var parts: [(Frame) throws -> [ViewPiece]] = []
        for statement in statements {
            switch statement.kind {
            case .expression(let element):
                parts.append(try viewElement(element))
            case .ifStatement(let condition, let body, let elseBody):
                let test = try self.condition(condition)
                let then = try viewPieces(body)
                let otherwise = try elseBody.map { (each) throws(Diagnostic) in try viewPieces(each) }
                parts.append { frame in try test(frame) ? then(frame) : otherwise?(frame) ?? [] }
            default:
                throw Diagnostic.error(Messages.viewBodyElement(found: text(of: statement.range).description), at: statement.range)
            }
        }
        if parts.count == 1 { return parts[0] }
        return { frame in try parts.flatMap { try $0(frame) } }
    }

    /// One element: `Text(…)`, a button's name, a stack, `Divider()`, `Spacer()`, or one of
    /// those with modifiers after it.
    private func viewElement(_ element: Expr) throws(Diagnostic) -> (Frame) throws -> [ViewPiece] {
        switch element.kind {
        case .name(let name):
            if case .entity(let entity)? = resolve(name), case .button(let box) = entity.kind {
                return { _ in [.button(title: box.title, name: name)] }
            }
        case .call(let callee, let arguments, let trailing):
            if case .member(let base, _, _) = callee.kind { return try viewElement(base) }   // a modifier
            guard case .name(let name) = callee.kind else { break }
            switch (name, arguments.count, trailing) {
            case ("Text", 1, nil):
                return try text(arguments[0].value)
            case ("VStack", _, let content?), ("HStack", _, let content?):
                let inner = try viewPieces(content.body)
                return name == "VStack" ? { frame in [.column(try inner(frame))] } : { frame in [.row(try inner(frame))] }
            case ("Divider", 0, nil): return { _ in [.divider] }
            case ("Spacer", 0, nil): return { _ in [.text("")] }
            case ("Button", _, _): throw Diagnostic.error(Messages.viewBodyButton, at: element.range)
            default: break
            }
        default: break
        }
        throw Diagnostic.error(Messages.viewBodyElement(found: text(of: element.range).description), at: element.range)
    }

    /// `Text(string)`: SwiftUI's `Text` takes text, so any other type is Swift's error.
    private func text(_ value: Expr) throws(Diagnostic) -> (Frame) throws -> [ViewPiece] {
        let (code, type) = try expression(value)
        if type.isKnown, type != .string { throw Diagnostic.error(Messages.textNeedsString(type.name), at: value.range) }
        return { frame in [.text(try code(frame).description)] }
    }

    /// The bases of the member reads in a body (`model` in `model.count`): those that are
    /// ObservableObjects are what the body observes.
    static func memberBases(in statements: [Stmt]) -> [Expr] {
        var bases: [Expr] = []
        var seen: Set<String> = []
        // The visit throws nothing; the walk is declared to for the exporter's checks.
        try? SwiftExporter.walk(statements) { node in
            guard case .expr(let expr) = node, case .member(let base, _, _) = expr.kind else { return }
            let root = unwrapped(base)
            if case .name(let name) = root.kind, seen.insert(name).inserted { bases.append(root) }
        }
        return bases
    }

    /// `model` in `model?`, `model!` and Swift's optional chain through it.
    private static func unwrapped(_ expr: Expr) -> Expr {
        switch expr.kind {
        case .optionalChain(let inner), .optionalBind(let inner), .forceUnwrap(let inner): return unwrapped(inner)
        default: return expr
        }
    }
}
