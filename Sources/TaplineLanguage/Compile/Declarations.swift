import TaplineReactive

/// The declarations: `button`, `subject`, `current`, `published`, `subscriber`, `func`,
/// `view` and `let`. Each makes its run-time object now and declares its name; the action
/// returned gives it its initial state when the statement runs.
extension Compiler {
    /// `button NAME ["Title"] [{ action }]`
    func button(_ name: Name, title: Expr?, body: [Stmt]?) throws(Diagnostic) -> Action {
        let box = ButtonBox()
        box.tap.feedback.limit = runtime.feedbackLimit
        box.tap.monitor = monitor(name.text + ".tap")
        let entity = Entity(name: name.text, range: name.range, kind: .button(box), type: .void)
        try declare(entity)
        installFeedbackGuard(box.tap.feedback, name: name.text)
        let titleCode = try title.map { (each) throws(Diagnostic) in try expression(each).code }
        let action = try body.map { (each) throws(Diagnostic) in try inFrameAction(each) }
        if keepsCode { box.action = action }
        return { frame in
            box.title = try titleCode?(frame).description ?? name.text
            entity.isInitialized = true
        }
    }

    /// A subject's declared Failure: `Never` when none is written, else the type written, which
    /// must be an error (`Error`, or an enum of the program's that conforms to it).
    func failureType(_ written: TypeExpr?) throws(Diagnostic) -> SType {
        guard let written else { return .never }
        let type = try staticType(written)
        switch type {
        case .never, .error: return type
        case .user where isOwnErrorType(type): return type
        default: throw Diagnostic.error(Messages.notAnError(type.name), at: written.range)
        }
    }

    /// `subject NAME[: Type[, Failure]]`
    func subject(_ name: Name, type: TypeName?, failure: SType = .never, declared: SType? = nil) throws(Diagnostic) -> Action {
        let subject = PassthroughSubject<Value, ScriptFailure>()
        subject.monitor = monitor(name.text)
        subject.feedback.limit = runtime.feedbackLimit
        installFeedbackGuard(subject.feedback, name: name.text)
        let entity = Entity(name: name.text, range: name.range, kind: .subject(subject), type: type ?? .any)
        entity.failure = failure
        entity.declaredOutput = declared
        try declare(entity)
        return { _ in entity.isInitialized = true }
    }

    /// `current NAME[: Type] = value` and `published NAME[: Type] = value`; `declared` is a
    /// `CurrentValueSubject`'s Output that no `TypeName` names (`[String]`, `Int?`).
    func valueSubject(_ name: Name, type: TypeName?, initial: Expr, isPublished: Bool, failure: SType = .never,
                      declared: SType? = nil) throws(Diagnostic) -> Action {
        let (code, staticType) = try expression(initial)
        if let type, staticType.conflicts(with: type) {
            throw Diagnostic.error(Messages.typeMismatch("assign", expected: type.rawValue, got: staticType.name), at: initial.range)
        }
        if let declared, !declared.admits(staticType) {
            throw Diagnostic.error(Messages.typeMismatch("assign", expected: declared.name, got: staticType.name), at: initial.range)
        }
        let declaredType = declared == nil ? type ?? staticType.typeName : .any
        let entity: Entity
        let store: (Value) -> Void
        if isPublished {
            let subject = PublishedSubject<Value>(.void)
            subject.monitor = monitor("$" + name.text)
            subject.feedback.limit = runtime.feedbackLimit
            installFeedbackGuard(subject.feedback, name: name.text)
            entity = Entity(name: name.text, range: name.range, kind: .published(subject), type: declaredType ?? .any)
            let willChange = runtime.objectWillChange
            store = { value in
                // Like a property's initial value in Swift: stored before the object's
                // publisher is linked, so it sends no change notice.
                subject.value = value
                subject.willChange = willChange
            }
        } else {
            let subject = CurrentValueSubject<Value, ScriptFailure>(.void)
            subject.monitor = monitor(name.text)
            subject.feedback.limit = runtime.feedbackLimit
            installFeedbackGuard(subject.feedback, name: name.text)
            entity = Entity(name: name.text, range: name.range, kind: .current(subject), type: declaredType ?? .any)
            entity.failure = failure
            entity.declaredOutput = declared
            store = { subject.value = $0 }
        }
        try declare(entity)
        return { frame in
            let value = try code(frame)
            // An unannotated value takes the type of its first value, as Swift infers it.
            if declaredType == nil { entity.type = TypeName(inferredFrom: value) }
            store(try entity.checked(value, at: initial.range, verb: .assign))
            entity.isInitialized = true
        }
    }

