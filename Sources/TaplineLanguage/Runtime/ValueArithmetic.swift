/// Swift's arithmetic, comparison and logical operators on `Value`s, with the static
/// type rules the compiler checks before running.
///
/// One deliberate leniency: an `Int` and a `Double` mix (the `Int` is widened), as
/// Swift's literals do, so that `$0 * 1.5` works on an `Int` stream.
enum ValueArithmetic {
    static func truth(_ value: Value, range: SourceRange) throws -> Bool {
        guard case .bool(let flag) = value else {
            throw RuntimeError(Messages.conditionNotBool(value.typeName), at: range)
        }
        return flag
    }

    static func unaryType(_ op: Punct, _ type: SType, range: SourceRange) throws(Diagnostic) -> SType {
        switch (op, type) {
        case (_, .unknown): return .unknown
        case (.minus, .int), (.minus, .double): return type
        case (.not, .bool): return .bool
        default: throw Diagnostic.error(Messages.unaryOperator(op.rawValue, type.name), at: range)
        }
    }

    static func unary(_ op: Punct, _ value: Value, range: SourceRange) throws -> Value {
        switch (op, value) {
        case (.minus, .int(let x)): return .int(try negate(x, range: range))
        case (.minus, .double(let x)): return .double(-x)
        case (.not, .bool(let x)): return .bool(!x)
        default: throw RuntimeError(Messages.unaryOperator(op.rawValue, value.typeName), at: range)
        }
    }

    static func binaryType(_ op: Punct, _ left: SType, _ right: SType, range: SourceRange) throws(Diagnostic) -> SType {
        // Made only when thrown: otherwise the message would be built for every operator
        // compiled, and almost none fails.
        var fail: Diagnostic { Diagnostic.error(Messages.binaryOperator(op.rawValue, left.name, right.name), at: range) }
        switch op {
        case .and, .or:
            if (left.isKnown && left != .bool) || (right.isKnown && right != .bool) { throw fail }
            return .bool
        case .equal, .notEqual, .identical, .notIdentical:
            return .bool
        case .less, .lessEqual, .greater, .greaterEqual:
            guard left.isKnown, right.isKnown else { return .bool }
            guard (left.isNumeric && right.isNumeric) || (left == right && (left == .string || left == .duration)) else { throw fail }
            return .bool
        case .closedRange, .halfOpenRange:
            if (left.isKnown && left != .int) || (right.isKnown && right != .int) { throw fail }
            return .array(.int)
        default:
            guard left.isKnown, right.isKnown else { return .unknown }
            if left == .int, right == .int { return .int }
            if left.isNumeric, right.isNumeric { return .double }
            if op == .plus, left == .string, right == .string { return .string }
            if op == .plus || op == .minus, left == .duration, right == .duration { return .duration }
            if op == .plus, case .array = left, case .array = right { return left == right ? left : .array(.unknown) }
            throw fail
        }
    }

    /// The value size limit (docs/LIMITS.md), checked where values grow: doubling a string
    /// forty times must be an error, not the machine running out of memory.
    static func checkSize(_ size: Int, range: SourceRange) throws {
        guard size <= Limits.valueSize else { throw RuntimeError(Messages.valueTooLarge(size, Limits.valueSize), at: range) }
    }

    /// The nesting part of the value size limit, checked where a literal nests values: walked
    /// without recursion, and only when an element is itself an array or a tuple.
    static func checkNesting(_ elements: [Value], range: SourceRange) throws {
        var pending: [(value: Value, depth: Int)] = []
        for element in elements where element.isContainer { pending.append((element, 2)) }
        var visited = 0
        while let (value, depth) = pending.popLast() {
            guard depth <= Limits.valueNesting else { throw RuntimeError(Messages.valueNestedTooDeeply(Limits.valueNesting), at: range) }
            visited += 1
            guard visited <= Limits.nestedContainers else {
                throw RuntimeError(Messages.valueHasTooManyContainers(Limits.nestedContainers), at: range)
            }
            switch value {
            case .array(let children), .tuple(let children):
                for child in children where child.isContainer { pending.append((child, depth + 1)) }
            default: break
            }
        }
    }

