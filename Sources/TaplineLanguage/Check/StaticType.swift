/// The language's types, in one place: an annotation (`TypeName`, what a program writes),
/// a static type (`SType`, what the compiler knows of an expression before it runs) and a
/// run-time `Value`. Every mapping between the three is here.

/// What the compiler knows of an expression's type before running it. `.unknown` defers
/// the check to run time.
indirect enum SType: Equatable {
    case int, double, string, bool, void, `nil`, completion, demand, unknown
    case tuple([SType])
    case array(SType)

    /// The static type an annotation promises (`Any` promises nothing).
    init(_ name: TypeName) {
        switch name {
        case .string: self = .string
        case .int: self = .int
        case .double: self = .double
        case .bool: self = .bool
        case .void: self = .void
        case .any: self = .unknown
        }
    }

    /// The static type of a constant value (`.unlimited`, `.finished`).
    init(of value: Value) {
        switch value {
        case .int: self = .int
        case .double: self = .double
        case .string: self = .string
        case .bool: self = .bool
        case .nil: self = .nil
        case .void: self = .void
        case .completion: self = .completion
        case .demand: self = .demand
        case .tuple(let elements): self = .tuple(elements.map(SType.init(of:)))
        case .array: self = .array(.unknown)
        }
    }

    /// The annotation that matches, if the type is a simple one.
    var typeName: TypeName? {
        switch self {
        case .string: return .string
        case .int: return .int
        case .double: return .double
        case .bool: return .bool
        case .void: return .void
        default: return nil
        }
    }

    /// The type's name as Swift spells it, for messages.
    var name: String {
        switch self {
        case .int: return "Int"
        case .double: return "Double"
        case .string: return "String"
        case .bool: return "Bool"
        case .void: return "Void"
        case .nil: return "nil"
        case .completion: return "Completion"
        case .demand: return "Demand"
        case .unknown: return "Any"
        case .tuple(let elements): return "(" + elements.map(\.name).joined(separator: ", ") + ")"
        case .array(let element): return "[\(element.name)]"
        }
    }

    var isKnown: Bool { self != .unknown }
    var isNumeric: Bool { self == .int || self == .double }

    /// True when a value of this type certainly cannot go where `type` is declared.
    func conflicts(with type: TypeName) -> Bool {
        guard isKnown, type != .any else { return false }
        if type == .double, self == .int { return false }
        return typeName != type
    }
}

extension TypeName {
    /// The type an unannotated `current`/`published` takes from its first value, as Swift infers it.
    init(inferredFrom value: Value) {
        self = SType(of: value).typeName ?? .any
    }
}

extension Value {
    /// Whether the value can go where `type` is declared: `!SType(of: self).conflicts(with: type)`,
    /// spelled out because it runs on every `set` and `send` of a typed value.
    func fits(_ type: TypeName) -> Bool {
        switch (type, self) {
        case (.any, _), (.string, .string), (.int, .int), (.double, .double), (.double, .int), (.bool, .bool), (.void, .void):
            return true
        default:
            return false
        }
    }

    /// The value converted for a slot of `type` (an Int stored where a Double is declared becomes a Double).
    func converted(to type: TypeName) -> Value {
        if type == .double, case .int(let value) = self { return .double(Double(value)) }
        return self
    }
}
