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
            rxSwift: "distinctUntilChanged", rxJS: "distinctUntilChanged",
            program: #"""
            subject n: Int
            play n "-1-1-2-2-2-1-|"
            n.removeDuplicates().sink { _ in }
            wait 1.5s
            """#),
        traits: OperatorTraits(generated: ["removeDuplicates()"]),
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
            return call.plan(elementType) { stream, _ in stream.removeDuplicates(by: ValueArithmetic.equal).eraseToAnyPublisher() }
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
            about: "Skips values while the closure accepts them, then passes on everything after, even values the closure would reject. With untilOutputFrom: it skips until another publisher first emits.",
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