    /// `subscriber NAME(demand: N) { value in … } [completion { … }]`: a custom subscriber
    /// whose body may return more demand.
    func subscriber(_ name: Name, demand demandExpr: Expr, body: ClosureExpr, completion: ClosureExpr?) throws(Diagnostic) -> Action {
        let box = SubscriberBox()
        let entity = Entity(name: name.text, range: name.range, kind: .subscriber(box))
        try declare(entity)
        let demandCode = try expression(demandExpr).code
        let valueClosure = try closure(body, inputs: [.unknown], owner: "subscriber")
        let completionClosure = try completion.map { (each) throws(Diagnostic) in try closure(each, inputs: [.completion], owner: "subscriber") }
        let runtime = self.runtime
        return { frame in
            let demand = try Value.demand(from: try demandCode(frame), range: demandExpr.range, allowZero: true)
            let boundValue = valueClosure.bind(to: frame)
            let boundCompletion = completionClosure?.bind(to: frame)
            box.subscriber = Subscribers.Custom<Value, ScriptFailure>(
                name: name.text, demand: demand,
                receiveValue: { value in
                    var more = Subscribers.Demand.none
                    runtime.deliver {
                        // A body that returns nothing adds no demand; a number is `.max(n)`,
                        // as `request` takes it; anything else is an error, not silence.
                        let result = try boundValue.call(value)
                        if result != .void { more = try Value.demand(from: result, range: body.range, allowZero: true) }
                    }
                    return more
                },
                receiveCompletion: { completion in
                    guard let boundCompletion else { return }
                    runtime.deliver { try boundCompletion.perform(Value(completion)) }
                })
            entity.isInitialized = true
        }
    }

    /// `func NAME(parameters) [-> Type] { … }`: at the top level, or inside a view (visible to
    /// that view only). Declared before its body compiles, so that it may call itself.
    func function(_ declaration: FunctionDecl, inView: Bool = false) throws(Diagnostic) -> Action {
        if !inView, !isTopLevel { return try localFunction(declaration) }
        let name = declaration.name
        if inView { try checkNewInView(name) }
        let box = try functionBox(declaration)
        let entity = Entity(name: name.text, range: name.range, kind: .function(box))
        if inView { viewFunctions[name.text] = entity } else { try declare(entity) }
        do {
            try compileBody(of: declaration, into: box)
        } catch where !inView && (error.id == .unknownName || error.id == .unknownType) {
            // Perhaps declared further on in the entry, as a script's globals may be.
            deferredBodies.append((declaration, box, error))
        }
        return { _ in entity.isInitialized = true }
    }

    /// The bodies `function` put off, compiled now that the entry has declared everything
    /// it will: an error that remains is the one each met first.
    func compileDeferredBodies() throws(Diagnostic) {
        let deferred = deferredBodies
        deferredBodies = []
        for (declaration, box, first) in deferred {
            do {
                try compileBody(of: declaration, into: box)
            } catch {
                throw error.id == first.id ? first : error
            }
        }
    }

    /// A func declared in a block or a closure: a closure held by a local of its frame, so
    /// that it sees the locals around it, as Swift's nested funcs do (and may call itself).
    private func localFunction(_ declaration: FunctionDecl) throws(Diagnostic) -> Action {
        let saved = genericParameters
        genericParameters.formUnion(declaration.genericParameters)
        defer { genericParameters = saved }
        var types: [SType] = []
        for parameter in declaration.parameters { types.append(try parameter.type.map { (type) throws(Diagnostic) in try staticType(type) } ?? .unknown) }
        let result = try declaration.result.map { (type) throws(Diagnostic) in try staticType(type) } ?? .void
        let slot = scope.addLocal(declaration.name.text, type: .function(types, result: result))
        let closure = ClosureExpr(parameters: declaration.parameters.map(\.name.text), parameterTypes: declaration.parameters.map(\.type),
                                  resultType: declaration.result, body: declaration.body, range: declaration.name.range)
        let (code, _) = try closureValue(closure, expected: nil)
        return { frame in frame.slots[slot] = try code(frame) }
    }

