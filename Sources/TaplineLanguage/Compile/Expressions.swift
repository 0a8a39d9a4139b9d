import TaplineReactive

/// Expressions: each compiles to code giving its value, with its static type where known.
extension Compiler {
    /// Compiles an expression to code giving its value, with its type where known.
    func expression(_ expr: Expr) throws(Diagnostic) -> (code: Code, type: SType) {
        let compiled = try expressionCode(expr)
        typeRecord?.note(expr, compiled.type)
        return compiled
    }

    private func expressionCode(_ expr: Expr) throws(Diagnostic) -> (code: Code, type: SType) {
        if let compiled = takeCompiled(expr) { return compiled }
        let range = expr.range
        try guardCompiling(range)
        switch expr.kind {
        case .int(let value): return ({ _ in .int(value) }, .int)
        case .double(let value): return ({ _ in .double(value) }, .double)
        case .bool(let value): return ({ _ in .bool(value) }, .bool)
        case .nilLiteral: return ({ _ in .nil }, .nil)
        case .void: return ({ _ in .void }, .void)
        case .duration(let nanoseconds): return ({ _ in .duration(nanoseconds) }, .duration)

        case .string(let parts):
            return (try interpolation(parts, range: range), .string)

        case .name(let name):
            return try nameValue(name, range: range)

        case .dollarName:
            return try publisherValue(expr)

        case .argument(let index):
            return try argument(index, range: range)

        case .array(let elements):
            return try collection(elements, tuple: false)
        case .tuple(let elements):
            return try collection(elements, tuple: true)
        case .unary(let op, let operandExpr):
            let (operand, type) = try expression(operandExpr)
            let resultType = try ValueArithmetic.unaryType(op, type, range: range)
            return ({ frame in try ValueArithmetic.unary(op, try operand(frame), range: range) }, resultType)
        case .binary(let op, let leftExpr, let rightExpr):
            return try binary(op, leftExpr, rightExpr, range: range)

        case .ternary(let conditionExpr, let whenTrueExpr, let whenFalseExpr):
            return try ternary(conditionExpr, whenTrueExpr, whenFalseExpr)

        case .member(let baseExpr, let member, let nameRange):
            return try property(member, of: baseExpr, nameRange: nameRange, range: range)

        case .implicitMember(let name):
            return try implicitMemberValue(name, range: range)

        case .call(let callee, let arguments, let trailing):
            if let plan = try chain(expr) { return (plan.valueCode(), plan.valueType) }
            if let subject = try localSubject(expr) { return subject }
            if let cancellable = try cancellableValue(expr) { return cancellable }
            return try call(callee, arguments, trailing: trailing, range: range)

        case .try(let operand, let optional):
            return try tryExpression(operand, optional: optional)

        case .forceUnwrap, .optionalChain, .optionalBind, .dictionary, .subscriptAccess, .closure, .cast: return try swiftExpression(expr)
        case .inout, .keyPath, .specialized:
            throw notAValue(expr)
        }
    }

    /// `.unlimited`, `.finished`, or a case of one of the program's enums.
    private func implicitMemberValue(_ name: String, range: SourceRange) throws(Diagnostic) -> (code: Code, type: SType) {
        if let value = Value.implicitMember(name) { return ({ _ in value }, SType(of: value)) }
        if let found = implicitEnumCase(name) { return found }
        throw Diagnostic.error(Messages.unknownImplicitMember(name), at: range)
    }

    /// A subscription where a value is wanted: its `AnyCancellable`, which cancels it when the
    /// last value holding it goes. Nil when `expr` is no subscription.
    private func cancellableValue(_ expr: Expr) throws(Diagnostic) -> (code: Code, type: SType)? {
        guard let subscription = try subscription(expr) else { return nil }
        let chain = subscription.chain.description
        return ({ frame in .cancellable(CancellableValue(try subscription.start(frame), chain: chain)) }, .cancellable)
    }

