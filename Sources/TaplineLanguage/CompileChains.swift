import TaplineReactive

/// A compiled publisher chain: builds a fresh publisher each time the statement runs (a
/// view's `on appear` runs again each time it is shown), with closures compiled once.
struct PublisherPlan {
    typealias Stream = AnyPublisher<Value, ScriptFailure>
    let make: (Frame) throws -> Stream
    /// What each value is, where known: the type of `$0` in the next operator.
    let type: SType
    /// The chain as written, for `:list`.
    let text: String
    /// A short description for the REPL's echo.
    let describe: (Frame) throws -> String
}

/// A chain ending in `.sink`, `.subscribe` or `.assign`: starting it subscribes.
struct SubscriptionPlan {
    let start: (Frame) throws -> AnyCancellable
    let chain: String
}

extension Compiler {
    static let operatorNames = [
        "filter", "map", "compactMap", "removeDuplicates", "scan", "reduce", "collect", "prefix", "dropFirst",
        "first", "last", "merge", "combineLatest", "zip", "print", "debounce", "throttle", "delay", "share",
        "eraseToAnyPublisher",
    ]
    static let terminalNames = ["sink", "subscribe", "assign"]

    func isSubscription(_ expr: Expr) throws -> Bool {
        guard case .call(let callee, _, _) = expr.kind, case .member(let base, let method, _) = callee.kind,
              Compiler.terminalNames.contains(method) else { return false }
        return try publisher(base) != nil
    }

    func text(of range: SourceRange) -> String {
        let start = max(0, min(range.start.offset, source.count))
        let end = max(start, min(range.end.offset, source.count))
        return String(source[start..<end])
    }

    // MARK: - Subscriptions

