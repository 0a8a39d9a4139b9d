import TaplineReactive

/// Operators that take a scheduler or share one subscription: `receive(on:)`,
/// `subscribe(on:)`, `timeout`, `measureInterval(using:)`, `buffer`, `multicast`,
/// `makeConnectable`.
extension Compiler {
    /// `receive(on: DispatchQueue.main)` and `subscribe(on: …)`: the events (or the
    /// subscription and its requests) hop to the scheduler — on the virtual ones, to the end
    /// of the entry, as on a run loop.
    ///
    ///     subject s: Int
    ///     s.receive(on: DispatchQueue.main).sink { print("got", $0) }
    ///     print("a"); send s 1; print("b")                   // a, b, got 1
    func compileHop(_ call: OperatorCall, receiving: Bool) throws(Diagnostic) -> PublisherPlan {
        guard call.trailing == nil, call.arguments.first?.label == "on",
              call.arguments.dropFirst().allSatisfy({ $0.label == "options" }) else { throw call.misuse }
        let target = try scheduler(call.arguments[0].value)
        return call.plan(call.upstream.type) { stream, _ in
            receiving ? stream.receive(on: target).eraseToAnyPublisher() : stream.subscribe(on: target).eraseToAnyPublisher()
        }
    }

    /// `timeout(1s, scheduler: RunLoop.main)`, optionally `customError: { "slow" }`: finishes
    /// (or fails) when the upstream is silent for that long.
    func compileTimeout(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        guard call.trailing == nil, call.arguments.count >= 1, call.arguments[0].label == nil else { throw call.misuse }
        let interval = try duration(call.arguments[0].value)
        var clock: any Scheduler = runtime.clock
        var makeError: CompiledClosure?
        for argument in call.arguments.dropFirst() {
            switch (argument.label, argument.value.kind) {
            case ("scheduler", _): clock = try scheduler(argument.value)
            case ("options", _): continue
            case ("customError", .closure(let body)): makeError = try closure(body, inputs: [], owner: call.name)
            default: throw call.misuse
            }
        }
        let runtime = self.runtime
        return call.plan(call.upstream.type, failure: makeError == nil ? nil : .error) { stream, frame in
            let error = makeError.map { Compiler.transform($0, frame, runtime) }
            return stream.timeout(.nanoseconds(try interval(frame)), scheduler: clock,
                                  customError: error.map { make in { ScriptFailure(message: make(.void).description) } })
                .stopping(on: runtime.stop).eraseToAnyPublisher()
        }
    }

    /// `measureInterval(using: RunLoop.main)`: the time between values (the first from the
    /// subscription), as a duration.
    func compileMeasureInterval(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        guard call.trailing == nil, call.arguments.first?.label == "using",
              call.arguments.dropFirst().allSatisfy({ $0.label == "options" }) else { throw call.misuse }
        let clock = try scheduler(call.arguments[0].value)
        return call.plan(.duration) { stream, _ in
            stream.measureInterval(using: clock).map { Value.duration($0.nanosecondsSaturated) }.eraseToAnyPublisher()
        }
    }

    /// `buffer(size: n, prefetch: .keepFull | .byRequest, whenFull: .dropOldest | .dropNewest)`.
    func compileBuffer(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        guard call.trailing == nil, call.arguments.map(\.label) == ["size", "prefetch", "whenFull"],
              case .implicitMember(let prefetch) = call.arguments[1].value.kind, prefetch == "keepFull" || prefetch == "byRequest",
              case .implicitMember(let whenFull) = call.arguments[2].value.kind, whenFull == "dropOldest" || whenFull == "dropNewest"
        else { throw call.misuse }
        let size = try integer(call.arguments[0].value)
        let range = call.arguments[0].value.range
        return call.plan(call.upstream.type) { stream, frame in
            let count = try size(frame)
            guard count > 0 else { throw RuntimeError(Messages.negativeCount(call.name), at: range) }
            return stream.buffer(size: count, prefetch: prefetch == "keepFull" ? .keepFull : .byRequest,
                                 whenFull: whenFull == "dropOldest" ? .dropOldest : .dropNewest).eraseToAnyPublisher()
        }
    }

    /// `multicast { PassthroughSubject() }` and `makeConnectable()`: one upstream subscription
    /// for every subscriber, made when the publisher is connected — here by `autoconnect()`,
    /// when the first subscriber comes.
    func compileMulticast(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        if call.arguments.first?.label == "subject" { return try multicast(call, into: call.arguments[0].value) }
        if call.name == "multicast" {
            guard let body = call.trailing ?? (call.arguments.count == 1 ? closureOf(call.arguments[0].value) : nil),
                  call.arguments.count <= 1, body.body.count == 1, case .expression(let made) = body.body[0].kind,
                  case .call(let callee, let arguments, nil) = made.kind, arguments.isEmpty,
                  case .name("PassthroughSubject") = callee.kind else { throw call.misuse }
        } else if !call.takesNothing {
            throw call.misuse
        }
        let make = call.upstream.make
        // Never connected, it delivers nothing, as in Combine; `autoconnect()` connects it.
        var plan = call.plan(call.upstream.type) { stream, _ in
            stream.multicast { PassthroughSubject<Value, ScriptFailure>() }.eraseToAnyPublisher()
        }
        plan.autoconnected = { frame in
            try make(frame).multicast { PassthroughSubject<Value, ScriptFailure>() }.autoconnect().eraseToAnyPublisher()
        }
        plan.connectable = { frame in
            let shared = try make(frame).multicast { PassthroughSubject<Value, ScriptFailure>() }
            return (shared.eraseToAnyPublisher(), { shared.connect() })
        }
        return plan
    }

    /// `multicast(subject: s)`: the subscribers attach to that subject, which `connect()`
    /// subscribes to the upstream.
    private func multicast(_ call: OperatorCall, into subjectExpr: Expr) throws(Diagnostic) -> PublisherPlan {
        guard call.arguments.count == 1, call.trailing == nil, case .name(let name) = subjectExpr.kind,
              case .subject(let subject) = try entity(Name(text: name, range: subjectExpr.range)).kind else { throw call.misuse }
        let make = call.upstream.make
        var plan = call.plan(call.upstream.type) { stream, _ in stream.multicast(subject: subject).eraseToAnyPublisher() }
        plan.autoconnected = { frame in try make(frame).multicast(subject: subject).autoconnect().eraseToAnyPublisher() }
        plan.connectable = { frame in
            let shared = try make(frame).multicast(subject: subject)
            return (shared.eraseToAnyPublisher(), { shared.connect() })
        }
        return plan
    }

    private func closureOf(_ expr: Expr) -> ClosureExpr? {
        if case .closure(let body) = expr.kind { return body }
        return nil
    }
}