    /// `[a, b]` and `(a, b)`: an array's type is its elements' when they agree.
    private func collection(_ elements: [Expr], tuple: Bool) throws(Diagnostic) -> (code: Code, type: SType) {
        let codes = try elements.map { (each) throws(Diagnostic) in try expression(each) }
        let parts = codes.map(\.code)
        let range = elements.first.map { $0.range.to(elements[elements.count - 1].range) } ?? .zero
        let values = { (frame: Frame) throws -> [Value] in
            let values = try parts.map { try $0(frame) }
            try ValueArithmetic.checkNesting(values, range: range)
            return values
        }
        if tuple { return ({ frame in .tuple(try values(frame)) }, .tuple(codes.map(\.type))) }
        // `[1, nil]` is an array of optionals, `[Int?]`: its values are wrapped.
        let others = codes.map(\.type).filter { $0 != .nil }
        if others.count < codes.count, let first = others.first, first.isKnown, others.allSatisfy({ $0 == first }) {
            let type = SType.array(.optional(first.unwrappedOptional))
            return ({ frame in .array(try values(frame).map(\.asOptional)) }, type)
        }
        let elementType = codes.first.map(\.type) ?? .unknown
        let uniform = codes.allSatisfy { $0.type == elementType }
        return ({ frame in .array(try values(frame)) }, .array(uniform ? elementType : .unknown))
    }

    /// What is written where a value is wanted but is not one, and what to write instead.
    private func notAValue(_ expr: Expr) -> Diagnostic {
        switch expr.kind {
        case .inout: return Diagnostic.error(Messages.inoutOutsideAssign, at: expr.range)
        case .keyPath: return Diagnostic.error(Messages.keyPathAsValue, at: expr.range)
        case .specialized(let name, _): return Diagnostic.error(Messages.notAValue(name + "<…>", kind: "a generic type"), at: expr.range)
        default: return Diagnostic.error(Messages.closureAsValue, at: expr.range)
        }
    }

    /// `c ? a : b`: of the type both sides have, if they have one.
    private func ternary(_ conditionExpr: Expr, _ whenTrueExpr: Expr, _ whenFalseExpr: Expr) throws(Diagnostic) -> (code: Code, type: SType) {
        let test = try condition(conditionExpr)
        let (whenTrue, trueType) = try expression(whenTrueExpr)
        let (whenFalse, falseType) = try expression(whenFalseExpr)
        return ({ frame in try test(frame) ? try whenTrue(frame) : try whenFalse(frame) }, trueType == falseType ? trueType : .unknown)
    }

    /// `x!`, `a?.b` and the `?` inside it, dictionaries and subscripts.
    private func swiftExpression(_ expr: Expr) throws(Diagnostic) -> (code: Code, type: SType) {
        switch expr.kind {
        case .closure(let closure): return try closureValue(closure, expected: nil)
        case .cast(let inner, let type, let kind): return try cast(inner, to: type, kind, range: expr.range)
        case .dictionary(let pairs): return try dictionaryLiteral(pairs)
        case .subscriptAccess(let base, let index): return try subscriptValue(base, index, range: expr.range)
        case .forceUnwrap(let inner):
            let (code, type) = try expression(inner)
            let range = expr.range
            return ({ frame in
                guard let value = try code(frame).unwrapped else { throw RuntimeError(Messages.unwrappedNil, at: range) }
                return value
            }, type.unwrappedOptional)
        case .optionalBind(let inner):
            let (code, type) = try expression(inner)
            return ({ frame in
                guard let value = try code(frame).unwrapped else { throw NilChainSignal() }
                return value
            }, type.unwrappedOptional)
        case .optionalChain(let inner):
            let (code, type) = try expression(inner)
            return ({ frame in
                do { return try code(frame).asOptional } catch is NilChainSignal { return .nil }
            }, type == .unknown ? .unknown : .optional(type.unwrappedOptional))
        default:
            return try expression(expr)
        }
    }

