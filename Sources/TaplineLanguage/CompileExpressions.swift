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

    /// Binds the closure to the frame it was made in (a subscription does this once).
    func bind(to parent: Frame?) -> BoundClosure { BoundClosure(self, parent: parent) }
}

/// A compiled closure bound to the frame it was made in, as a subscription holds it. When it
/// can, it keeps one frame for all its calls instead of allocating one per event.
final class BoundClosure {
    private let body: Code
    private let arity: Int
    private let frameSize: Int
    private let reusesFrame: Bool
    private let parent: Frame?
    /// The frame every call uses when `reusesFrame` (made at binding time).
    private let cached: Frame
    private var busy = false

    init(_ closure: CompiledClosure, parent: Frame?) {
        body = closure.body
        arity = closure.arity
        frameSize = closure.frameSize
        reusesFrame = closure.reusesFrame
        self.parent = parent
        cached = Frame(size: closure.frameSize, parent: parent)
    }

    /// Calls with one value; a tuple is spread over `$0, $1…` when the closure takes that many.
    @inline(__always) func call(_ value: Value) throws -> Value {
        if reusesFrame, !busy {
            busy = true
            defer { busy = false }
            load(value, into: cached)
            return try run(cached)
        }
        // Re-entered, or the body makes closures that may keep its frame: a fresh one.
        let frame = Frame(size: frameSize, parent: parent)
        load(value, into: frame)
        return try run(frame)
    }

    /// Calls with two values (`scan`, `reduce`: the accumulator and the value).
    @inline(__always) func call(_ first: Value, _ second: Value) throws -> Value {
        if reusesFrame, !busy {
            busy = true
            defer { busy = false }
            cached.slots[0] = first
            cached.slots[1] = second
            return try run(cached)
        }
        let frame = Frame(size: frameSize, parent: parent)
        frame.slots[0] = first
        frame.slots[1] = second
        return try run(frame)
    }

    @inline(__always) private func load(_ value: Value, into frame: Frame) {
        if arity > 1, case .tuple(let elements) = value, elements.count == arity {
            for index in 0..<arity { frame.slots[index] = elements[index] }
        } else if frameSize > 0 {
            frame.slots[0] = value
        }
    }

    @inline(__always) private func run(_ frame: Frame) throws -> Value {
        do {
            return try body(frame)
        } catch let signal as ReturnSignal {
            return signal.value
        }
    }
}

extension Compiler {
    // MARK: - Closures

    /// Compiles a closure that receives `inputs` (one value, or the two of `scan`/`reduce`).
    func closure(_ closure: ClosureExpr, inputs: [SType]) throws -> CompiledClosure {
        closuresCompiled += 1
        let closuresBefore = closuresCompiled
        let used = ArgumentScan.highestArgument(in: closure.body) + 1
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
        var body: Code = { _ in .void }
        var resultType = SType.unknown
        let size = try inFrame(isClosure: true, argumentTypes: argumentTypes) {
            for (slot, name) in (closure.parameters ?? []).enumerated() { scope.nameArgument(name, slot: slot) }
            (body, resultType) = try closureBody(closure.body)
        }
        return CompiledClosure(arity: max(arity, argumentTypes.count), frameSize: size, body: body, resultType: resultType,
                               reusesFrame: closuresCompiled == closuresBefore)
    }

    /// A single expression is the closure's result (Swift's implicit return); otherwise the
    /// statements run and the result is `()` unless they `return`.
    private func closureBody(_ statements: [Stmt]) throws -> (Code, SType) {
        if statements.count == 1, case .expression(let expr) = statements[0].kind, try !isSubscription(expr) {
            let (code, type) = try expression(expr)
            let runtime = self.runtime
            return ({ frame in
                let value = try code(frame)
                try runtime.throwPending()
                return value
            }, type)
        }
        let runtime = self.runtime
        if statements.count == 1 {
            // One statement (the usual sink body): run it directly, without a block around it.
            var compiled: Action = { _ in }
            try inBlock { compiled = try statement(statements[0]) }
            // Captured as a `let`: a captured `var` would be boxed and retained on every call.
            let only = compiled
            return ({ frame in
                try only(frame)
                try runtime.throwPending()
                return .void
            }, .unknown)
        }
        let action = try block(statements)
        return ({ frame in
            try action(frame)
            return .void
        }, .unknown)
    }

    // MARK: - Expressions