    static func binary(_ op: Punct, _ left: Value, _ right: Value, range: SourceRange) throws -> Value {
        switch op {
        case .equal: return .bool(equal(left, right))
        case .notEqual: return .bool(!equal(left, right))
        case .identical, .notIdentical: return .bool(identical(left, right) == (op == .identical))
        case .less, .lessEqual, .greater, .greaterEqual:
            guard let order = compare(left, right) else { break }
            switch op {
            case .less: return .bool(order < 0)
            case .lessEqual: return .bool(order <= 0)
            case .greater: return .bool(order > 0)
            default: return .bool(order >= 0)
            }
        case .closedRange, .halfOpenRange:
            guard case .int(let low) = left, case .int(let high) = right else { break }
            // Counted in 128 bits: an end at Int.max or Int.min must not overflow the count.
            let count = Int128(high) - Int128(low) + (op == .closedRange ? 1 : 0)
            // Swift's rule for both: `1...0` stops the program (Range requires lowerBound <=
            // upperBound), though it would hold nothing; `1..<1` is empty.
            guard low <= high else { throw RuntimeError(Messages.badRange(low, high), at: range) }
            guard count <= 10_000_000 else { throw RuntimeError(Messages.rangeTooLarge(count), at: range) }
            return .array((0..<Int(count)).map { .int(low + $0) })
        case .plus, .minus, .star, .slash, .percent:
            if let result = try arithmetic(op, left, right, range: range) { return result }
        default:
            break
        }
        throw RuntimeError(Messages.binaryOperator(op.rawValue, left.typeName, right.typeName), at: range)
    }

    /// `x OP y` for `+ - * / %` on `Int`s, as Swift computes it, throwing where Swift traps
    /// (overflow, division by zero): the one implementation of `Int` arithmetic, which every
    /// fast path calls too (`specialized`, `IntKernel`, the self-updates).
    @inline(__always) static func int(_ op: Punct, _ x: Int, _ y: Int, range: SourceRange) throws -> Int {
        guard let result = intResult(op, x, y) else { throw intFault(op, y, range: range) }
        return result
    }

    /// `x OP y` as `int` computes it, or nil where it throws.
    @inline(__always) static func intResult(_ op: Punct, _ x: Int, _ y: Int) -> Int? {
        let result: (partialValue: Int, overflow: Bool)
        switch op {
        case .plus: result = x.addingReportingOverflow(y)
        case .minus: result = x.subtractingReportingOverflow(y)
        case .star: result = x.multipliedReportingOverflow(by: y)
        case .slash:
            guard y != 0 else { return nil }
            result = x.dividedReportingOverflow(by: y)
        default:
            guard y != 0 else { return nil }
            result = x.remainderReportingOverflow(dividingBy: y)
        }
        return result.overflow ? nil : result.partialValue
    }

    /// The error of an `Int` operation that has no result.
    @inline(never) private static func intFault(_ op: Punct, _ y: Int, range: SourceRange) -> RuntimeError {
        (op == .slash || op == .percent) && y == 0 ? RuntimeError(Messages.divisionByZero, at: range)
                                                    : RuntimeError(Messages.arithmeticOverflow, at: range)
    }

    /// `-x` on an `Int`, throwing where Swift traps (`-Int.min`).
    @inline(__always) static func negate(_ x: Int, range: SourceRange) throws -> Int {
        guard x != .min else { throw RuntimeError(Messages.arithmeticOverflow, at: range) }
        return -x
    }

    /// `== != < <= > >=` on `Int`s.
    @inline(__always) static func compare(_ op: Punct, _ x: Int, _ y: Int) -> Bool {
        switch op {
        case .equal: return x == y
        case .notEqual: return x != y
        case .less: return x < y
        case .lessEqual: return x <= y
        case .greater: return x > y
        default: return x >= y
        }
    }