    /// `value as? Type` and the other casts, checked when the program runs.
    private func cast(_ inner: Expr, to written: TypeExpr, _ kind: CastKind, range: SourceRange) throws(Diagnostic) -> (code: Code, type: SType) {
        let (code, _) = try expression(inner)
        let target = try staticType(written)
        // `publisher as? PassthroughSubject<Int, Never>`: only a subject of that kind is one;
        // a publisher erased or made by an operator is not.
        var subjectKind: Bool?   // true: a current value subject; false: a passthrough one
        if case .named(let name, _) = written.kind, name == "PassthroughSubject" || name == "CurrentValueSubject" {
            subjectKind = name == "CurrentValueSubject"
        }
        func fits(_ value: Value) -> Bool {
            if case .publisher(let publisher) = value, subjectKind != nil {
                guard let handle = publisher.subject, (handle.read != nil) == subjectKind else { return false }
            }
            return Compiler.isValue(value, of: target)
        }
        switch kind {
        case .plain: return (code, target)
        case .test: return ({ frame in .bool(fits(try code(frame).unwrapped ?? .nil)) }, .bool)
        case .optional:
            return ({ frame in
                let value = try code(frame).unwrapped ?? .nil
                return fits(value) ? target.stored(value).asOptional : .nil
            }, .optional(target))
        case .forced:
            return ({ frame in
                let value = try code(frame).unwrapped ?? .nil
                guard fits(value) else { throw RuntimeError(Messages.castFailed(value.typeName, target.name), at: range) }
                return value
            }, target)
        }
    }

    /// `a ?? b`: what `a` holds, or `b` when it holds nothing (`b` is evaluated only then).
    private func nilCoalescing(_ leftExpr: Expr, _ rightExpr: Expr) throws(Diagnostic) -> (code: Code, type: SType) {
        let (left, leftType) = try expression(leftExpr)
        let (right, rightType) = try expression(rightExpr)
        return ({ frame in try left(frame).unwrapped ?? right(frame) }, rightType.isOptional ? rightType : leftType.unwrappedOptional)
    }

    /// `a OP b`: `&&` and `||` short-circuit; the rest have `Int` fast paths (`fastPaths`).
    private func binary(_ op: Punct, _ leftExpr: Expr, _ rightExpr: Expr, range: SourceRange) throws(Diagnostic) -> (code: Code, type: SType) {
        if op == .nilCoalescing { return try nilCoalescing(leftExpr, rightExpr) }
        if op == .closedRange || op == .halfOpenRange, leftExpr.isOpenRangeEnd || rightExpr.isOpenRangeEnd {
            throw Diagnostic.error(Messages.oneSidedRangeAsValue(text(of: range).description), at: range)
        }
        let (left, leftType) = try expression(leftExpr)
        let (right, rightType) = try expression(rightExpr)
        let resultType = try ValueArithmetic.binaryType(op, leftType, rightType, range: range)
        switch op {
        case .and:
            return ({ frame in
                guard try ValueArithmetic.truth(try left(frame), range: leftExpr.range) else { return .bool(false) }
                return .bool(try ValueArithmetic.truth(try right(frame), range: rightExpr.range))
            }, .bool)
        case .or:
            return ({ frame in
                if try ValueArithmetic.truth(try left(frame), range: leftExpr.range) { return .bool(true) }
                return .bool(try ValueArithmetic.truth(try right(frame), range: rightExpr.range))
            }, .bool)
        default:
            guard fastPaths else {
                return ({ frame in try ValueArithmetic.binary(op, try left(frame), try right(frame), range: range) }, resultType)
            }
            var constant: Int?
            if case .int(let value) = rightExpr.kind { constant = value }
            return (ValueArithmetic.specialized(op, left, right, constant: constant, range: range), resultType)
        }
    }

