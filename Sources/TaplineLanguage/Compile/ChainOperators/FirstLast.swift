import TaplineReactive

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
