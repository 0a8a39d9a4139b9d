import TaplineReactive

/// The subscribers that end a chain: `sink`, `subscribe`, `assign`.
extension ChainOperator {
    static let subscribers: [ChainOperator] = [sink, subscribe, assign]
}

extension ChainOperator {
    static let sink = ChainOperator(
        name: "sink", forms: ["sink { value in … }", "sink(receiveCompletion: { … }, receiveValue: { … })"],
        signature: "func sink(receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void, receiveValue: @escaping (Output) -> Void) -> AnyCancellable",
        summary: "requests unlimited and runs a closure for each value (and, if given, the completion)",
        usage: "'.sink { … }' or '.sink(receiveCompletion: { … }, receiveValue: { … })'", completion: "sink",
        example: "just(1).sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })",
        output: "1\nfinished\n",
        timeline: OperatorTimeline(
            about: "Subscribes with unlimited demand and runs a closure for each value, and another, if given, for the completion. It returns an AnyCancellable: the subscription lasts as long as that is kept.",
            korean: KoreanWords(summary: "무제한으로 요청하고 값마다(주면 완료 때도) 클로저를 실행해요",
                                 about: "무제한 demand로 구독해서 값마다 클로저를 실행하고, 완료용 클로저를 주면 완료 때 그것도 실행해요. AnyCancellable을 반환하는데, 그것을 보관하는 동안에만 구독이 유지돼요."),
            rxSwift: "subscribe(onNext:onError:onCompleted:)", rxJS: "subscribe",
            program: #"""
            subject n: Int
            play n "-1-2-3-4-|"
            let token = n.sink(receiveCompletion: { _ in }, receiveValue: { _ in })
            wait 600ms
            cancel token
            wait 400ms
            """#),
        traits: OperatorTraits(export: ExportTraits(write: { exporter, call throws(Diagnostic) in try exporter.exportSink(call) },
                                 returnsCancellable: { _, _ in true })),
        compile: .subscriber { compiler, call throws(Diagnostic) in try compiler.compileSink(call) })
}

extension Compiler {
    /// `.sink { … }` and `.sink(receiveCompletion:receiveValue:)`: the language's `ValueSink`,
    /// with unlimited demand; the closures run for each event.
    ///
    ///     just(1).sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })   // 1, finished
    func compileSink(_ call: OperatorCall) throws(Diagnostic) -> SubscriptionPlan {
        // With labeled closures after it (`.sink { … } receiveValue: { … }`), the trailing closure
        // is the first parameter's, the completion's, as Swift matches them.
        let trailingIsCompletion = call.trailing != nil && call.arguments.contains { $0.isTrailing }
        var valueClosure: ClosureExpr? = trailingIsCompletion ? nil : call.trailing
        var completionClosure: ClosureExpr? = trailingIsCompletion ? call.trailing : nil
        for argument in call.arguments {
            let closure: ClosureExpr
            switch argument.value.kind {
            case .closure(let written): closure = written
            case .name, .member: closure = OperatorCall.closure(calling: argument.value)   // `sink(receiveValue: show)`
            default: throw Diagnostic.error(Messages.operatorArguments(call.name, usage: call.entry.usage), at: argument.value.range)
            }
            switch argument.label {
            case "receiveValue" where valueClosure == nil: valueClosure = closure
            case "receiveCompletion": completionClosure = closure
            case nil where valueClosure == nil: valueClosure = closure
            default:
                throw Diagnostic.error(Messages.operatorArguments(call.name, usage: call.entry.usage), at: argument.labelRange ?? argument.value.range)
            }
        }
        guard valueClosure != nil || completionClosure != nil else {
            throw Diagnostic.error(Messages.operatorArguments(call.name, usage: call.entry.usage), at: call.nameRange)
        }
        if completionClosure == nil {
            try requireNeverFailing(call.upstream.failure, method: "sink(receiveValue:)", at: call.nameRange, hint: Messages.sinkOnFailingHint)
        }
        if case .publisher = call.upstream.type {
            warnings.append(Diagnostic.warning(Messages.sinkOfPublishers, at: call.nameRange))
        }
        let onValue = try valueClosure.map { (each) throws(Diagnostic) in try closure(each, inputs: [call.upstream.type], owner: call.name) }
        let onCompletion = try completionClosure.map { (each) throws(Diagnostic) in try closure(each, inputs: [.completion], owner: call.name) }
        if let fused = call.upstream.fusable {
            return fusedSink(fused, onValue: onValue, onCompletion: onCompletion, chain: call.text)
        }
        let (runtime, make) = (self.runtime, call.upstream.make)
        return SubscriptionPlan(chain: call.text) { frame in
            var receiveCompletion: (Subscribers.Completion<ScriptFailure>) -> Void = { _ in }
            var receiveValue: (Value) -> Subscribers.Demand = { _ in .none }
            if let bound = onCompletion?.bind(to: frame) {
                receiveCompletion = { completion in runtime.deliver { try bound.perform(Value(completion)) } }
            }
            if let bound = onValue?.bind(to: frame) {
                receiveValue = { value in
                    runtime.deliver { try bound.perform(value) }
                    return .none
                }
            }
            let sink = ValueSink(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
            try make(frame).subscribe(sink)
            return Subscribed(sink)
        }
    }
}

extension ChainOperator {
    static let subscribe = ChainOperator(
        name: "subscribe", forms: ["subscribe(SUBSCRIBER)", "subscribe(SUBJECT)"],
        signature: "func subscribe<S>(_ subscriber: S) where S: Subscriber, Failure == S.Failure, Output == S.Input",
        summary: "attaches a declared subscriber (once: Combine cancels a second subscription), or republishes into a subject",
        usage: "'.subscribe(subscriberName)'", completion: "subscribe(",
        example: "subject out: Int\nout.sink { print(\"out\", $0) }\n[1, 2].publisher.subscribe(out)",
        output: "out 1\nout 2\n",
        timeline: OperatorTimeline(
            about: "Attaches a subscriber you declared, which asks for values with its own demand, or forwards every event into a subject. A value that comes when the subscriber has no demand left is dropped.",
            korean: KoreanWords(summary: "선언한 구독자를 붙이거나(두 번째 구독은 Combine이 취소), subject로 재발행",
                                 about: "직접 선언한 구독자를 붙여 그 구독자 자신의 demand로 값을 요청하게 하거나, 모든 이벤트를 subject로 전달해요. 구독자에게 남은 demand가 없을 때 도착한 값은 버려져요."),
            program: #"""
            subscriber two(demand: 2) { print($0) }
            subject n: Int
            play n "-1-2-3--4-|"
            n.map { $0 * 2 }.subscribe(two)
            wait 700ms
            request two 1
            wait 500ms
            """#),
        traits: OperatorTraits(export: ExportTraits(subscribesArgument: true,
                                 returnsCancellable: { exporter, arguments in arguments.count == 1 && exporter.isSubjectName(arguments[0].value) })),
        compile: .subscriber { compiler, call throws(Diagnostic) in try compiler.compileSubscribe(call) })
}

extension Compiler {
    /// `.subscribe(SUBSCRIBER)` attaches a declared subscriber; `.subscribe(SUBJECT)` makes a
    /// subject republish what the chain emits (completion included).
    ///
    ///     subject out: Int
    ///     out.sink { print($0) }
    ///     [1, 2].publisher.subscribe(out)             // 1, 2
    func compileSubscribe(_ call: OperatorCall) throws(Diagnostic) -> SubscriptionPlan {
        guard call.arguments.count == 1, call.arguments[0].label == nil, call.trailing == nil else { throw call.misuse }
        var targetExpr = call.arguments[0].value
        // `AnySubscriber(s)` erases a subscriber's type, which changes nothing here.
        if case .call(let callee, let inner, nil) = targetExpr.kind, case .name("AnySubscriber") = callee.kind,
           inner.count == 1, inner[0].label == nil {
            targetExpr = inner[0].value
        }
        guard case .name(let targetName) = targetExpr.kind, case .entity(let target)? = resolve(targetName), !target.isValue else {
            return try subscribeObject(call, targetExpr)
        }
        let targetRange = targetExpr.range
        let (runtime, make) = (self.runtime, call.upstream.make)
        switch target.kind {
        case .subscriber(let box):
            return SubscriptionPlan(start: { frame in
                guard let subscriber = box.subscriber, !box.isAttached else {
                    throw RuntimeError(Messages.alreadySubscribed(targetName), at: targetRange)
                }
                box.isAttached = true
                try make(frame).subscribe(subscriber)
                return AnyCancellable(subscriber)
            }, chain: call.text)
        case .subject, .current:
            try requireSameFailure(call.upstream.failure, target.failure, method: call.swiftMethodName, at: call.nameRange)
            let forward = try assignment(into: target, range: targetRange)
            return SubscriptionPlan(chain: call.text) { frame in
                let sink = ValueSink(
                    receiveCompletion: { completion in forward.complete(completion) },
                    receiveValue: { value in
                        runtime.deliver { try forward.send(value) }
                        return .none
                    })
                try make(frame).subscribe(sink)
                return Subscribed(sink)
            }
        default:
            throw Diagnostic.error(Messages.notA(targetName, isA: target.kindDescription, expected: "a subscriber"), at: targetRange)
        }
    }

    /// `.subscribe(object)`: an instance of a class of the program's that is a `Subscriber`
    /// (it has `receive(subscription:)`, `receive(_:)` and `receive(completion:)`).
    private func subscribeObject(_ call: OperatorCall, _ targetExpr: Expr) throws(Diagnostic) -> SubscriptionPlan {
        let (object, type) = try expression(targetExpr)
        if let userType = userType(of: type), userType !== runtime.anySubscriberType,
           ObjectSubscriber.selectors.contains(where: { userType.methods[$0] == nil }) {
            throw Diagnostic.error(Messages.notASubscriberType(userType.name), at: targetExpr.range)
        }
        let (runtime, make, range) = (self.runtime, call.upstream.make, targetExpr.range)
        return SubscriptionPlan(start: { frame in
            let value = try object(frame)
            guard let subscriber = ObjectSubscriber(value, runtime: runtime, range: range) else {
                throw RuntimeError(Messages.notA(Compiler.describe(targetExpr), isA: "a value of type '\(value.typeName)'", expected: "a subscriber"), at: range)
            }
            try make(frame).subscribe(subscriber)
            return AnyCancellable(subscriber)
        }, chain: call.text)
    }

    /// How `.assign(to:)` and `.subscribe(subject)` put values into a declared value.
    private func assignment(into target: Entity, range: SourceRange) throws(Diagnostic)
        -> (send: (Value) throws -> Void, complete: (Subscribers.Completion<ScriptFailure>) -> Void) {
        switch target.kind {
        case .published(let subject):
            return ({ value in subject.value = try target.checked(value, at: range, verb: .assign) }, { _ in })
        case .current(let subject):
            return ({ value in subject.send(try target.checked(value, at: range, verb: .send)) }, { subject.send(completion: $0) })
        case .subject(let subject):
            return ({ value in subject.send(try target.checked(value, at: range, verb: .send)) }, { subject.send(completion: $0) })
        default:
            throw Diagnostic.error(Messages.notA(target.name, isA: target.kindDescription, expected: "a value to assign to"), at: range)
        }
    }
}

extension ChainOperator {
    static let assign = ChainOperator(
        name: "assign", forms: ["assign(to: NAME)", "assign(to: &$NAME)", "assign(to: \\.value, on: NAME)"],
        signature: "func assign(to published: inout Published<Output>.Publisher)",
        summary: "stores each value in a published or current value",
        usage: "'.assign(to: name)', '.assign(to: &$name)' or '.assign(to: \\.value, on: name)'", completion: "assign(to:",
        example: "published total = 0\n$total.sink { print(\"total\", $0) }\njust(5).assign(to: &$total)",
        output: "total 0\ntotal 5\n",
        timeline: OperatorTimeline(
            about: "Stores each value into a published property or current value subject, which then emits it to its own subscribers. The form assign(to: &$name) ties the subscription's life to the property.",
            korean: KoreanWords(summary: "@Published나 CurrentValueSubject에 값을 저장해요",
                                 about: "각 값을 @Published 프로퍼티나 CurrentValueSubject에 저장하고, 그쪽이 자기 구독자들에게 그 값을 내보내요. assign(to: &$name) 형태는 구독의 수명을 그 프로퍼티에 묶어요."),
            rxSwift: "bind(to:) (RxCocoa)",
            program: #"""
            published total = 0
            subject n: Int
            play n "-1-2-3-|"
            $total.sink { _ in }
            n.map { $0 * 2 }.assign(to: &$total)
            wait 800ms
            """#),
        traits: OperatorTraits(export: ExportTraits(write: { exporter, call throws(Diagnostic) in try exporter.exportAssign(call) },
                                 returnsCancellable: { _, arguments in arguments.contains { $0.label == "on" } })),
        compile: .subscriber { compiler, call throws(Diagnostic) in try compiler.compileAssign(call) })
}

extension Compiler {
    /// `.assign(to: NAME)` and `.assign(to: &$NAME)`: each value is stored in a published or
    /// current value (Combine's `assign(to:)` on a `Published.Publisher`).
    ///
    ///     published total = 0
    ///     $total.sink { print($0) }
    ///     just(5).assign(to: &$total)                 // 0, 5
    func compileAssign(_ call: OperatorCall) throws(Diagnostic) -> SubscriptionPlan {
        let labels = call.arguments.map(\.label)
        guard labels == ["to"] || labels == ["to", "on"], call.trailing == nil else { throw call.misuse }
        try requireNeverFailing(call.upstream.failure, method: call.swiftMethodName, at: call.nameRange, hint: Messages.assignOnFailingHint)
        var targetExpr = call.arguments[0].value
        if labels == ["to", "on"] {
            guard case .keyPath(let path) = targetExpr.kind, path.components.count == 1 else { throw call.misuse }
            // `assign(to: \.value, on: cur)`: the key path of a current value's `value`.
            if path.components != ["value"] || path.root != nil || !isDeclaration(call.arguments[1].value) {
                return try assignToProperty(call, path.components[0], of: call.arguments[1].value, root: path.root)
            }
            targetExpr = call.arguments[1].value
        }
        if case .inout(let inner) = targetExpr.kind { targetExpr = inner }
        if case .member(let object, let member, _) = targetExpr.kind, member.first == "$" {
            return try assignToProperty(call, String(member.dropFirst()), of: object, weakly: true)
        }
        if case .dollarName(let name) = targetExpr.kind, resolve(name) == nil,
           let implicit = implicitSelf("$" + name, range: targetExpr.range), case .member(let object, _, _) = implicit.kind {
            return try assignToProperty(call, name, of: object, weakly: true)
        }
        let targetName: String
        switch targetExpr.kind {
        case .name(let name), .dollarName(let name): targetName = name
        default: throw Diagnostic.error(Messages.operatorArguments(call.name, usage: call.entry.usage), at: targetExpr.range)
        }
        let target = try entity(Name(text: targetName, range: targetExpr.range))
        let forward = try assignment(into: target, range: targetExpr.range)
        if call.upstream.type.conflicts(with: target.type) {
            throw Diagnostic.error(Messages.sendTypeMismatch(targetName, expected: target.type.rawValue, got: call.upstream.type.name), at: call.range)
        }
        let (runtime, make) = (self.runtime, call.upstream.make)
        return SubscriptionPlan(chain: call.text) { frame in
            let sink = ValueSink(receiveCompletion: { _ in }, receiveValue: { value in
                runtime.deliver { try forward.send(value) }
                return .none
            })
            try make(frame).subscribe(sink)
            return Subscribed(sink)
        }
    }
}

extension Compiler {
    /// Whether an expression names one of the program's declarations (not a value).
    private func isDeclaration(_ expr: Expr) -> Bool {
        guard case .name(let name) = expr.kind, case .entity(let entity)? = resolve(name) else { return false }
        return !entity.isValue
    }

    /// `assign(to: \.name, on: object)` and `assign(to: &object.$name)`: each value stored in
    /// a property of an instance. With `on:` the subscription holds the object strongly (so
    /// `on: self` keeps `self` alive: a retain cycle when `self` keeps the subscription); with
    /// `&$name` (`weakly`) it does not, and it ends when the object is gone, as Combine's
    /// `assign(to:)` ends with the `Published` it feeds.
    fileprivate func assignToProperty(_ call: OperatorCall, _ property: String, of objectExpr: Expr,
                                      root: TypeExpr? = nil, weakly: Bool = false) throws(Diagnostic) -> SubscriptionPlan {
        let (object, objectType) = try expression(objectExpr)
        try checkKeyPathRoot(root, base: objectType)
        if let type = userType(of: objectType), memberType(property, of: type) == nil {
            throw Diagnostic.error(Messages.noMember(property, on: type.name), at: call.range)
        }
        let (runtime, make, range, site) = (self.runtime, call.upstream.make, call.range, MemberSite(property))
        return SubscriptionPlan(chain: call.text) { frame in
            let target = Compiler.assignTarget(try object(frame), weakly: weakly)
            let ending = SinkHandle()
            let sink = ValueSink(receiveCompletion: { _ in }, receiveValue: { value in
                guard let object = target() else {
                    ending.sink?.cancel()
                    return .none
                }
                runtime.deliver { _ = try UserMembers.set(object, site, to: value, range: range) }
                return .none
            })
            ending.sink = sink
            try make(frame).subscribe(sink)
            return Subscribed(sink)
        }
    }

    /// The object an assignment stores into: held, or (`weakly`, an instance of a class)
    /// looked up each time, nil once it is gone.
    private static func assignTarget(_ object: Value, weakly: Bool) -> () -> Value? {
        guard weakly, case .instance(let instance) = object, instance.type.kind == .class else { return { object } }
        let held = WeakInstance(instance)
        return { held.instance.map(Value.instance) }
    }
}

/// The sink a closure given to that sink cancels: held weakly, as the sink holds the closure.
private final class SinkHandle {
    weak var sink: ValueSink?
}

/// The subscribers' Swift forms, where Tapline's spelling and Combine's differ.
extension SwiftExporter {
    /// A one-closure `sink` on a chain whose Failure the compiler does not know (an untyped
    /// `Future`, which the export declares failing with `Error`): the Swift form has both
    /// closures, which Combine takes whatever the Failure. Where it is known the compiler has
    /// already checked it is `Never`.
    func exportSink(_ call: ExportedCall) throws(Diagnostic) -> String? {
        let (arguments, trailing) = (call.arguments, call.trailing)
        let oneClosure = trailing != nil ? arguments.isEmpty
            : arguments.count == 1 && (arguments[0].label == nil || arguments[0].label == "receiveValue")
        guard oneClosure, case .publisher(_, let failure)? = types.type(of: call.base), !failure.isKnown else { return nil }
        let value = if let trailing { try closure(trailing, call.context) } else { try expression(arguments[arguments.count - 1].value, call.context) }
        return call.head + "(receiveCompletion: { _ in }, receiveValue: \(value))"
    }

    /// `assign(to: name)` of a published value: Combine's `assign(to: &object.$name)`.
    func exportAssign(_ call: ExportedCall) throws(Diagnostic) -> String? {
        guard call.arguments.count == 1, call.arguments[0].label == "to", case .name(let name) = call.arguments[0].value.kind,
              case .published? = globals[name]?.kind else { return nil }
        return call.head + "(to: &viewModel.$\(name))"
    }
}