    /// `value.member` (`.count`, `.isEmpty`…); a publisher's member is not a value.
    private func property(_ member: String, of baseExpr: Expr, nameRange: SourceRange, range: SourceRange) throws(Diagnostic) -> (code: Code, type: SType) {
        if member == "value", case .name(let name) = baseExpr.kind {
            switch resolve(name) {
            case .entity(let entity):
                switch entity.kind {
                case .current, .published: return try expression(baseExpr)   // `cur.value` is `cur`
                default: break
                }
            case .local(_, _, .publisher(let output, _)):
                // A current value subject made in a func or closure.
                let (base, _) = try expression(baseExpr)
                return ({ frame in
                    guard case .publisher(let publisher) = try base(frame), let read = publisher.subject?.read else {
                        throw RuntimeError(Messages.noMember("value", on: "this publisher"), at: nameRange)
                    }
                    return read()
                }, output)
            default: break
            }
        }
        if member == "publisher", try declaresPublisherProperty(baseExpr), let found = try userMember(member, of: baseExpr, nameRange: nameRange) {
            return found
        }
        if member == "tap" || member == "publisher", let plan = try publisherSource(Expr(.member(baseExpr, member, nameRange: nameRange), range)) {
            return (plan.valueCode(), plan.valueType)
        }
        if runtime.userMemberNames.contains(member), let found = try userMember(member, of: baseExpr, nameRange: nameRange) { return found }
        if case .name(let type) = baseExpr.kind, resolve(type) == nil, let constant = Builtins.typeConstant(type + "." + member) {
            return ({ _ in constant }, SType(of: constant))
        }
        // `Thread.isMainThread`: whether the main queue runs the code (a background queue's
        // work, and what it delivers, is not).
        if case .name("Thread") = baseExpr.kind, member == "isMainThread", resolve("Thread") == nil {
            let runtime = self.runtime
            return ({ _ in .bool(runtime.onMainQueue) }, .bool)
        }
        let (base, baseType) = try expression(baseExpr)
        let resultType = Builtins.propertyType(member, on: baseType)
        return ({ frame in try Builtins.property(member, of: try base(frame), range: nameRange) }, resultType)
    }

    /// `try f()` is `f()` (Tapline accepts `try` but does not require it); `try? f()` is nil
    /// when `f` throws, so a call inside it may throw anywhere.
    private func tryExpression(_ operand: Expr, optional: Bool) throws(Diagnostic) -> (code: Code, type: SType) {
        guard optional else { return try expression(operand) }
        optionalTries += 1
        defer { optionalTries -= 1 }
        let (code, type) = try expression(operand)
        return ({ frame in
            do {
                return try code(frame).asOptional
            } catch is ThrownError {
                return .nil
            }
        }, type == .unknown ? .unknown : .optional(type.unwrappedOptional))
    }

    /// A chain's first stage used as a value (`$name`, `button.tap`, `[1].publisher`).
    private func publisherValue(_ expr: Expr) throws(Diagnostic) -> (code: Code, type: SType) {
        guard let plan = try publisherSource(expr) else { throw Diagnostic.error(Messages.notAValue(Compiler.describe(expr), kind: "a publisher"), at: expr.range) }
        return (plan.valueCode(), plan.valueType)
    }

    /// A `Bool` condition, checked statically where the type is known; one of `Int`
    /// arithmetic on locals runs as a kernel (`conditionKernel`) where fast paths are on.
    func condition(_ expr: Expr) throws(Diagnostic) -> (Frame) throws -> Bool {
        let (code, type) = try expression(expr)
        if type.isKnown, type != .bool { throw Diagnostic.error(Messages.conditionNotBool(type.name), at: expr.range) }
        let general = { (frame: Frame) throws -> Bool in try ValueArithmetic.truth(try code(frame), range: expr.range) }
        guard let kernel = conditionKernel(expr) else { return general }
        // A local that holds no `Int` after all: the general code, from the start.
        return { frame in
            do {
                return try kernel.eval(0, 0, frame)
            } catch is IntKernel.NotAnInt {
                return try general(frame)
            }
        }
    }

    /// An `Int` (loop bounds).
    func integer(_ expr: Expr) throws(Diagnostic) -> (Frame) throws -> Int {
        let (code, type) = try expression(expr)
        if type.isKnown, type != .int { throw Diagnostic.error(Messages.expectedInt(type.name), at: expr.range) }
        return { frame in
            let value = try code(frame)   // evaluated once: the error below names its type
            guard case .int(let number) = value else {
                throw RuntimeError(Messages.expectedInt(value.typeName), at: expr.range)
            }
            return number
        }
    }

