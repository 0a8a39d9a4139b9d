import TaplineReactive

/// A closure compiled once: how many arguments it takes, its frame size and its body.
struct CompiledClosure {
    let arity: Int
    let frameSize: Int
    let body: Code
    /// The closure's result type, when the compiler could tell.
    let resultType: SType
    /// True when the body makes no closure of its own, so nothing can keep its frame after a
    /// call returns and one frame can serve every call.
    let reusesFrame: Bool
    /// The body on plain `Int`s, when it is one expression of `Int` arithmetic (`IntKernel`).
    var kernel: IntKernel?
    /// False when the body never reads what it is given (no `$0`, no parameters: a sink's
    /// `{ set count = count + 1 }`): a call need not store it in the frame.
    var readsArguments = true
    /// The body when it is one statement (and no `return`): a caller that drops the result, as
    /// a sink does, runs it without the closure around it that gives back `()`.
    var statement: Step?
    /// Whether the body reads a name of the frames around it. One that does not is bound to
    /// none, so that it keeps nothing alive — as a Swift closure captures only what it uses
    /// (a sink in a method that never names `self` keeps no `self`).
    var readsOuter = true
    /// Its capture list (`[weak self]`, `[count]`): the frame of values it takes when made.
    var captures: CaptureList?

    /// Binds the closure to the frame it was made in (a subscription does this once).
    func bind(to parent: Frame?) -> BoundClosure {
        BoundClosure(self, parent: boundParent(parent))
    }

    /// The frame the closure's body sees around its own, made where it is made: none when it
    /// reads no outer name, its capture list's frame when it has one.
    func boundParent(_ parent: Frame?) -> Frame? {
        guard readsOuter else { return nil }
        return captures.map { $0.frame(from: parent) } ?? parent
    }

    /// Calls the closure with `value` in a new frame inside `boundParent` (`boundParent(_:)`'s
    /// result): what a `BoundClosure` does when it cannot reuse its frame. For a closure called
    /// once, or seldom, where binding one would make a `BoundClosure` and a frame kept for
    /// later calls (a `Future`'s body, a `Deferred`'s).
    func call(in boundParent: Frame?, with value: Value) throws -> Value {
        let frame = Frame.make(size: frameSize, parent: boundParent)
        BoundClosure.load(value, into: frame, arity: arity, readsArguments: readsArguments)
        return try body(frame)
    }
}

/// A compiled closure called where it is made, one call at a time, with no `BoundClosure`
/// made for it (a `Future`'s body, a `Deferred`'s). A call runs in the frame the caller keeps,
/// inside the parent it is given, when the body makes no closure that could keep the frame and
/// no call is under way (a body that runs itself again); otherwise in a new frame. The kept
/// frame is emptied after each call, as a call's locals end with it.
final class ClosureCaller {
    let closure: CompiledClosure
    private let kept: Frame
    private var busy = false

    init(_ closure: CompiledClosure) {
        self.closure = closure
        kept = Frame.make(size: closure.frameSize, parent: nil)
    }

    /// Calls the closure with `value` inside `boundParent` (`CompiledClosure.boundParent`).
    func call(in boundParent: Frame?, with value: Value) throws -> Value {
        guard closure.reusesFrame, !busy else { return try closure.call(in: boundParent, with: value) }
        busy = true
        defer {
            kept.empty()
            busy = false
        }
        kept.parent = boundParent
        BoundClosure.load(value, into: kept, arity: closure.arity, readsArguments: closure.readsArguments)
        return try closure.body(kept)
    }
}

/// A closure's capture list, compiled: each entry's value, taken from the frame the closure
/// is made in, into a frame of its own between the closure and that one. A `weak` or
/// `unowned` entry holds its object without keeping it alive.
struct CaptureList {
    let values: [Code]
    /// The slots of `weak` (false) and `unowned` (true) entries.
    let weak: [Int: Bool]
    /// Whether the closure reads names beyond its captures.
    let readsOuter: Bool

