import TaplineReactive

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

    /// `dropFirst()` and `dropFirst(n)` onto the core's `Publishers.Drop`.
    ///
    ///     [1, 2, 3].publisher.dropFirst().collect().sink { print($0) }   // [2, 3]
    func compileDropFirst(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        let count = try countArgument(call, default: 1)
        return call.plan(call.upstream.type) { stream, frame in stream.dropFirst(try count(frame)).eraseToAnyPublisher() }
    }
}