    /// The units of Swift's `Duration` (and of the schedulers' stride) a program may call.
    /// Each unit's length in nanoseconds.
    static let durationUnits: [String: Int64] = ["nanoseconds": 1, "microseconds": 1_000, "milliseconds": 1_000_000, "seconds": 1_000_000_000]

    /// A duration: `300ms`, `1.5s`, `.milliseconds(n)`, `.seconds(n)`; in nanoseconds.
    func duration(_ expr: Expr) throws(Diagnostic) -> (Frame) throws -> Int64 {
        switch expr.kind {
        case .duration(let nanoseconds):
            return { _ in nanoseconds }
        case .call(let callee, let arguments, nil):
            guard case .implicitMember(let unit) = callee.kind, arguments.count == 1, arguments[0].label == nil,
                  let scale = Compiler.durationUnits[unit] else { break }
            let (code, _) = try expression(arguments[0].value)
            return { frame in try Compiler.nanoseconds(try code(frame), scale: scale, range: expr.range) }
        default:
            // Any other expression that gives a Duration: `now - start`, a `current` one; or a
            // number, which is seconds, as Foundation's `TimeInterval` and the schedulers'
            // strides read one (`debounce(for: 0.5, scheduler: RunLoop.main)`).
            let (code, type) = try expression(expr)
            if type == .int || type == .double { typeRecord?.noteSeconds(expr) }
            guard type == .duration || type == .int || type == .double || !type.isKnown else { break }
            return { frame in
                let value = try code(frame)
                switch value {
                case .duration(let nanoseconds):
                    guard nanoseconds >= 0 else { throw RuntimeError(Messages.durationOutOfRange, at: expr.range) }
                    return nanoseconds
                case .int, .double:
                    return try Compiler.nanoseconds(value, scale: Compiler.nanosecondsPerSecond, range: expr.range)
                default:
                    throw RuntimeError(Messages.typeMismatch("use", expected: "Duration", got: value.typeName), at: expr.range)
                }
            }
        }
        throw Diagnostic.error(Messages.expectedDurationLiteral, at: expr.range)
    }

    /// A second in nanoseconds: a plain number where a duration goes is seconds.
    static let nanosecondsPerSecond: Int64 = 1_000_000_000

    /// `value` units of `scale` nanoseconds each, in nanoseconds.
    static func nanoseconds(_ value: Value, scale: Int64, range: SourceRange) throws -> Int64 {
        switch value {
        case .int(let value):
            // Whole units exactly: through `Double`, a long one would lose its last digits.
            let (nanoseconds, overflow) = Int64(value).multipliedReportingOverflow(by: scale)
            guard value >= 0, !overflow else { throw RuntimeError(Messages.durationOutOfRange, at: range) }
            return nanoseconds
        case .double(let amount):
            guard amount >= 0, amount * Double(scale) < 9.2e18 else { throw RuntimeError(Messages.durationOutOfRange, at: range) }
            return Int64((amount * Double(scale)).rounded())
        case let other: throw RuntimeError(Messages.expectedDuration(other.typeName), at: range)
        }
    }

    private func interpolation(_ parts: [InterpolatedPart], range: SourceRange) throws(Diagnostic) -> Code {
        if parts.count == 1, case .text(let text) = parts[0] { return { _ in .string(text) } }
        // The text kept as it is, not a closure made for each piece of it.
        var pieces: [InterpolationPiece] = []
        pieces.reserveCapacity(parts.count)
        for part in parts {
            switch part {
            case .text(let text): pieces.append(.text(text))
            case .expr(let expr): pieces.append(.code(try expression(expr).code))
            }
        }
        return { frame in
            var result = ""
            for piece in pieces {
                switch piece {
                case .text(let text): result += text
                case .code(let code): result += try code(frame).description
                }
                try ValueArithmetic.checkSize(result.utf8.count, range: range)
            }
            return .string(result)
        }
    }

