import TaplineReactive

/// The `try…` operators: their closure may `throw`, and a thrown error fails the stream (and
/// cancels the upstream), as in Combine. They share one shape: the closure is compiled as one
/// that may throw, the core's `try…` operator gets a throwing Swift closure, and the error
/// that ends the stream becomes the language's failure again.
extension Compiler {
    typealias Throwing = AnyPublisher<Value, any Error>

    /// A one-value `try…` operator: `apply` builds the core operator from the upstream and the
    /// closure, which throws what the program throws, honouring the runtime's stop signal.
    func compileTry(_ call: OperatorCall, labels: Set<String?> = OperatorCall.unlabelled, output: (CompiledClosure) -> SType,
                    _ apply: @escaping (PublisherPlan.Stream, @escaping (Value) throws -> Value, StopSignal) -> Throwing) throws(Diagnostic) -> PublisherPlan {
        let body = try closure(try call.closureArgument(labels: labels), inputs: [call.upstream.type], owner: call.name)
        let runtime = self.runtime
        return call.plan(output(body), failure: .error) { stream, frame in
            Compiler.settle(apply(stream, Compiler.throwing(body, frame, runtime), runtime.stop))
        }
    }

    /// A two-value `try…` operator (`tryRemoveDuplicates(by:)`, `tryMin(by:)`).
    func compileTryPair(_ call: OperatorCall, labels: Set<String?>,
                        _ apply: @escaping (PublisherPlan.Stream, @escaping (Value, Value) throws -> Bool, StopSignal) -> Throwing) throws(Diagnostic) -> PublisherPlan {
        let type = call.upstream.type
        let body = try predicate(try call.closureArgument(labels: labels), inputs: [type, type], for: call)
        let (runtime, range) = (self.runtime, call.range)
        return call.plan(type, failure: .error) { stream, frame in
            let bound = body.bind(to: frame)
            return Compiler.settle(apply(stream, { first, second in
                try ValueArithmetic.truth(try runtime.deliverThrowing { try bound.call(first, second) }, range: range)
            }, runtime.stop))
        }
    }

    /// The closure as a core `try…` operator calls it.
    static func throwing(_ closure: CompiledClosure, _ frame: Frame, _ runtime: Runtime) -> (Value) throws -> Value {
        let bound = closure.bind(to: frame)
        return { value in try runtime.deliverThrowing { try bound.call(value) } }
    }

    /// A stream whose failure is any error, back to the language's failure.
    static func settle(_ stream: Throwing) -> PublisherPlan.Stream {
        stream.mapError { ScriptFailure(thrown: $0) }.eraseToAnyPublisher()
    }

    /// A predicate for the core from a closure that may throw.
    static func truth(_ function: @escaping (Value) throws -> Value, range: SourceRange) -> (Value) throws -> Bool {
        { value in try ValueArithmetic.truth(try function(value), range: range) }
    }

    func compileTryMap(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        try compileTry(call, output: \.resultType) { stream, body, stop in stream.tryMap(body).stopping(on: stop).eraseToAnyPublisher() }
    }

    func compileTryCompactMap(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        try compileTry(call, output: \.resultType) { stream, body, stop in
            stream.tryCompactMap { value in
                let result = try body(value)
                return result == .nil ? nil : result
            }.stopping(on: stop).eraseToAnyPublisher()
        }
    }

    func compileTryFilter(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        let (type, range) = (call.upstream.type, call.range)
        return try compileTry(call, output: { _ in type }) { stream, body, stop in
            stream.tryFilter(Compiler.truth(body, range: range)).stopping(on: stop).eraseToAnyPublisher()
        }
    }

    func compileTryFirst(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        let (type, range) = (call.upstream.type, call.range)
        return try compileTry(call, labels: [nil, "where"], output: { _ in type }) { stream, body, stop in
            stream.tryFirst(where: Compiler.truth(body, range: range)).stopping(on: stop).eraseToAnyPublisher()
        }
    }

    func compileTryLast(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        let (type, range) = (call.upstream.type, call.range)
        return try compileTry(call, labels: [nil, "where"], output: { _ in type }) { stream, body, stop in
            stream.tryLast(where: Compiler.truth(body, range: range)).stopping(on: stop).eraseToAnyPublisher()
        }
    }

    func compileTryContains(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        let range = call.range
        return try compileTry(call, labels: [nil, "where"], output: { _ in .bool }) { stream, body, stop in
            stream.tryContains(where: Compiler.truth(body, range: range)).stopping(on: stop).map(Value.bool).eraseToAnyPublisher()
        }
    }

    func compileTryAllSatisfy(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        let range = call.range
        return try compileTry(call, output: { _ in .bool }) { stream, body, stop in
            stream.tryAllSatisfy(Compiler.truth(body, range: range)).stopping(on: stop).map(Value.bool).eraseToAnyPublisher()
        }
    }

    func compileTryDrop(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        let (type, range) = (call.upstream.type, call.range)
        return try compileTry(call, labels: [nil, "while"], output: { _ in type }) { stream, body, stop in
            stream.tryDrop(while: Compiler.truth(body, range: range)).stopping(on: stop).eraseToAnyPublisher()
        }
    }

    func compileTryPrefix(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        let (type, range) = (call.upstream.type, call.range)
        return try compileTry(call, labels: [nil, "while"], output: { _ in type }) { stream, body, stop in
            stream.tryPrefix(while: Compiler.truth(body, range: range)).stopping(on: stop).eraseToAnyPublisher()
        }
    }

    func compileTryRemoveDuplicates(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        try compileTryPair(call, labels: [nil, "by"]) { stream, same, stop in stream.tryRemoveDuplicates(by: same).stopping(on: stop).eraseToAnyPublisher() }
    }

    func compileTryComparison(_ call: OperatorCall, keepsLargest: Bool) throws(Diagnostic) -> PublisherPlan {
        try compileTryPair(call, labels: [nil, "by"]) { stream, ordered, stop in
            keepsLargest ? stream.tryMax(by: ordered).stopping(on: stop).eraseToAnyPublisher() : stream.tryMin(by: ordered).stopping(on: stop).eraseToAnyPublisher()
        }
    }
}
