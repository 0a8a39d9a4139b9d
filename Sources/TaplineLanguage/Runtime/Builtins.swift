/// The functions, properties and methods every program has: `print`, conversions,
/// `min`/`max`/`abs`, `.count`, `.uppercased()`…
struct BuiltinArgument {
    var label: String?
    var code: Code
    var type: SType
    var range: SourceRange
}

enum Builtins {
    /// Every function a program can call without declaring it (for "did you mean").
    static let functions = Set(["print", "Int", "Double", "Float", "String", "Bool", "min", "max", "abs", "Array", "Set", "stride",
                                "fatalError", "preconditionFailure"])
        .union(["Just", "just", "Empty", "Fail", "Future", "Deferred", "Record", "schedule"])
    static let methods: Set<String> = [
        "uppercased", "lowercased", "hasPrefix", "hasSuffix", "contains", "reversed", "sorted", "isMultiple", "components",
        "joined", "enumerated", "cancel", "request", "randomElement", "shuffled",
    ]

    static func call(_ name: String, _ arguments: [BuiltinArgument], range: SourceRange, calleeRange: SourceRange,
                     runtime: Runtime, visible: () -> [String]) throws(Diagnostic) -> (code: Code, type: SType) {
        if name == "print" { return (try printCall(arguments, runtime: runtime), .void) }
        let codes = arguments.map(\.code)
        func expectCount(_ count: Int, _ usage: String) throws(Diagnostic) {
            guard arguments.count == count, arguments.allSatisfy({ $0.label == nil }) else {
                throw Diagnostic.error(Messages.operatorArguments(name, usage: usage), at: range)
            }
        }
        switch name {
        case "Int":
            try expectCount(1, "'Int(value)'")
            return ({ frame in toInt(try codes[0](frame)) }, arguments[0].type == .string ? .optional(.int) : arguments[0].type == .unknown ? .unknown : .int)
        case "Double", "Float":
            // Tapline's numbers with a fraction are Double's: a Float is one too.
            try expectCount(1, "'\(name)(value)'")
            return ({ frame in toDouble(try codes[0](frame)) }, arguments[0].type == .string ? .optional(.double) : arguments[0].type == .unknown ? .unknown : .double)
        case "String":
            guard arguments.count == 1, [nil, "describing"].contains(arguments[0].label) else { throw Diagnostic.error(Messages.operatorArguments(name, usage: "'String(value)'"), at: range) }
            // `String(["a", "b"])`, `String(word.sorted())`: Swift's String made of a sequence
            // of Characters (one-character strings here) is those characters, not a description.
            let describing = arguments[0].label == "describing"
            return ({ frame in
                let value = try codes[0](frame)
                if !describing, case .array(let elements) = value, let characters = Self.characters(elements) { return .string(characters) }
                return .string(value.description)
            }, .string)
        case "Bool":
            try expectCount(1, "'Bool(value)'")
            return ({ frame in
                switch try codes[0](frame) {
                case .string("true"): return .some(.bool(true))
                case .string("false"): return .some(.bool(false))
                case .bool(let flag): return .bool(flag)
                default: return .nil
                }
            }, arguments[0].type == .string ? .optional(.bool) : .unknown)
        case "min", "max":
            return try extreme(name, arguments, range: range)
        case "stride":
            return try stride(arguments, range: range)
        case "fatalError", "preconditionFailure":
            return try fatal(name, arguments, range: range)
        case "Array", "Set":
            return try collection(name, arguments, range: range)
        case "abs":
            try expectCount(1, "'abs(number)'")
            return (absolute(codes[0], range: range), arguments[0].type)
        default:
            let suggestion = Suggest.closest(to: name, in: visible() + Array(functions))
            throw MissingLibrary.noting(Diagnostic.error(Messages.unknownName(name, suggestion: suggestion), at: calleeRange), name: name)
        }
    }

    /// `min(a, b…)`, `max(a, b…)`: the least or the greatest, the first of equals.
    private static func extreme(_ name: String, _ arguments: [BuiltinArgument], range: SourceRange) throws(Diagnostic) -> (code: Code, type: SType) {
        guard arguments.count >= 2, arguments.allSatisfy({ $0.label == nil }) else {
            throw Diagnostic.error(Messages.operatorArguments(name, usage: "'\(name)(a, b)'"), at: range)
        }
        let codes = arguments.map(\.code)
        let pick: Punct = name == "min" ? .less : .greater
        return ({ frame in
            var best = try codes[0](frame)
            for code in codes.dropFirst() {
                let candidate = try code(frame)
                if case .bool(true) = try ValueArithmetic.binary(pick, candidate, best, range: range) { best = candidate }
            }
            return best
        }, arguments.allSatisfy { $0.type == arguments[0].type } ? arguments[0].type : .unknown)
    }