    /// A body of one expression in a func that declares a result is that result, as in Swift
    /// (`func double(_ x: Int) -> Int { x * 2 }`).
    static func implicitReturn(_ body: [Stmt], declared result: TypeExpr?) -> [Stmt] {
        guard let result, body.count == 1, case .expression(let expr) = body[0].kind else { return body }
        if case .tuple(let elements) = result.kind, elements.isEmpty { return body }
        if case .named("Void", _) = result.kind { return body }
        return [Stmt(.returnStatement(expr), body[0].range)]
    }

    /// The signature: each parameter's label and type, and the result type.
    func functionBox(_ declaration: FunctionDecl) throws(Diagnostic) -> FunctionBox {
        let saved = genericParameters
        genericParameters.formUnion(declaration.genericParameters)
        defer { genericParameters = saved }
        var parameters: [(label: String?, type: SType)] = []
        var seen: [String: Name] = [:]
        for parameter in declaration.parameters {
            if let previous = seen[parameter.name.text] {
                throw Diagnostic.error(Messages.alreadyDeclared(parameter.name.text), at: parameter.name.range,
                                       notes: [Diagnostic.Note(Messages.previousDeclaration, at: previous.range)])
            }
            seen[parameter.name.text] = parameter.name
            parameters.append((parameter.label, try parameter.type.map { (type) throws(Diagnostic) in try staticType(type) } ?? .unknown))
        }
        let result = try declaration.result.map { (type) throws(Diagnostic) in try staticType(type) } ?? .unknown
        let box = FunctionBox(parameters: parameters, result: result, isThrowing: declaration.isThrowing)
        box.defaults = declaration.parameters.map(\.defaultValue)
        return box
    }

    /// The body, in a frame whose first slots are the parameters.
    private func compileBody(of declaration: FunctionDecl, into box: FunctionBox) throws(Diagnostic) {
        let saved = genericParameters
        genericParameters.formUnion(declaration.genericParameters)
        defer { genericParameters = saved }
        var action: Action = { _ in }
        box.frameSize = try inFrame(isClosure: false, argumentTypes: box.parameters.map(\.type)) { () throws(Diagnostic) in
            for (slot, parameter) in declaration.parameters.enumerated() { scope.nameArgument(parameter.name.text, slot: slot) }
            scope.functionName = declaration.name.text
            scope.resultType = box.result
            scope.function = box
            action = try block(Compiler.implicitReturn(declaration.body, declared: declaration.result))
        }
        box.body = action
    }

    /// `view NAME { func …; on appear { … }; on disappear { … }; var body: some View { … } }`
    func view(_ declaration: ViewDecl) throws(Diagnostic) -> Action {
        let (name, functions) = (declaration.name, declaration.functions)
        let box = ViewBox(name: name.text)
        let entity = Entity(name: name.text, range: name.range, kind: .view(box))
        try declare(entity)
        let saved = viewFunctions
        defer { viewFunctions = saved }
        viewFunctions = [:]
        box.properties = try declaration.properties.map { (property) throws(Diagnostic) in try viewProperty(property) }
        for function in functions {
            guard case .function(let declaration) = function.kind else { continue }
            _ = try self.function(declaration, inView: true)
        }
        box.functions = viewFunctions.values.compactMap { entity in
            if case .function(let function) = entity.kind { return function }
            return nil
        }
        box.appear = try inFrameAction(declaration.appear)
        box.disappear = try inFrameAction(declaration.disappear)
        box.body = try declaration.body.map { (statements) throws(Diagnostic) in try viewBody(statements) }
        return { _ in entity.isInitialized = true }
    }

