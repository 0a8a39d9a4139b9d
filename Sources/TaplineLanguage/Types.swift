/// What the compiler knows of an expression's type before running it. `.unknown` defers
/// the check to run time.
indirect enum SType: Equatable {
    case int, double, string, bool, void, nil_, completion, demand, unknown
    case tuple([SType])
    case array(SType)

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

    var name: String {
        switch self {
        case .int: return "Int"
        case .double: return "Double"
        case .string: return "String"
        case .bool: return "Bool"
        case .void: return "Void"
        case .nil_: return "nil"
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
