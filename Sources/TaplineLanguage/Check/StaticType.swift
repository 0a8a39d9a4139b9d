/// The language's types, in one place: an annotation (`TypeName`, what a program writes),
/// a static type (`SType`, what the compiler knows of an expression before it runs) and a
/// run-time `Value`. Every mapping between the three is here.

/// What the compiler knows of an expression's type before running it. `.unknown` defers
/// the check to run time.
indirect enum SType: Equatable, Sendable {
    case int, double, string, bool, void, `nil`, completion, demand, unknown
    /// Swift's `Error`, and `Never` (the Failure of a publisher that cannot fail).
    case error, never
    /// A `Future`'s promise, which answers it.
    case promise
    /// A virtual time or span (a Timer's ticks).
    case duration
    case tuple([SType])
    case array(SType)
    /// A publisher with its Output and Failure (`AnyPublisher<Int, Never>`).
    case publisher(output: SType, failure: SType)
    /// `Int?`: a value or `nil`.
    case optional(SType)
    /// `(Int, String) -> Bool`: a closure or a function as a value.
    case function([SType], result: SType)
    /// `AnyCancellable`: a subscription held as a value, cancelled when the last holder lets go.
    case cancellable
    /// `Set<AnyCancellable>` (and sets of other values).
    case set(SType)
    /// `[String: Int]`.
    case dictionary(SType, SType)
    /// A struct, class or enum the program declares, by name.
    case user(String)

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
        case .publisher(let publisher): self = .publisher(output: publisher.output, failure: publisher.failure)
        case .error: self = .error
        case .promise: self = .promise
        case .duration: self = .duration
        case .function(let function): self = .function(Array(repeating: .unknown, count: function.arity), result: .unknown)
        case .cancellable: self = .cancellable
        case .set: self = .set(.unknown)
        case .some(let wrapped): self = .optional(SType(of: wrapped))
        case .dictionary: self = .dictionary(.unknown, .unknown)
        case .instance(let instance): self = .user(instance.type.name)
        case .enumValue(let value): self = .user(value.type.name)
        case .subscription, .weakReference: self = .unknown
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
        case .error: return "Error"
        case .never: return "Never"
        case .promise: return "Promise"
        case .duration: return "Duration"
        case .tuple(let elements): return "(" + elements.map(\.name).joined(separator: ", ") + ")"
        case .array(let element): return "[\(element.name)]"
        case .publisher(let output, let failure): return "AnyPublisher<\(output.name), \(failure.name)>"
        case .optional(let wrapped):
            if case .function = wrapped { return "(\(wrapped.name))?" }
            return wrapped.name + "?"
        case .function(let parameters, let result):
            return "(" + parameters.map(\.name).joined(separator: ", ") + ") -> " + (result == .unknown ? "Any" : result.name)
        case .cancellable: return "AnyCancellable"
        case .set(let element): return "Set<\(element.name)>"
        case .dictionary(let key, let value): return "[\(key.name): \(value.name)]"
        case .user(let name): return name
        }
    }

    var isKnown: Bool { self != .unknown }
    /// Whether a closure may be its value: a function type, or a type not known.
    var takesClosure: Bool {
        if case .function = self { return true }
        return self == .unknown
    }
    /// What an optional of this type holds (the type itself when it is no optional).
    var unwrappedOptional: SType {
        if case .optional(let wrapped) = self { return wrapped }
        return self
    }

    /// An array, a set, a dictionary, or not known (a collection's methods may apply).
    var isCollection: Bool {
        switch self {
        case .array, .set, .dictionary, .unknown: return true
        default: return false
        }
    }

    /// An array of optionals (whose values a store wraps).
    var holdsOptionals: Bool {
        if case .array(let element) = self { return element.isOptional }
        return false
    }

    var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }
    var isArray: Bool {
        if case .array = self { return true }
        return false
    }
    var isNumeric: Bool { self == .int || self == .double }

    /// True when a value of this type certainly cannot go where `type` is declared.
    func conflicts(with type: TypeName) -> Bool {
        guard isKnown, type != .any else { return false }
        if type == .double, self == .int { return false }
        return typeName != type
    }
}

