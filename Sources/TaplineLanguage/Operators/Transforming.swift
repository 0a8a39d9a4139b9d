import TaplineReactive

/// Operators that transform each value: `map`, `compactMap`, `scan`.
extension ChainOperator {
    static let transforming: [ChainOperator] = [map, compactMap, scan]
}

extension ChainOperator {
    static let map = ChainOperator(
        name: "map", forms: ["map { value }"],
        signature: "func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Self, T>",
        summary: "transforms each value",
        usage: "'.map { $0 * 2 }'", completion: "map",
        example: "[1, 2].publisher.map { $0 * 10 }.sink { print(\"map\", $0) }",
        output: "map 10\nmap 20\n",
        timeline: OperatorTimeline(
            about: "Transforms each value with the closure and passes the result on, one for one. The completion and any failure pass through unchanged.",
            korean: KoreanWords(summary: "각 값을 변환해요",
                                 about: "클로저로 각 값을 변환해 그 결과를 하나씩 일대일로 넘겨요. 완료와 실패는 그대로 지나가요."),
            program: #"""
            subject n: Int
            play n "-1-2--3-|"
            n.map { $0 * 2 }.sink { _ in }
            wait 1s
            """#),
        traits: OperatorTraits(fusion: .step(.map), generated: ["map { EXPR }"]),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileMap(call) })
}

extension Compiler {
    /// `map { value }` onto the core's `Publishers.Map`.
    ///
    ///     [1, 2].publisher.map { $0 * 10 }.sink { print($0) }   // 10, 20
    func compileMap(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        let closureExpr = if let keyPaths = call.keyPathsClosure() { keyPaths } else { try call.closureArgument() }
        let transform = try closure(closureExpr, inputs: [call.upstream.type], owner: call.name)
        if let inputs = call.upstream.combinedInputs {
            return combined(inputs, by: transform, failure: call.upstream.failure, text: call.text)
        }
        let runtime = self.runtime
        let plan = call.plan(transform.resultType) { stream, frame in
            stream.map(Compiler.transform(transform, frame, runtime)).stopping(on: runtime.stop).eraseToAnyPublisher()
        }
        return fusing(plan, closure: transform, call: call)
    }
}

extension ChainOperator {
    static let compactMap = ChainOperator(
        name: "compactMap", forms: ["compactMap { value or nil }"],
        signature: "func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Self, T>",
        summary: "transforms and drops `nil` (`Int(\"x\")` is `nil`)",
        usage: "'.compactMap { Int($0) }'", completion: "compactMap",
        example: "[\"1\", \"x\", \"3\"].publisher.compactMap { Int($0) }.sink { print(\"compactMap\", $0) }",
        output: "compactMap 1\ncompactMap 3\n",
        timeline: OperatorTimeline(
            about: "Transforms each value and drops the ones the closure turns into nil. An app uses it to parse input and silently skip what does not parse, such as text that is not a number.",
            korean: KoreanWords(summary: "변환하고 `nil`은 버려요 (`Int(\"x\")`는 `nil`)",
                                 about: "각 값을 변환하고, 클로저가 nil로 바꾼 값은 버려요. 앱에서는 입력을 파싱하면서 숫자가 아닌 텍스트처럼 파싱되지 않는 것을 조용히 건너뛸 때 써요."),
            program: #"""
            subject s: String
            play s "-1-x-3-y-|"
            s.compactMap { Int($0) }.sink { _ in }
            wait 1s
            """#),
        traits: OperatorTraits(fusion: .step(.compactMap), generated: ["compactMap { $0 > INT ? $0 : nil }"]),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileCompactMap(call) })
}

extension Compiler {
    /// `compactMap { value or nil }` onto the core's `Publishers.CompactMap`: `nil` is dropped.
    ///
    ///     ["1", "x", "3"].publisher.compactMap { Int($0) }.sink { print($0) }   // 1, 3
    func compileCompactMap(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        let transform = try closure(try call.closureArgument(), inputs: [call.upstream.type], owner: call.name)
        let runtime = self.runtime
        // Its Output is what the closure's optionals hold.
        let plan = call.plan(transform.resultType.unwrappedOptional) { stream, frame in
            let apply = Compiler.transform(transform, frame, runtime)
            return stream.compactMap { value in
                let result = apply(value)
                return result.unwrapped
            }.stopping(on: runtime.stop).eraseToAnyPublisher()
        }
        return fusing(plan, closure: transform, call: call)
    }
}

extension ChainOperator {
    static let scan = ChainOperator(
        name: "scan", forms: ["scan(initial) { acc, value in … }"],
        signature: "func scan<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T) -> Publishers.Scan<Self, T>",
        summary: "emits each running result",
        usage: "'.scan(0) { $0 + $1 }'", completion: "scan(",
        example: "[1, 2, 3].publisher.scan(0) { $0 + $1 }.collect().sink { print(\"scan\", $0) }",
        output: "scan [1, 3, 6]\n",
        timeline: OperatorTimeline(
            about: "Emits a running result: the closure combines the result so far with each new value. An app uses it for totals, counters and state that builds up over time.",
            korean: KoreanWords(summary: "누적 결과를 매번 내보내요",
                                 about: "누적 결과를 내보내요: 클로저가 지금까지의 결과와 새 값을 하나씩 합쳐요. 앱에서는 합계, 카운터, 시간이 지나며 쌓이는 상태에 써요."),
            program: #"""
            subject n: Int
            play n "-1-2-3-|"
            n.scan(0) { $0 + $1 }.sink { _ in }
            wait 1s
            """#),
        traits: OperatorTraits(fusion: .step(.scan), generated: ["scan(0) { $0 + $1 }"]),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileAccumulator(call, emitsEachStep: true) })
}
