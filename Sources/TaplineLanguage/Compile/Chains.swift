import TaplineReactive

/// A compiled publisher chain: builds a fresh publisher each time the statement runs (a
/// view's `on appear` runs again each time it is shown), with closures compiled once.
///
/// A value, with its fields in one object copied on write: a plan is copied at every stage
/// of every chain (into an optional, into the next stage's call, into a recording's tap), and
/// copying nine fields would retain each closure and the source text's storage, where copying
/// the object's reference retains one.
struct PublisherPlan {
    typealias Stream = AnyPublisher<Value, ScriptFailure>
    typealias Connectable = (Frame) throws -> (stream: Stream, connect: () -> any Cancellable)
    typealias Described = (Frame) throws -> (stream: Stream, describe: () -> String)

    private final class Fields {
        var make: (Frame) throws -> Stream
        let type: SType
        let failure: SType
        let text: SourceText
        let describer: ((Frame) throws -> String)?
        let valueDescription: ((Frame) throws -> String)?
        var autoconnected: ((Frame) throws -> Stream)?
        var connectable: Connectable?
        var fusable: FusedSteps?
        var recordedLane: Int?
        var described: Described?
        var held: Held?
        var combinedInputs: CombinedInputs?

        init(make: @escaping (Frame) throws -> Stream, type: SType, failure: SType, text: SourceText,
             describer: ((Frame) throws -> String)?, valueDescription: ((Frame) throws -> String)?) {
            self.make = make
            self.type = type
            self.failure = failure
            self.text = text
            self.describer = describer
            self.valueDescription = valueDescription
        }

        func copy() -> Fields {
            let copy = Fields(make: make, type: type, failure: failure, text: text, describer: describer,
                              valueDescription: valueDescription)
            (copy.autoconnected, copy.connectable, copy.fusable) = (autoconnected, connectable, fusable)
            (copy.recordedLane, copy.described, copy.held) = (recordedLane, described, held)
            copy.combinedInputs = combinedInputs
            return copy
        }
    }

    private var fields: Fields

    /// The fields to change, this plan's own (copied first if another plan shares them).
    private mutating func own() -> Fields {
        if !isKnownUniquelyReferenced(&fields) { fields = fields.copy() }
        return fields
    }

    /// Setting it lets go of `held` and `combinedInputs`, which make the stream it replaces
    /// (a recording's tap wraps the stream, and a stream made from them would not be tapped).
    var make: (Frame) throws -> Stream {
        get { fields.make }
        set {
            own().make = newValue
            fields.held = nil
            fields.combinedInputs = nil
        }
    }
    /// What each value is, where known: the type of `$0` in the next operator (Output).
    var type: SType { fields.type }
    /// How it can fail, as Swift would know it: `.never`, `.error`, or `.unknown`.
    var failure: SType { fields.failure }
    /// The chain as written, for `:list`.
    var text: SourceText { fields.text }
    /// What the REPL shows when the chain is typed on its own (a subject shows its state),
    /// where it is more than `valueDescription` or `a publisher: TEXT` (see `describe`).
    var describer: ((Frame) throws -> String)? { fields.describer }
    /// How Swift prints it as a value, where that is more than its type (`Just<Int>(output: 1)`).
    var valueDescription: ((Frame) throws -> String)? { fields.valueDescription }
    /// For a connectable publisher (a Timer, a multicast): the stream `autoconnect()` makes of
    /// it, and the publisher with its `connect()`, for `let p = …` then `p.connect()`.
    var autoconnected: ((Frame) throws -> Stream)? {
        get { fields.autoconnected }
        set { own().autoconnected = newValue }
    }
    var connectable: Connectable? {
        get { fields.connectable }
        set { own().connectable = newValue }
    }
    /// For a `filter`/`map`/`compactMap` stage or a `reduce`: the run of such stages it ends,
    /// for a `sink` to run inside its own delivery (`FusedSteps`); `make` stays the plain chain.
    var fusable: FusedSteps? {
        get { fields.fusable }
        set { own().fusable = newValue }
    }

    /// For a publisher made from arguments (`Just(x)`, `Fail(error: e)`): the publisher and
    /// how it prints, from one evaluation of them (making it as a value must not run `x`
    /// twice, once for the publisher and once for its description).
    var described: Described? {
        get { fields.described }
        set { own().described = newValue }
    }