extension SType {
    /// The static type a written type stands for; an unknown name is an error that suggests
    /// the closest one. `declared` gives the type of a name the program declares (its own
    /// types, a generic parameter), nil for any other.
    init(_ type: TypeExpr, declared: (String) -> SType? = { _ in nil }) throws(Diagnostic) {
        switch type.kind {
        case .array(let element): self = .array(try SType(element, declared: declared))
        case .optional(let wrapped): self = .optional(try SType(wrapped, declared: declared))
        case .dictionary(let key, let value): self = .dictionary(try SType(key, declared: declared), try SType(value, declared: declared))
        case .function(let parameters, let result, _):
            var types: [SType] = []
            for parameter in parameters { types.append(try SType(parameter, declared: declared)) }
            self = .function(types, result: try SType(result, declared: declared))
        case .tuple(let elements):
            var types: [SType] = []
            for element in elements { types.append(try SType(element, declared: declared)) }
            self = types.isEmpty ? .void : .tuple(types)
        case .named(let name, let arguments):
            // The program's own types (their generic arguments are checked when it runs).
            if let type = declared(name) {
                self = type
                return
            }
            self = try SType.named(name, arguments, at: type.range, declared: declared)
        }
    }

    /// The simple types, and the generic ones with their arguments.
    private static let simple: [String: SType] = [
        "Int": .int, "Double": .double, "String": .string, "Bool": .bool, "Void": .void, "Any": .unknown,
        "Error": .error, "Never": .never, "AnyCancellable": .cancellable, "TimeInterval": .double, "Float": .double,
        "CGFloat": .double, "Character": .string, "Float32": .double, "Float64": .double, "Int64": .int, "Int32": .int, "UInt": .int, "Subscribers.Completion": .completion, "Subscribers.Demand": .demand,
        // A custom subscriber's subscription: what it is given is checked when it runs.
        "Subscription": .unknown, "Cancellable": .unknown,
    ]

    /// Whether Tapline knows the name as one of Swift's or Combine's types.
    static func isKnownName(_ name: String) -> Bool {
        simple[name] != nil || name.hasPrefix("Publishers.") || name.hasPrefix("Subscribers.") || [
            "AnyPublisher", "PassthroughSubject", "CurrentValueSubject", "Published.Publisher", "Set", "Array", "Optional",
            "Dictionary", "Result", "Future", "Deferred", "Fail", "Empty", "Just", "Record", "ClosedRange", "Range",
            "CountableClosedRange", "CountableRange", "Publisher",
        ].contains(name)
    }

    private static func named(_ name: String, _ arguments: [TypeExpr], at range: SourceRange,
                              declared: (String) -> SType?) throws(Diagnostic) -> SType {
        if let type = simple[name], arguments.isEmpty { return type }
        func argument(_ index: Int) throws(Diagnostic) -> SType { try SType(arguments[index], declared: declared) }
        switch (name, arguments.count) {
        case ("AnyPublisher", 2), ("PassthroughSubject", 2), ("CurrentValueSubject", 2):
            return .publisher(output: try argument(0), failure: try argument(1))
        case ("Published.Publisher", 1): return .publisher(output: try argument(0), failure: .never)
        case ("Future", 2), ("Deferred", 2), ("Fail", 2), ("Empty", 2), ("Publishers.Sequence", 2), ("Record", 2):
            return .publisher(output: try argument(0), failure: try argument(1))
        case ("Just", 1): return .publisher(output: try argument(0), failure: .never)
        // `some Publisher`, `any Publisher<Int, Never>`: a publisher whose types are its own.
        case ("Publisher", 0): return .publisher(output: .unknown, failure: .unknown)
        case ("Publisher", 2): return .publisher(output: try argument(0), failure: try argument(1))
        case ("ClosedRange", 1), ("Range", 1), ("CountableClosedRange", 1), ("CountableRange", 1): return .array(try argument(0))
        case ("Set", 1): return .set(try argument(0))
        case ("Result", 2): return .user("Result")
        case ("Subscribers.Completion", 1): return .completion
        case ("Array", 1): return .array(try argument(0))
        case ("Optional", 1): return .optional(try argument(0))
        case ("Dictionary", 2): return .dictionary(try argument(0), try argument(1))
        default: break
        }
        let known = Array(simple.keys) + ["AnyPublisher", "PassthroughSubject", "CurrentValueSubject", "Set"]
        throw MissingLibrary.noting(Diagnostic.error(Messages.unknownType(name, suggestion: Suggest.closest(to: name, in: known)), at: range), name: name)
    }