    /// `abs(x)`: an `Int`'s or a `Double`'s magnitude.
    private static func absolute(_ code: @escaping Code, range: SourceRange) -> Code {
        return { frame in
            switch try code(frame) {
            case .int(let x):
                // |Int.min| is one more than Int.max, as Swift's abs traps on it.
                guard x != .min else { throw RuntimeError(Messages.arithmeticOverflow, at: range) }
                return .int(Swift.abs(x))
            case .double(let x): return .double(Swift.abs(x))
            case let other: throw RuntimeError(Messages.unaryOperator("abs", other.typeName), at: range)
            }
        }
    }

    /// `fatalError("why")`, `preconditionFailure("why")`: Swift stops the program with the
    /// message; Tapline stops the statement with it. It never returns, so it may stand where
    /// any value goes (a func's whole body): its type is unknown, not `Never`.
    private static func fatal(_ name: String, _ arguments: [BuiltinArgument], range: SourceRange) throws(Diagnostic) -> (code: Code, type: SType) {
        guard arguments.count <= 1, arguments.allSatisfy({ $0.label == nil }) else {
            throw Diagnostic.error(Messages.operatorArguments(name, usage: "'\(name)(\"message\")'"), at: range)
        }
        let message = arguments.first?.code
        return ({ frame in
            var text = ""
            if let message {
                let value = try message(frame)
                if case .string(let written) = value { text = written } else { text = value.description }
            }
            throw RuntimeError(Messages.fatalError(text), at: range)
        }, .unknown)
    }

    /// `stride(from: 0, to: 10, by: 2)` (10 left out), `stride(from: 10, through: 0, by: -5)` (0
    /// kept): the numbers, as an array. `Int`s when all three are, else `Double`s.
    private static func stride(_ arguments: [BuiltinArgument], range: SourceRange) throws(Diagnostic) -> (code: Code, type: SType) {
        let labels = arguments.map(\.label)
        guard labels == ["from", "to", "by"] || labels == ["from", "through", "by"] else {
            throw Diagnostic.error(Messages.operatorArguments("stride", usage: "'stride(from: 0, to: 10, by: 2)'"), at: range)
        }
        let (codes, through) = (arguments.map(\.code), labels[1] == "through")
        let type: SType = arguments.allSatisfy { $0.type == .int } ? .int : arguments.contains { $0.type == .double } ? .double : .unknown
        return ({ frame in
            let (start, end, step) = (try codes[0](frame), try codes[1](frame), try codes[2](frame))
            if case .int(let low) = start, case .int(let high) = end, case .int(let by) = step {
                return .array(try strided(low, high, by: by, through: through, range: range).map(Value.int))
            }
            guard let low = ValueArithmetic.number(start), let high = ValueArithmetic.number(end), let by = ValueArithmetic.number(step) else {
                throw RuntimeError(Messages.operatorArguments("stride", usage: "'stride(from: 0, to: 10, by: 2)'"), at: range)
            }
            return .array(try strided(low, high, by: by, through: through, range: range).map(Value.double))
        }, .array(type))
    }

    /// Swift's `stride`'s numbers, as many as a value may hold.
    private static func strided<Number: Strideable & Numeric>(_ low: Number, _ high: Number, by step: Number.Stride, through: Bool,
                                                             range: SourceRange) throws -> [Number] {
        guard step != 0 else { throw RuntimeError(Messages.strideByZero, at: range) }
        let numbers = through ? Array(Swift.stride(from: low, through: high, by: step).prefix(Limits.valueSize + 1))
                              : Array(Swift.stride(from: low, to: high, by: step).prefix(Limits.valueSize + 1))
        guard numbers.count <= Limits.valueSize else { throw RuntimeError(Messages.valueTooLarge(numbers.count, Limits.valueSize), at: range) }
        return numbers
    }

    /// `Array(1...3)`, `Array("abc")`, `Array(repeating: 0, count: 3)`, `Set([1, 2, 2])`, `Set()`.
    private static func collection(_ name: String, _ arguments: [BuiltinArgument], range: SourceRange) throws(Diagnostic) -> (code: Code, type: SType) {
        let codes = arguments.map(\.code)
        switch (name, arguments.map(\.label)) {
        case ("Array", [nil]):
            return ({ frame in .array(try Compiler.elements(of: try codes[0](frame), method: "Array", range: range)) },
                    .array(Compiler.elementType(of: arguments[0].type)))
        case ("Array", ["repeating", "count"]):
            return ({ frame in
                guard case .int(let count) = try codes[1](frame), count >= 0 else { throw RuntimeError(Messages.indexOutOfRange, at: range) }
                guard count <= Limits.valueSize else { throw RuntimeError(Messages.valueTooLarge(count, Limits.valueSize), at: range) }
                return .array(Array(repeating: try codes[0](frame), count: count))
            }, .array(arguments[0].type))
        case ("Set", [nil]):
            return ({ frame in try set(of: try codes[0](frame), range: range) }, .set(Compiler.elementType(of: arguments[0].type)))
        case ("Set", []):
            return ({ _ in .set([]) }, .set(.unknown))
        default:
            let usage = name == "Set" ? "'Set([1, 2])'" : "'Array(1...3)' or 'Array(repeating: 0, count: 3)'"
            throw Diagnostic.error(Messages.operatorArguments(name, usage: usage), at: range)
        }
    }

