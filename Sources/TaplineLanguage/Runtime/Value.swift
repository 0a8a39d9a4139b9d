import TaplineReactive

/// A Tapline value. Values print the way Swift's `print` shows them.
public enum Value: Equatable {
    case int(Int)
    case double(Double)
    case string(String)
    case bool(Bool)
    case `nil`
    /// `()`: what a button's tap publisher sends.
    case void
    case tuple([Value])
    case array([Value])
    /// A completion, as a completion body's `$0` sees it: nil error for `finished`.
    indirect case completion(failure: Value?)
    /// A demand (`.unlimited`, `.max(3)`), as `request` and a subscriber's body return it.
    case demand(Subscribers.Demand)
    /// An `Error`, made from a message (`Fail(error: "boom")`, `.failure(let error)`); it
    /// prints as its message.
    case error(String)
    /// A time on the virtual clock, or a span of it, in nanoseconds: a Timer's tick. Prints as
    /// Tapline writes durations (`1500ms`).
    case duration(Int64)
    /// The `promise` a `Future`'s closure is given.
    case promise(PromiseValue)
    /// A publisher as a value (`let p = Just(1)`, a func's result, a `flatMap` closure's).
    case publisher(PublisherValue)
    /// A closure or a function as a value (`action: () -> Void`, called `action()`).
    case function(FunctionValue)
    /// An `AnyCancellable`: a subscription held as a value. It is cancelled when the last
    /// value holding it is let go, as Swift's is when its last reference goes.
    case cancellable(CancellableValue)
    /// A `Set`, in the order its elements were inserted (Swift's order is unspecified).
    case set([Value])
    /// An optional that holds a value, as Swift's `Optional.some`: it prints as
    /// `Optional(42)`. An optional that holds none is `nil`.
    indirect case some(Value)
    /// A `Dictionary`: its keys and their values, in the order the keys were first stored
    /// (Swift's order is unspecified).
    indirect case dictionary(keys: [Value], values: [Value])
    /// An instance of the program's own struct or class.
    case instance(Instance)
    /// A value of the program's own enum.
    case enumValue(EnumValue)
    /// The `Subscription` a custom subscriber is given: it asks for values and cancels.
    case subscription(SubscriptionValue)
    /// A `weak` or `unowned` capture of an instance, as a capture list's frame holds it; read,
    /// it is the instance (`Optional` for `weak`), or nil once the instance is gone.
    case weakReference(WeakReference)

    /// An array or a tuple: what nests.
    var isContainer: Bool {
        switch self {
        case .array, .tuple: return true
        default: return false
        }
    }

    /// The type's name, as diagnostics show it.
    public var typeName: String {
        switch self {
        case .int: return "Int"
        case .double: return "Double"
        case .string: return "String"
        case .bool: return "Bool"
        case .nil: return "nil"
        case .void: return "Void"
        case .tuple(let elements): return "(" + elements.map(\.typeName).joined(separator: ", ") + ")"
        case .array(let elements):
            guard let first = elements.first else { return "[Any]" }
            let name = first.typeName
            return elements.allSatisfy({ $0.typeName == name }) ? "[\(name)]" : "[Any]"
        case .completion: return "Completion"
        case .demand: return "Demand"
        case .publisher(let publisher): return SType.publisher(output: publisher.output, failure: publisher.failure).name
        case .error: return "Error"
        case .promise: return "Promise"
        case .duration: return "Duration"
        case .function: return "Function"
        case .cancellable: return "AnyCancellable"
        case .set(let elements): return "Set<\(elements.first?.typeName ?? "Any")>"
        case .some(let wrapped): return wrapped.typeName + "?"
        case .dictionary(let keys, let values):
            return "[\(keys.first?.typeName ?? "AnyHashable"): \(values.first?.typeName ?? "Any")]"
        case .instance(let instance): return instance.type.name
        case .enumValue(let value): return value.type.name
        case .subscription: return "Subscription"
        case .weakReference(let reference): return reference.typeName
        }
    }
}

extension Value: CustomStringConvertible, CustomDebugStringConvertible {
    /// How `print` shows the value at top level: strings bare.
    public var description: String {
        switch self {
        case .string(let text): return text
        case .enumValue(let value): return value.description
        case .instance(let instance): return instance.description
        default: return debugDescription
        }
    }