    /// Whether a value of type `other` can go where this type is expected, as far as the
    /// compiler can tell (an unknown type is checked when the program runs).
    func admits(_ other: SType) -> Bool {
        switch (self, other) {
        case (.unknown, _), (_, .unknown), (.double, .int): return true
        case (.array(let element), .array(let otherElement)): return element.admits(otherElement)
        case (.tuple(let elements), .tuple(let others)):
            return elements.count == others.count && zip(elements, others).allSatisfy { $0.admits($1) }
        case (.publisher(let output, let failure), .publisher(let otherOutput, let otherFailure)):
            return output.admits(otherOutput) && failure.admits(otherFailure)
        case (.optional, .nil): return true
        case (.optional(let wrapped), .optional(let otherWrapped)): return wrapped.admits(otherWrapped)
        case (.optional(let wrapped), _): return wrapped.admits(other)
        case (.set(let element), .set(let otherElement)): return element.admits(otherElement)
        case (.dictionary(let key, let value), .dictionary(let otherKey, let otherValue)):
            return key.admits(otherKey) && value.admits(otherValue)
        case (.dictionary, .array(.unknown)): return true
        case (.set(let element), .array(let otherElement)): return element.admits(otherElement)
        case (.function(let parameters, let result), .function(let others, let otherResult)):
            return parameters.count == others.count && (result == .void || result.admits(otherResult))
        // An enum or a struct of the program's that is an `Error` is checked when it runs.
        case (.error, .user): return true
        default: return self == other
        }
    }
}

extension SType {
    /// The value, checked against this type when the program runs (an argument, a result);
    /// `mismatch` words the error from the value's type.
    func checked(_ value: Value, at range: SourceRange, mismatch: (_ got: String) -> Message) throws -> Value {
        // A value of the very type, asked first: the usual store (`model.count = i`) then
        // compares no types.
        switch (self, value) {
        case (.unknown, _), (.int, .int), (.string, .string), (.bool, .bool), (.double, .double): return value
        default: break
        }
        // A publisher's types were checked as the program compiled, where they were known (a
        // `Future { … }` returned as `Future<Int, Never>` takes them from there).
        if case .publisher = self, case .publisher = value { return value }
        guard admits(SType(of: value)) else { throw RuntimeError(mismatch(value.typeName), at: range) }
        if self == .double, case .int(let number) = value { return .double(Double(number)) }
        return stored(value)
    }

    /// The value as a slot of this type holds it, as Swift types a literal by where it goes:
    /// an `Int` where a `Double` is declared is a `Double` (`let xs: [Double] = [1, 2]` holds
    /// `[1.0, 2.0]`), and a value where an optional is declared is wrapped (`let x: Int? = 5`
    /// holds `Optional(5)`).
    func stored(_ value: Value) -> Value {
        switch (self, value) {
        case (.double, .int(let number)): return .double(Double(number))
        case (.optional, .nil): return value
        case (.optional(let wrapped), .some(let inner)): return .some(wrapped.stored(inner))
        case (.optional(let wrapped), _): return .some(wrapped.stored(value))
        case (.array(let element), .array(let elements)) where element.storesConverted:
            return .array(elements.map(element.stored))
        case (.dictionary(let key, let element), .dictionary(let keys, let values)) where key.storesConverted || element.storesConverted:
            return .dictionary(keys: keys.map(key.stored), values: values.map(element.stored))
        case (.tuple(let types), .tuple(let elements)) where types.count == elements.count && types.contains(where: \.storesConverted):
            return .tuple(zip(types, elements).map { $0.stored($1) })
        // `[]` or `[1, 2]` where a set is declared (`CurrentValueSubject<Set<Int>, Never>([])`).
        case (.set(let element), .array):
            guard case .set(let elements)? = try? Builtins.set(of: value, range: .zero) else { return value }
            return .set(element.storesConverted ? elements.map(element.stored) : elements)
        default: return value
        }
    }

    /// Whether `stored` may change a value of this type: it holds a `Double` or an optional.
    var storesConverted: Bool {
        switch self {
        case .double, .optional, .set: return true
        case .array(let element): return element.storesConverted
        case .dictionary(let key, let value): return key.storesConverted || value.storesConverted
        case .tuple(let elements): return elements.contains(where: \.storesConverted)
        default: return false
        }
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