    /// Compiles an expression to code giving its value, with its type where known.
    func expression(_ expr: Expr) throws -> (code: Code, type: SType) {
        let range = expr.range
        switch expr.kind {
        case .int(let value): return ({ _ in .int(value) }, .int)
        case .double(let value): return ({ _ in .double(value) }, .double)
        case .bool(let value): return ({ _ in .bool(value) }, .bool)
        case .nilLiteral: return ({ _ in .nil_ }, .nil_)
        case .void: return ({ _ in .void }, .void)
        case .duration: throw Diagnostic.error(Messages.durationAsValue, at: range)

        case .string(let parts):
            return (try interpolation(parts), .string)

        case .name(let name):
            return try nameValue(name, range: range)

        case .dollarName(let name):
            throw Diagnostic.error(Messages.publisherAsValue("$" + name), at: range)

        case .argument(let index):
            return try argument(index, range: range)

        case .array(let elements):
            let codes = try elements.map { try expression($0) }
            let parts = codes.map(\.code)
            let elementType = codes.first.map(\.type) ?? .unknown
            let uniform = codes.allSatisfy { $0.type == elementType }
            return ({ frame in .array(try parts.map { try $0(frame) }) }, .array(uniform ? elementType : .unknown))

        case .tuple(let elements):
            let codes = try elements.map { try expression($0) }
            let parts = codes.map(\.code)
            return ({ frame in .tuple(try parts.map { try $0(frame) }) }, .tuple(codes.map(\.type)))

        case .unary(let op, let operandExpr):
            let (operand, type) = try expression(operandExpr)
            let resultType = try Operators.unaryType(op, type, range: range)
            return ({ frame in try Operators.unary(op, try operand(frame), range: range) }, resultType)

        case .binary(let op, let leftExpr, let rightExpr):
            let (left, leftType) = try expression(leftExpr)
            let (right, rightType) = try expression(rightExpr)
            let resultType = try Operators.binaryType(op, leftType, rightType, range: range)
            switch op {
            case .and:
                return ({ frame in
                    guard try Operators.truth(try left(frame), range: leftExpr.range) else { return .bool(false) }
                    return .bool(try Operators.truth(try right(frame), range: rightExpr.range))
                }, .bool)
            case .or:
                return ({ frame in
                    if try Operators.truth(try left(frame), range: leftExpr.range) { return .bool(true) }
                    return .bool(try Operators.truth(try right(frame), range: rightExpr.range))
                }, .bool)
            default:
                var constant: Int?
                if case .int(let value) = rightExpr.kind { constant = value }
                return (Operators.specialized(op, left, right, constant: constant, range: range), resultType)
            }

        case .ternary(let conditionExpr, let whenTrueExpr, let whenFalseExpr):
            let test = try condition(conditionExpr)
            let (whenTrue, trueType) = try expression(whenTrueExpr)
            let (whenFalse, falseType) = try expression(whenFalseExpr)
            return ({ frame in try test(frame) ? try whenTrue(frame) : try whenFalse(frame) }, trueType == falseType ? trueType : .unknown)

        case .member(let baseExpr, let member, let nameRange):
            if case .name(let name) = baseExpr.kind, case .entity(let entity)? = resolve(name), member == "tap" {
                throw Diagnostic.error(Messages.publisherAsValue("\(entity.name).tap"), at: range)
            }
            if member == "publisher" { throw Diagnostic.error(Messages.publisherAsValue("'.publisher'"), at: range) }
            let (base, baseType) = try expression(baseExpr)
            let resultType = Builtins.propertyType(member, on: baseType)
            return ({ frame in try Builtins.property(member, of: try base(frame), range: nameRange) }, resultType)

        case .implicitMember(let name):
            switch name {
            case "unlimited": return ({ _ in .demand(.unlimited) }, .demand)
            case "none": return ({ _ in .demand(.none) }, .demand)
            case "finished": return ({ _ in .completion(failure: nil) }, .completion)
            default: throw Diagnostic.error(Messages.unknownImplicitMember(name), at: range)
            }

        case .call(let callee, let arguments, let trailing):
            return try call(callee, arguments, trailing: trailing, range: range)

        case .closure:
            throw Diagnostic.error(Messages.closureAsValue, at: range)

        case .inout_:
            throw Diagnostic.error(Messages.inoutOutsideAssign, at: range)
        }
    }

