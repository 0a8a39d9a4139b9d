import TaplineReactive

/// Operators that join several publishers: `merge`, `combineLatest`, `zip`.
extension ChainOperator {
    static let combining: [ChainOperator] = [merge, combineLatest, zip]
}

extension ChainOperator {
    static let merge = ChainOperator(
        name: "merge", forms: ["merge(with: p…)"],
        signature: "func merge(with other: Self) -> Publishers.MergeMany<Self>",
        summary: "interleaves; finishes when all finish",
        usage: "'.merge(with: other)'", completion: "merge(with:",
        example: "[1, 2].publisher.merge(with: [3].publisher).collect().sink { print(\"merge\", $0) }",
        output: "merge [1, 2, 3]\n",
        timeline: OperatorTimeline(
            about: "Interleaves the values of publishers of the same type, each as it arrives. It finishes when all of them have finished, and fails as soon as one fails.",
            korean: KoreanWords(summary: "도착하는 대로 섞고, 모두 완료되면 완료돼요",
                                 about: "타입이 같은 퍼블리셔들의 값을 도착하는 대로 하나의 스트림에 섞어 내보내요. 모든 퍼블리셔가 완료되어야 완료되고, 하나라도 실패하면 곧바로 실패해요."),
            rxJS: "mergeWith (or merge(a, b))",
            program: #"""
            subject a: Int
            subject b: Int
            play a "-1---2---3-|"
            play b "---7---8-|"
            a.merge(with: b).sink { _ in }
            wait 1.2s
            """#),
        traits: OperatorTraits(generated: ["merge(with: PUBLISHER)"]),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileMerge(call) })
}

extension Compiler {
    /// `merge(with: p…)` onto the core's `Publishers.MergeMany`.
    ///
    ///     [1, 2].publisher.merge(with: [3].publisher).collect().sink { print($0) }   // [1, 2, 3]
    func compileMerge(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        let (others, combiner) = try otherPublishers(call, firstLabel: "with")
        guard combiner == nil else { throw call.misuse }
        let makers = [call.upstream.make] + others.map(\.make)
        // Merged publishers must have one Output, as Swift requires.
        for other in others where call.upstream.type.isKnown && other.type.isKnown && other.type != call.upstream.type {
            throw Diagnostic.error(Messages.outputMismatch(call.swiftMethodName, call.upstream.type.name, other.type.name), at: call.nameRange)
                .noting(Messages.outputMismatchHint)
        }
        let type = others.allSatisfy { $0.type == call.upstream.type } ? call.upstream.type : .unknown
        return PublisherPlan(make: { frame in
            Publishers.MergeMany(try makers.map { try $0(frame) }).eraseToAnyPublisher()
        }, type: type, failure: try sharedFailure(call, others), text: call.text)
    }

    /// Publishers combined must fail alike, as Swift requires: a `Never` one joins an `Error`
    /// one only after `setFailureType(to: Error.self)`.
    private func sharedFailure(_ call: OperatorCall, _ others: [PublisherPlan]) throws(Diagnostic) -> SType {
        var failure = call.upstream.failure
        for other in others where other.failure != failure {
            guard failure.isKnown, other.failure.isKnown else {
                failure = .unknown
                continue
            }
            try requireSameFailure(failure, other.failure, method: call.swiftMethodName, at: call.nameRange)
        }
        return failure
    }
}

extension ChainOperator {
    static let combineLatest = ChainOperator(
        name: "combineLatest", forms: ["combineLatest(p…) [{ a, b in … }]"],
        signature: "func combineLatest<P>(_ other: P) -> Publishers.CombineLatest<Self, P>",
        summary: "latest of each, once all have emitted; finishes when all finish",
        usage: "'.combineLatest(other)'", completion: "combineLatest(",
        example: "just(1).combineLatest(just(\"x\")).sink { print(\"combineLatest\", $0) }",
        output: "combineLatest (1, \"x\")\n",
        timeline: OperatorTimeline(
            about: "Once every input has emitted, emits a tuple of the latest value of each whenever any of them emits. It finishes when all have finished; a closure can combine the tuple into one value.",
            korean: KoreanWords(summary: "모두 값을 낸 뒤 각 최신 값을 묶어 내요, 모두 완료되면 완료돼요",
                                 about: "모든 입력이 한 번씩 값을 내보낸 뒤부터는, 어느 하나가 값을 낼 때마다 각 입력의 최신 값을 튜플로 묶어 내보내요. 모든 입력이 완료되면 완료되고, 클로저를 주면 튜플을 값 하나로 합칠 수 있어요."),
            rxJS: "combineLatestWith (or combineLatest([a, b]))",
            program: #"""
            subject n: Int
            subject s: String
            play n "-1---2---3-|"
            play s "---x---y-|"
            n.combineLatest(s).sink { _ in }
            wait 1.2s
            """#),
        traits: OperatorTraits(generated: ["combineLatest(PUBLISHER).map { $0 + $1 }"]),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileCombination(call, pairsInOrder: false) })
}

extension Compiler {
    /// `combineLatest(p…)` and `zip(p…)`, with an optional closure that combines each tuple,
    /// onto the core's junctions, which make each tuple value themselves (`Combination`).
    ///
    ///     ["a", "b"].publisher.zip([1, 2].publisher) { "\($0)\($1)" }.collect().sink { print($0) }   // ["a1", "b2"]
    func compileCombination(_ call: OperatorCall, pairsInOrder: Bool) throws(Diagnostic) -> PublisherPlan {
        let (others, combinerExpr) = try otherPublishers(call, firstLabel: nil)
        let inputs = CombinedInputs(rule: pairsInOrder ? .zip : .combineLatest,
                                    makers: [call.upstream.make] + others.map(\.make))
        let tupleType = SType.tuple([call.upstream.type] + others.map(\.type))
        let failure = try sharedFailure(call, others)
        if let combinerExpr {
            let combiner = try closure(combinerExpr, inputs: [tupleType], owner: call.name)
            return combined(inputs, by: combiner, failure: failure, text: call.text)
        }
        let makers = inputs.makers
        var plan = PublisherPlan(make: { frame in
            Publishers.Combination(inputs.rule, try makers.map { try $0(frame) },
                                   pair: { Value.tuple([$0, $1]) }, combine: Value.tuple).eraseToAnyPublisher()
        }, type: tupleType, failure: failure, text: call.text)
        if fastPaths { plan.combinedInputs = inputs }
        return plan
    }

    /// The junction of `inputs` running `combiner` on each set of their values, as
    /// `combineLatest(b) { … }` and `zip(b) { … }` do, and as `map { … }` straight after
    /// them does (`compileMap`): Combine's `combineLatest(b, f)` is `combineLatest(b).map(f)`.
    /// Two values go to a closure of two parameters as they are, with no tuple made for them.
    func combined(_ inputs: CombinedInputs, by combiner: CompiledClosure, failure: SType, text: SourceText) -> PublisherPlan {
        let (makers, runtime) = (inputs.makers, self.runtime)
        return PublisherPlan(make: { frame in
            let publishers = try makers.map { try $0(frame) }
            let bound = combiner.bind(to: frame)   // after the inputs are made, as a `map` after them is
            let spreads = combiner.arity == 2
            // The pair's delivery written out here, not through `Compiler.call`: that is one
            // call more for every pair.
            return Publishers.Combination(inputs.rule, publishers, pair: { first, second in
                var result = Value.void
                runtime.deliver { result = try spreads ? bound.call(first, second) : bound.call(.tuple([first, second])) }
                return result
            }, combine: { values in Compiler.call(bound, with: .tuple(values), runtime) })
            .stopping(on: runtime.stop).eraseToAnyPublisher()
        }, type: combiner.resultType, failure: failure, text: text)
    }
}

/// What `zip` or `combineLatest` without a closure joins, kept on its plan so that a `map`
/// straight after can become its closure (`Compiler.combined`).
struct CombinedInputs {
    let rule: Publishers.Combination<PublisherPlan.Stream, Value>.Rule
    let makers: [(Frame) throws -> PublisherPlan.Stream]
}

extension ChainOperator {
    static let zip = ChainOperator(
        name: "zip", forms: ["zip(p…) [{ a, b in … }]"],
        signature: "func zip<P>(_ other: P) -> Publishers.Zip<Self, P>",
        summary: "pairs in order",
        usage: "'.zip(other)'", completion: "zip(",
        example: "[\"a\", \"b\"].publisher.zip([1, 2].publisher) { \"\\($0)\\($1)\" }.collect().sink { print(\"zip\", $0) }",
        output: "zip [\"a1\", \"b2\"]\n",
        timeline: OperatorTimeline(
            about: "Pairs the first value of each input, then the second of each, and so on, waiting for the slower one. It finishes as soon as one input finishes and nothing more can be paired.",
            korean: KoreanWords(summary: "순서대로 짝지어요",
                                 about: "각 입력의 첫 번째 값끼리, 그다음 두 번째 값끼리 차례로 짝지으며 느린 쪽을 기다려요. 입력 하나가 완료되어 더 짝지을 수 없게 되면 곧바로 완료돼요."),
            rxJS: "zipWith (or zip(a, b))",
            program: #"""
            subject n: Int
            subject s: String
            play n "-1-2-3-|"
            play s "----x---y---z-|"
            n.zip(s).sink { _ in }
            wait 1.5s
            """#),
        traits: OperatorTraits(generated: ["zip(PUBLISHER).map { $0 * $1 }"]),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileCombination(call, pairsInOrder: true) })
}
