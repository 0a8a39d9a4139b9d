import TaplineReactive

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
            throw Diagnostic.error(Messages.outputMismatch(call.name, call.upstream.type.name, other.type.name), at: call.range)
        }
        let type = others.allSatisfy { $0.type == call.upstream.type } ? call.upstream.type : .unknown
        return PublisherPlan(make: { frame in
            Publishers.MergeMany(try makers.map { try $0(frame) }).eraseToAnyPublisher()
        }, type: type, failure: try sharedFailure(call, others), text: call.text)
    }

    /// `combineLatest(p…)` and `zip(p…)`, with an optional closure that combines each tuple,
    /// onto the core's `CombineLatestMany` and `ZipMany`.
    ///
    ///     ["a", "b"].publisher.zip([1, 2].publisher) { "\($0)\($1)" }.collect().sink { print($0) }   // ["a1", "b2"]
    func compileCombination(_ call: OperatorCall, pairsInOrder: Bool) throws(Diagnostic) -> PublisherPlan {
        let (others, combinerExpr) = try otherPublishers(call, firstLabel: nil)
        let makers = [call.upstream.make] + others.map(\.make)
        let tupleType = SType.tuple([call.upstream.type] + others.map(\.type))
        let combiner = try combinerExpr.map { (each) throws(Diagnostic) in try closure(each, inputs: [tupleType], owner: call.name) }
        let runtime = self.runtime
        return PublisherPlan(make: { frame in
            let inputs = try makers.map { try $0(frame) }
            let tuples = pairsInOrder
                ? Publishers.ZipMany(inputs).map(Value.tuple).eraseToAnyPublisher()
                : Publishers.CombineLatestMany(inputs).map(Value.tuple).eraseToAnyPublisher()
            guard let combiner else { return tuples }
            return tuples.map(Compiler.transform(combiner, frame, runtime)).stopping(on: runtime.stop).eraseToAnyPublisher()
        }, type: combiner?.resultType ?? tupleType, failure: try sharedFailure(call, others), text: call.text)
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
            throw Diagnostic.error(Messages.failureMismatch(call.name, failure.name, other.failure.name), at: call.range)
        }
        return failure
    }
}