    /// How its value is held where that is less than an erased stream: `Just(x)`'s as x,
    /// `Deferred { … }`'s as its bound body, `Future { … }`'s as the Future (`PublisherValue`).
    var held: Held? {
        get { fields.held }
        set { own().held = newValue }
    }

    /// For `zip` and `combineLatest` without a closure, with fast paths on: what they join,
    /// so that a `map` straight after runs as their closure (`Compiler.combined`), with no
    /// tuple made per value. Only `map` reads it; every plan made after drops it.
    var combinedInputs: CombinedInputs? {
        get { fields.combinedInputs }
        set { own().combinedInputs = newValue }
    }

    enum Held {
        /// `Just(x)`: x, and the type Swift names the publisher by (`Just<Int>`).
        case just(Code, name: String)
        /// `Deferred { … }`: its body, bound to the frame it is made in when it is made.
        case deferred(DeferredBody)
        /// `Future { … }`, and how Swift prints it.
        case future((Frame) -> Future<Value, ScriptFailure>, description: String)
    }

    /// The lane of `trace` and `marbles` its last stage is recorded in, when recording is on:
    /// the next stage's lane is found from it (`Recorder.lane(after:adding:)`).
    var recordedLane: Int? {
        get { fields.recordedLane }
        set { own().recordedLane = newValue }
    }

    init(make: @escaping (Frame) throws -> Stream, type: SType, failure: SType, text: SourceText,
         describe: ((Frame) throws -> String)? = nil, valueDescription: ((Frame) throws -> String)? = nil) {
        fields = Fields(make: make, type: type, failure: failure, text: text, describer: describe,
                        valueDescription: valueDescription)
    }

    /// What the REPL shows when the chain is typed on its own. The default is made when asked:
    /// a closure made for every stage would be an allocation each, for what is seldom shown.
    func describe(_ frame: Frame) throws -> String {
        if let describer { return try describer(frame) }
        if let valueDescription { return try valueDescription(frame) }
        return "a publisher: \(text)"
    }

    /// Its static type as a value: `AnyPublisher<Output, Failure>`.
    var valueType: SType { .publisher(output: type, failure: failure) }

    /// Code that gives the publisher as a value.
    func valueCode() -> Code {
        let (make, output, failure, description) = (self.make, type, self.failure, valueDescription)
        switch fields.held {
        case .just(let code, let name)?:
            return { frame in .publisher(PublisherValue(.just(try code(frame), named: name), output: output, failure: failure)) }
        case .deferred(let body)?:
            return { frame in .publisher(PublisherValue(.deferred(body, parent: body.parent(of: frame)), output: output, failure: failure)) }
        case .future(let make, let text)?:
            return { frame in .publisher(PublisherValue(.future(make(frame), description: text), output: output, failure: failure)) }
        case nil:
            break
        }
        if let described = fields.described {
            return { frame in
                let (stream, describe) = try described(frame)
                return .publisher(PublisherValue(stream, output: output, failure: failure, describe: describe))
            }
        }
        return { frame in
            .publisher(PublisherValue(try make(frame), output: output, failure: failure, description: try description?(frame)))
        }
    }
}

/// A chain ending in a subscriber (`.sink`, `.subscribe`, `.assign`): starting it subscribes.
struct SubscriptionPlan {
    let subscribe: (Frame) throws -> Subscribed
    let chain: SourceText

    init(chain: SourceText, subscribe: @escaping (Frame) throws -> Subscribed) {
        self.subscribe = subscribe
        self.chain = chain
    }

    /// A subscriber that cannot tell when its stream has ended (a declared one, an object).
    init(start: @escaping (Frame) throws -> AnyCancellable, chain: SourceText) {
        self.init(chain: chain) { frame in Subscribed(token: try start(frame), hasEnded: { false }) }
    }

    /// Subscribes; the token keeps the subscription.
    func start(_ frame: Frame) throws -> AnyCancellable { try subscribe(frame).token }
}

/// A subscription started: its token, and whether its stream has ended (a completion or a
/// cancel), so that `:list` shows only the live ones.
struct Subscribed {
    let token: AnyCancellable
    let hasEnded: () -> Bool

    init(token: AnyCancellable, hasEnded: @escaping () -> Bool) {
        self.token = token
        self.hasEnded = hasEnded
    }

