import TaplineReactive

/// `Future { promise in … }`, `Deferred { PUBLISHER }`, `Record(output:completion:)`.
extension Compiler {
    /// `Future { … }`, `Deferred { … }`, `Record(output: …, completion: …)`: the publishers a
    /// program makes by calling their type with a body or a recording.
    func typeCalledPublisher(_ source: PublisherFunction, _ arguments: [Argument], trailing: ClosureExpr?,
                             range: SourceRange) throws(Diagnostic) -> PublisherPlan {
        switch source {
        case .future: return try futurePublisher(arguments, trailing: trailing, range: range)
        case .deferred: return try deferredPublisher(arguments, trailing: trailing, range: range)
        default:
            guard trailing == nil else { throw Diagnostic.error(Messages.operatorArguments(source.rawValue, usage: source.usage), at: range) }
            return try recordPublisher(arguments, range: range)
        }
    }

    /// `Future { promise in … promise(.success(v)) }`: the closure runs once, when the Future
    /// is made; its first answer is kept and given to every subscriber (values need demand).
    /// Written without its generic arguments, its types are not known here: Swift takes them
    /// from where the Future goes (a func's declared result), so nothing is checked.
    func futurePublisher(_ arguments: [Argument], trailing: ClosureExpr?, range: SourceRange) throws(Diagnostic) -> PublisherPlan {
        guard let body = trailing ?? onlyClosure(arguments), arguments.count == (trailing == nil ? 1 : 0) else {
            throw Diagnostic.error(Messages.operatorArguments("Future", usage: "'Future { promise in promise(.success(1)) }'"), at: range)
        }
        let closuresBefore = closuresCompiled
        let attempt = ClosureCaller(try closure(body, inputs: [.promise], owner: "Future"))
        // A body that makes no closure runs here and now and keeps nothing of the frames around
        // it (`ClosureCaller` empties its own): it is not a closure that could keep the frame
        // it is made in, and a closure that makes such a Future can keep reusing its own.
        if attempt.closure.reusesFrame { closuresCompiled = closuresBefore }
        let runtime = self.runtime
        // The body runs once, as the Future is made, with no `BoundClosure` kept for calls that
        // never come.
        let future = { (frame: Frame) in
            Future<Value, ScriptFailure>(fulfilledBy: { future in
                runtime.deliver { _ = try attempt.call(in: attempt.closure.boundParent(frame), with: .promise(PromiseValue(future))) }
            })
        }
        let description = "Future<Any, Error>"
        var plan = PublisherPlan(make: { frame in future(frame).eraseToAnyPublisher() }, type: .unknown, failure: .unknown,
                                 text: text(of: range), valueDescription: { _ in description })
        plan.held = .future(future, description: description)
        return plan
    }

    /// `Deferred { PUBLISHER }`: the closure makes a new publisher for each subscriber.
    func deferredPublisher(_ arguments: [Argument], trailing: ClosureExpr?, range: SourceRange) throws(Diagnostic) -> PublisherPlan {
        guard let body = trailing ?? onlyClosure(arguments), arguments.count == (trailing == nil ? 1 : 0) else {
            throw Diagnostic.error(Messages.operatorArguments("Deferred", usage: "'Deferred { Just(1) }'"), at: range)
        }
        let make = try closure(body, inputs: [], owner: "Deferred")
        let output: SType, failure: SType
        switch make.resultType {
        case .publisher(let resultOutput, let resultFailure): (output, failure) = (resultOutput, resultFailure)
        case .unknown: (output, failure) = (.unknown, .unknown)
        default: throw Diagnostic.error(Messages.closureMustReturnPublisher("Deferred", got: make.resultType.name), at: range)
        }
        let deferred = DeferredBody(make, range: range, runtime: runtime)
        var plan = PublisherPlan(make: { frame in deferred.stream(in: deferred.parent(of: frame)) }, type: output, failure: failure,
                                 text: text(of: range))
        plan.held = .deferred(deferred)
        return plan
    }

