import TaplineReactive

/// A Tapline value. Values print the way Swift's `print` shows them.
public enum Value: Equatable, Sendable {
    case int(Int)
    case double(Double)
    case string(String)
    case bool(Bool)
    case nil_
    /// `()`: what a button's tap publisher sends.
    case void
    indirect case tuple([Value])
    indirect case array([Value])
    /// A completion, as a completion body's `$0` sees it: nil message for `finished`.
    case completion(failure: String?)
    /// A demand (`.unlimited`, `.max(3)`), as `request` and a subscriber's body return it.
    case demand(Subscribers.Demand)

    /// The type's name, as diagnostics show it.
    public var typeName: String {
        switch self {
        case .int: return "Int"
        case .double: return "Double"
        case .string: return "String"
        case .bool: return "Bool"
        case .nil_: return "nil"
        case .void: return "Void"
        case .tuple(let elements): return "(" + elements.map(\.typeName).joined(separator: ", ") + ")"
        case .array(let elements):
            guard let first = elements.first else { return "[Any]" }
            let name = first.typeName
            return elements.allSatisfy({ $0.typeName == name }) ? "[\(name)]" : "[Any]"
        case .completion: return "Completion"
        case .demand: return "Demand"
        }
    }

    /// Whether the value can go where `type` is declared.
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

extension Value: CustomStringConvertible, CustomDebugStringConvertible {
    /// How `print` shows the value at top level: strings bare.
    public var description: String {
        if case .string(let text) = self { return text }
        return debugDescription
    }

    /// How a value shows inside a collection, or when echoed: strings quoted.
    public var debugDescription: String {
        switch self {
        case .int(let value): return String(value)
        case .double(let value): return String(value)
        case .string(let text): return Value.quote(text)
        case .bool(let value): return value ? "true" : "false"
        case .nil_: return "nil"
        case .void: return "()"
        case .tuple(let elements): return "(" + elements.map(\.debugDescription).joined(separator: ", ") + ")"
        case .array(let elements): return "[" + elements.map(\.debugDescription).joined(separator: ", ") + "]"
        case .completion(let failure): return failure.map { "failure(\($0))" } ?? "finished"
        case .demand(let demand): return demand.description
        }
    }

    static func quote(_ text: String) -> String {
        var result = "\""
        for c in text {
            switch c {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default: result.append(c)
            }
        }
        return result + "\""
    }
}

/// The failure a Tapline subject carries: `fail NAME "message"`. Prints as its message.
public struct ScriptFailure: Error, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