    /// `print(a, b, separator: ", ", terminator: "")`, as Swift's.
    private static func printCall(_ arguments: [BuiltinArgument], runtime: Runtime) throws(Diagnostic) -> Code {
        var separator: Code = { _ in .string(" ") }
        var terminator: Code = { _ in .string("\n") }
        var items: [Code] = []
        for argument in arguments {
            switch argument.label {
            case nil: items.append(argument.code)
            case "separator": separator = argument.code
            case "terminator": terminator = argument.code
            default: throw Diagnostic.error(Messages.printLabel(argument.label ?? ""), at: argument.range)
            }
        }
        let (values, between, ending) = (items, separator, terminator)   // lets: a captured var is boxed
        return { frame in
            let text = try values.map { try $0(frame).description }.joined(separator: try between(frame).description)
            let end = try ending(frame).description
            // `write` adds the newline; another terminator is written as it is.
            if end == "\n" { runtime.write(text) } else { runtime.writeRaw(text + end) }
            return .void
        }
    }

    /// A set of a collection's elements, each once, in the order first met (`Set([1, 2, 2])`).
    static func set(of value: Value, range: SourceRange) throws -> Value {
        var unique: [Value] = []
        for element in try Compiler.elements(of: value, method: "Set", range: range) where !unique.contains(where: { ValueArithmetic.equal($0, element) }) {
            unique.append(element)
        }
        return .set(unique)
    }

    /// The string the characters make, when every element is one character (a Swift
    /// `Character`, which Tapline holds as a one-character `String`); nil otherwise.
    private static func characters(_ elements: [Value]) -> String? {
        var text = ""
        for element in elements {
            guard case .string(let character) = element, character.count == 1 else { return nil }
            text += character
        }
        return text
    }

    static func toInt(_ value: Value) -> Value {
        switch value {
        case .int: return value
        case .double(let x): return x.isFinite && Swift.abs(x) < 9.2e18 ? .int(Int(x)) : .nil
        case .string(let text): return Int(text).map { .some(.int($0)) } ?? .nil
        case .bool(let flag): return .int(flag ? 1 : 0)
        default: return .nil
        }
    }

    static func toDouble(_ value: Value) -> Value {
        switch value {
        case .int(let x): return .double(Double(x))
        case .double: return value
        case .string(let text): return Double(text).map { .some(.double($0)) } ?? .nil
        default: return .nil
        }
    }

    /// The constants of Swift's number types that snippets reach for (`Int.max`, `Double.nan`).
    static func typeConstant(_ name: String) -> Value? {
        switch name {
        case "Int.max": return .int(Int.max)
        case "Int.min": return .int(Int.min)
        case "Double.nan", "Float.nan": return .double(.nan)
        case "Double.infinity", "Float.infinity": return .double(.infinity)
        case "Double.pi", "Float.pi": return .double(.pi)
        case "Double.greatestFiniteMagnitude": return .double(.greatestFiniteMagnitude)
        default: return nil
        }
    }

    static func propertyType(_ name: String, on type: SType) -> SType {
        switch name {
        case "count": return .int
        case "isEmpty": return .bool
        case "description": return .string
        case "first", "last":
            if case .array(let element) = type { return .optional(element) }
            return .unknown
        case "keys": if case .dictionary(let key, _) = type { return .array(key) } else { return .unknown }
        case _ where Int(name) != nil:
            if case .tuple(let elements) = type, let index = Int(name), elements.indices.contains(index) { return elements[index] }
            return .unknown
        case "values": if case .dictionary(_, let value) = type { return .array(value) } else { return .unknown }
        case "value": if case .publisher(let output, _) = type { return output } else { return .unknown }
        default: return .unknown
        }
    }