    /// How a value shows inside a collection, or when echoed: strings quoted.
    public var debugDescription: String {
        switch self {
        case .int(let value): return String(value)
        case .double(let value): return String(value)
        case .string(let text): return Value.quote(text)
        case .bool(let value): return value ? "true" : "false"
        case .nil: return "nil"
        case .void: return "()"
        case .tuple(let elements): return "(" + elements.map(\.debugDescription).joined(separator: ", ") + ")"
        case .array(let elements): return "[" + elements.map(\.debugDescription).joined(separator: ", ") + "]"
        case .completion(let failure): return failure.map { "failure(\($0.debugDescription))" } ?? "finished"
        case .demand(let demand): return demand.description
        case .publisher(let publisher): return publisher.description
        case .error(let message): return message
        case .promise, .function: return "(Function)"
        case .duration(let nanoseconds): return VirtualTime(nanoseconds: nanoseconds).description
        case .cancellable: return "Combine.AnyCancellable"
        case .set(let elements): return "[" + elements.map(\.debugDescription).joined(separator: ", ") + "]"
        case .some(let wrapped): return "Optional(\(wrapped.debugDescription))"
        case .dictionary(let keys, let values):
            guard !keys.isEmpty else { return "[:]" }
            return "[" + zip(keys, values).map { $0.debugDescription + ": " + $1.debugDescription }.joined(separator: ", ") + "]"
        case .instance(let instance): return instance.type.customDescription(of: self, debug: true) ?? instance.description
        // Swift names the type before the case inside another value (`failure(MyError.test)`).
        case .enumValue(let value):
            return value.type.customDescription(of: self, debug: true) ?? value.type.name + "." + value.description
        case .subscription(let subscription): return subscription.subscription.description
        case .weakReference(let reference): return reference.instance.map { Value.instance($0).debugDescription } ?? "nil"
        }
    }

    /// `debugDescription` cut short past about `limit` characters (`…` where it is cut), at a
    /// cost the limit bounds: what a listing (`:list`, TAB completion) shows of a value that
    /// may be megabytes long.
    func brief(_ limit: Int = 120) -> String {
        var budget = limit
        return brief(within: &budget)
    }

    private func brief(within budget: inout Int) -> String {
        switch self {
        case .string(let text):
            let cut = text.index(text.startIndex, offsetBy: max(0, budget), limitedBy: text.endIndex)
            let quoted = Value.quote(String(text[..<(cut ?? text.endIndex)]))
            budget -= quoted.count
            return cut.map { $0 < text.endIndex } == true ? String(quoted.dropLast()) + "…\"" : quoted
        case .tuple(let elements): return "(" + Value.brief(elements, within: &budget) + ")"
        case .array(let elements): return "[" + Value.brief(elements, within: &budget) + "]"
        default:
            let text = debugDescription
            budget -= text.count
            return text
        }
    }

    private static func brief(_ elements: [Value], within budget: inout Int) -> String {
        var parts: [String] = []
        for element in elements {
            guard budget > 0 else {
                parts.append("…")
                break
            }
            parts.append(element.brief(within: &budget))
            budget -= 2
        }
        return parts.joined(separator: ", ")
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

extension Value {
    /// The value an optional holds; nil for `nil`. A value that is no optional is itself.
    var unwrapped: Value? {
        switch self {
        case .nil: return nil
        case .some(let wrapped): return wrapped
        default: return self
        }
    }

    /// The value as an optional: `nil` and an optional as they are, anything else wrapped.
    var asOptional: Value {
        switch self {
        case .nil, .some: return self
        default: return .some(self)
        }
    }

    /// A completion as a completion body's `$0` sees it.
    init(_ completion: Subscribers.Completion<ScriptFailure>) {
        switch completion {
        case .finished: self = .completion(failure: nil)
        case .failure(let failure): self = .completion(failure: failure.error)
        }
    }

    /// `.unlimited`, `.none` and `.finished` written on their own; nil for another name.
    static func implicitMember(_ name: String) -> Value? {
        switch name {
        case "unlimited": return .demand(.unlimited)
        case "none": return .demand(.none)
        case "finished": return .completion(failure: nil)
        default: return nil
        }
    }

    /// The demand a value stands for (`request`, a subscriber's initial demand and its
    /// body's result): a `Demand` or a whole number.
    static func demand(from value: Value, range: SourceRange, allowZero: Bool) throws -> Subscribers.Demand {
        switch value {
        case .demand(let demand):
            if !allowZero, demand == .none { throw RuntimeError(Messages.requestZero, at: range) }
            return demand
        case .int(let count):
            if count < 0 { throw RuntimeError(Messages.negativeDemand, at: range) }
            if count == 0, !allowZero { throw RuntimeError(Messages.requestZero, at: range) }
            return .max(count)
        default:
            throw RuntimeError(Messages.notADemand(value.typeName), at: range)
        }
    }
}

/// The failure a Tapline subject carries: `fail NAME "message"`. Prints as its message.
public struct ScriptFailure: Error, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
    /// The error as a value, when it is more than its message (a value of the program's enum).
    var payload: ErrorPayload?

    public init(message: String) { self.message = message }

    /// A failure that carries an error value: a string is its message, anything else itself.
    init(error: Value) {
        switch error {
        case .error(let message), .string(let message): self.message = message
        default:
            message = error.description
            payload = ErrorPayload(error)
        }
    }

    /// The error as a value: what a completion's `.failure(let error)` binds.
    var error: Value { payload?.value ?? .error(message) }

    /// The failure an error that ended a stream stands for: what a program threw, a failure
    /// passed on, or (should anything else reach here) its description.
    init(thrown error: any Error) {
        switch error {
        case let thrown as ThrownError: (message, payload) = (thrown.message, thrown.payload)
        case let failure as ScriptFailure: (message, payload) = (failure.message, failure.payload)
        default: message = "\(error)"
        }
    }
}
