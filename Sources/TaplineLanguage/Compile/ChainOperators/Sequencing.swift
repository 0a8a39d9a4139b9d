import TaplineReactive

/// Operators that count, pick by position, join streams end to end, fill in what is missing,
/// or watch events: `count`, `ignoreOutput`, `output(at:)`, `output(in:)`, `append`,
/// `prepend`, `replaceNil(with:)`, `replaceEmpty(with:)`, `handleEvents`.
extension Compiler {
    /// `count()`: how many values, when the upstream finishes.
    ///
    ///     [5, 6, 7].publisher.count().sink { print($0) }   // 3
    func compileCount(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        guard call.takesNothing else { throw call.misuse }
        return call.plan(.int) { stream, _ in stream.count().map(Value.int).eraseToAnyPublisher() }
    }

    /// `ignoreOutput()`: no values, only the completion.
    ///
    ///     [1, 2].publisher.ignoreOutput().sink(receiveCompletion: { print($0) }, receiveValue: { _ in })   // finished
    func compileIgnoreOutput(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        guard call.takesNothing else { throw call.misuse }
        return call.plan(call.upstream.type) { stream, _ in
            stream.ignoreOutput().map(Compiler.nothing).eraseToAnyPublisher()
        }
    }

    /// The value of a publisher of `Never`: there is none, so this is never called.
    private static func nothing(_ impossible: Never) -> Value {}

    /// `output(at: i)` and `output(in: a...b)`: the values at those positions, then finished.
    ///
    ///     [10, 20, 30].publisher.output(at: 1).sink { print($0) }   // 20
    func compileOutput(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        guard call.trailing == nil, call.arguments.count == 1 else { throw call.misuse }
        let argument = call.arguments[0]
        let range = argument.value.range
        switch argument.label {
        case "at":
            let index = try integer(argument.value)
            return call.plan(call.upstream.type) { stream, frame in
                let at = try index(frame)
                guard at >= 0 else { throw RuntimeError(Messages.negativeCount(call.name), at: range) }
                return stream.output(at: at).eraseToAnyPublisher()
            }
        case "in":
            guard case .binary(let op, let low, let high) = argument.value.kind, op == .closedRange || op == .halfOpenRange else { throw call.misuse }
            let (from, to) = (try integer(low), try integer(high))
            return call.plan(call.upstream.type) { stream, frame in
                let (first, last) = (try from(frame), try to(frame))
                guard first >= 0, op == .closedRange ? first <= last : first <= last else {
                    throw RuntimeError(Messages.badRange(first, last), at: range)
                }
                guard op == .closedRange else { return stream.output(in: first..<last).eraseToAnyPublisher() }
                // No stream reaches index Int.max, and Combine's `...` would overflow on it: the
                // same indexes, as a half-open range (empty when it held only Int.max).
                let upper = min(last, Int.max - 1) + 1
                return stream.output(in: min(first, upper)..<upper).eraseToAnyPublisher()
            }
        default:
            throw call.misuse
        }
    }

    /// `append(values…)` / `append(sequence)` / `append(publisher)` and `prepend(…)`: one
    /// stream after the other. As Swift chooses among Combine's overloads, one array of the
    /// stream's values is a sequence of them (`append<S: Sequence>(_ elements: S)`): on an `Int`
    /// stream, `append([4, 5])` emits 4 and 5.
    ///
    ///     [2, 3].publisher.prepend(1).append([4, 5]).collect().sink { print($0) }   // [1, 2, 3, 4, 5]
    func compileConcatenate(_ call: OperatorCall, atEnd: Bool) throws(Diagnostic) -> PublisherPlan {
        guard call.trailing == nil, !call.arguments.isEmpty, call.arguments.allSatisfy({ $0.label == nil }) else { throw call.misuse }
        let other: (Frame) throws -> PublisherPlan.Stream
        var type = call.upstream.type
        if call.arguments.count == 1, let plan = try publisher(call.arguments[0].value) {
            if plan.type != type { type = .unknown }
            other = plan.make
        } else {
            var codes: [Code] = []
            var spreads = false
            for argument in call.arguments {
                let (code, valueType) = try expression(argument.value)
                if call.arguments.count == 1, case .array(let element) = valueType, type.isKnown, !type.isArray, type.admits(element) {
                    spreads = true
                } else if type.isKnown, valueType.isKnown, !type.admits(valueType) {
                    throw Diagnostic.error(Messages.replacementType(call.name, type.name, valueType.name), at: argument.value.range)
                }
                codes.append(code)
            }
            other = { [spreads] frame in
                var values = try codes.map { try $0(frame) }
                if spreads, case .array(let elements)? = values.first { values = elements }
                return Publishers.Sequence<[Value], ScriptFailure>(sequence: values).eraseToAnyPublisher()
            }
        }
        return call.plan(type) { stream, frame in
            atEnd ? stream.append(try other(frame)).eraseToAnyPublisher() : stream.prepend(try other(frame)).eraseToAnyPublisher()
        }
    }

