import TaplineReactive

/// What a session holds, as the REPL shows it (`:list`, completion, an echoed publisher).
extension Interpreter {
    /// One declared name.
    public struct Declaration: Equatable, Sendable {
        /// The keyword that declared it: `button`, `subject`, `current`, `published`,
        /// `subscriber`, `func`, `view`, `let`.
        public var keyword: String
        public var name: String
        /// The type it carries, where it has one.
        public var type: String?
        /// A short state: a value (cut short past 120 characters), a subscriber count, "shown"…
        public var detail: String
        /// What it can be used for, for completion.
        public var kind: Kind
        /// What completion offers after its name and a dot, when it is one of the program's
        /// types or a value of one: its members. Empty for anything else.
        public var members: [String] = []
        /// Where it was declared, in the session's text (an editor's "go to definition").
        public var range: SourceRange?

        public enum Kind: Sendable {
            case button, subject, current, published, subscriber, function, view, subscription, publisher, bag, value, type
        }
    }

    /// Everything declared, in declaration order.
    public var declarations: [Declaration] { Interpreter.declarations(of: globals) }

    static func declarations(of globals: [String: Entity]) -> [Declaration] {
        globals.values.sorted { $0.range.start.offset < $1.range.start.offset }.map { entity in
            var declaration = entity.declaration
            declaration.range = entity.range
            return declaration
        }
    }

    /// Subscriptions made at the top level without `let`, kept for the session, whose
    /// streams have not ended.
    public var liveSubscriptions: [(id: Int, chain: String)] {
        runtime.liveSubscriptions.map { ($0.id, $0.chain) }
    }

    /// Cancels a live subscription by its number; false if there is none.
    public func cancelSubscription(_ id: Int) -> Bool { runtime.cancelLive(id) }
}

extension Entity {
    var declaration: Interpreter.Declaration {
        let annotated = type == .any ? nil : type.rawValue
        func make(_ type: String?, _ detail: String, _ kind: Interpreter.Declaration.Kind) -> Interpreter.Declaration {
            Interpreter.Declaration(keyword: keyword, name: name, type: type, detail: detail, kind: kind)
        }
        switch kind {
        case .button(let box): return make(nil, Value.string(box.title).brief(), .button)
        case .subject(let subject):
            return make(withFailure(annotated ?? "Any"), Entity.count(subject.subscriberCount) + Entity.ended(subject.completion), .subject)
        case .current(let subject):
            return make(annotated.map(withFailure), "= \(subject.value.brief()), " + Entity.count(subject.subscriberCount) + Entity.ended(subject.completion), .current)
        case .published(let subject):
            return make(annotated, "= \(subject.value.brief()), " + Entity.count(subject.subscriberCount), .published)
        case .subscriber(let box):
            let state = box.subscriber.map { subscriber in
                "demand \(subscriber.initialDemand)"
                    + (box.isAttached ? (subscriber.isSubscribed ? ", subscribed" : ", ended") : ", not subscribed")
            }
            return make(nil, state ?? "", .subscriber)
        case .function(let box): return make(nil, box.typeDescription, .function)
        case .view(let box): return make(nil, box.isShown ? "shown, \(box.bag.count) in its bag" : "hidden", .view)
        case .subscription(let box): return make(nil, box.chain.description + (box.hasEnded() ? "  (ended)" : ""), .subscription)
        case .stream(let box): return make(annotated, box.chain.description, .publisher)
        case .bag(let box): return make("Set<AnyCancellable>", box.tokens.count == 1 ? "1 subscription" : "\(box.tokens.count) subscriptions", .bag)
        case .value(let box):
            var declaration = make(box.type.isKnown ? box.type.name : nil, "= " + Entity.brief(box.value), .value)
            declaration.members = Entity.userType(of: box.value)?.instanceMembers.sorted() ?? []
            return declaration
        case .type(let type):
            var declaration = make(nil, type.summary, .type)
            declaration.members = type.typeMembers.sorted()
            return declaration
        case .typeAlias(let alias): return make(nil, "= " + alias.type.name, .type)
        }
    }

    /// A value as `:list` shows it: an object with its properties, where `print` shows a
    /// class's instance by its name alone.
    private static func brief(_ value: Value) -> String {
        if case .instance(let instance) = value, instance.type.kind == .class { return String(instance.fieldsDescription.prefix(120)) }
        return value.brief()
    }

    private static func userType(of value: Value) -> UserType? {
        switch value {
        case .instance(let instance): return instance.type
        case .enumValue(let enumValue): return enumValue.type
        default: return nil
        }
    }

    /// A subject's value type as its declaration writes it, with the Failure when it can fail
    /// (`Int, Error`).
    private func withFailure(_ output: String) -> String {
        neverFails ? output : output + ", " + failure.name
    }

    /// What the REPL shows for a publisher typed on its own: its Combine type and state.
    var stateDescription: String {
        switch kind {
        case .published(let subject):
            return "Published<\(type.rawValue)>.Publisher, value \(subject.value.debugDescription), \(Entity.count(subject.subscriberCount))"
        case .subject(let subject):
            return "\(subjectType("PassthroughSubject")), \(Entity.count(subject.subscriberCount))\(Entity.ended(subject.completion))"
        case .current(let subject):
            return "\(subjectType("CurrentValueSubject")), value \(subject.value.debugDescription), "
                + "\(Entity.count(subject.subscriberCount))\(Entity.ended(subject.completion))"
        case .button(let box):
            return "the tap publisher of button '\(name)', \(Entity.count(box.tap.subscriberCount))"
        default:
            return kindDescription
        }
    }

    static func count(_ subscribers: Int) -> String {
        subscribers == 1 ? "1 subscriber" : "\(subscribers) subscribers"
    }

    static func ended(_ completion: Subscribers.Completion<ScriptFailure>?) -> String {
        completion.map { ", \(Value($0).debugDescription)" } ?? ""
    }
}