    /// Compiles `publisher….sink { … }` (or `.subscribe`, `.assign`); nil if `expr` is not one.
    func subscription(_ expr: Expr, named: String?) throws -> SubscriptionPlan? {
        guard case .call(let callee, let arguments, let trailing) = expr.kind,
              case .member(let base, let method, let nameRange) = callee.kind,
              Compiler.terminalNames.contains(method) else { return nil }
        guard let plan = try publisher(base) else {
            try rejectNonPublisherBase(base, operatorName: method)
            return nil
        }
        let chain = text(of: expr.range)
        let runtime = self.runtime
        switch method {
        case "sink":
            var valueClosure: ClosureExpr? = trailing
            var completionClosure: ClosureExpr?
            for argument in arguments {
                guard case .closure(let closure) = argument.value.kind else {
                    throw Diagnostic.error(Messages.sinkUsage, at: argument.value.range)
                }
                switch argument.label {
                case "receiveValue" where valueClosure == nil: valueClosure = closure
                case "receiveCompletion": completionClosure = closure
                case nil where valueClosure == nil: valueClosure = closure
                default: throw Diagnostic.error(Messages.sinkUsage, at: argument.labelRange ?? argument.value.range)
                }
            }
            guard valueClosure != nil || completionClosure != nil else {
                throw Diagnostic.error(Messages.sinkUsage, at: nameRange)
            }
            let onValue = try valueClosure.map { try closure($0, inputs: [plan.type]) }
            let onCompletion = try completionClosure.map { try closure($0, inputs: [.completion]) }
            return SubscriptionPlan(start: { frame in
                var receiveCompletion: (Subscribers.Completion<ScriptFailure>) -> Void = { _ in }
                var receiveValue: (Value) -> Void = { _ in }
                if let bound = onCompletion?.bind(to: frame) {
                    receiveCompletion = { completion in runtime.deliver { _ = try bound.call(Compiler.value(of: completion)) } }
                }
                if let bound = onValue?.bind(to: frame) {
                    receiveValue = { value in runtime.deliver { _ = try bound.call(value) } }
                }
                let sink = ValueSink(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
                try plan.make(frame).subscribe(sink)
                return AnyCancellable(sink)
            }, chain: chain)

        case "subscribe":
            guard arguments.count == 1, arguments[0].label == nil, trailing == nil,
                  case .name(let targetName) = arguments[0].value.kind else {
                throw Diagnostic.error(Messages.operatorArguments("subscribe", usage: "'.subscribe(subscriberName)'"), at: expr.range)
            }
            let target = try entity(Name(text: targetName, range: arguments[0].value.range))
            switch target.kind {
            case .subscriber(let box):
                return SubscriptionPlan(start: { frame in
                    guard let subscriber = box.subscriber, !box.isAttached else {
                        throw RuntimeError(message: Messages.alreadySubscribed(targetName), range: arguments[0].value.range)
                    }
                    box.isAttached = true
                    try plan.make(frame).subscribe(subscriber)
                    return AnyCancellable(subscriber)
                }, chain: chain)
            case .subject, .current:
                // A subject can subscribe to a publisher and republish what it receives.
                let forward = try assignment(into: target, range: arguments[0].value.range)
                return SubscriptionPlan(start: { frame in
                    let sink = ValueSink(
                        receiveCompletion: { completion in forward.complete(completion) },
                        receiveValue: { value in runtime.deliver { try forward.send(value) } })
                    try plan.make(frame).subscribe(sink)
                    return AnyCancellable(sink)
                }, chain: chain)
            default:
                throw Diagnostic.error(Messages.notA(targetName, isA: target.kindDescription, expected: "a subscriber"), at: arguments[0].value.range)
            }

        default: // assign
            guard arguments.count == 1, arguments[0].label == "to", trailing == nil else {
                throw Diagnostic.error(Messages.assignUsage, at: expr.range)
            }
            var targetExpr = arguments[0].value
            if case .inout_(let inner) = targetExpr.kind { targetExpr = inner }
            let targetName: String
            switch targetExpr.kind {
            case .name(let name), .dollarName(let name): targetName = name
            default: throw Diagnostic.error(Messages.assignUsage, at: targetExpr.range)
            }
            let target = try entity(Name(text: targetName, range: targetExpr.range))
            let forward = try assignment(into: target, range: targetExpr.range)
            if plan.type.conflicts(with: target.type) {
                throw Diagnostic.error(Messages.sendTypeMismatch(targetName, expected: target.type.rawValue, got: plan.type.name), at: expr.range)
            }
            return SubscriptionPlan(start: { frame in
                let sink = ValueSink(
                    receiveCompletion: { _ in },
                    receiveValue: { value in runtime.deliver { try forward.send(value) } })
                try plan.make(frame).subscribe(sink)
                return AnyCancellable(sink)
            }, chain: chain)
        }
    }

    /// How `.assign(to:)` and `.subscribe(subject)` put values into a declared value.
    private func assignment(into target: Entity, range: SourceRange) throws -> (send: (Value) throws -> Void, complete: (Subscribers.Completion<ScriptFailure>) -> Void) {
        switch target.kind {
        case .published(let subject):
            return ({ value in
                try Compiler.check(value, fits: target, range: range, verb: "assign")
                subject.value = value.converted(to: target.type)
            }, { _ in })
        case .current(let subject):
            return ({ value in
                try Compiler.check(value, fits: target, range: range, verb: "send")
                subject.send(value.converted(to: target.type))
            }, { subject.send(completion: $0) })
        case .subject(let subject):
            return ({ value in
                try Compiler.check(value, fits: target, range: range, verb: "send")
                subject.send(value.converted(to: target.type))
            }, { subject.send(completion: $0) })
        default:
            throw Diagnostic.error(Messages.notA(target.name, isA: target.kindDescription, expected: "a value to assign to"), at: range)
        }
    }

    // MARK: - Publishers

    /// Compiles an expression that is a publisher; nil if it is not one (a plain value).
    func publisher(_ expr: Expr) throws -> PublisherPlan? {
        let text = self.text(of: expr.range)
        switch expr.kind {
        case .dollarName(let name):
            guard case .entity(let entity)? = resolve(name) else { throw unknownName(name, at: expr.range) }
            guard case .published(let subject) = entity.kind else {
                throw Diagnostic.error(Messages.dollarOnNonPublished(name, kind: entity.kindDescription), at: expr.range)
            }
            return PublisherPlan(make: { _ in subject.setFailureType(to: ScriptFailure.self).eraseToAnyPublisher() },
                                 type: SType(entity.type), text: text,
                                 describe: { _ in "Published<\(entity.type.rawValue)>.Publisher, value \(subject.value.debugDescription), \(Compiler.count(subject.subscriberCount))" })

        case .name(let name):
            guard case .entity(let entity)? = resolve(name) else { return nil }
            switch entity.kind {
            case .subject(let subject):
                return PublisherPlan(make: { _ in subject.eraseToAnyPublisher() }, type: SType(entity.type), text: text,
                                     describe: { _ in "PassthroughSubject<\(entity.type.rawValue), Error>, \(Compiler.count(subject.subscriberCount))\(Compiler.ended(subject.completion))" })
            case .stream(let box):
                return PublisherPlan(make: { _ in box.publisher ?? Empty().eraseToAnyPublisher() }, type: SType(entity.type), text: text,
                                     describe: { _ in "a publisher: \(box.chain)" })
            case .current(let subject):
                return PublisherPlan(make: { _ in subject.eraseToAnyPublisher() }, type: SType(entity.type), text: text,
                                     describe: { _ in "CurrentValueSubject<\(entity.type.rawValue), Error>, value \(subject.value.debugDescription), \(Compiler.count(subject.subscriberCount))\(Compiler.ended(subject.completion))" })
            default:
                return nil
            }

        case .member(let base, "tap", _):
            guard case .name(let name) = base.kind else { return nil }
            guard case .entity(let entity)? = resolve(name) else { throw unknownName(name, at: base.range) }
            guard case .button(let box) = entity.kind else {
                throw Diagnostic.error(Messages.tapNeedsButton + "; '\(name)' is \(entity.kindDescription)", at: expr.range)
            }
            return PublisherPlan(make: { _ in box.tap.setFailureType(to: ScriptFailure.self).eraseToAnyPublisher() },
                                 type: .void, text: text,
                                 describe: { _ in "the tap publisher of button '\(name)', \(Compiler.count(box.tap.subscriberCount))" })

        case .member(let base, "publisher", _):
            let (code, type) = try expression(base)
            var elementType = SType.unknown
            if case .array(let element) = type { elementType = element } else if type.isKnown {
                throw Diagnostic.error(Messages.publisherOfNonArray(type.name), at: base.range)
            }
            return PublisherPlan(make: { frame in
                guard case .array(let elements) = try code(frame) else {
                    throw RuntimeError(message: Messages.publisherOfNonArray(try code(frame).typeName), range: base.range)
                }
                return Publishers.Sequence<[Value], ScriptFailure>(sequence: elements).eraseToAnyPublisher()
            }, type: elementType, text: text, describe: { _ in "a sequence publisher" })

        case .call(let callee, let arguments, let trailing):
            if case .name(let name) = callee.kind, name == "just" || name == "Just", resolve(name) == nil {
                guard arguments.count == 1, arguments[0].label == nil, trailing == nil else {
                    throw Diagnostic.error(Messages.operatorArguments(name, usage: "'just(value)'"), at: expr.range)
                }
                let (code, type) = try expression(arguments[0].value)
                return PublisherPlan(make: { frame in
                    Just(try code(frame)).setFailureType(to: ScriptFailure.self).eraseToAnyPublisher()
                }, type: type, text: text, describe: { _ in "Just" })
            }
            guard case .member(let base, let method, let nameRange) = callee.kind else { return nil }
            if Compiler.terminalNames.contains(method) || method == "send" { return nil }
            guard let upstream = try publisher(base) else {
                if Compiler.operatorNames.contains(method) {
                    try rejectNonPublisherBase(base, operatorName: method)
                }
                return nil
            }
            guard Compiler.operatorNames.contains(method) else {
                let suggestion = Suggest.closest(to: method, in: Compiler.operatorNames + Compiler.terminalNames)
                throw Diagnostic.error(Messages.unknownOperator(method, suggestion: suggestion), at: nameRange)
            }
            return try applyOperator(method, to: upstream, arguments: arguments, trailing: trailing, range: expr.range, nameRange: nameRange, text: text)

        default:
            return nil
        }
    }

    /// An operator on something that is not a publisher: teach what to write instead.
    func rejectNonPublisherBase(_ base: Expr, operatorName: String) throws {
        if case .name(let name) = base.kind {
            switch resolve(name) {
            case .entity(let entity):
                if case .published = entity.kind {
                    throw Diagnostic.error(Messages.publishedIsNotAPublisher(name), at: base.range)
                }
                if case .button = entity.kind {
                    throw Diagnostic.error(Messages.buttonIsNotAPublisher(name), at: base.range)
                }
                throw Diagnostic.error(Messages.notAPublisher("'\(name)' (\(entity.kindDescription))"), at: base.range)
            case .local:
                throw Diagnostic.error(Messages.notAPublisher("'\(name)'"), at: base.range)
            case nil:
                throw unknownName(name, at: base.range)
            }
        }
        if case .array = base.kind {
            throw Diagnostic.error(Messages.arrayIsNotAPublisher(operatorName), at: base.range)
        }
    }

    static func count(_ subscribers: Int) -> String {
        subscribers == 1 ? "1 subscriber" : "\(subscribers) subscribers"
    }

    static func ended(_ completion: Subscribers.Completion<ScriptFailure>?) -> String {
        completion.map { ", \(Compiler.value(of: $0).debugDescription)" } ?? ""
    }
}
