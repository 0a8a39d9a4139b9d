import TaplineReactive

extension Compiler {
    /// `map { value }` onto the core's `Publishers.Map`.
    ///
    ///     [1, 2].publisher.map { $0 * 10 }.sink { print($0) }   // 10, 20
    func compileMap(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        let transform = try closure(try call.closureArgument(), inputs: [call.upstream.type], owner: call.name)
        let runtime = self.runtime
        let plan = call.plan(transform.resultType) { stream, frame in
            stream.map(Compiler.transform(transform, frame, runtime)).stopping(on: runtime.stop).eraseToAnyPublisher()
        }
        return fusing(plan, .map, transform, call: call)
    }

    /// `compactMap { value or nil }` onto the core's `Publishers.CompactMap`: `nil` is dropped.
    ///
    ///     ["1", "x", "3"].publisher.compactMap { Int($0) }.sink { print($0) }   // 1, 3
    func compileCompactMap(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        let transform = try closure(try call.closureArgument(), inputs: [call.upstream.type], owner: call.name)
        let runtime = self.runtime
        let plan = call.plan(transform.resultType) { stream, frame in
            let apply = Compiler.transform(transform, frame, runtime)
            return stream.compactMap { value in
                let result = apply(value)
                return result == .nil ? nil : result
            }.stopping(on: runtime.stop).eraseToAnyPublisher()
        }
        return fusing(plan, .compactMap, transform, call: call)
    }
}