    /// A `Bool` condition, checked statically where the type is known.
    func condition(_ expr: Expr) throws -> (Frame) throws -> Bool {
        let (code, type) = try expression(expr)
        if type.isKnown, type != .bool { throw Diagnostic.error(Messages.conditionNotBool(type.name), at: expr.range) }
        return { frame in try Operators.truth(try code(frame), range: expr.range) }
    }

    /// An `Int` (loop bounds).
    func integer(_ expr: Expr) throws -> (Frame) throws -> Int {
        let (code, type) = try expression(expr)
        if type.isKnown, type != .int { throw Diagnostic.error(Messages.expectedInt(type.name), at: expr.range) }
        return { frame in
            guard case .int(let value) = try code(frame) else {
                throw RuntimeError(message: Messages.expectedInt(try code(frame).typeName), range: expr.range)
            }
            return value
        }
    }

    /// A duration: `300ms`, `1.5s`, `.milliseconds(n)`, `.seconds(n)`; in nanoseconds.
    func duration(_ expr: Expr) throws -> (Frame) throws -> Int64 {
        switch expr.kind {
        case .duration(let nanoseconds):
            return { _ in nanoseconds }
        case .call(let callee, let arguments, nil):
            guard case .implicitMember(let unit) = callee.kind, arguments.count == 1, arguments[0].label == nil,
                  let scale = ["nanoseconds": 1.0, "microseconds": 1e3, "milliseconds": 1e6, "seconds": 1e9][unit] else { break }
            let (code, _) = try expression(arguments[0].value)
            return { frame in
                let amount: Double
                switch try code(frame) {
                case .int(let value): amount = Double(value)
                case .double(let value): amount = value
                case let other: throw RuntimeError(message: Messages.expectedDuration(other.typeName), range: expr.range)
                }
                guard amount >= 0, amount * scale < 9.2e18 else {
                    throw RuntimeError(message: Messages.durationOutOfRange, range: expr.range)
                }
                return Int64((amount * scale).rounded())
            }
        default:
            break
        }
        throw Diagnostic.error(Messages.expectedDurationLiteral, at: expr.range)
    }

    private func interpolation(_ parts: [InterpolatedPart]) throws -> Code {
        var pieces: [Code] = []
        for part in parts {
            switch part {
            case .text(let text): pieces.append({ _ in .string(text) })
            case .expr(let expr): pieces.append(try expression(expr).code)
            }
        }
        if pieces.count == 1, case .text(let text) = parts[0] { return { _ in .string(text) } }
        return { frame in
            var result = ""
            for piece in pieces { result += try piece(frame).description }
            return .string(result)
        }
    }

    private func nameValue(_ name: String, range: SourceRange) throws -> (code: Code, type: SType) {
        switch resolve(name) {
        case .local(let depth, let slot, let type):
            if depth == 0 { return ({ frame in frame.slots[slot] }, type) }
            return ({ frame in frame.ancestor(depth).slots[slot] }, type)
        case .entity(let entity):
            switch entity.kind {
            case .current(let subject): return ({ _ in subject.value }, SType(entity.type))
            case .published(let subject): return ({ _ in subject.value }, SType(entity.type))
            case .subject: throw Diagnostic.error(Messages.subjectHasNoValue(name), at: range)
            case .function: throw Diagnostic.error(Messages.functionNotCalled(name), at: range)
            default: throw Diagnostic.error(Messages.notAValue(name, kind: entity.kindDescription), at: range)
            }
        case nil:
            if name == "arguments" {
                let runtime = self.runtime
                return ({ _ in .array(runtime.arguments.map(Value.string)) }, .array(.string))
            }
            if Builtins.functions.contains(name) { throw Diagnostic.error(Messages.functionNotCalled(name), at: range) }
            throw unknownName(name, at: range)
        }
    }

    private func argument(_ index: Int, range: SourceRange) throws -> (code: Code, type: SType) {
        var depth = 0
        var current: FrameScope? = scope
        while let frameScope = current, !frameScope.isClosure {
            depth += 1
            current = frameScope.parent
        }
        guard let closureScope = current else {
            throw Diagnostic.error(Messages.argumentOutsideClosure(index), at: range)
        }
        guard index < closureScope.argumentTypes.count else {
            throw Diagnostic.error(Messages.argumentOutOfRange(index, count: closureScope.argumentTypes.count), at: range)
        }
        let type = closureScope.argumentTypes[index]
        if depth == 0 { return ({ frame in frame.slots[index] }, type) }
        return ({ frame in frame.ancestor(depth).slots[index] }, type)
    }