    func frame(from parent: Frame?) -> Frame {
        let frame = Frame.make(size: values.count, parent: readsOuter ? parent : nil)
        guard let parent else { return frame }
        for (slot, value) in values.enumerated() {
            let captured = (try? value(parent)) ?? .nil
            if let isUnowned = weak[slot], case .instance(let instance) = captured.unwrapped ?? .nil {
                frame.slots[slot] = .weakReference(WeakReference(instance, isUnowned: isUnowned))
            } else {
                frame.slots[slot] = captured
            }
        }
        return frame
    }
}

/// Closures: each is compiled once into code and a frame layout; a subscription binds it
/// to its frame (`BoundClosure`) and calls it per event.
extension Compiler {
    /// Compiles a closure that receives `inputs` (one value, or the two of `scan`/`reduce`).
    /// `owner` is the operator or subscriber that calls it: a `try…` operator's closure may
    /// throw, another's may not, and an error says which operator to use instead.
    func closure(_ closure: ClosureExpr, inputs: [SType], owner: String) throws(Diagnostic) -> CompiledClosure {
        closuresCompiled += 1
        typeRecord?.note(closure, inputs: inputs)
        let closuresBefore = closuresCompiled
        let used = closure.highestArgument + 1
        let arity = closure.parameters?.count ?? used
        var argumentTypes: [SType]
        if inputs.count == 1, arity > 1 {
            switch inputs[0] {
            case .tuple(let elements) where elements.count == arity: argumentTypes = elements
            case .unknown: argumentTypes = Array(repeating: .unknown, count: arity)
            default:
                throw Diagnostic.error(Messages.closureArity(arity, receives: inputs[0].name), at: closure.range)
            }
        } else if arity > inputs.count {
            throw Diagnostic.error(Messages.closureArity(arity, receives: inputs.map(\.name).joined(separator: ", ")), at: closure.range)
        } else {
            argumentTypes = inputs
        }
        if arity == 0, inputs.count == 1 { argumentTypes = [inputs[0]] }
        if inputs.count == 1 { try checkKeyPathRoot(closure.keyPathRoot, base: inputs[0]) }
        var body: Code = { _ in .void }
        var resultType = SType.unknown
        var kernel: IntKernel?
        var statement: Step?
        var readsOuter = false
        var size = 0
        let captures = try captureList(closure.captures) { () throws(Diagnostic) in
          size = try inFrame(isClosure: true, argumentTypes: argumentTypes) { () throws(Diagnostic) in
            for (slot, name) in (closure.parameters ?? []).enumerated() { scope.nameArgument(name, slot: slot) }
            scope.closureOwner = owner
            (body, resultType, statement) = try closureBody(closure.body)
            if scope.containsReturn {
                body = catchingReturn(body)
                statement = nil
            }
            kernel = intKernel(closure.body, argumentTypes: argumentTypes)
            readsOuter = scope.readsOuter
          }
        }
        return CompiledClosure(arity: max(arity, argumentTypes.count), frameSize: size, body: body, resultType: resultType,
                               reusesFrame: closuresCompiled == closuresBefore, kernel: kernel,
                               readsArguments: closure.parameters != nil || used > 0, statement: statement,
                               readsOuter: readsOuter || captures != nil, captures: captures)
    }

    /// A key path that names its root (`\Person.name`) applies only to a value of that type, as
    /// in Swift; where either type is a protocol or unknown, the member it reads is checked
    /// when the program runs.
    func checkKeyPathRoot(_ root: TypeExpr?, base: SType) throws(Diagnostic) {
        guard let root else { return }
        let rootType = try staticType(root)
        guard rootType.isKnown, base.isKnown, rootType != base, rootType != .error else { return }
        throw Diagnostic.error(Messages.keyPathRoot(rootType.name, base: base.name), at: root.range)
            .noting(Messages.keyPathRootHint(rootType.name, base: base.name))
    }