    /// A sink's: it has ended once it let go of its upstream, or was let go of itself.
    init(_ sink: ValueSink) {
        token = sink.token
        hasEnded = { [weak sink] in sink?.hasEnded ?? true }
    }
}

extension Compiler {
    /// The source text of a range, to quote chains in `:list` and in messages.
    func text(of range: SourceRange) -> SourceText { SourceText(source, range) }

    /// The operator a chain stage names (`ChainOperator.named`).
    func chainOperator(_ name: String, firstLabel: String?) -> ChainOperator? {
        ChainOperator.named(name, firstLabel: firstLabel)
    }

    /// `base.name(arguments) { trailing }` with `name` in the catalogue. A struct, not a
    /// tuple: an optional tuple of five is copied through the runtime's generic tuple copy.
    private struct CatalogCall {
        let base: Expr
        let entry: ChainOperator
        let arguments: [Argument]
        let trailing: ClosureExpr?
        let nameRange: SourceRange
    }

    /// `base.name(arguments) { trailing }` when `name` is in the catalogue.
    private func catalogCall(_ expr: Expr) -> CatalogCall? {
        guard case .call(let callee, let arguments, let trailing) = expr.kind,
              case .member(let base, let method, let nameRange) = callee.kind,
              let entry = chainOperator(method, firstLabel: arguments.first?.label) else { return nil }
        return CatalogCall(base: base, entry: entry, arguments: arguments, trailing: trailing, nameRange: nameRange)
    }

    /// Whether `expr` is written as a chain that ends in a subscriber (`….sink { … }`). Told
    /// from the syntax alone: compiling the chain to find out, then again to use it, would
    /// double the work at each level of subscriptions nested in closures.
    func isSubscription(_ expr: Expr) -> Bool {
        catalogCall(expr)?.entry.isSubscriber == true
    }

    /// Compiles `publisher….sink { … }` (or `.subscribe`, `.assign`); nil if `expr` is not one.
    func subscription(_ expr: Expr) throws(Diagnostic) -> SubscriptionPlan? {
        guard let found = catalogCall(expr), case .subscriber(let compile) = found.entry.compile else { return nil }
        guard let upstream = try upstream(of: found.base) else {
            try rejectNonPublisherBase(found.base, operatorName: found.entry.name)
            return nil
        }
        let call = OperatorCall(entry: found.entry, upstream: upstream, arguments: found.arguments, trailing: found.trailing,
                                range: expr.range, nameRange: found.nameRange, text: text(of: expr.range))
        return try compile(self, call)
    }

    /// Compiles an expression that is a publisher; nil if it is not one (a plain value).
    func publisher(_ expr: Expr) throws(Diagnostic) -> PublisherPlan? {
        if let chain = try chain(expr) { return chain }
        return try valuePublisher(expr)
    }

    /// A chain as written: a source and its operators (not a value that holds a publisher).
    func chain(_ expr: Expr) throws(Diagnostic) -> PublisherPlan? {
        let plan = try chainStages(expr)
        if let plan { typeRecord?.note(expr, plan.valueType) }
        return plan
    }

    private func chainStages(_ expr: Expr) throws(Diagnostic) -> PublisherPlan? {
        if let operatorForm = Compiler.publishersInitializer(expr), resolve("Publishers") == nil { return try chainStages(operatorForm) }
        if let source = try publisherSource(expr) {
            let kind = sourceKind(expr)
            return kind.isStored ? source : recorded(source, sendsOwnValues: kind.isSubject)
        }
        guard case .call(let callee, let arguments, let trailing) = expr.kind,
              case .member(let base, let method, let nameRange) = callee.kind else { return nil }
        let entry = chainOperator(method, firstLabel: arguments.first?.label)
        // A subscriber ends the chain, and `subject.send(v)` is a call on a subject, not a stage.
        if entry?.isSubscriber == true || Compiler.isSubjectMethod(method) { return nil }
        if entry == nil, isDispatch(method, on: base) { return nil }   // work handed to a queue
        if entry == nil, case .name("Thread") = base.kind, resolve("Thread") == nil { return nil }   // `Thread.sleep(…)`
        guard let upstream = entry != nil ? try upstream(of: base) : try publisher(base) else {
            if entry != nil, !isValueMethod(method, on: base) { try rejectNonPublisherBase(base, operatorName: method) }
            return nil
        }
        guard let entry, case .`operator`(let compile) = entry.compile else {
            let suggestion = Suggest.closest(to: method, in: ChainOperator.names)
            throw Diagnostic.error(Messages.unknownOperator(method, suggestion: suggestion), at: nameRange)
        }
        let call = OperatorCall(entry: entry, upstream: upstream, arguments: arguments, trailing: trailing,
                                range: expr.range, nameRange: nameRange, text: text(of: expr.range))
        return recorded(try compile(self, call), shared: entry.traits.isShared, after: upstream)
    }

