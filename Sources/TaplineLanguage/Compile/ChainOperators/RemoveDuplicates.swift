import TaplineReactive

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