    /// Compiles `body` (the closure) inside the frame of its capture list, if it has one: each
    /// entry's value is compiled here, where the closure is made, and named in that frame.
    private func captureList(_ entries: [Capture], _ body: () throws(Diagnostic) -> Void) throws(Diagnostic) -> CaptureList? {
        guard !entries.isEmpty else {
            try body()
            return nil
        }
        var values: [Code] = []
        var types: [SType] = []
        var weak: [Int: Bool] = [:]
        for (slot, entry) in entries.enumerated() {
            let (code, type) = try expression(entry.value ?? Expr(.name(entry.name.text), entry.name.range))
            values.append(code)
            types.append(entry.strength == .weak ? .optional(type.unwrappedOptional) : type)
            if entry.strength != .strong { weak[slot] = entry.strength == .unowned }
        }
        var readsOuter = false
        _ = try inFrame(isClosure: true, argumentTypes: types) { () throws(Diagnostic) in
            for (slot, entry) in entries.enumerated() { scope.nameArgument(entry.name.text, slot: slot) }
            scope.weakSlots = weak
            scope.isCaptureList = true
            try body()
            readsOuter = scope.readsOuter
        }
        return CaptureList(values: values, weak: weak, readsOuter: readsOuter)
    }

    /// A closure as a value (`let add = { (a: Int, b: Int) in a + b }`, a func's argument of
    /// function type): its parameters' types come from its signature, else from `expected`.
    func closureValue(_ closureExpr: ClosureExpr, expected: SType?) throws(Diagnostic) -> (code: Code, type: SType) {
        var inputs: [SType] = []
        if case .function(let parameters, _)? = expected { inputs = parameters }
        let count = closureExpr.parameters?.count ?? max(inputs.count, closureExpr.highestArgument + 1)
        if inputs.count != count { inputs = Array(repeating: .unknown, count: count) }
        for (index, written) in closureExpr.parameterTypes.enumerated() where index < count {
            if let written { inputs[index] = try staticType(written) }
        }
        var expectedResult = SType.unknown
        if case .function(_, let result)? = expected { expectedResult = result }
        if let written = closureExpr.resultType { expectedResult = try staticType(written) }
        let compiled = try closure(closureExpr, inputs: inputs, owner: "closure")
        let arity = inputs.count
        let type = SType.function(inputs, result: expectedResult == .unknown ? compiled.resultType : expectedResult)
        return ({ frame in
            let bound = compiled.bind(to: frame)
            return .function(FunctionValue(arity: arity) { arguments in
                switch arguments.count {
                case 0: return try bound.call(.void)
                case 1: return try bound.call(arguments[0])
                case 2: return try bound.call(arguments[0], arguments[1])
                default: return try bound.call(.tuple(arguments))
                }
            })
        }, type)
    }

    /// A body that a `return` leaves: the value it threw waits in the runtime.
    private func catchingReturn(_ body: @escaping Code) -> Code {
        let runtime = self.runtime
        return { frame in
            do {
                return try body(frame)
            } catch is ReturnSignal {
                return runtime.takeReturned()
            }
        }
    }

    /// A single expression is the closure's result (Swift's implicit return); otherwise the
    /// statements run and the result is `()` unless they `return`. Errors raised during a
    /// delivery surface through each statement's `Step`, as everywhere.
    private func closureBody(_ statements: [Stmt]) throws(Diagnostic) -> (Code, SType, Step?) {
        if statements.count == 1, case .expression(let expr) = statements[0].kind, !isSubscription(expr), !Compiler.isStore(expr) {
            let (code, type) = try expression(expr)
            return (code, type, nil)
        }
        if statements.count == 1 {
            // One statement (the usual sink body): run it directly, without a block around it.
            var compiled: Step?
            try inBlock { () throws(Diagnostic) in compiled = try statement(statements[0]) }
            guard let only = compiled else { return ({ _ in .void }, .unknown, nil) }
            return ({ frame in
                try only.run(frame)
                return .void
            }, .unknown, only)
        }
        let action = try block(statements)
        return ({ frame in
            try action(frame)
            return .void
        }, .unknown, nil)
    }
}
