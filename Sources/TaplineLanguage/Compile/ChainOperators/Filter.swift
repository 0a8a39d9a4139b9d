import TaplineReactive

extension Compiler {
    /// `filter { Bool }` onto the core's `Publishers.Filter`.
    ///
    ///     [1, 2, 3, 4].publisher.filter { $0 > 2 }.sink { print($0) }   // 3, 4
    func compileFilter(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        let predicate = try predicate(try call.closureArgument(), inputs: [call.upstream.type], for: call)
        let (runtime, range) = (self.runtime, call.range)
        let plan = call.plan(call.upstream.type) { stream, frame in
            stream.filter(Compiler.test(predicate, frame, runtime, range: range)).stopping(on: runtime.stop).eraseToAnyPublisher()
        }
        return fusing(plan, .filter, predicate, call: call)
    }
}