    /// A view's member (a func, an `@StateObject`) is declared once in its view.
    func checkNewInView(_ name: Name) throws(Diagnostic) {
        guard let previous = viewFunctions[name.text] else { return }
        throw Diagnostic.error(Messages.alreadyDeclared(name.text), at: name.range,
                               notes: [Diagnostic.Note(Messages.previousDeclaration, at: previous.range)])
    }

    /// `let NAME = chain.sink { … }` keeps a subscription; `let NAME = chain` keeps a
    /// publisher, built once (so that `share()` is shared).
    func letBinding(_ name: Name, _ value: Expr) throws(Diagnostic) -> Action {
        guard isTopLevel else {
            if let subject = try localSubject(value) { return try declaredValue(name, type: subject.type, initial: subject.code, isMutable: false) }
            return try plainValue(name, value, isMutable: false)
        }
        if let subject = try combineSubject(name, value) { return subject }
        if let scheduler = knownScheduler(value) { return try schedulerConstant(name, scheduler, value) }
        if let connect = try connection(value) {
            // `let c = p.connect()`: the connection, cancelled by `cancel c`.
            let box = SubscriptionBox(chain: text(of: value.range))
            let entity = Entity(name: name.text, range: name.range, kind: .subscription(box))
            try declare(entity)
            return { frame in
                box.token = AnyCancellable(try connect(frame))
                entity.isInitialized = true
            }
        }
        if let subscription = try subscription(value) {
            let box = SubscriptionBox(chain: subscription.chain)
            let entity = Entity(name: name.text, range: name.range, kind: .subscription(box))
            try declare(entity)
            return { frame in
                let subscribed = try subscription.subscribe(frame)
                box.token = subscribed.token
                box.hasEnded = subscribed.hasEnded
                entity.isInitialized = true
            }
        }
        guard let plan = try publisher(value) else { return try plainValue(name, value, isMutable: false) }
        let box = StreamBox(chain: plan.text, output: plan.type, failure: plan.failure)
        let entity = Entity(name: name.text, range: name.range, kind: .stream(box), type: plan.type.typeName ?? .any)
        try declare(entity)
        if let connectable = plan.connectable {
            return { frame in
                (box.publisher, box.connect) = try connectable(frame)
                entity.isInitialized = true
            }
        }
        if let described = plan.described {
            return { frame in
                (box.publisher, box.describe) = try described(frame)
                entity.isInitialized = true
            }
        }
        return { frame in
            box.publisher = try plan.make(frame)
            entity.isInitialized = true
        }
    }

    /// `let x: Int = 5`, `var cancellable: AnyCancellable?`, `var bag: Set<AnyCancellable> = []`:
    /// declared with its type, checked as Swift checks it. Without a value an optional starts
    /// as `nil`; anything else must be set before it is read.
    func typedBinding(_ name: Name, type: TypeExpr, value: Expr?, isMutable: Bool) throws(Diagnostic) -> Action {
        let declared = try staticType(type)
        if let value, let made = Compiler.implicitInit(value, of: type) { return try typedBinding(name, type: type, value: made, isMutable: isMutable) }
        if declared == .set(.cancellable), isTopLevel, isMutable, value.map(Compiler.isEmptyCollection) ?? true {
            return try declareBag(name)
        }
        guard let value else { return try declaredValue(name, type: declared, initial: nil, isMutable: isMutable) }
        // A publisher or a subject declared with its type is what it would be without it.
        if case .publisher = declared, !isMutable { return try letBinding(name, value) }
        return try declaredValue(name, type: declared, initial: try storable(value, into: declared), isMutable: isMutable)
    }

    /// `.init(…)` where the type is written: `let s: PassthroughSubject<Int, Never> = .init()`
    /// is a call of the type itself. Nil for any other value.
    static func implicitInit(_ value: Expr, of type: TypeExpr) -> Expr? {
        guard case .call(let callee, let arguments, let trailing) = value.kind, case .implicitMember("init") = callee.kind,
              case .named(let name, let generics) = type.kind else { return nil }
        let made = Expr(generics.isEmpty ? .name(name) : .specialized(name, generics), callee.range)
        return Expr(.call(made, arguments, trailing: trailing), value.range)
    }

