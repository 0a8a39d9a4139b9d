import TaplineReactive

/// The type a `typealias` names.
final class TypeAliasBox {
    let type: SType
    init(_ type: SType) { self.type = type }
}

/// Something a program declared: a button, subject, subscriber, view…
final class Entity {
    enum Kind {
        case button(ButtonBox)
        case subject(PassthroughSubject<Value, ScriptFailure>)
        case current(CurrentValueSubject<Value, ScriptFailure>)
        case published(PublishedSubject<Value>)
        case subscriber(SubscriberBox)
        case function(FunctionBox)
        case view(ViewBox)
        case subscription(SubscriptionBox)
        /// `let NAME = publisher…` without a subscriber: a publisher built once and kept.
        case stream(StreamBox)
        /// `var NAME = Set<AnyCancellable>()`.
        case bag(BagBox)
        /// `let NAME = 5`, `var NAME = 5`: a plain value.
        case value(ValueBox)
        /// `struct`, `class` or `enum NAME { … }`: the program's own type.
        case type(UserType)
        /// `typealias NAME = …`: another name for a type (held in a box, so that this enum,
        /// and every entity, stays the size of one reference).
        case typeAlias(TypeAliasBox)
    }

    let name: String
    let range: SourceRange
    let kind: Kind
    /// The declared or inferred type of the values it carries (subjects and values).
    var type: TypeName
    /// A subject's Output when no `TypeName` names it (`[String]`, `Int?`, a struct of the
    /// program's): `type` is then `.any`, and this type checks what is sent.
    var declaredOutput: SType?
    /// The type of the values a subject carries, as the compiler sees it.
    var outputType: SType { declaredOutput ?? SType(type) }
    /// A subject's Failure, as declared: `Never` unless it names one (`subject s: Int, Error`,
    /// `PassthroughSubject<Int, Error>()`), as Swift types it.
    var failure: SType = .never
    /// Whether it cannot fail (a Failure of `Never`), and so its chains cannot either.
    var neverFails: Bool { failure == .never }
    /// A constant that names a scheduler (`let queue = DispatchQueue(label: "work")`): the
    /// scheduler, which the name stands for wherever a scheduler goes.
    var scheduler: SessionQueue?
    /// False until its declaration has run; an entry that fails first forgets it.
    var isInitialized = false

    init(name: String, range: SourceRange, kind: Kind, type: TypeName = .any) {
        self.name = name
        self.range = range
        self.kind = kind
        self.type = type
    }

    /// Whether it is a plain constant or variable (whose value may be a subject).
    var isValue: Bool {
        if case .value = kind { return true }
        return false
    }

    /// "a button", "a @Published value", … for messages.
    var kindDescription: String {
        switch kind {
        case .button: return "a button"
        case .subject: return "a subject"
        case .current: return "a current value subject"
        case .published: return "a @Published value"
        case .subscriber: return "a subscriber"
        case .function: return "a function"
        case .view: return "a view"
        case .subscription: return "a subscription"
        case .stream: return "a publisher"
        case .bag: return "a bag of subscriptions"
        case .value(let box): return box.isMutable ? "a variable" : "a constant"
        case .type(let type): return "a type (\(type.kind.rawValue))"
        case .typeAlias: return "a type (typealias)"
        }
    }

    /// The keyword that declares this kind, for `:list`.
    var keyword: String {
        switch kind {
        case .button: return "button"
        case .subject: return "subject"
        case .current: return "current"
        case .published: return "published"
        case .subscriber: return "subscriber"
        case .function: return "func"
        case .view: return "view"
        case .subscription, .stream: return "let"
        case .bag: return "var"
        case .value(let box): return box.isMutable ? "var" : "let"
        case .type(let type): return type.kind.rawValue
        case .typeAlias: return "typealias"
        }
    }
}

/// How a value reaches a declared value, for the message when its type does not fit.
enum StoreVerb: String {
    /// A declaration's initial value, or `.assign(to:)` into a published value.
    case assign
    /// `set NAME = value`.
    case set
    /// `send NAME value`, `.subscribe(subject)`.
    case send
}

extension Entity {
    /// The value as this declaration stores it, after the run-time check of its type (the
    /// compiler checked statically where it could).
    @inline(__always) func checked(_ value: Value, at range: SourceRange, verb: StoreVerb) throws -> Value {
        if type == .any {
            guard let declaredOutput else { return value }
            return try declaredOutput.checked(value, at: range) { got in
                verb == .assign ? Messages.typeMismatch("assign", expected: declaredOutput.name, got: got)
                    : Messages.sendTypeMismatch(name, expected: declaredOutput.name, got: got)
            }
        }
        guard value.fits(type) else {
            throw RuntimeError(verb == .assign
                ? Messages.typeMismatch("assign", expected: type.rawValue, got: value.typeName)
                : Messages.sendTypeMismatch(name, expected: type.rawValue, got: value.typeName), at: range)
        }
        return value.converted(to: type)
    }
}