    /// `Publishers.Merge(a, b)`, `Publishers.CombineLatest3(a, b, c)`, `Publishers.Zip(a, b)`:
    /// Combine's types made directly, which are what `a.merge(with: b)`, `a.combineLatest(b, c)`
    /// and `a.zip(b)` make. Nil for any other expression.
    static func publishersInitializer(_ expr: Expr) -> Expr? {
        guard case .call(let callee, let arguments, nil) = expr.kind, case .member(let base, let type, let nameRange) = callee.kind,
              case .name("Publishers") = base.kind, arguments.count >= 2, arguments.allSatisfy({ $0.label == nil }) else { return nil }
        let method: String, label: String?
        switch type {
        case "Merge", "Merge3", "Merge4": (method, label) = (ChainOperator.merge.name, "with")
        case "CombineLatest", "CombineLatest3", "CombineLatest4": (method, label) = (ChainOperator.combineLatest.name, nil)
        case "Zip", "Zip3", "Zip4": (method, label) = (ChainOperator.zip.name, nil)
        default: return nil
        }
        var rest = Array(arguments.dropFirst())
        rest[0].label = label
        return Expr(.call(Expr(.member(arguments[0].value, method, nameRange: nameRange), callee.range), rest, trailing: nil), expr.range)
    }

    /// Whether a chain's first stage is a publisher stored with `let` (its chain's stages were
    /// recorded where it was built), and whether it is a subject, current value, `$published`
    /// or a button's tap (its monitor records its sends): one look-up of the name for both.
    private func sourceKind(_ expr: Expr) -> (isStored: Bool, isSubject: Bool) {
        switch expr.kind {
        case .dollarName, .member(_, "tap", _): return (false, true)
        case .name(let name):
            guard case .entity(let entity)? = resolve(name) else { return (false, false) }
            switch entity.kind {
            case .stream: return (true, false)
            case .subject, .current: return (false, true)
            default: return (false, false)
            }
        default: return (false, false)
        }
    }

    /// What an operator or subscriber is applied to: a chain, or a value that may hold a
    /// publisher (checked when the chain is built where its type is not known).
    private func upstream(of base: Expr) throws(Diagnostic) -> PublisherPlan? {
        if let plan = try publisher(base) { return plan }
        return try valuePublisher(base, allowingUnknown: true)
    }

    /// An expression whose value is a publisher — a local, a parameter, a func's result — as a
    /// chain's first stage. With `allowingUnknown` (the base of an operator), a value whose
    /// type is not known is taken too, and checked when the chain is built.
    ///
    /// Compiling the expression to learn its type is kept for `expression(_:)`, which would
    /// otherwise compile it again when it is not a publisher.
    func valuePublisher(_ expr: Expr, allowingUnknown: Bool = false) throws(Diagnostic) -> PublisherPlan? {
        let plan = try valuePublisherStage(expr, allowingUnknown: allowingUnknown)
        if let plan { typeRecord?.note(expr, plan.valueType) }
        return plan
    }

    private func valuePublisherStage(_ expr: Expr, allowingUnknown: Bool) throws(Diagnostic) -> PublisherPlan? {
        switch expr.kind {
        case .name, .argument, .call, .ternary: break
        case .member(_, let member, _) where runtime.userMemberNames.contains(member): break
        default: return nil
        }
        if case .name(let name) = expr.kind {
            switch resolve(name) {
            case .entity?: return nil
            case .local?: break
            case nil:
                // `Result.success(1)`, `Int.init("1")`: a type's member, not a publisher's.
                if userType(named: name) != nil || Builtins.functions.contains(name) { return nil }
            }
        }
        let (code, type) = try expression(expr)
        guard let plan = publisherPlan(reading: code, of: type, at: expr.range, allowingUnknown: allowingUnknown) else {
            compiled = (expr, code, type)
            return nil
        }
        return plan
    }