    // MARK: - Calls

    private func call(_ callee: Expr, _ arguments: [Argument], trailing: ClosureExpr?, range: SourceRange) throws -> (code: Code, type: SType) {
        switch callee.kind {
        case .name(let name):
            if case .entity(let entity)? = resolve(name) {
                guard case .function(let box) = entity.kind else {
                    throw Diagnostic.error(Messages.notCallable(name), at: callee.range)
                }
                guard arguments.isEmpty, trailing == nil else {
                    throw Diagnostic.error(Messages.functionArguments(name), at: range)
                }
                let runtime = self.runtime
                return ({ frame in
                    try runtime.checkInterrupt(range)
                    // Bounded, so endless recursion is an error rather than a stack overflow.
                    guard runtime.callDepth < Runtime.maximumCallDepth else {
                        throw RuntimeError(message: Messages.tooMuchRecursion(name, Runtime.maximumCallDepth), range: range)
                    }
                    runtime.callDepth += 1
                    defer { runtime.callDepth -= 1 }
                    do {
                        try box.body?(Frame(size: box.frameSize, parent: nil))
                    } catch let signal as ReturnSignal {
                        return signal.value
                    }
                    return .void
                }, .unknown)
            }
            if trailing != nil { throw Diagnostic.error(Messages.closureAsValue, at: range) }
            let compiled = try arguments.map { argument -> BuiltinArgument in
                let (code, type) = try expression(argument.value)
                return BuiltinArgument(label: argument.label, code: code, type: type, range: argument.value.range)
            }
            return try Builtins.call(name, compiled, range: range, calleeRange: callee.range, runtime: runtime, visible: { self.visibleNames })

        case .member(let baseExpr, let method, let nameRange):
            if case .name(let name) = baseExpr.kind, case .entity(let entity)? = resolve(name), method == "send" {
                return try sendCall(entity, arguments, range: range)
            }
            if trailing != nil { throw Diagnostic.error(Messages.closureAsValue, at: range) }
            let (base, baseType) = try expression(baseExpr)
            let compiled = try arguments.map { try expression($0.value) }
            let codes = compiled.map(\.code)
            let resultType = Builtins.methodType(method, on: baseType)
            guard Builtins.methods.contains(method) else {
                throw Diagnostic.error(Messages.noMember(method, on: baseType.name), at: nameRange)
            }
            return ({ frame in
                try Builtins.method(method, of: try base(frame), arguments: try codes.map { try $0(frame) }, range: nameRange)
            }, resultType)

        case .implicitMember("max"):
            guard arguments.count == 1, arguments[0].label == nil, trailing == nil else {
                throw Diagnostic.error(Messages.operatorArguments("max", usage: "'.max(3)'"), at: range)
            }
            let code = try integer(arguments[0].value)
            return ({ frame in
                let count = try code(frame)
                guard count >= 0 else { throw RuntimeError(message: Messages.negativeDemand, range: range) }
                return .demand(.max(count))
            }, .demand)

        default:
            throw Diagnostic.error(Messages.notCallable(Compiler.describe(callee)), at: callee.range)
        }
    }

    /// `subject.send(value)` and `subject.send(completion: .finished)` in expression position.
    private func sendCall(_ entity: Entity, _ arguments: [Argument], range: SourceRange) throws -> (code: Code, type: SType) {
        guard arguments.count == 1 else {
            throw Diagnostic.error(Messages.operatorArguments("send", usage: "'\(entity.name).send(value)'"), at: range)
        }
        let name = Name(text: entity.name, range: range)
        let action: Action
        if arguments[0].label == "completion" {
            guard case .implicitMember("finished") = arguments[0].value.kind else {
                throw Diagnostic.error(Messages.sendCompletionForm(entity.name), at: arguments[0].value.range)
            }
            action = try statement(Stmt(.complete(name), range))
        } else {
            action = try statement(Stmt(.send(name, arguments[0].value), range))
        }
        return ({ frame in
            try action(frame)
            return .void
        }, .void)
    }

    /// A short spelling of an expression for messages.
    static func describe(_ expr: Expr) -> String {
        switch expr.kind {
        case .name(let name): return name
        case .dollarName(let name): return "$" + name
        case .member(let base, let name, _): return describe(base) + "." + name
        case .implicitMember(let name): return "." + name
        case .call(let callee, _, _): return describe(callee) + "(…)"
        default: return "this expression"
        }
    }
}
