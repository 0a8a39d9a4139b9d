import TaplineReactive

/// What to do when a stream fails: `catch`, `tryCatch`, `retry`, `replaceError(with:)`,
/// `mapError`, `assertNoFailure`. In the closures the error is an `Error` value that prints
/// as its message.
extension ChainOperator {
    static let errorHandling: [ChainOperator] = [`catch`, tryCatch, retry, replaceError, mapError, assertNoFailure]
}

extension ChainOperator {
    static let `catch` = ChainOperator(
        name: "catch", forms: ["catch { error in PUBLISHER }"],
        signature: "func `catch`<P>(_ handler: @escaping (Failure) -> P) -> Publishers.Catch<Self, P> where P: Publisher, Self.Output == P.Output",
        summary: "on a failure, goes on with the publisher the closure returns",
        usage: "'.catch { _ in Just(0) }'", completion: "catch",
        example: "Fail(error: \"offline\").catch { error in Just(\"cached, because \\(error)\") }.sink { print($0) }",
        output: "cached, because offline\n",
        timeline: OperatorTimeline(
            about: "When the upstream fails, goes on with the publisher the closure returns for that error, so the subscriber never sees the failure. The upstream is over by then: catch replaces it and does not resubscribe to it.",
            korean: KoreanWords(summary: "실패하면 클로저가 반환한 퍼블리셔로 이어 가요",
                                 about: "업스트림이 실패하면 그 에러를 받은 클로저가 반환한 퍼블리셔로 이어 가므로, 구독자는 실패를 보지 않아요. 그때 업스트림은 이미 끝난 상태라서, catch는 업스트림을 대체할 뿐 다시 구독하지 않아요."),
            rxJS: "catchError",
            program: #"""
            subject n: Int, Error
            subject backup: Int
            play n "-1-2-#"
            play backup "-------7-8-|"
            n.catch { _ in backup }.sink { _ in }
            wait 1.2s
            """#),
        traits: OperatorTraits(generated: ["catch { _ in Just(0) }"]),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileCatch(call) })
}

extension Compiler {
    /// `catch { error in PUBLISHER }`: on a failure, the stream goes on with the publisher the
    /// closure returns (which must have the same Output); it fails as that publisher does.
    ///
    ///     Fail(error: "boom").catch { _ in Just(0) }.sink { print($0) }   // 0
    func compileCatch(_ call: OperatorCall, throwing: Bool = false) throws(Diagnostic) -> PublisherPlan {
        // The handler is given the upstream's error, typed as its Failure (an enum of the
        // program's can be switched over).
        let handler = try closure(try call.closureArgument(), inputs: [call.upstreamErrorType], owner: call.name)
        let (output, newFailure) = try publisherResult(of: handler, call)
        if output.isKnown, call.upstream.type.isKnown, !output.admits(call.upstream.type) {
            throw Diagnostic.error(Messages.outputMismatch(call.swiftMethodName, call.upstream.type.name, output.name), at: call.nameRange)
                .noting(Messages.outputMismatchHint)
        }
        let (runtime, range) = (self.runtime, call.range)
        let type = call.upstream.type.isKnown ? call.upstream.type : output
        if throwing {
            return call.plan(type, failure: .error) { stream, frame in
                let body = Compiler.throwing(handler, frame, runtime)
                return Compiler.settle(stream.tryCatch { failure in
                    try Compiler.stream(of: try body(failure.error), at: range, runtime)
                }.eraseToAnyPublisher())
            }
        }
        return call.plan(type, failure: newFailure) { stream, frame in
            let body = Compiler.transform(handler, frame, runtime)
            return stream.catch { failure in
                (try? Compiler.stream(of: body(failure.error), at: range, runtime)) ?? Compiler.stopped
            }.eraseToAnyPublisher()
        }
    }
}

extension ChainOperator {
    static let tryCatch = ChainOperator(
        name: "tryCatch", forms: ["tryCatch { error in PUBLISHER or throw }"],
        signature: "func tryCatch<P>(_ handler: @escaping (Failure) throws -> P) -> Publishers.TryCatch<Self, P> where P: Publisher, Self.Output == P.Output",
        summary: "like catch; a throw in the closure fails the stream",
        usage: "'.tryCatch { _ in Just(0) }'", completion: "tryCatch",
        example: "Fail(error: \"offline\").tryCatch { error in throw \"still \\(error)\" }.sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })",
        output: "failure(still offline)\n",
        timeline: OperatorTimeline(
            about: "Like catch, goes on with the publisher the closure returns when the upstream fails, but the closure may throw instead. A throw fails the stream with the new error.",
            korean: KoreanWords(summary: "catch와 같지만, 클로저가 에러를 던지면 스트림이 실패해요",
                                 about: "catch처럼 업스트림이 실패하면 클로저가 반환한 퍼블리셔로 이어 가지만, 클로저가 대신 에러를 던질 수도 있어요. 에러를 던지면 스트림이 그 새 에러로 실패해요."),
            rxSwift: "catch(_:) (its closure can throw)", rxJS: "catchError (its selector can throw)",
            program: #"""
            subject n: Int, Error
            subject backup: Int
            play n "-1-2-#"
            play backup "-------7-8-|"
            n.tryCatch { _ in backup }.sink(receiveCompletion: { _ in }, receiveValue: { _ in })
            wait 1.2s
            """#),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileCatch(call, throwing: true) })
}

extension ChainOperator {
    static let retry = ChainOperator(
        name: "retry", forms: ["retry(n)"],
        signature: "func retry(_ retries: Int) -> Publishers.Retry<Self>",
        summary: "on a failure, subscribes to the upstream again, up to n times",
        usage: "'.retry(2)'", completion: "retry(",
        example: "current attempts = 0\nfunc fetch() -> AnyPublisher<Int, Error> {\n  set attempts = attempts + 1\n  if attempts < 3 { return Fail(error: \"busy\").eraseToAnyPublisher() }\n  return Just(attempts).setFailureType(to: Error.self).eraseToAnyPublisher()\n}\nDeferred { fetch() }.retry(5).sink(receiveCompletion: { print($0) }, receiveValue: { print(\"attempt\", $0) })",
        output: "attempt 3\nfinished\n",
        timeline: OperatorTimeline(
            about: "When the upstream fails, subscribes to it again, up to n times, and passes a failure on only when the retries are used up. Each retry starts the chain above it afresh, which suits a request that may fail for a moment, but a subject that has itself failed only fails again.",
            korean: KoreanWords(summary: "실패하면 업스트림을 최대 n번 다시 구독해요",
                                 about: "업스트림이 실패하면 최대 n번까지 다시 구독하고, 재시도를 다 쓴 뒤에야 실패를 전달해요. 재시도할 때마다 위쪽 체인이 처음부터 새로 시작되므로 잠깐 실패할 수 있는 요청에 잘 맞지만, 이미 실패한 subject는 다시 구독해도 또 실패할 뿐이에요."),
            rxSwift: "retry(n + 1): RxSwift counts the first attempt",
            program: #"""
            func check(_ x: Int) -> Int {
              if x == 0 { throw "zero" }
              return x
            }
            subject n: Int, Error
            play n "-1-0-2-0-3-|"
            n.tryMap { try check($0) }.retry(1).sink(receiveCompletion: { _ in }, receiveValue: { _ in })
            wait 1.2s
            """#),
        traits: OperatorTraits(generated: ["retry(INT)"]),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileRetry(call) })
}

extension Compiler {
    /// `retry(n)`: on a failure, subscribes to the upstream again, up to n times.
    ///
    ///     Fail(error: "x").retry(2).sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })   // failure(x)
    ///
    /// Each attempt first looks for a Ctrl-C: a publisher that always fails at once is retried
    /// in a loop, and a large count must not make the session unstoppable. A negative count
    /// retries for ever, as Combine's does (it counts down to zero).
    func compileRetry(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        let count = try countArgument(call, default: nil, negativeAllowed: true)
        let (runtime, range) = (self.runtime, call.range)
        return call.plan(call.upstream.type) { stream, frame in
            Deferred { () -> PublisherPlan.Stream in
                guard runtime.isInterrupted() else { return stream }
                runtime.raise(RuntimeError(Messages.interrupted, at: runtime.statementRange ?? range))
                return Compiler.stopped
            }.retry(try count(frame)).eraseToAnyPublisher()
        }
    }
}

extension ChainOperator {
    static let replaceError = ChainOperator(
        name: "replaceError", forms: ["replaceError(with: value)"],
        signature: "func replaceError(with output: Output) -> Publishers.ReplaceError<Self>",
        summary: "on a failure, that value, then finished: the stream never fails",
        usage: "'.replaceError(with: 0)'", completion: "replaceError(with:",
        example: "Fail(error: \"x\").replaceError(with: 0).sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })",
        output: "0\nfinished\n",
        timeline: OperatorTimeline(
            about: "When the upstream fails, emits the given value instead and finishes, so the subscriber never sees the failure. Values before the failure pass through unchanged.",
            korean: KoreanWords(summary: "실패하면 그 값을 내고 완료돼요: 스트림이 실패하지 않아요",
                                 about: "업스트림이 실패하면 대신 주어진 값을 내보내고 완료되므로, 구독자는 실패를 보지 않아요. 실패 전에 나온 값은 그대로 지나가요."),
            rxSwift: "catchAndReturn(_:)", rxJS: "catchError(() => of(value))",
            program: #"""
            subject n: Int, Error
            play n "-1-2-#"
            n.replaceError(with: 0).sink { _ in }
            wait 800ms
            """#),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileReplaceError(call) })
}

extension Compiler {
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
}

extension ChainOperator {
    static let mapError = ChainOperator(
        name: "mapError", forms: ["mapError { error in … }"],
        signature: "func mapError<E>(_ transform: @escaping (Failure) -> E) -> Publishers.MapError<Self, E> where E: Error",
        summary: "turns a failure into another error",
        usage: "'.mapError { \"wrapped \\($0)\" }'", completion: "mapError",
        example: "Fail(error: \"timeout\").mapError { \"network: \\($0)\" }.sink(receiveCompletion: { print($0) }, receiveValue: { _ in })",
        output: "failure(network: timeout)\n",
        timeline: OperatorTimeline(
            about: "Turns the upstream's failure into another error with the closure, leaving values untouched. An app uses it to wrap a low-level error in its own error type.",
            korean: KoreanWords(summary: "실패를 다른 에러로 바꿔요",
                                 about: "업스트림의 실패를 클로저로 다른 에러로 바꾸고, 값은 건드리지 않아요. 앱에서는 저수준 에러를 앱 고유의 에러 타입으로 감쌀 때 써요."),
            rxJS: "catchError(e => throwError(() => f(e)))",
            program: #"""
            subject n: Int, Error
            play n "-1-2-#"
            n.mapError { "network: \($0)" }.sink(receiveCompletion: { _ in }, receiveValue: { _ in })
            wait 800ms
            """#),
        traits: OperatorTraits(export: ExportTraits(needsAppError: true, write: { exporter, call throws(Diagnostic) in try exporter.exportMapError(call) })),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileMapError(call) })
}

extension Compiler {
    /// `mapError { error in … }`: a failure becomes the error the closure makes (from a message
    /// or another error).
    ///
    ///     Fail(error: "x").mapError { "wrapped \($0)" }.sink(receiveCompletion: { print($0) }, receiveValue: { _ in })   // failure(wrapped x)
    func compileMapError(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        let transform = try closure(try call.closureArgument(), inputs: [call.upstreamErrorType], owner: call.name)
        // The new Failure is the type the closure returns: an error type of the program's, or
        // `Error` for a message made into one.
        let failure: SType
        switch transform.resultType {
        case .user where isOwnErrorType(transform.resultType), .unknown: failure = transform.resultType
        default: failure = .error
        }
        let runtime = self.runtime
        return call.plan(call.upstream.type, failure: failure) { stream, frame in
            let body = Compiler.transform(transform, frame, runtime)
            return stream.mapError { ScriptFailure(error: body($0.error)) }.stopping(on: runtime.stop).eraseToAnyPublisher()
        }
    }
}

extension ChainOperator {
    static let assertNoFailure = ChainOperator(
        name: "assertNoFailure", forms: ["assertNoFailure()", "assertNoFailure(\"prefix\")"],
        signature: "func assertNoFailure(_ prefix: String = \"\", file: StaticString = #file, line: UInt = #line) -> Publishers.AssertNoFailure<Self>",
        summary: "a failure stops the program with an error that names it; the stream never fails",
        usage: "'.assertNoFailure()'", completion: "assertNoFailure()",
        example: "Just(1).assertNoFailure().sink { print($0) }",
        output: "1\n",
        timeline: OperatorTimeline(
            about: "Passes everything through and turns a failure into a fatal error that stops the program, naming the failure. It declares that a stream cannot fail, and is for programmer errors only, not for errors an app should handle.",
            korean: KoreanWords(summary: "실패하면 그 에러를 밝히며 프로그램을 멈춰요: 스트림은 실패하지 않아요",
                                 about: "모든 이벤트를 그대로 넘기다가, 실패가 오면 그 실패를 밝히는 치명적 에러로 바꿔 프로그램을 멈춰요. 스트림이 실패할 수 없다고 선언하는 것이니, 앱이 처리해야 할 에러가 아니라 프로그래머의 실수에만 써야 해요."),
            program: #"""
            subject n: Int, Error
            play n "-1-2-3-|"
            n.assertNoFailure().sink { _ in }
            wait 800ms
            """#),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileAssertNoFailure(call) })
}

extension Compiler {
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
}

extension SwiftExporter {
    /// `mapError { "message" }`: the closure's message becomes an `AppError`.
    func exportMapError(_ call: ExportedCall) throws(Diagnostic) -> String? {
        guard let trailing = call.trailing else { return nil }
        return call.head + " " + (try closure(trailing, call.context, wrappingResult: true))
    }
}