    static func property(_ name: String, of value: Value, range: SourceRange) throws -> Value {
        switch (name, value) {
        case ("count", .string(let text)): return .int(text.count)
        case ("count", .array(let elements)), ("count", .tuple(let elements)), ("count", .set(let elements)),
             ("count", .dictionary(let elements, _)):
            return .int(elements.count)
        case ("isEmpty", .set(let elements)), ("isEmpty", .dictionary(let elements, _)): return .bool(elements.isEmpty)
        case ("keys", .dictionary(let keys, _)): return .array(keys)
        case ("values", .dictionary(_, let values)): return .array(values)
        case ("value", .publisher(let publisher)):
            // A current value subject held as a value (a property, a func's local).
            if let read = publisher.subject?.read { return read() }
        case ("isEmpty", .string(let text)): return .bool(text.isEmpty)
        case ("isEmpty", .array(let elements)): return .bool(elements.isEmpty)
        case ("first", .array(let elements)): return elements.first.map(Value.some) ?? .nil
        case ("last", .array(let elements)): return elements.last.map(Value.some) ?? .nil
        case ("description", _): return .string(value.description)
        case (_, .tuple(let elements)) where Int(name).map(elements.indices.contains) == true:
            return elements[Int(name) ?? 0]
        default: break
        }
        throw RuntimeError(Messages.noMember(name, on: value.typeName), at: range)
    }

    static func methodType(_ name: String, on type: SType) -> SType {
        switch name {
        case "uppercased", "lowercased", "joined": return .string
        case "hasPrefix", "hasSuffix", "contains", "isMultiple": return .bool
        case "components": return .array(.string)
        case "sorted", "shuffled": if case .set(let element) = type { return .array(element) } else { return type }
        case "randomElement":
            switch type {
            case .array(let element), .set(let element): return .optional(element)
            case .string: return .optional(.string)
            default: return .unknown
            }
        case "enumerated": if case .array(let element) = type { return .array(.tuple([.int, element])) } else { return .unknown }
        default: return type
        }
    }

    static func method(_ name: String, of value: Value, arguments: [Value], range: SourceRange) throws -> Value {
        switch (name, value, arguments.count) {
        case ("cancel", .cancellable(let cancellable), 0):
            cancellable.token.cancel()
            return .void
        case ("cancel", .subscription(let subscription), 0):
            subscription.subscription.cancel()
            return .void
        case ("request", .subscription(let subscription), 1):
            let demand = try Value.demand(from: arguments[0], range: range, allowZero: false)
            subscription.subscription.request(demand)
            return .void
        case ("uppercased", .string(let text), 0): return .string(text.uppercased())
        case ("lowercased", .string(let text), 0): return .string(text.lowercased())
        case ("hasPrefix", .string(let text), 1):
            if case .string(let prefix) = arguments[0] { return .bool(text.hasPrefix(prefix)) }
        case ("hasSuffix", .string(let text), 1):
            if case .string(let suffix) = arguments[0] { return .bool(text.hasSuffix(suffix)) }
        case ("contains", .string(let text), 1):
            if case .string(let part) = arguments[0] { return .bool(text.contains(part)) }
        case ("contains", .array(let elements), 1), ("contains", .set(let elements), 1):
            return .bool(elements.contains { ValueArithmetic.equal($0, arguments[0]) })
        case ("reversed", .array(let elements), 0): return .array(elements.reversed())
        case ("isMultiple", .int(let number), 1):
            if case .int(let divisor) = arguments[0] { return .bool(divisor == 0 ? number == 0 : number % divisor == 0) }
        case ("components", .string(let text), 1):
            if case .string(let separator) = arguments[0], !separator.isEmpty {
                return .array(text.split(separator: separator, omittingEmptySubsequences: false).map { .string(String($0)) })
            }
        case ("joined", .array(let elements), 0...1):
            let separator = arguments.first.map(\.description) ?? ""
            return .string(elements.map(\.description).joined(separator: separator))
        case ("enumerated", .array(let elements), 0):
            return .array(elements.enumerated().map { .tuple([.int($0.offset), $0.element]) })
        case ("reversed", .string(let text), 0): return .string(String(text.reversed()))
        case ("randomElement", .array(let elements), 0), ("randomElement", .set(let elements), 0):
            return elements.randomElement().map(Value.some) ?? .nil
        case ("randomElement", .string(let text), 0): return text.randomElement().map { .some(.string(String($0))) } ?? .nil
        case ("shuffled", .array(let elements), 0), ("shuffled", .set(let elements), 0): return .array(elements.shuffled())
        case ("sorted", .array(let elements), 0), ("sorted", .set(let elements), 0):
            return .array(try elements.sorted { a, b in
                try ValueArithmetic.binary(.less, a, b, range: range) == .bool(true)
            })
        default:
            break
        }
        throw RuntimeError(Messages.noMember("\(name)(\(arguments.map(\.typeName).joined(separator: ", ")))", on: value.typeName), at: range)
    }
}
