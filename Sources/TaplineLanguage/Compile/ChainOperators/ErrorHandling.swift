import TaplineReactive

/// What to do when a stream fails: `catch`, `tryCatch`, `retry`, `replaceError(with:)`,
/// `mapError`, `assertNoFailure`. In the closures the error is an `Error` value that prints
/// as its message.
extension Compiler {
    /// `catch { error in PUBLISHER }`: on a failure, the stream goes on with the publisher the
    /// closure returns (which must have the same Output); it fails as that publisher does.
    ///
    ///     Fail(error: "boom").catch { _ in Just(0) }.sink { print($0) }   // 0
    func compileCatch(_ call: OperatorCall, throwing: Bool = false) throws(Diagnostic) -> PublisherPlan {
        let handler = try closure(try call.closureArgument(), inputs: [.error], owner: call.name)
        let (output, failure) = try publisherResult(of: handler, call)
        if output.isKnown, call.upstream.type.isKnown, !output.admits(call.upstream.type) {
            throw Diagnostic.error(Messages.outputMismatch(call.name, call.upstream.type.name, output.name), at: call.range)
        }
        let (runtime, range) = (self.runtime, call.range)
        let type = call.upstream.type.isKnown ? call.upstream.type : output
        if throwing {
            return call.plan(type, failure: .error) { stream, frame in
                let body = Compiler.throwing(handler, frame, runtime)
                return Compiler.settle(stream.tryCatch { failure in
                    try Compiler.stream(of: try body(.error(failure.message)), at: range, runtime)
                }.eraseToAnyPublisher())
            }
        }
        return call.plan(type, failure: failure) { stream, frame in
            let body = Compiler.transform(handler, frame, runtime)
            return stream.catch { failure in
                (try? Compiler.stream(of: body(.error(failure.message)), at: range, runtime)) ?? Compiler.stopped
            }.eraseToAnyPublisher()
        }
    }

    /// `retry(n)`: on a failure, subscribes to the upstream again, up to n times.
    ///
    ///     Fail(error: "x").retry(2).sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })   // failure(x)
    ///
    /// Each attempt first looks for a Ctrl-C: a publisher that always fails at once is retried
    /// in a loop, and a large count must not make the session unstoppable.
    func compileRetry(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        let count = try countArgument(call, default: nil)
        let (runtime, range) = (self.runtime, call.range)
        return call.plan(call.upstream.type) { stream, frame in
            Deferred { () -> PublisherPlan.Stream in
                guard runtime.isInterrupted() else { return stream }
                runtime.raise(RuntimeError(Messages.interrupted, at: runtime.statementRange ?? range))
                return Compiler.stopped
            }.retry(try count(frame)).eraseToAnyPublisher()
        }
    }

    /// `replaceError(with: value)`: on a failure, that value, then finished; it never fails.
    ///
    ///     Fail(error: "x").replaceError(with: 0).sink { print($0) }   // 0
    func compileReplaceError(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        guard call.trailing == nil, call.arguments.count == 1, call.arguments[0].label == "with" else { throw call.misuse }
        let (code, type) = try expression(call.arguments[0].value)
        if call.upstream.type.isKnown, type.isKnown, !call.upstream.type.admits(type) {
            throw Diagnostic.error(Messages.replacementType(call.name, call.upstream.type.name, type.name), at: call.arguments[0].value.range)
        }
        return call.plan(call.upstream.type.isKnown ? call.upstream.type : type, failure: .never) { stream, frame in
            stream.replaceError(with: try code(frame)).setFailureType(to: ScriptFailure.self).eraseToAnyPublisher()
        }
    }

    /// `mapError { error in … }`: a failure becomes the error the closure makes (from a message
    /// or another error).
    ///
    ///     Fail(error: "x").mapError { "wrapped \($0)" }.sink(receiveCompletion: { print($0) }, receiveValue: { _ in })   // failure(wrapped x)
    func compileMapError(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        let transform = try closure(try call.closureArgument(), inputs: [.error], owner: call.name)
        let runtime = self.runtime
        return call.plan(call.upstream.type, failure: .error) { stream, frame in
            let body = Compiler.transform(transform, frame, runtime)
            return stream.mapError { ScriptFailure(message: body(.error($0.message)).description) }.stopping(on: runtime.stop).eraseToAnyPublisher()
        }
    }

    /// `assertNoFailure()`: a failure stops the program with an error that names it (Combine
    /// traps); it never fails downstream.
    ///
    ///     Just(1).assertNoFailure().sink { print($0) }   // 1
    func compileAssertNoFailure(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        guard call.trailing == nil, call.arguments.count <= 1, call.arguments.first?.label == nil else { throw call.misuse }
        let prefix = try call.arguments.first.map { (argument) throws(Diagnostic) in try expression(argument.value).code }
        let (runtime, range) = (self.runtime, call.range)
        return call.plan(call.upstream.type, failure: .never) { stream, frame in
            let tag = try prefix?(frame).description ?? ""
            return stream.catch { failure -> Empty<Value, ScriptFailure> in
                runtime.raise(RuntimeError(Messages.assertedNoFailure(tag, failure.message), at: range))
                return Empty()
            }.eraseToAnyPublisher()
        }
    }

    /// The Output and Failure of the publisher a closure returns, as far as it is known.
    func publisherResult(of closure: CompiledClosure, _ call: OperatorCall) throws(Diagnostic) -> (SType, SType) {
        switch closure.resultType {
        case .publisher(let output, let failure): return (output, failure)
        case .unknown: return (.unknown, .unknown)
        default: throw Diagnostic.error(Messages.closureMustReturnPublisher(call.name, got: closure.resultType.name), at: call.range)
        }
    }

    /// The stream a closure's result holds; a value that is not a publisher stops the program.
    static func stream(of value: Value, at range: SourceRange, _ runtime: Runtime) throws -> PublisherPlan.Stream {
        guard case .publisher(let publisher) = value else {
            let error = RuntimeError(Messages.notAPublisher("a value of type '\(value.typeName)'"), at: range)
            runtime.raise(error)
            throw error
        }
        return publisher.stream
    }

    /// What a closure that stopped the program yields in place of its publisher: one that
    /// never calls its subscriber. An `Empty` there would send a subscription and a completion
    /// down every stage nested above it; a publisher that re-subscribes itself
    /// (`Deferred { f() }`) nests a stage per level until the stack runs low, and that walk
    /// back overflowed what was left (the fuzzer found it). Delivery has stopped anyway.
    static var stopped: PublisherPlan.Stream { Stopped().eraseToAnyPublisher() }

    private struct Stopped: Publisher {
        typealias Output = Value
        typealias Failure = ScriptFailure
        func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == ScriptFailure {}
    }
}
