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
            let span = Duration.nanoseconds(try interval(frame))
            let grouping: Publishers.TimeGroupingStrategy = try count.map { .byTimeOrCount(clock, span, max(1, try $0(frame))) } ?? .byTime(clock, span)
            return stream.collect(grouping).map(Value.array).eraseToAnyPublisher()
        }
    }
}