    /// The publisher a value is, read by `code` when the chain is made; nil when its type is
    /// no publisher's.
    func publisherPlan(reading code: @escaping Code, of type: SType, at range: SourceRange, allowingUnknown: Bool = false) -> PublisherPlan? {
        let output: SType, failure: SType
        switch type {
        case .publisher(let valueOutput, let valueFailure): (output, failure) = (valueOutput, valueFailure)
        case .unknown where allowingUnknown: (output, failure) = (.unknown, .unknown)
        default: return nil
        }
        return PublisherPlan(make: { frame in
            let value = try code(frame)
            guard case .publisher(let publisher) = value else {
                throw RuntimeError(Messages.notAPublisher("a value of type '\(value.typeName)'"), at: range)
            }
            return publisher.stream
        }, type: output, failure: failure, text: text(of: range))
    }

    /// The expression `valuePublisher` compiled and found not to be a publisher, if it is `expr`.
    func takeCompiled(_ expr: Expr) -> (code: Code, type: SType)? {
        guard let held = compiled, held.expr === expr else { return nil }
        compiled = nil
        return (held.code, held.type)
    }

    /// An operator on something that is not a publisher: teach what to write instead.
    /// Whether `base.method(…)` names a method of a plain value that is also an operator
    /// (`"abc".contains("b")`, `[1, 2].contains(2)`): on a value that is no publisher, the
    /// value's method. A subject, button or view is still told it is no publisher.
    private func isValueMethod(_ method: String, on base: Expr) -> Bool {
        // A method of the program's own type that shares an operator's name (`box.map { … }`).
        if let held = compiled, held.expr === base, let type = userType(of: held.type), type.methodNames.contains(method) { return true }
        if CollectionMethod(rawValue: method) != nil || MutatingMethod(rawValue: method) != nil, isCollection(base) { return true }
        guard Builtins.methods.contains(method) else { return false }
        guard case .name(let name) = base.kind, case .entity(let entity)? = resolve(name) else { return true }
        if case .value = entity.kind { return true }
        return false
    }

    /// Whether `base` is an array, a set, a range or a string, as far as the compiler knows
    /// (what it compiled of it while looking for a publisher, or its form).
    private func isCollection(_ base: Expr) -> Bool {
        switch base.kind {
        case .array, .string: return true
        case .binary(let op, _, _): return op == .closedRange || op == .halfOpenRange
        default: break
        }
        var type: SType?
        if case .name(let name) = base.kind {
            switch resolve(name) {
            case .local(_, _, let localType): type = localType
            case .entity(let entity):
                if case .value(let box) = entity.kind { type = box.type }
                if case .bag = entity.kind { return true }
            case nil: break
            }
        }
        if let held = compiled, held.expr === base { type = held.type }
        switch type {
        case .array?, .set?, .string?, .dictionary?: return true
        default: return false
        }
    }

    func rejectNonPublisherBase(_ base: Expr, operatorName: String) throws(Diagnostic) {
        if case .name(let name) = base.kind {
            switch resolve(name) {
            case .entity(let entity):
                if case .published = entity.kind {
                    throw Diagnostic.error(Messages.publishedIsNotAPublisher(name), at: base.range)
                }
                if case .button = entity.kind {
                    throw Diagnostic.error(Messages.buttonIsNotAPublisher(name), at: base.range)
                }
                throw Diagnostic.error(Messages.notAPublisher("'\(name)' (\(entity.kindDescription))"), at: base.range)
            case .local:
                throw Diagnostic.error(Messages.notAPublisher("'\(name)'"), at: base.range)
            case nil:
                throw unknownName(name, at: base.range)
            }
        }
        if case .array = base.kind {
            throw Diagnostic.error(Messages.arrayIsNotAPublisher(operatorName), at: base.range)
        }
        // A value whose type the compiler knows, and which is no publisher.
        if let held = compiled, held.expr === base, held.type.isKnown {
            throw Diagnostic.error(Messages.notAPublisherValue(held.type.name, operatorName: operatorName, isArray: held.type.isArray),
                                   at: base.range)
        }
    }
}