    /// `[]` or `Set()`: an empty collection written to fill a declared type.
    static func isEmptyCollection(_ expr: Expr) -> Bool {
        switch expr.kind {
        case .array(let elements): return elements.isEmpty
        case .call(let callee, let arguments, nil): if case .name("Set") = callee.kind { return arguments.isEmpty }
        default: break
        }
        return false
    }

    /// A constant or variable of a declared type: a local of its frame in a block, a
    /// declaration the session keeps at the top level. `initial` nil: an optional is `nil`.
    func declaredValue(_ name: Name, type: SType, initial: Code?, isMutable: Bool) throws(Diagnostic) -> Action {
        let code: Code = initial ?? { _ in .nil }
        guard isTopLevel else {
            let slot = scope.addLocal(name.text, type: type)
            if isMutable { scope.mutableSlots.insert(slot) }
            return { frame in frame.slots[slot] = try code(frame) }
        }
        let box = ValueBox(type: type, isMutable: isMutable)
        let entity = Entity(name: name.text, range: name.range, kind: .value(box), type: type.typeName ?? .any)
        try declare(entity)
        return { frame in
            box.value = try code(frame)
            entity.isInitialized = true
        }
    }

    /// `let NAME = value` / `var NAME = value`: a plain value, as in Swift (DESIGN §8). At
    /// the top level it is a declaration the session keeps; in a block, a local of its frame.
    func plainValue(_ name: Name, _ value: Expr, isMutable: Bool) throws(Diagnostic) -> Action {
        let compiled: (code: Code, type: SType)
        if let taken = takeCompiled(value) { compiled = taken } else { compiled = try expression(value) }
        return try declaredValue(name, type: compiled.type, initial: compiled.code, isMutable: isMutable)
    }

    /// `let queue = DispatchQueue(label: "work")`: a name for a scheduler, which Tapline has as
    /// no value: the name goes where a scheduler goes (`receive(on: queue)`, `queue.async { … }`)
    /// and reads as the expression it names.
    private func schedulerConstant(_ name: Name, _ scheduler: SessionQueue, _ value: Expr) throws(Diagnostic) -> Action {
        let box = ValueBox(type: .string, isMutable: false)
        let entity = Entity(name: name.text, range: name.range, kind: .value(box), type: .string)
        entity.scheduler = scheduler
        try declare(entity)
        let description = Value.string(Compiler.describe(value))
        return { _ in
            box.value = description
            entity.isInitialized = true
        }
    }

    /// Combine's own declarations, accepted as what they equal: `let s =
    /// PassthroughSubject<Int, Never>()` is `subject s: Int`, and `let c =
    /// CurrentValueSubject<Int, Error>(0)` is `current c: Int, Error = 0`. Nil for any other value.
    private func combineSubject(_ name: Name, _ value: Expr) throws(Diagnostic) -> Action? {
        guard case .call(let callee, let arguments, nil) = value.kind, case .specialized(let type, let generics) = callee.kind,
              type == "PassthroughSubject" || type == "CurrentValueSubject" else { return nil }
        guard generics.count == 2 else { throw Diagnostic.error(Messages.subjectDeclaration(type), at: value.range) }
        // `Int`, `String`: the subject's type as `subject s: Int` names it; `[String]`, `Int?`,
        // `Person`: a type only Swift's spelling names, kept whole.
        let output = try staticType(generics[0])
        let annotation = output.typeName ?? (output.isKnown ? nil : .any)
        let declared = annotation == nil ? output : nil
        let failure = try failureType(generics[1])
        if type == "PassthroughSubject" {
            guard arguments.isEmpty else { throw Diagnostic.error(Messages.subjectDeclaration(type), at: value.range) }
            return try subject(name, type: annotation, failure: failure, declared: declared)
        }
        guard arguments.count == 1, arguments[0].label == nil else { throw Diagnostic.error(Messages.subjectDeclaration(type), at: value.range) }
        return try valueSubject(name, type: annotation, initial: arguments[0].value, isPublished: false, failure: failure, declared: declared)
    }