    private func nameValue(_ name: String, range: SourceRange) throws(Diagnostic) -> (code: Code, type: SType) {
        switch resolve(name) {
        case .local(let depth, let slot, let type):
            if weakness(depth: depth, slot: slot) != nil {
                return ({ frame in
                    let value = frame.slots(up: depth)[slot]
                    guard case .weakReference(let reference) = value else { return value }
                    return try reference.read(at: range)
                }, type)
            }
            if depth == 0 { return ({ frame in frame.slots[slot] }, type) }
            return ({ frame in frame.slots(up: depth)[slot] }, type)
        case .entity(let entity):
            switch entity.kind {
            case .current(let subject): return ({ _ in subject.value }, entity.outputType)
            case .published(let subject): return ({ _ in subject.value }, entity.outputType)
            case .subject(let subject):
                // A subject is a publisher, and as a value it is one (Swift prints
                // `PassthroughSubject<Int, Never>`); a `flatMap` closure may return it.
                let (output, failure, description) = (entity.outputType, entity.failure, entity.subjectType("PassthroughSubject"))
                return ({ _ in .publisher(PublisherValue(subject.eraseToAnyPublisher(), output: output, failure: failure,
                                                         description: description, subject: SubjectHandle(subject))) },
                        .publisher(output: output, failure: failure))
            case .stream(let box):
                return ({ _ in .publisher(PublisherValue(box.publisher ?? Empty().eraseToAnyPublisher(), output: box.output, failure: box.failure,
                                                         describe: box.describe)) },
                        .publisher(output: box.output, failure: box.failure))
            case .value(let box): return ({ _ in box.value }, box.type)
            case .bag(let bag):
                // `Set<AnyCancellable>` read as a value: its tokens, each an `AnyCancellable`
                // (`cancellables.forEach { $0.cancel() }`); the bag keeps holding them.
                return ({ _ in .set(bag.tokens.map { .cancellable(CancellableValue($0, chain: name)) }) }, .set(.cancellable))
            case .function: throw Diagnostic.error(Messages.functionNotCalled(name), at: range)
            default: throw Diagnostic.error(Messages.notAValue(name, kind: entity.kindDescription), at: range)
            }
        case nil:
            if let implicit = implicitSelf(name, range: range) { return try expression(implicit) }
            if name == "arguments" {
                let runtime = self.runtime
                return ({ _ in .array(runtime.arguments.map(Value.string)) }, .array(.string))
            }
            if name == "now" {
                // The virtual clock, read: a Duration since the program started.
                let clock = runtime.clock
                return ({ _ in .duration(clock.now.nanoseconds) }, .duration)
            }
            if name == "objectWillChange" {
                let stream = runtime.objectWillChangeStream
                return ({ _ in .publisher(PublisherValue(stream, output: .void, failure: .never, description: "ObservableObjectPublisher")) },
                        .publisher(output: .void, failure: .never))
            }
            if Builtins.functions.contains(name) { throw Diagnostic.error(Messages.functionNotCalled(name), at: range) }
            throw unknownName(name, at: range)
        }
    }

    private func argument(_ index: Int, range: SourceRange) throws(Diagnostic) -> (code: Code, type: SType) {
        guard let (depth, closureScope) = enclosingClosure() else {
            throw Diagnostic.error(Messages.argumentOutsideClosure(index), at: range)
        }
        guard index < closureScope.argumentTypes.count else {
            throw Diagnostic.error(Messages.argumentOutOfRange(index, count: closureScope.argumentTypes.count), at: range)
        }
        let type = closureScope.argumentTypes[index]
        if depth == 0 { return ({ frame in frame.slots[index] }, type) }
        return ({ frame in frame.slots(up: depth)[index] }, type)
    }

    /// The closure whose `$0, $1…` are read here, and how many frames up its own is.
    func enclosingClosure() -> (depth: Int, scope: FrameScope)? {
        var depth = 0
        var current: FrameScope? = scope
        while let frameScope = current, !frameScope.isClosure {
            depth += 1
            current = frameScope.parent
        }
        return current.map { (depth, $0) }
    }

}

/// One piece of a string interpolation, compiled: text, or the code of an expression.
private enum InterpolationPiece {
    case text(String)
    case code(Code)
}
