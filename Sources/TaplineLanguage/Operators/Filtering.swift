import TaplineReactive

/// Operators that let some values through: `filter`, `removeDuplicates`, `prefix`, `dropFirst`,
/// `first`, `last`, `drop`.
extension ChainOperator {
    static let filtering: [ChainOperator] = [filter, removeDuplicates, prefix, dropFirst, first, last, drop]
}

extension ChainOperator {
    static let filter = ChainOperator(
        name: "filter", forms: ["filter { Bool }"],
        signature: "func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Self>",
        summary: "keeps the values the closure accepts",
        usage: "'.filter { $0 > 1 }'", completion: "filter",
        example: "[1, 2, 3, 4].publisher.filter { $0 > 2 }.sink { print(\"filter\", $0) }",
        output: "filter 3\nfilter 4\n",
        timeline: OperatorTimeline(
            about: "Passes on only the values the closure accepts and drops the rest. The completion passes through, so a filtered stream still ends when its upstream does.",
            korean: KoreanWords(summary: "클로저가 받아들이는 값만 남겨요",
                                 about: "클로저가 받아들이는 값만 넘기고 나머지는 버려요. 완료 이벤트는 그대로 지나가므로, 걸러진 스트림도 업스트림이 끝나면 함께 끝나요."),
            program: #"""
            subject n: Int
            play n "-1-2-3-4-5-|"
            n.filter { $0 % 2 == 0 }.sink { _ in }
            wait 1.2s
            """#),
        traits: OperatorTraits(fusion: .step(.filter), generated: ["filter { $0 % 2 == 0 }"]),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileFilter(call) })
}

extension Compiler {
    /// `filter { Bool }` onto the core's `Publishers.Filter`.
    ///
    ///     [1, 2, 3, 4].publisher.filter { $0 > 2 }.sink { print($0) }   // 3, 4
    func compileFilter(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        let predicate = try predicate(try call.closureArgument(), inputs: [call.upstream.type], for: call)
        let (runtime, range) = (self.runtime, call.range)
        let plan = call.plan(call.upstream.type) { stream, frame in
            stream.filter(Compiler.test(predicate, frame, runtime, range: range)).stopping(on: runtime.stop).eraseToAnyPublisher()
        }
        return fusing(plan, closure: predicate, call: call)
    }
}

extension ChainOperator {
    static let removeDuplicates = ChainOperator(
        name: "removeDuplicates", forms: ["removeDuplicates()", "removeDuplicates { a, b in Bool }"],
        signature: "func removeDuplicates() -> Publishers.RemoveDuplicates<Self>",
        summary: "drops a value equal to the one before",
        usage: "'.removeDuplicates()'", completion: "removeDuplicates()",
        example: "[1, 1, 2, 2, 1].publisher.removeDuplicates().collect().sink { print(\"removeDuplicates\", $0) }",
        output: "removeDuplicates [1, 2, 1]\n",
        timeline: OperatorTimeline(
            about: "Drops a value that is equal to the one just before it, so only changes pass. A value equal to an earlier but not the latest one passes again.",
            korean: KoreanWords(summary: "바로 앞 값과 같은 값을 버려요",
                                 about: "바로 앞의 값과 같은 값을 버려서, 바뀐 값만 지나가요. 더 이전 값과 같더라도 바로 앞 값과 다르면 다시 지나가요."),
            rxSwift: "distinctUntilChanged", rxJS: "distinctUntilChanged",
            program: #"""
            subject n: Int
            play n "-1-1-2-2-2-1-|"
            n.removeDuplicates().sink { _ in }
            wait 1.5s
            """#),
        traits: OperatorTraits(fusion: .step(.removeDuplicates), generated: ["removeDuplicates()"]),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileRemoveDuplicates(call) })
}

extension Compiler {
    /// `removeDuplicates()` and `removeDuplicates { a, b in Bool }` onto the core's
    /// `Publishers.RemoveDuplicates`.
    ///
    ///     [1, 1, 2, 2, 1].publisher.removeDuplicates().collect().sink { print($0) }   // [1, 2, 1]
    func compileRemoveDuplicates(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        let elementType = call.upstream.type
        if call.takesNothing {
            let plan = call.plan(elementType) { stream, _ in stream.removeDuplicates(by: ValueArithmetic.equal).eraseToAnyPublisher() }
            return fusing(plan, closure: nil, call: call)
        }
        let same = try predicate(try call.closureArgument(labels: [nil, "by"]), inputs: [elementType, elementType], for: call)
        let (runtime, range) = (self.runtime, call.range)
        return call.plan(elementType) { stream, frame in
            let bound = same.bind(to: frame)
            return stream.removeDuplicates { previous, value in
                var result = false
                runtime.deliver { result = try ValueArithmetic.truth(try bound.call(previous, value), range: range) }
                return result
            }.stopping(on: runtime.stop).eraseToAnyPublisher()
        }
    }
}

extension ChainOperator {
    static let prefix = ChainOperator(
        name: "prefix", forms: ["prefix(n)", "prefix(while: { Bool })", "prefix(untilOutputFrom: p)"],
        signature: "func prefix(_ maxLength: Int) -> Publishers.Output<Self>",
        summary: "the first n values (or those while the closure accepts them, or until p emits), then finishes and cancels upstream",
        usage: "'.prefix(3)', '.prefix(while: { $0 < 3 })' or '.prefix(untilOutputFrom: stop)'", completion: "prefix(",
        example: "[1, 2, 3].publisher.prefix(2).collect().sink { print(\"prefix\", $0) }",
        output: "prefix [1, 2]\n",
        timeline: OperatorTimeline(
            about: "Passes on the first n values, then finishes and cancels its upstream. The other forms stop when the closure first rejects a value, or when another publisher emits.",
            korean: KoreanWords(summary: "처음 n개(또는 클로저가 받는 동안, p가 낼 때까지)를 넘기고 완료, 업스트림 취소",
                                 about: "처음 n개의 값을 넘긴 뒤 완료되고 업스트림을 취소해요. 다른 형태들은 클로저가 처음으로 값을 거부할 때나 다른 퍼블리셔가 값을 내보낼 때 멈춰요."),
            rxSwift: "take(_:), take(while:), take(until:)", rxJS: "take, takeWhile, takeUntil",
            program: #"""
            subject n: Int
            play n "-1-2-3-4-|"
            n.prefix(2).sink { _ in }
            wait 1s
            """#),
        traits: OperatorTraits(generated: ["prefix(INT)", "prefix(while: { $0 < INT })"]),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compilePrefix(call) })
}

extension Compiler {
    /// `prefix(n)` onto the core's `Publishers.Output`: n values, then finished and cancelled.
    ///
    ///     [1, 2, 3].publisher.prefix(2).collect().sink { print($0) }   // [1, 2]
    func compilePrefix(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        if call.trailing != nil || call.arguments.first?.label == "while" { return try compilePrefixWhile(call) }
        if call.arguments.first?.label == "untilOutputFrom" { return try compileUntilOutput(call, dropping: false) }
        let count = try countArgument(call, default: nil)
        return call.plan(call.upstream.type) { stream, frame in stream.prefix(try count(frame)).eraseToAnyPublisher() }
    }

    /// `prefix(n)`, and `prefix(while:)`: values while the closure accepts them, then finished.
    ///
    ///     [1, 2, 5, 1].publisher.prefix { $0 < 3 }.collect().sink { print($0) }   // [1, 2]
    func compilePrefixWhile(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        let accepts = try predicate(try call.closureArgument(labels: [nil, "while"]), inputs: [call.upstream.type], for: call)
        let (runtime, range) = (self.runtime, call.range)
        return call.plan(call.upstream.type) { stream, frame in
            stream.prefix(while: Compiler.test(accepts, frame, runtime, range: range)).stopping(on: runtime.stop).eraseToAnyPublisher()
        }
    }
}

extension ChainOperator {
    static let dropFirst = ChainOperator(
        name: "dropFirst", forms: ["dropFirst()", "dropFirst(n)"],
        signature: "func dropFirst(_ count: Int = 1) -> Publishers.Drop<Self>",
        summary: "skips the first values",
        usage: "'.dropFirst()' or '.dropFirst(2)'", completion: "dropFirst()",
        example: "[1, 2, 3].publisher.dropFirst().collect().sink { print(\"dropFirst\", $0) }",
        output: "dropFirst [2, 3]\n",
        timeline: OperatorTimeline(
            about: "Skips the first n values (one if not given) and passes on the rest. An app uses it to ignore the current value a @Published property replays on subscription.",
            korean: KoreanWords(summary: "처음 몇 개의 값을 건너뛰어요",
                                 about: "처음 n개의 값(주지 않으면 한 개)을 건너뛰고 나머지를 넘겨요. 앱에서는 @Published 프로퍼티가 구독 시점에 다시 보내 주는 현재 값을 무시할 때 써요."),
            rxSwift: "skip(_:)", rxJS: "skip",
            program: #"""
            subject n: Int
            play n "-1-2-3-4-|"
            n.dropFirst(2).sink { _ in }
            wait 1s
            """#),
        traits: OperatorTraits(generated: ["dropFirst(INT)"]),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileDropFirst(call) })
}

extension Compiler {
    /// `dropFirst()` and `dropFirst(n)` onto the core's `Publishers.Drop`.
    ///
    ///     [1, 2, 3].publisher.dropFirst().collect().sink { print($0) }   // [2, 3]
    func compileDropFirst(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        let count = try countArgument(call, default: 1)
        return call.plan(call.upstream.type) { stream, frame in stream.dropFirst(try count(frame)).eraseToAnyPublisher() }
    }
}

extension ChainOperator {
    static let first = ChainOperator(
        name: "first", forms: ["first()", "first { Bool }"],
        signature: "func first() -> Publishers.First<Self>",
        summary: "the first value (that the closure accepts), then finishes",
        usage: "'.first()' or '.first { $0 > 1 }'", completion: "first()",
        example: "[1, 2, 3].publisher.first { $0 > 1 }.sink { print(\"first where\", $0) }",
        output: "first where 2\n",
        timeline: OperatorTimeline(
            about: "Passes on the first value (or the first the closure accepts), then finishes at once and cancels its upstream. If the upstream finishes with no such value, it finishes without a value.",
            korean: KoreanWords(summary: "(클로저가 받아들이는) 첫 값을 넘기고 완료돼요",
                                 about: "첫 번째 값(또는 클로저가 받아들이는 첫 값)을 넘기고 곧바로 완료되며 업스트림을 취소해요. 그런 값 없이 업스트림이 완료되면 값 없이 완료돼요."),
            rxSwift: "take(1) (first() gives a Single)",
            program: #"""
            subject n: Int
            play n "-1-2-3-4-|"
            n.first { $0 > 1 }.sink { _ in }
            wait 1s
            """#),
        traits: OperatorTraits(generated: ["first { $0 > INT }"]),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileFirst(call) })
}

extension Compiler {
    /// `first()` and `first { Bool }` (also `first(where:)`) onto the core's `Publishers.First`.
    ///
    ///     [1, 2, 3].publisher.first { $0 > 1 }.sink { print($0) }   // 2
    func compileFirst(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        let elementType = call.upstream.type
        if call.takesNothing {
            return call.plan(elementType) { stream, _ in stream.first().eraseToAnyPublisher() }
        }
        let accepts = try predicate(try call.closureArgument(labels: [nil, "where"]), inputs: [elementType], for: call)
        let (runtime, range) = (self.runtime, call.range)
        return call.plan(elementType) { stream, frame in
            stream.first(where: Compiler.test(accepts, frame, runtime, range: range)).stopping(on: runtime.stop).eraseToAnyPublisher()
        }
    }
}

extension ChainOperator {
    static let last = ChainOperator(
        name: "last", forms: ["last()", "last { Bool }"],
        signature: "func last() -> Publishers.Last<Self>",
        summary: "the last value (that the closure accepts), when the upstream finishes",
        usage: "'.last()' or '.last { $0 > 1 }'", completion: "last()",
        example: "[1, 2, 3].publisher.last().sink { print(\"last\", $0) }",
        output: "last 3\n",
        timeline: OperatorTimeline(
            about: "Waits for the upstream to finish, then passes on its last value (or the last the closure accepted) and finishes. Nothing comes out until the end, so it never emits for a stream that never finishes.",
            korean: KoreanWords(summary: "업스트림이 완료되면 (클로저가 받아들인) 마지막 값을 내요",
                                 about: "업스트림이 완료되기를 기다렸다가 마지막 값(또는 클로저가 받아들인 마지막 값)을 넘기고 완료돼요. 끝날 때까지 아무것도 나오지 않으므로, 끝나지 않는 스트림에서는 아무 값도 내보내지 않아요."),
            rxSwift: "takeLast(1)",
            program: #"""
            subject n: Int
            play n "-1-2-3-4-|"
            n.last().sink { _ in }
            wait 1s
            """#),
        traits: OperatorTraits(generated: ["last()"]),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileLast(call) })
}

extension Compiler {
    /// `last()` and `last { Bool }` (also `last(where:)`) onto the core's `Publishers.Last` and
    /// `LastWhere`: the last value (that the closure accepts), once the upstream finishes.
    ///
    ///     [1, 2, 3].publisher.last { $0 < 3 }.sink { print($0) }   // 2
    func compileLast(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        let elementType = call.upstream.type
        if call.takesNothing {
            return call.plan(elementType) { stream, _ in stream.last().eraseToAnyPublisher() }
        }
        let accepts = try predicate(try call.closureArgument(labels: [nil, "where"]), inputs: [elementType], for: call)
        let (runtime, range) = (self.runtime, call.range)
        return call.plan(elementType) { stream, frame in
            stream.last(where: Compiler.test(accepts, frame, runtime, range: range)).stopping(on: runtime.stop).eraseToAnyPublisher()
        }
    }
}

extension ChainOperator {
    static let drop = ChainOperator(
        name: "drop", forms: ["drop(while: { Bool })", "drop(untilOutputFrom: p)"],
        signature: "func drop(while predicate: @escaping (Output) -> Bool) -> Publishers.DropWhile<Self>",
        summary: "skips values while the closure accepts them (or until p emits), then passes all",
        usage: "'.drop(while: { $0 < 3 })' or '.drop(untilOutputFrom: start)'", completion: "drop(while:",
        example: "[1, 2, 5, 1].publisher.drop(while: { $0 < 3 }).collect().sink { print($0) }",
        output: "[5, 1]\n",
        timeline: OperatorTimeline(
            about: "Skips values while the closure accepts them, then passes on everything after, even values the closure would accept again. With untilOutputFrom: it skips until another publisher first emits.",
            korean: KoreanWords(summary: "클로저가 받는 동안(또는 p가 낼 때까지) 건너뛰고, 그 뒤는 다 넘겨요",
                                 about: "클로저가 받아들이는 동안 값을 건너뛰고, 그 뒤로는 클로저의 판단과 상관없이 모든 값을 넘겨요. untilOutputFrom: 형태는 다른 퍼블리셔가 처음 값을 내보낼 때까지 건너뛰어요."),
            rxSwift: "skip(while:), skip(until:)", rxJS: "skipWhile, skipUntil",
            program: #"""
            subject n: Int
            play n "-1-2-5-1-3-|"
            n.drop(while: { $0 < 3 }).sink { _ in }
            wait 1.2s
            """#),
        traits: OperatorTraits(generated: ["drop(while: { $0 < INT })"]),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileDropWhile(call) })
}

extension Compiler {
    /// `drop(while:)`: skips values while the closure accepts them, then passes all.
    ///
    ///     [1, 2, 5, 1].publisher.drop { $0 < 3 }.collect().sink { print($0) }   // [5, 1]
    func compileDropWhile(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        if call.arguments.first?.label == "untilOutputFrom" { return try compileUntilOutput(call, dropping: true) }
        let accepts = try predicate(try call.closureArgument(labels: [nil, "while"]), inputs: [call.upstream.type], for: call)
        let (runtime, range) = (self.runtime, call.range)
        return call.plan(call.upstream.type) { stream, frame in
            stream.drop(while: Compiler.test(accepts, frame, runtime, range: range)).stopping(on: runtime.stop).eraseToAnyPublisher()
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
}
