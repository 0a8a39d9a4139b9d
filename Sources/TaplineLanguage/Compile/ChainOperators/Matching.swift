import TaplineReactive

/// Operators that answer a question about the values: `contains`, `allSatisfy`, `min`, `max`,
/// and the ones that skip or keep values while a condition holds: `drop(while:)`,
/// `prefix(while:)`.
extension Compiler {
    /// `contains(value)` and `contains { Bool }` (also `contains(where:)`): `true` at the first
    /// match (then finished, upstream cancelled), else `false` when the upstream finishes.
    ///
    ///     [1, 2, 3].publisher.contains(2).sink { print($0) }   // true
    func compileContains(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        if call.trailing == nil, call.arguments.count == 1, call.arguments[0].label == nil,
           !isClosure(call.arguments[0].value) {
            let (code, _) = try expression(call.arguments[0].value)
            return call.plan(.bool) { stream, frame in
                let wanted = try code(frame)
                return stream.contains { ValueArithmetic.equal($0, wanted) }.map(Value.bool).eraseToAnyPublisher()
            }
        }
        let accepts = try predicate(try call.closureArgument(labels: [nil, "where"]), inputs: [call.upstream.type], for: call)
        let (runtime, range) = (self.runtime, call.range)
        return call.plan(.bool) { stream, frame in
            stream.contains(where: Compiler.test(accepts, frame, runtime, range: range)).stopping(on: runtime.stop).map(Value.bool).eraseToAnyPublisher()
        }
    }

    /// `allSatisfy { Bool }`: `false` at the first value that fails (then finished), else `true`.
    ///
    ///     [2, 4].publisher.allSatisfy { $0 % 2 == 0 }.sink { print($0) }   // true
    func compileAllSatisfy(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        let accepts = try predicate(try call.closureArgument(), inputs: [call.upstream.type], for: call)
        let (runtime, range) = (self.runtime, call.range)
        return call.plan(.bool) { stream, frame in
            stream.allSatisfy(Compiler.test(accepts, frame, runtime, range: range)).stopping(on: runtime.stop).map(Value.bool).eraseToAnyPublisher()
        }
    }

    /// `min()`, `max()` (by `<`), `min(by:)`, `max(by:)`: the least or greatest value, when the
    /// upstream finishes.
    ///
    ///     [3, 1, 2].publisher.min().sink { print($0) }   // 1
    func compileComparison(_ call: OperatorCall, keepsLargest: Bool) throws(Diagnostic) -> PublisherPlan {
        let (type, range) = (call.upstream.type, call.range)
        let runtime = self.runtime
        var ordered: CompiledClosure?
        if !call.takesNothing {
            ordered = try predicate(try call.closureArgument(labels: ["by"]), inputs: [type, type], for: call)
        }
        return call.plan(type) { stream, frame in
            let bound = ordered?.bind(to: frame)
            let increasing: (Value, Value) -> Bool = { first, second in
                var result = false
                runtime.deliver {
                    result = try ValueArithmetic.truth(try bound?.call(first, second)
                        ?? ValueArithmetic.binary(.less, first, second, range: range), range: range)
                }
                return result
            }
            return keepsLargest ? stream.max(by: increasing).stopping(on: runtime.stop).eraseToAnyPublisher() : stream.min(by: increasing).stopping(on: runtime.stop).eraseToAnyPublisher()
        }
    }

    /// `drop(while:)`: skips values while the closure accepts them, then passes all.
    ///
    ///     [1, 2, 5, 1].publisher.drop { $0 < 3 }.collect().sink { print($0) }   // [5, 1]
    func compileDropWhile(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        if call.arguments.first?.label == "untilOutputFrom" { return try compileUntilOutput(call, dropping: true) }
        let accepts = try predicate(try call.closureArgument(labels: [nil, "while"]), inputs: [call.upstream.type], for: call)
        let (runtime, range) = (self.runtime, call.range)
        return call.plan(call.upstream.type) { stream, frame in
            stream.drop(while: Compiler.test(accepts, frame, runtime, range: range)).stopping(on: runtime.stop).eraseToAnyPublisher()
        }
    }

    /// `prefix(n)`, and `prefix(while:)`: values while the closure accepts them, then finished.
    ///
    ///     [1, 2, 5, 1].publisher.prefix { $0 < 3 }.collect().sink { print($0) }   // [1, 2]
    func compilePrefixWhile(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        let accepts = try predicate(try call.closureArgument(labels: [nil, "while"]), inputs: [call.upstream.type], for: call)
        let (runtime, range) = (self.runtime, call.range)
        return call.plan(call.upstream.type) { stream, frame in
            stream.prefix(while: Compiler.test(accepts, frame, runtime, range: range)).stopping(on: runtime.stop).eraseToAnyPublisher()
        }
    }

    private func isClosure(_ expr: Expr) -> Bool {
        if case .closure = expr.kind { return true }
        return false
    }
}
