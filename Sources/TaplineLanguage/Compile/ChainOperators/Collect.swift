import TaplineReactive

extension Compiler {
    /// `collect()` and `collect(n)` onto the core's `Publishers.Collect` and `CollectByCount`.
    ///
    ///     [1, 2, 3, 4, 5].publisher.collect(2).sink { print($0) }   // [1, 2], [3, 4], [5]
    func compileCollect(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        let type = SType.array(call.upstream.type)
        if call.takesNothing {
            return call.plan(type) { stream, _ in stream.collect().map(Value.array).eraseToAnyPublisher() }
        }
        let count = try countArgument(call, default: nil)
        return call.plan(type) { stream, frame in
            stream.collect(max(1, try count(frame))).map(Value.array).eraseToAnyPublisher()
        }
    }
}