    /// `Record(output: [1, 2], completion: .finished)` (or `.failure("message")`): replays the
    /// values as demand allows, then the completion.
    func recordPublisher(_ arguments: [Argument], range: SourceRange) throws(Diagnostic) -> PublisherPlan {
        guard arguments.map(\.label) == ["output", "completion"] else {
            throw Diagnostic.error(Messages.operatorArguments("Record", usage: "'Record(output: [1, 2], completion: .finished)'"), at: range)
        }
        let (values, type) = try expression(arguments[0].value)
        let (completion, failure) = try completionCode(arguments[1].value)
        var element = SType.unknown
        if case .array(let elementType) = type { element = elementType }
        let outputRange = arguments[0].value.range
        return PublisherPlan(make: { frame in
            guard case .array(let outputs) = try values(frame) else {
                throw RuntimeError(Messages.publisherOfNonArray("Record's output"), at: outputRange)
            }
            return Record(output: outputs, completion: try completion(frame)).eraseToAnyPublisher()
        }, type: element, failure: failure, text: text(of: range))
    }

    /// `.finished` or `.failure("message")`, and the Failure it implies.
    private func completionCode(_ expr: Expr) throws(Diagnostic) -> ((Frame) throws -> Subscribers.Completion<ScriptFailure>, SType) {
        switch expr.kind {
        case .implicitMember("finished"):
            return ({ _ in .finished }, .never)
        case .call(let callee, let arguments, nil):
            guard case .implicitMember("failure") = callee.kind, arguments.count == 1, arguments[0].label == nil else { break }
            let (message, _) = try expression(arguments[0].value)
            return ({ frame in .failure(ScriptFailure(error: try message(frame))) }, .error)
        default:
            break
        }
        throw Diagnostic.error(Messages.expectedCompletion, at: expr.range)
    }

    private func onlyClosure(_ arguments: [Argument]) -> ClosureExpr? {
        guard arguments.count == 1, arguments[0].label == nil, case .closure(let body) = arguments[0].value.kind else { return nil }
        return body
    }
}

/// `Deferred { … }`'s body, compiled: what subscribing to it runs, in the frame around it
/// taken where the `Deferred` is made (`parent(of:)`). As a value a `Deferred` is held as the
/// two (`PublisherValue`), and `flatMap` and `switchToLatest` run it themselves
/// (`Compiler.innerShortcut`), so a `Deferred { Just(x) }` made for every value makes no
/// publisher until it is subscribed to, and none if it is taken. Made once, where the
/// program is compiled: a `Deferred` made for every value allocates nothing of its own.
final class DeferredBody {
    private let body: ClosureCaller
    private let range: SourceRange
    unowned let runtime: Runtime

    init(_ body: CompiledClosure, range: SourceRange, runtime: Runtime) {
        self.body = ClosureCaller(body)
        self.range = range
        self.runtime = runtime
    }

    /// The frame around the body's, for a `Deferred` made in `frame` (`boundParent`).
    func parent(of frame: Frame) -> Frame? { body.closure.boundParent(frame) }

    /// What the body makes, called inside `parent`: nil (the error raised) when it is not a
    /// publisher, or when the program is stopping. Nothing is bound for later: a `Deferred` is
    /// most often subscribed once.
    func make(in parent: Frame?) -> PublisherValue? {
        let runtime = self.runtime   // once: each read of an unowned reference retains it
        var made = Value.void
        runtime.deliver { made = try body.call(in: parent, with: .void) }
        return try? Compiler.publisher(of: made, at: range, runtime)
    }

    /// The publisher: a `Deferred` that runs the body for each subscriber.
    func stream(in parent: Frame?) -> PublisherPlan.Stream {
        Deferred { [self] in
            make(in: parent).map { Compiler.ClosurePublisher(upstream: $0, runtime: runtime).eraseToAnyPublisher() } ?? Compiler.stopped
        }.eraseToAnyPublisher()
    }
}