    /// `replaceNil(with: v)` and `replaceEmpty(with: v)`.
    ///
    ///     [1, nil].publisher.replaceNil(with: 0).collect().sink { print($0) }   // [1, 0]
    func compileReplace(_ call: OperatorCall, nilValues: Bool) throws(Diagnostic) -> PublisherPlan {
        guard call.trailing == nil, call.arguments.count == 1, call.arguments[0].label == "with" else { throw call.misuse }
        let (code, type) = try expression(call.arguments[0].value)
        return call.plan(call.upstream.type.isKnown ? call.upstream.type : type) { stream, frame in
            let replacement = try code(frame)
            return nilValues ? stream.map { $0 == .nil ? replacement : $0 }.eraseToAnyPublisher()
                             : stream.replaceEmpty(with: replacement).eraseToAnyPublisher()
        }
    }

    /// `drop(untilOutputFrom: other)` / `prefix(untilOutputFrom: other)`: values only after
    /// (or only until) the other publisher's first value.
    func compileUntilOutput(_ call: OperatorCall, dropping: Bool) throws(Diagnostic) -> PublisherPlan {
        let (others, combiner) = try otherPublishers(call, firstLabel: "untilOutputFrom")
        guard others.count == 1, combiner == nil, call.arguments.first?.label == "untilOutputFrom" else { throw call.misuse }
        let trigger = others[0].make
        return call.plan(call.upstream.type) { stream, frame in
            dropping ? stream.drop(untilOutputFrom: try trigger(frame)).eraseToAnyPublisher()
                     : stream.prefix(untilOutputFrom: try trigger(frame)).eraseToAnyPublisher()
        }
    }

    /// `handleEvents(receiveSubscription:receiveOutput:receiveCompletion:receiveCancel:receiveRequest:)`:
    /// closures that watch each event as it passes (for logging), changing nothing.
    func compileHandleEvents(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        var closures: [String: CompiledClosure] = [:]
        let inputs: [String: SType] = ["receiveSubscription": .unknown, "receiveOutput": call.upstream.type,
                                       "receiveCompletion": .completion, "receiveCancel": .unknown, "receiveRequest": .demand]
        for argument in call.arguments {
            guard let label = argument.label, let input = inputs[label], case .closure(let body) = argument.value.kind else { throw call.misuse }
            closures[label] = try closure(body, inputs: label == "receiveCancel" ? [] : [input], owner: call.name)
        }
        guard call.trailing == nil, !closures.isEmpty else { throw call.misuse }
        let runtime = self.runtime
        return call.plan(call.upstream.type) { stream, frame in
            let watch = closures.mapValues { Compiler.transform($0, frame, runtime) }
            return stream.handleEvents(
                receiveSubscription: watch["receiveSubscription"].map { body in { subscription in _ = body(.string(subscription.description)) } },
                receiveOutput: watch["receiveOutput"].map { body in { value in _ = body(value) } },
                receiveCompletion: watch["receiveCompletion"].map { body in { completion in _ = body(Value(completion)) } },
                receiveCancel: watch["receiveCancel"].map { body in { _ = body(.void) } },
                receiveRequest: watch["receiveRequest"].map { body in { demand in _ = body(.demand(demand)) } }
            ).stopping(on: runtime.stop).eraseToAnyPublisher()
        }
    }
}