    /// `PassthroughSubject<Int, Never>()` or `CurrentValueSubject<Int, Never>(0)` made in a
    /// func or a closure: a new subject each time it runs, held as a publisher value that can
    /// be sent to. Nil for any other value.
    func localSubject(_ value: Expr) throws(Diagnostic) -> (code: Code, type: SType)? {
        guard case .call(let callee, let arguments, nil) = value.kind else { return nil }
        let kind: String, generics: [TypeExpr]
        switch callee.kind {
        case .specialized(let name, let written): (kind, generics) = (name, written)
        // `CurrentValueSubject(message)`: its types come from where it goes, as Swift infers them.
        case .name(let name) where resolve(name) == nil: (kind, generics) = (name, [])
        default: return nil
        }
        guard kind == "PassthroughSubject" || kind == "CurrentValueSubject" else { return nil }
        guard generics.count == 2 || generics.isEmpty, arguments.count == (kind == "PassthroughSubject" ? 0 : 1), arguments.first?.label == nil else {
            throw Diagnostic.error(Messages.subjectDeclaration(kind), at: value.range)
        }
        let inferred = try arguments.first.map { (argument) throws(Diagnostic) in try expression(argument.value).type } ?? .unknown
        let (output, failure) = generics.isEmpty ? (inferred, SType.unknown) : (try staticType(generics[0]), try staticType(generics[1]))
        let description = "\(kind)<\(output.name), \(failure.isKnown ? failure.name : "Never")>"
        let type = SType.publisher(output: output, failure: failure)
        let lane = text(of: value.range).description
        let monitor: SubjectMonitor<Value, ScriptFailure>? = self.monitor(lane)
        guard let initial = try arguments.first.map({ (argument) throws(Diagnostic) in try storable(argument.value, into: output) }) else {
            return ({ _ in
                let subject = PassthroughSubject<Value, ScriptFailure>()
                subject.monitor = monitor
                return .publisher(PublisherValue(subject.eraseToAnyPublisher(), output: output, failure: failure, description: description,
                                                 subject: SubjectHandle(subject)))
            }, type)
        }
        return ({ frame in
            let subject = CurrentValueSubject<Value, ScriptFailure>(try initial(frame))
            subject.monitor = monitor
            return .publisher(PublisherValue(subject.eraseToAnyPublisher(), output: output, failure: failure, description: description,
                                             subject: SubjectHandle(subject)))
        }, type)
    }

    /// A body with a frame of its own, made per run (button actions, `on appear`): it needs
    /// no frame from its caller. One without locals shares a single empty frame.
    func inFrameAction(_ statements: [Stmt]) throws(Diagnostic) -> Body {
        var compiled: Action = { _ in }
        var returns = false
        let size = try inFrame(isClosure: false, argumentTypes: []) { () throws(Diagnostic) in
            compiled = try block(statements)
            returns = scope.containsReturn
        }
        let body = compiled
        // `return` leaves the action early; what it returns goes nowhere.
        let runtime = self.runtime
        let action: Action = !returns ? body : { frame in
            do { try body(frame) } catch is ReturnSignal { _ = runtime.takeReturned() }
        }
        if size == 0 {
            let empty = Frame.make(size: 0, parent: nil)
            return { try action(empty) }
        }
        return { try action(Frame.make(size: size, parent: nil)) }
    }

    /// A subject whose sends nest past the limit reports a feedback loop at the statement
    /// that started it. Not for a check, whose declarations never run: a closure less for
    /// each of them to allocate and keep.
    private func installFeedbackGuard(_ guardObject: FeedbackGuard, name: String) {
        guard keepsCode else { return }
        let runtime = self.runtime
        guardObject.onLoop = { [unowned guardObject] in
            runtime.raise(RuntimeError(Messages.feedbackLoop(name, limit: guardObject.limit),
                                       at: runtime.statementRange ?? .zero,
                                       notes: [Diagnostic.Note(Messages.feedbackLoopNote)]))
        }
    }
}