    private static func arithmetic(_ op: Punct, _ left: Value, _ right: Value, range: SourceRange) throws -> Value? {
        switch (left, right) {
        case (.int(let x), .int(let y)):
            return .int(try int(op, x, y, range: range))
        case (.int, .double), (.double, .int), (.double, .double):
            guard let x = number(left), let y = number(right) else { return nil }
            switch op {
            case .plus: return .double(x + y)
            case .minus: return .double(x - y)
            case .star: return .double(x * y)
            case .slash: return .double(x / y)
            default: return .double(x.truncatingRemainder(dividingBy: y))
            }
        case (.string(let x), .string(let y)) where op == .plus:
            try checkSize(x.utf8.count + y.utf8.count, range: range)
            return .string(x + y)
        case (.array(let x), .array(let y)) where op == .plus:
            try checkSize(x.count + y.count, range: range)
            return .array(x + y)
        case (.duration(let x), .duration(let y)) where op == .plus || op == .minus:
            let (result, overflow) = op == .plus ? x.addingReportingOverflow(y) : x.subtractingReportingOverflow(y)
            if overflow { throw RuntimeError(Messages.arithmeticOverflow, at: range) }
            return .duration(result)
        default:
            return nil
        }
    }

    static func number(_ value: Value) -> Double? {
        switch value {
        case .int(let x): return Double(x)
        case .double(let x): return x
        default: return nil
        }
    }

    /// `==` as Swift sees it, with an `Int` equal to the same `Double`.
    static func equal(_ left: Value, _ right: Value) -> Bool {
        switch (left, right) {
        case (.int(let x), .double(let y)), (.double(let y), .int(let x)): return Double(x) == y
        // An optional equals a value it holds (Swift wraps the other side).
        case (.some(let x), .some(let y)): return equal(x, y)
        case (.some(let x), _) where right != .nil: return equal(x, right)
        case (_, .some(let y)) where left != .nil: return equal(left, y)
        // `completion == .failure(.bad)`: the `.failure(…)` written is read as a `Result`'s case.
        case (.completion(let error?), .enumValue(let result)), (.enumValue(let result), .completion(let error?)):
            return result.name == "failure" && result.payload.count == 1 && equal(error, result.payload[0])
        default: return left == right
        }
    }

    /// `===`: the same instance of a class (and `nil` is `nil`).
    static func identical(_ left: Value, _ right: Value) -> Bool {
        switch (left.unwrapped, right.unwrapped) {
        case (.instance(let x)?, .instance(let y)?): return x === y
        case (nil, nil): return true
        default: return false
        }
    }

    static func compare(_ left: Value, _ right: Value) -> Int? {
        if case .string(let x) = left, case .string(let y) = right { return x < y ? -1 : x == y ? 0 : 1 }
        if case .int(let x) = left, case .int(let y) = right { return x < y ? -1 : x == y ? 0 : 1 }
        if case .duration(let x) = left, case .duration(let y) = right { return x < y ? -1 : x == y ? 0 : 1 }
        guard let x = number(left), let y = number(right) else { return nil }
        return x < y ? -1 : x == y ? 0 : 1
    }

    /// Code for a binary operator with the `Int` case done inline (and an `Int` literal on the
    /// right folded in), through `int` and `compare`; anything else goes the general way
    /// above. A fast path (`Compiler.fastPaths`): the results and errors are the general
    /// code's.
    static func specialized(_ op: Punct, _ left: @escaping Code, _ right: @escaping Code, constant: Int?,
                            range: SourceRange) -> Code {
        switch op {
        case .plus, .minus, .star, .slash, .percent:
            if let c = constant {
                return { frame in
                    let a = try left(frame)
                    if case .int(let x) = a { return .int(try int(op, x, c, range: range)) }
                    return try binary(op, a, .int(c), range: range)
                }
            }
            return { frame in
                let a = try left(frame), b = try right(frame)
                if case .int(let x) = a, case .int(let y) = b { return .int(try int(op, x, y, range: range)) }
                return try binary(op, a, b, range: range)
            }
        case .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual:
            if let c = constant {
                return { frame in
                    let a = try left(frame)
                    if case .int(let x) = a { return .bool(compare(op, x, c)) }
                    return try binary(op, a, .int(c), range: range)
                }
            }
            return { frame in
                let a = try left(frame), b = try right(frame)
                if case .int(let x) = a, case .int(let y) = b { return .bool(compare(op, x, y)) }
                return try binary(op, a, b, range: range)
            }
        default:
            return { frame in try binary(op, try left(frame), try right(frame), range: range) }
        }
    }
}
