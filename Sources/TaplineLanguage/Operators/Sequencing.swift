import TaplineReactive

/// Operators that count, pick by position, join streams end to end, fill in what is missing,
/// or watch events: `count`, `ignoreOutput`, `output`, `append`, `prepend`, `replaceNil`,
/// `replaceEmpty`, `handleEvents`.
extension ChainOperator {
    static let sequencing: [ChainOperator] = [count, ignoreOutput, output, append, prepend, replaceNil, replaceEmpty, handleEvents]
}

extension ChainOperator {
    static let count = ChainOperator(
        name: "count", forms: ["count()"],
        signature: "func count() -> Publishers.Count<Self>",
        summary: "how many values, when the upstream finishes",
        usage: "'.count()'", completion: "count()",
        example: "[5, 6, 7].publisher.count().sink { print($0) }",
        output: "3\n",
        timeline: OperatorTimeline(
            about: "Emits how many values the upstream sent, once it finishes. It never emits for a stream that never finishes.",
            korean: KoreanWords(summary: "업스트림이 완료되면 값의 개수를 내요",
                                 about: "업스트림이 완료되면 그동안 보낸 값의 개수를 내보내요. 끝나지 않는 스트림에서는 아무것도 내보내지 않아요."),
            program: #"""
            subject n: Int
            play n "-5-6-7-|"
            n.count().sink { _ in }
            wait 800ms
            """#),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileCount(call) })
}

extension Compiler {
    /// `count()`: how many values, when the upstream finishes.
    ///
    ///     [5, 6, 7].publisher.count().sink { print($0) }   // 3
    func compileCount(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        guard call.takesNothing else { throw call.misuse }
        return call.plan(.int) { stream, _ in stream.count().map(Value.int).eraseToAnyPublisher() }
    }
}

extension ChainOperator {
    static let ignoreOutput = ChainOperator(
        name: "ignoreOutput", forms: ["ignoreOutput()"],
        signature: "func ignoreOutput() -> Publishers.IgnoreOutput<Self>",
        summary: "no values, only the completion",
        usage: "'.ignoreOutput()'", completion: "ignoreOutput()",
        example: "[1, 2].publisher.ignoreOutput().sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })",
        output: "finished\n",
        timeline: OperatorTimeline(
            about: "Drops every value and passes on only the completion or the failure. An app uses it when it only cares that some work has finished.",
            korean: KoreanWords(summary: "값은 버리고 완료 이벤트만 넘겨요",
                                 about: "모든 값을 버리고 완료나 실패만 넘겨요. 앱에서는 어떤 작업이 끝났다는 사실만 중요할 때 써요."),
            rxSwift: "ignoreElements()", rxJS: "ignoreElements",
            program: #"""
            subject n: Int
            play n "-1-2-3-|"
            n.ignoreOutput().sink(receiveCompletion: { _ in }, receiveValue: { _ in })
            wait 800ms
            """#),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileIgnoreOutput(call) })
}

extension Compiler {
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
}

extension ChainOperator {
    static let output = ChainOperator(
        name: "output", forms: ["output(at: i)", "output(in: a...b)"],
        signature: "func output(at index: Int) -> Publishers.Output<Self>",
        summary: "the values at those positions, then finished",
        usage: "'.output(at: 1)' or '.output(in: 1...3)'", completion: "output(",
        example: "[10, 20, 30, 40].publisher.output(in: 1...2).collect().sink { print($0) }",
        output: "[20, 30]\n",
        timeline: OperatorTimeline(
            about: "Passes on only the value at that index (or the values in that range, counting from 0), then finishes and cancels its upstream. If the upstream finishes first, it finishes with no value.",
            korean: KoreanWords(summary: "그 위치의 값만 넘기고 완료돼요",
                                 about: "0부터 센 그 인덱스의 값(또는 그 범위의 값들)만 넘기고 완료되며 업스트림을 취소해요. 업스트림이 먼저 완료되면 값 없이 완료돼요."),
            rxSwift: "element(at:)", rxJS: "elementAt (or skip(a) then take(n) for a range)",
            program: #"""
            subject n: Int
            play n "-5-6-7-8-9-|"
            n.output(in: 1...2).sink { _ in }
            wait 1.2s
            """#),
        traits: OperatorTraits(generated: ["output(in: 0...INT)"]),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileOutput(call) })
}

extension Compiler {
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
                guard first >= 0, first <= last else {
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
}

extension ChainOperator {
    static let append = ChainOperator(
        name: "append", forms: ["append(values…)", "append(publisher)"],
        signature: "func append<P>(_ publisher: P) -> Publishers.Concatenate<Self, P> where P: Publisher, Self.Failure == P.Failure, Self.Output == P.Output",
        summary: "after the upstream finishes, these values or that publisher's",
        usage: "'.append(4)' or '.append(other)'", completion: "append(",
        example: "[2, 3].publisher.prepend(1).append(4, 5).collect().sink { print($0) }",
        output: "[1, 2, 3, 4, 5]\n",
        timeline: OperatorTimeline(
            about: "After the upstream finishes, emits the given values, or everything from another publisher, and then finishes. Nothing appended is seen if the upstream never finishes.",
            korean: KoreanWords(summary: "업스트림이 완료되면 주어진 값이나 다른 퍼블리셔의 값을 이어 내요",
                                 about: "업스트림이 완료된 뒤 주어진 값들이나 다른 퍼블리셔의 모든 값을 내보내고 완료돼요. 업스트림이 끝나지 않으면 덧붙인 값은 하나도 보이지 않아요."),
            rxSwift: "concat(_:)", rxJS: "concatWith (endWith for values)",
            program: #"""
            subject n: Int
            play n "-1-2-|"
            n.append(8, 9).sink { _ in }
            wait 800ms
            """#),
        traits: OperatorTraits(generated: ["append(INT)"]),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileConcatenate(call, atEnd: true) })
}

extension Compiler {
    /// `append(values…)` / `append(sequence)` / `append(publisher)` and `prepend(…)`: one
    /// stream after the other. As Swift chooses among Combine's overloads, one array of the
    /// stream's values is a sequence of them (`append<S: Sequence>(_ elements: S)`): on an `Int`
    /// stream, `append([4, 5])` emits 4 and 5, and a set its elements, in its order.
    ///
    ///     [2, 3].publisher.prepend(1).append([4, 5]).collect().sink { print($0) }   // [1, 2, 3, 4, 5]
    func compileConcatenate(_ call: OperatorCall, atEnd: Bool) throws(Diagnostic) -> PublisherPlan {
        guard call.trailing == nil, !call.arguments.isEmpty, call.arguments.allSatisfy({ $0.label == nil }) else { throw call.misuse }
        let other: (Frame) throws -> PublisherPlan.Stream
        var type = call.upstream.type
        if call.arguments.count == 1, let plan = try publisher(call.arguments[0].value) {
            try requireSameFailure(call.upstream.failure, plan.failure, method: call.swiftMethodName, at: call.nameRange)
            if plan.type != type { type = .unknown }
            other = plan.make
        } else {
            var codes: [Code] = []
            var spreads = false
            for argument in call.arguments {
                let (code, valueType) = try expression(argument.value)
                if call.arguments.count == 1, let element = Compiler.sequenceElement(valueType), type.isKnown, !type.isArray, type.admits(element) {
                    spreads = true
                } else if type.isKnown, valueType.isKnown, !type.admits(valueType) {
                    throw Diagnostic.error(Messages.replacementType(call.name, type.name, valueType.name), at: argument.value.range)
                }
                codes.append(code)
            }
            other = { [spreads] frame in
                var values = try codes.map { try $0(frame) }
                if spreads, case .array(let elements)? = values.first { values = elements }
                if spreads, case .set(let elements)? = values.first { values = elements }
                return Publishers.Sequence<[Value], ScriptFailure>(sequence: values).eraseToAnyPublisher()
            }
        }
        return call.plan(type) { stream, frame in
            atEnd ? stream.append(try other(frame)).eraseToAnyPublisher() : stream.prepend(try other(frame)).eraseToAnyPublisher()
        }
    }
}

extension Compiler {
    /// The element type of an array or a set: a sequence `append` and `prepend` take.
    static func sequenceElement(_ type: SType) -> SType? {
        switch type {
        case .array(let element), .set(let element): return element
        default: return nil
        }
    }
}

extension ChainOperator {
    static let prepend = ChainOperator(
        name: "prepend", forms: ["prepend(values…)", "prepend(publisher)"],
        signature: "func prepend<P>(_ publisher: P) -> Publishers.Concatenate<P, Self> where P: Publisher, Self.Failure == P.Failure, Self.Output == P.Output",
        summary: "these values or that publisher's first, then the upstream's",
        usage: "'.prepend(0)' or '.prepend(other)'", completion: "prepend(",
        example: "Just(\"world\").prepend(\"hello\").collect().sink { print($0) }",
        output: "[\"hello\", \"world\"]\n",
        timeline: OperatorTimeline(
            about: "Emits the given values, or everything from another publisher, before the upstream's values. The upstream is subscribed only once the prepended part has finished.",
            korean: KoreanWords(summary: "주어진 값이나 다른 퍼블리셔의 값을 먼저, 그다음 업스트림의 값",
                                 about: "업스트림의 값보다 먼저 주어진 값들이나 다른 퍼블리셔의 모든 값을 내보내요. 앞에 붙인 부분이 완료되어야 비로소 업스트림을 구독해요."),
            rxSwift: "startWith(_:)", rxJS: "startWith",
            program: #"""
            subject n: Int
            play n "-1-2-|"
            n.prepend(0).sink { _ in }
            wait 800ms
            """#),
        traits: OperatorTraits(generated: ["prepend(INT)"]),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileConcatenate(call, atEnd: false) })
}

extension ChainOperator {
    static let replaceNil = ChainOperator(
        name: "replaceNil", forms: ["replaceNil(with: value)"],
        signature: "func replaceNil<T>(with output: T) -> Publishers.Map<Self, T> where Self.Output == T?",
        summary: "nil becomes that value",
        usage: "'.replaceNil(with: 0)'", completion: "replaceNil(with:",
        example: "[\"1\", \"x\"].publisher.map { Int($0) }.replaceNil(with: 0).collect().sink { print($0) }",
        output: "[1, 0]\n",
        timeline: OperatorTimeline(
            about: "Replaces each nil value with the given value, passing the others through. It suits an optional produced upstream, such as Int(text) for text that is not a number.",
            korean: KoreanWords(summary: "nil을 그 값으로 바꿔요",
                                 about: "nil 값을 주어진 값으로 바꾸고, 나머지 값은 그대로 넘겨요. 숫자가 아닌 텍스트에 대한 Int(text)처럼 업스트림에서 만들어진 옵셔널에 잘 맞아요."),
            program: #"""
            subject s: String
            play s "-1-x-3-|"
            s.map { Int($0) }.replaceNil(with: 0).sink { _ in }
            wait 800ms
            """#),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileReplace(call, nilValues: true) })
}

extension Compiler {
    /// `replaceNil(with: v)` and `replaceEmpty(with: v)`.
    ///
    ///     [1, nil].publisher.replaceNil(with: 0).collect().sink { print($0) }   // [1, 0]
    func compileReplace(_ call: OperatorCall, nilValues: Bool) throws(Diagnostic) -> PublisherPlan {
        guard call.trailing == nil, call.arguments.count == 1, call.arguments[0].label == "with" else { throw call.misuse }
        let (code, type) = try expression(call.arguments[0].value)
        let upstream = nilValues ? call.upstream.type.unwrappedOptional : call.upstream.type
        return call.plan(upstream.isKnown ? upstream : type) { stream, frame in
            let replacement = try code(frame)
            return nilValues ? stream.map { $0.unwrapped ?? replacement }.eraseToAnyPublisher()
                             : stream.replaceEmpty(with: replacement).eraseToAnyPublisher()
        }
    }
}

extension ChainOperator {
    static let replaceEmpty = ChainOperator(
        name: "replaceEmpty", forms: ["replaceEmpty(with: value)"],
        signature: "func replaceEmpty(with output: Output) -> Publishers.ReplaceEmpty<Self>",
        summary: "that value when the upstream finishes without any",
        usage: "'.replaceEmpty(with: 0)'", completion: "replaceEmpty(with:",
        example: "Empty().replaceEmpty(with: \"nothing\").sink { print($0) }",
        output: "nothing\n",
        timeline: OperatorTimeline(
            about: "Emits the given value when the upstream finishes without having sent any value. If any value came, it changes nothing.",
            korean: KoreanWords(summary: "업스트림이 값 없이 완료되면 그 값을 내요",
                                 about: "업스트림이 값을 하나도 보내지 않고 완료되면 주어진 값을 내보내요. 값이 하나라도 왔다면 아무것도 바꾸지 않아요."),
            rxSwift: "ifEmpty(default:)", rxJS: "defaultIfEmpty",
            program: #"""
            subject n: Int
            play n "---|"
            n.replaceEmpty(with: 0).sink { _ in }
            wait 500ms
            """#),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileReplace(call, nilValues: false) })
}

extension ChainOperator {
    static let handleEvents = ChainOperator(
        name: "handleEvents", forms: ["handleEvents(receiveOutput: { … }, receiveCompletion: { … }, …)"],
        signature: "func handleEvents(receiveSubscription: ((Subscription) -> Void)? = nil, receiveOutput: ((Output) -> Void)? = nil, receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil, receiveCancel: (() -> Void)? = nil, receiveRequest: ((Subscribers.Demand) -> Void)? = nil) -> Publishers.HandleEvents<Self>",
        summary: "runs closures on each event as it passes (to log), changing nothing",
        usage: "'.handleEvents(receiveOutput: { print($0) })'", completion: "handleEvents(",
        example: "Just(1).handleEvents(receiveOutput: { print(\"saw\", $0) }, receiveCompletion: { print(\"ended\", $0) }).sink { print(\"got\", $0) }",
        output: "saw 1\ngot 1\nended finished\n",
        timeline: OperatorTimeline(
            about: "Runs the given closures on each event as it passes (subscription, value, completion, cancel, request), changing nothing. It is where logging or side effects such as a spinner go, outside the values themselves.",
            korean: KoreanWords(summary: "지나가는 이벤트마다 클로저를 실행해요 (로그용), 바꾸는 건 없어요",
                                 about: "지나가는 각 이벤트(구독, 값, 완료, 취소, 요청)마다 주어진 클로저를 실행하고, 아무것도 바꾸지 않아요. 로그나 스피너 같은 부수 효과를 값 자체와 분리해 넣는 자리예요."),
            rxSwift: "do(onNext:onError:onCompleted:onSubscribe:onDispose:)", rxJS: "tap",
            program: #"""
            subject n: Int
            play n "-1-2-3-|"
            n.handleEvents(receiveOutput: { print("saw", $0) }).sink { _ in }
            wait 800ms
            """#),
        traits: OperatorTraits(generated: ["handleEvents(receiveOutput: { _ in COMMAND })"]),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileHandleEvents(call) })
}

extension Compiler {
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
