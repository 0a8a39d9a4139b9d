import TaplineReactive

extension Compiler {
    /// `.sink { … }` and `.sink(receiveCompletion:receiveValue:)`: the language's `ValueSink`,
    /// with unlimited demand; the closures run for each event.
    ///
    ///     just(1).sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })   // 1, finished
    func compileSink(_ call: OperatorCall) throws(Diagnostic) -> SubscriptionPlan {
        var valueClosure: ClosureExpr? = call.trailing
        var completionClosure: ClosureExpr?
        for argument in call.arguments {
            guard case .closure(let closure) = argument.value.kind else {
                throw Diagnostic.error(Messages.operatorArguments(call.name, usage: call.entry.usage), at: argument.value.range)
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
        if case .publisher = call.upstream.type {
            warnings.append(Diagnostic.warning(Messages.sinkOfPublishers, at: call.nameRange))
        }
        let onValue = try valueClosure.map { (each) throws(Diagnostic) in try closure(each, inputs: [call.upstream.type], owner: call.name) }
        let onCompletion = try completionClosure.map { (each) throws(Diagnostic) in try closure(each, inputs: [.completion], owner: call.name) }
        if let fused = call.upstream.fusable {
            return fusedSink(fused, onValue: onValue, onCompletion: onCompletion, chain: call.text)
        }
        let (runtime, make) = (self.runtime, call.upstream.make)
        return SubscriptionPlan(start: { frame in
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
            return AnyCancellable(sink)
        }, chain: call.text)
    }

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
        guard case .name(let targetName) = targetExpr.kind else { throw call.misuse }
        let targetRange = targetExpr.range
        let target = try entity(Name(text: targetName, range: targetRange))
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
            let forward = try assignment(into: target, range: targetRange)
            return SubscriptionPlan(start: { frame in
                let sink = ValueSink(
                    receiveCompletion: { completion in forward.complete(completion) },
                    receiveValue: { value in
                        runtime.deliver { try forward.send(value) }
                        return .none
                    })
                try make(frame).subscribe(sink)
                return AnyCancellable(sink)
            }, chain: call.text)
        default:
            throw Diagnostic.error(Messages.notA(targetName, isA: target.kindDescription, expected: "a subscriber"), at: targetRange)
        }
    }

    /// `.assign(to: NAME)` and `.assign(to: &$NAME)`: each value is stored in a published or
    /// current value (Combine's `assign(to:)` on a `Published.Publisher`).
    ///
    ///     published total = 0
    ///     $total.sink { print($0) }
    ///     just(5).assign(to: &$total)                 // 0, 5
    func compileAssign(_ call: OperatorCall) throws(Diagnostic) -> SubscriptionPlan {
        let labels = call.arguments.map(\.label)
        guard labels == ["to"] || labels == ["to", "on"], call.trailing == nil else { throw call.misuse }
        var targetExpr = call.arguments[0].value
        if labels == ["to", "on"] {
            // `assign(to: \.value, on: cur)`: the key path of a current value's `value`.
            guard case .keyPath(["value"]) = targetExpr.kind else { throw call.misuse }
            targetExpr = call.arguments[1].value
        }
        if case .inout(let inner) = targetExpr.kind { targetExpr = inner }
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
        return SubscriptionPlan(start: { frame in
            let sink = ValueSink(receiveCompletion: { _ in }, receiveValue: { value in
                runtime.deliver { try forward.send(value) }
                return .none
            })
            try make(frame).subscribe(sink)
            return AnyCancellable(sink)
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
