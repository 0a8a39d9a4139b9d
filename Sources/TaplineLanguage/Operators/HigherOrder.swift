import TaplineReactive

/// Publishers of publishers: `flatMap` subscribes to each one a closure returns and merges
/// their values; `switchToLatest` keeps only the newest, cancelling the one before.
extension ChainOperator {
    static let higherOrder: [ChainOperator] = [flatMap, switchToLatest]
}

extension ChainOperator {
    static let flatMap = ChainOperator(
        name: "flatMap", forms: ["flatMap { value in PUBLISHER }", "flatMap(maxPublishers: .max(n)) { … }"],
        signature: "func flatMap<T, P>(maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P) -> Publishers.FlatMap<P, Self> where T == P.Output, P: Publisher, Self.Failure == P.Failure",
        summary: "subscribes to the publisher the closure makes for each value, and merges their values",
        usage: "'.flatMap { Just($0) }'", completion: "flatMap",
        example: "[1, 2].publisher.flatMap { n in [n, n * 10].publisher }.collect().sink { print($0) }",
        output: "[1, 10, 2, 20]\n",
        timeline: OperatorTimeline(
            about: "Makes a publisher from each value with the closure, subscribes to all of them, and merges their values as they come. It finishes when the upstream and every inner publisher have finished; maxPublishers limits how many run at once.",
            korean: KoreanWords(summary: "값마다 클로저가 만든 퍼블리셔를 구독하고 그 값들을 합쳐요",
                                 about: "클로저로 값마다 퍼블리셔를 만들어 모두 구독하고, 그 값들을 오는 대로 합쳐 내보내요. 업스트림과 모든 내부 퍼블리셔가 완료되어야 완료되고, maxPublishers로 동시에 실행되는 개수를 제한할 수 있어요."),
            rxJS: "mergeMap",
            program: #"""
            subject pick: String
            subject a: Int
            subject b: Int
            play pick "-a---b---|"
            play a "--1---2---3-|"
            play b "----7---8---9-|"
            pick.flatMap { $0 == "a" ? a : b }.sink { _ in }
            wait 1.6s
            """#),
        traits: OperatorTraits(generated: ["flatMap { Just($0 + 1) }"]),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileFlatMap(call) })
}

extension Compiler {
    /// `flatMap { value in PUBLISHER }` and `flatMap(maxPublishers: .max(n)) { … }`.
    ///
    ///     [1, 2].publisher.flatMap { Just($0 * 10) }.sink { print($0) }   // 10, 20
    func compileFlatMap(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        var limit: Code?
        var closureExpr = call.trailing
        for argument in call.arguments {
            switch (argument.label, argument.value.kind) {
            case ("maxPublishers", _): limit = try expression(argument.value).code
            case (nil, .closure(let body)) where closureExpr == nil: closureExpr = body
            default: throw call.misuse
            }
        }
        guard let closureExpr else { throw call.misuse }
        let transform = try closure(closureExpr, inputs: [call.upstream.type], owner: call.name)
        let (output, failure) = try publisherResult(of: transform, call, forValues: .map)
        let joined = try joinedFailure(call, inner: failure)
        let (runtime, range) = (self.runtime, call.range)
        let shortcut = Compiler.innerShortcut(fastPaths: fastPaths)
        return call.plan(output, failure: joined) { stream, frame in
            let demand = try limit.map { code in try Value.demand(from: try code(frame), range: range, allowZero: false) } ?? .unlimited
            let body = Compiler.transform(transform, frame, runtime)
            var flattened = stream.flatMap(maxPublishers: demand) { value in Compiler.inner(of: body(value), at: range, runtime) }
            flattened.shortcut = shortcut
            return flattened.eraseToAnyPublisher()
        }
    }

    /// How the flattened stream fails: as Swift types it, a `Never` side takes the other's
    /// Failure (Combine has those overloads since iOS 14); otherwise both must be the same.
    private func joinedFailure(_ call: OperatorCall, inner: SType) throws(Diagnostic) -> SType {
        let outer = call.upstream.failure
        if outer == .never || !outer.isKnown { return outer == .never ? inner : .unknown }
        if inner == .never || !inner.isKnown || inner == outer { return outer }
        try requireSameFailure(outer, inner, method: call.swiftMethodName, at: call.nameRange)
        return outer
    }
}

extension ChainOperator {
    static let switchToLatest = ChainOperator(
        name: "switchToLatest", forms: ["switchToLatest()"],
        signature: "func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> where Output: Publisher, Output.Failure == Failure",
        summary: "the values of the newest publisher; a new one cancels the one before",
        usage: "'.switchToLatest()'", completion: "switchToLatest()",
        example: "subject query: String\nquery.map { q in Deferred { Just(q).delay(for: 100ms) } }.switchToLatest().sink { print(\"results for\", $0) }\nsend query \"s\"\nsend query \"sw\"\nwait 200ms",
        output: "results for sw\n",
        timeline: OperatorTimeline(
            about: "Subscribes to each publisher the upstream emits and cancels the one before, so only the newest one's values come through. With map it is the search box pattern: a new query cancels the request for the old one.",
            korean: KoreanWords(summary: "최신 퍼블리셔의 값만 넘기고, 새 퍼블리셔가 오면 이전 것은 취소",
                                 about: "업스트림이 내보내는 퍼블리셔를 차례로 구독하면서 이전 것은 취소하므로, 가장 최신 퍼블리셔의 값만 지나가요. map과 함께 쓰면 검색창 패턴이 되는데, 새 검색어가 들어오면 이전 검색어의 요청이 취소돼요."),
            rxSwift: "switchLatest() (with map: flatMapLatest)", rxJS: "switchAll (with map: switchMap)",
            program: #"""
            subject outer
            subject a: Int
            subject b: Int
            play outer "-a---b---|" ["a": a, "b": b]
            play a "--1---2---3-|"
            play b "----7---8---9-|"
            outer.switchToLatest().sink { _ in }
            wait 1.6s
            """#),
        traits: OperatorTraits(generated: ["map { Just($0) }.switchToLatest()"]),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileSwitchToLatest(call) })
}

extension Compiler {
    /// `switchToLatest()`: the values of the newest publisher the upstream sent; a new one
    /// cancels the one before (the search box that drops a stale request).
    ///
    ///     [1, 2].publisher.map { Just($0) }.switchToLatest().sink { print($0) }   // 1, 2
    func compileSwitchToLatest(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        guard call.takesNothing else { throw call.misuse }
        var output = SType.unknown, inner = SType.unknown
        switch call.upstream.type {
        case .publisher(let innerOutput, let innerFailure): (output, inner) = (innerOutput, innerFailure)
        case .unknown: break
        default: throw Diagnostic.error(Messages.switchToLatestNeedsPublishers(call.upstream.type.name), at: call.nameRange)
        }
        let joined = try joinedFailure(call, inner: inner)
        let (runtime, range) = (self.runtime, call.range)
        let shortcut = Compiler.innerShortcut(fastPaths: fastPaths)
        return call.plan(output, failure: joined) { stream, _ in
            var switched = stream.map { value in Compiler.inner(of: value, at: range, runtime) }.switchToLatest()
            switched.shortcut = shortcut
            return switched.eraseToAnyPublisher()
        }
    }
}
