import TaplineReactive

extension Compiler {
    /// `scan(initial) { acc, value in … }` and `reduce(initial) { … }` onto the core's
    /// `Publishers.Scan` and `Publishers.Reduce`: one emits every step, the other the last.
    /// With `throwing`, `tryScan` and `tryReduce`: the closure may throw, which fails the stream.
    ///
    ///     [1, 2, 3].publisher.scan(0) { $0 + $1 }.collect().sink { print($0) }   // [1, 3, 6]
    ///     [1, 2, 3].publisher.reduce(0) { $0 + $1 }.sink { print($0) }           // 6
    func compileAccumulator(_ call: OperatorCall, emitsEachStep: Bool, throwing: Bool = false) throws(Diagnostic) -> PublisherPlan {
        var closureExpr = call.trailing
        var initialExpr: Expr?
        for argument in call.arguments where argument.label == nil {
            if case .closure(let closure) = argument.value.kind, closureExpr == nil { closureExpr = closure } else { initialExpr = argument.value }
        }
        guard let closureExpr, let initialExpr, call.arguments.count == (call.trailing == nil ? 2 : 1) else { throw call.misuse }
        let (initial, initialType) = try expression(initialExpr)
        let next = try closure(closureExpr, inputs: [initialType, call.upstream.type], owner: call.name)
        let resultType = next.resultType == initialType ? initialType : .unknown
        let runtime = self.runtime
        if throwing {
            return call.plan(resultType, failure: .error) { stream, frame in
                let start = try initial(frame)
                let bound = next.bind(to: frame)
                let step: (Value, Value) throws -> Value = { accumulator, value in
                    try runtime.deliverThrowing { try bound.call(accumulator, value) }
                }
                return Compiler.settle(emitsEachStep ? stream.tryScan(start, step).stopping(on: runtime.stop).eraseToAnyPublisher()
                                                     : stream.tryReduce(start, step).stopping(on: runtime.stop).eraseToAnyPublisher())
            }
        }
        let plan = call.plan(resultType) { stream, frame in
            let start = try initial(frame)
            let bound = next.bind(to: frame)
            let kernel = next.arity == 2 ? next.kernel : nil
            let step: (Value, Value) -> Value = { accumulator, value in
                var result = accumulator
                runtime.deliver {
                    if let kernel, case .int(let a) = accumulator, case .int(let b) = value,
                       let fast = try kernel.value(a, b, frame) {
                        result = fast
                    } else {
                        result = try bound.call(accumulator, value)
                    }
                }
                return result
            }
            return emitsEachStep ? stream.scan(start, step).stopping(on: runtime.stop).eraseToAnyPublisher()
                                 : stream.reduce(start, step).stopping(on: runtime.stop).eraseToAnyPublisher()
        }
        return emitsEachStep ? plan : fusingReduce(plan, initial: initial, next: next, call: call)
    }
}
