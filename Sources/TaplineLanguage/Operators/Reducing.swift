import TaplineReactive

/// Operators that gather the values into one result: `reduce`, `collect`, `contains`,
/// `allSatisfy`, `min`, `max`.
extension ChainOperator {
    static let reducing: [ChainOperator] = [reduce, collect, contains, allSatisfy, min, max]
}

extension ChainOperator {
    static let reduce = ChainOperator(
        name: "reduce", forms: ["reduce(initial) { acc, value in … }"],
        signature: "func reduce<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T) -> Publishers.Reduce<Self, T>",
        summary: "emits the final result when the upstream finishes",
        usage: "'.reduce(0) { $0 + $1 }'", completion: "reduce(",
        example: "[1, 2, 3].publisher.reduce(0) { $0 + $1 }.sink { print(\"reduce\", $0) }",
        output: "reduce 6\n",
        timeline: OperatorTimeline(
            about: "Combines every value into one result with the closure, and emits it only when the upstream finishes. It is scan that shows only the final result, so it never emits for a stream that never finishes.",
            korean: KoreanWords(summary: "업스트림이 완료되면 최종 결과를 내보내요",
                                 about: "클로저로 모든 값을 하나의 결과로 합치고, 업스트림이 완료될 때에만 그 결과를 내보내요. 최종 결과만 보여 주는 scan이라서, 끝나지 않는 스트림에서는 아무것도 내보내지 않아요."),
            program: #"""
            subject n: Int
            play n "-1-2-3-|"
            n.reduce(0) { $0 + $1 }.sink { _ in }
            wait 1s
            """#),
        traits: OperatorTraits(fusion: .reduction, generated: ["reduce(0) { $0 + $1 }"]),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileAccumulator(call, emitsEachStep: false) })
}

extension ChainOperator {
    static let collect = ChainOperator(
        name: "collect", forms: ["collect()", "collect(n)", "collect(.byTime(RunLoop.main, 1s))", "collect(.byTimeOrCount(RunLoop.main, 1s, n))"],
        signature: "func collect(_ count: Int) -> Publishers.CollectByCount<Self>",
        summary: "gathers values into arrays (all of them, n at a time, or each time span, at most n)",
        usage: "'.collect()', '.collect(3)' or '.collect(.byTime(RunLoop.main, 1s))'", completion: "collect()",
        example: "[1, 2, 3, 4, 5].publisher.collect(2).sink { print(\"collect(2)\", $0) }",
        output: "collect(2) [1, 2]\ncollect(2) [3, 4]\ncollect(2) [5]\n",
        timeline: OperatorTimeline(
            about: "Gathers values into arrays: all of them at the end, n at a time, or one array per time span. A partly filled array is emitted when the upstream finishes.",
            korean: KoreanWords(summary: "값을 배열로 모아요 (전부, n개씩, 또는 시간 구간마다 최대 n개)",
                                 about: "값을 끝에 한꺼번에, n개씩, 또는 시간 구간마다 하나씩 배열로 모아 내보내요. 덜 찬 배열은 업스트림이 완료될 때 내보내요."),
            rxSwift: "toArray(), buffer(timeSpan:count:scheduler:)", rxJS: "toArray, bufferCount, bufferTime",
            program: #"""
            subject n: Int
            play n "-1-2-3-4-5-|"
            n.collect(2).sink { _ in }
            wait 1.2s
            """#),
        traits: OperatorTraits(scheduler: [.takesScheduler], generated: ["collect(COUNT).map { $0.count }", "collect(.byTime(RunLoop.main, DURATION)).map { $0.count }"]),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileCollect(call) })
}

extension Compiler {
    /// `collect()` and `collect(n)` onto the core's `Publishers.Collect` and `CollectByCount`.
    ///
    ///     [1, 2, 3, 4, 5].publisher.collect(2).sink { print($0) }   // [1, 2], [3, 4], [5]
    func compileCollect(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        let type = SType.array(call.upstream.type)
        if call.takesNothing {
            return call.plan(type) { stream, _ in stream.collect().map(Value.array).eraseToAnyPublisher() }
        }
        if call.arguments.count == 1, case .call(let callee, let arguments, nil) = call.arguments[0].value.kind,
           case .implicitMember(let strategy) = callee.kind {
            return try collectByTime(call, strategy, arguments)
        }
        let count = try countArgument(call, default: nil)
        return call.plan(type) { stream, frame in
            stream.collect(max(1, try count(frame))).map(Value.array).eraseToAnyPublisher()
        }
    }

    /// `collect(.byTime(RunLoop.main, 1s))` and `collect(.byTimeOrCount(RunLoop.main, 1s, 5))`:
    /// the values of each interval (or of each n), as arrays.
    private func collectByTime(_ call: OperatorCall, _ strategy: String, _ arguments: [Argument]) throws(Diagnostic) -> PublisherPlan {
        guard strategy == "byTime" && arguments.count == 2 || strategy == "byTimeOrCount" && arguments.count == 3,
              arguments.allSatisfy({ $0.label == nil }) else { throw call.misuse }
        let clock = try scheduler(arguments[0].value)
        let interval = try duration(arguments[1].value)
        let count = arguments.count == 3 ? try integer(arguments[2].value) : nil
        return call.plan(.array(call.upstream.type)) { stream, frame in
            let span = VirtualTime.Stride(nanoseconds: max(Limits.shortestRepeatingInterval, try interval(frame)))
            let grouping: Publishers.TimeGroupingStrategy<SessionQueue> = try count.map { .byTimeOrCount(clock, span, max(1, try $0(frame))) } ?? .byTime(clock, span)
            return stream.collect(grouping).map(Value.array).eraseToAnyPublisher()
        }
    }
}

extension ChainOperator {
    static let contains = ChainOperator(
        name: "contains", forms: ["contains(value)", "contains { Bool }"],
        signature: "func contains(where predicate: @escaping (Output) -> Bool) -> Publishers.ContainsWhere<Self>",
        summary: "true at the first match (then finished), else false when the upstream finishes",
        usage: "'.contains(2)' or '.contains { $0 > 1 }'", completion: "contains(",
        example: "[1, 2, 3].publisher.contains(2).sink { print($0) }",
        output: "true\n",
        timeline: OperatorTimeline(
            about: "Emits true and finishes at the first value that matches, cancelling its upstream. If the upstream finishes without a match it emits false.",
            korean: KoreanWords(summary: "첫 일치에서 true를 내고 완료, 없으면 업스트림 완료 시 false",
                                 about: "처음으로 일치하는 값이 오면 true를 내보내고 완료되며, 업스트림을 취소해요. 일치하는 값 없이 업스트림이 완료되면 false를 내보내요."),
            program: #"""
            subject n: Int
            play n "-1-2-3-4-|"
            n.contains(3).sink { _ in }
            wait 1s
            """#),
        traits: OperatorTraits(generated: ["contains(INT).map { $0 ? 1 : 0 }"]),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileContains(call) })
}

extension Compiler {
    /// `contains(value)` and `contains { Bool }` (also `contains(where:)`): `true` at the first
    /// match (then finished, upstream cancelled), else `false` when the upstream finishes.
    ///
    ///     [1, 2, 3].publisher.contains(2).sink { print($0) }   // true
    func compileContains(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        if call.trailing == nil, call.arguments.count == 1, call.arguments[0].label == nil,
           !isClosure(call.arguments[0].value) {
            let (code, _) = try expression(call.arguments[0].value)
            return call.plan(.bool) { stream, frame in
                let wanted = try code(frame)
                return stream.contains { ValueArithmetic.equal($0, wanted) }.map(Value.bool).eraseToAnyPublisher()
            }
        }
        let accepts = try predicate(try call.closureArgument(labels: [nil, "where"]), inputs: [call.upstream.type], for: call)
        let (runtime, range) = (self.runtime, call.range)
        return call.plan(.bool) { stream, frame in
            stream.contains(where: Compiler.test(accepts, frame, runtime, range: range)).stopping(on: runtime.stop).map(Value.bool).eraseToAnyPublisher()
        }
    }

    private func isClosure(_ expr: Expr) -> Bool {
        if case .closure = expr.kind { return true }
        return false
    }
}

extension ChainOperator {
    static let allSatisfy = ChainOperator(
        name: "allSatisfy", forms: ["allSatisfy { Bool }"],
        signature: "func allSatisfy(_ predicate: @escaping (Output) -> Bool) -> Publishers.AllSatisfy<Self>",
        summary: "false at the first value that fails (then finished), else true at the end",
        usage: "'.allSatisfy { $0 > 0 }'", completion: "allSatisfy",
        example: "[2, 4].publisher.allSatisfy { $0 % 2 == 0 }.sink { print($0) }",
        output: "true\n",
        timeline: OperatorTimeline(
            about: "Emits false and finishes at the first value the closure rejects, cancelling its upstream. If every value passes, it emits true when the upstream finishes.",
            korean: KoreanWords(summary: "통과 못 한 첫 값에 false를 내고 완료, 아니면 끝에 true",
                                 about: "클로저가 거부하는 첫 값에서 false를 내보내고 완료되며, 업스트림을 취소해요. 모든 값이 통과하면 업스트림이 완료될 때 true를 내보내요."),
            rxJS: "every",
            program: #"""
            subject n: Int
            play n "-2-4-5-6-|"
            n.allSatisfy { $0 % 2 == 0 }.sink { _ in }
            wait 1s
            """#),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileAllSatisfy(call) })
}

extension Compiler {
    /// `allSatisfy { Bool }`: `false` at the first value that fails (then finished), else `true`.
    ///
    ///     [2, 4].publisher.allSatisfy { $0 % 2 == 0 }.sink { print($0) }   // true
    func compileAllSatisfy(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        let accepts = try predicate(try call.closureArgument(), inputs: [call.upstream.type], for: call)
        let (runtime, range) = (self.runtime, call.range)
        return call.plan(.bool) { stream, frame in
            stream.allSatisfy(Compiler.test(accepts, frame, runtime, range: range)).stopping(on: runtime.stop).map(Value.bool).eraseToAnyPublisher()
        }
    }
}

extension ChainOperator {
    static let min = ChainOperator(
        name: "min", forms: ["min()", "min(by: { a, b in Bool })"],
        signature: "func min(by areInIncreasingOrder: @escaping (Output, Output) -> Bool) -> Publishers.Comparison<Self>",
        summary: "the least value, when the upstream finishes",
        usage: "'.min()' or '.min(by: { $0 < $1 })'", completion: "min()",
        example: "[3, 1, 2].publisher.min().sink { print($0) }",
        output: "1\n",
        timeline: OperatorTimeline(
            about: "Emits the least value when the upstream finishes (by a closure's order with min(by:)). It needs the whole stream, so it never emits for a stream that never finishes.",
            korean: KoreanWords(summary: "업스트림이 완료되면 가장 작은 값을 내요",
                                 about: "업스트림이 완료되면 가장 작은 값을 내보내고, min(by:)는 클로저가 정한 순서로 비교해요. 스트림 전체가 필요하므로, 끝나지 않는 스트림에서는 아무것도 내보내지 않아요."),
            program: #"""
            subject n: Int
            play n "-3-1-4-2-|"
            n.min().sink { _ in }
            wait 1s
            """#),
        traits: OperatorTraits(generated: ["min()"]),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileComparison(call, keepsLargest: false) })
}

extension Compiler {
    /// `min()`, `max()` (by `<`), `min(by:)`, `max(by:)`: the least or greatest value, when the
    /// upstream finishes.
    ///
    ///     [3, 1, 2].publisher.min().sink { print($0) }   // 1
    func compileComparison(_ call: OperatorCall, keepsLargest: Bool) throws(Diagnostic) -> PublisherPlan {
        let (type, range) = (call.upstream.type, call.range)
        let runtime = self.runtime
        var ordered: CompiledClosure?
        if !call.takesNothing {
            ordered = try predicate(try call.closureArgument(labels: ["by"]), inputs: [type, type], for: call)
        }
        return call.plan(type) { stream, frame in
            let bound = ordered?.bind(to: frame)
            let increasing: (Value, Value) -> Bool = { first, second in
                var result = false
                runtime.deliver {
                    result = try ValueArithmetic.truth(try bound?.call(first, second)
                        ?? ValueArithmetic.binary(.less, first, second, range: range), range: range)
                }
                return result
            }
            return keepsLargest ? stream.max(by: increasing).stopping(on: runtime.stop).eraseToAnyPublisher() : stream.min(by: increasing).stopping(on: runtime.stop).eraseToAnyPublisher()
        }
    }
}

extension ChainOperator {
    static let max = ChainOperator(
        name: "max", forms: ["max()", "max(by: { a, b in Bool })"],
        signature: "func max(by areInIncreasingOrder: @escaping (Output, Output) -> Bool) -> Publishers.Comparison<Self>",
        summary: "the greatest value, when the upstream finishes",
        usage: "'.max()' or '.max(by: { $0 < $1 })'", completion: "max()",
        example: "[3, 1, 2].publisher.max().sink { print($0) }",
        output: "3\n",
        timeline: OperatorTimeline(
            about: "Emits the greatest value when the upstream finishes (by a closure's order with max(by:)). It needs the whole stream, so it never emits for a stream that never finishes.",
            korean: KoreanWords(summary: "업스트림이 완료되면 가장 큰 값을 내요",
                                 about: "업스트림이 완료되면 가장 큰 값을 내보내고, max(by:)는 클로저가 정한 순서로 비교해요. 스트림 전체가 필요하므로, 끝나지 않는 스트림에서는 아무것도 내보내지 않아요."),
            program: #"""
            subject n: Int
            play n "-3-1-4-2-|"
            n.max().sink { _ in }
            wait 1s
            """#),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileComparison(call, keepsLargest: true) })
}
