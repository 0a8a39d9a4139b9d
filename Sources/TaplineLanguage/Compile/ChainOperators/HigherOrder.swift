import TaplineReactive

/// Publishers of publishers: `flatMap` subscribes to each one a closure returns and merges
/// their values; `switchToLatest` keeps only the newest, cancelling the one before.
extension Compiler {
    /// `flatMap { value in PUBLISHER }` and `flatMap(maxPublishers: .max(n)) { … }`.
    ///
    ///     [1, 2].publisher.flatMap { Just($0 * 10) }.sink { print($0) }   // 10, 20
    func compileFlatMap(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        var limit: Code?
        var closureExpr = call.trailing
        for argument in call.arguments {
            switch (argument.label, argument.value.kind) {
            case ("maxPublishers", _): limit = try expression(argument.value).code
            case (nil, .closure(let body)) where closureExpr == nil: closureExpr = body
            default: throw call.misuse
            }
        }
        guard let closureExpr else { throw call.misuse }
        let transform = try closure(closureExpr, inputs: [call.upstream.type], owner: call.name)
        let (output, failure) = try publisherResult(of: transform, call)
        let joined = try joinedFailure(call, inner: failure)
        let (runtime, range) = (self.runtime, call.range)
        return call.plan(output, failure: joined) { stream, frame in
            let demand = try limit.map { code in try Value.demand(from: try code(frame), range: range, allowZero: false) } ?? .unlimited
            let body = Compiler.transform(transform, frame, runtime)
            return stream.flatMap(maxPublishers: demand) { value in
                (try? Compiler.stream(of: body(value), at: range, runtime)) ?? Compiler.stopped
            }.eraseToAnyPublisher()
        }
    }

    /// `switchToLatest()`: the values of the newest publisher the upstream sent; a new one
    /// cancels the one before (the search box that drops a stale request).
    ///
    ///     [1, 2].publisher.map { Just($0) }.switchToLatest().sink { print($0) }   // 1, 2
    func compileSwitchToLatest(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        guard call.takesNothing else { throw call.misuse }
        var output = SType.unknown, inner = SType.unknown
        switch call.upstream.type {
        case .publisher(let innerOutput, let innerFailure): (output, inner) = (innerOutput, innerFailure)
        case .unknown: break
        default: throw Diagnostic.error(Messages.switchToLatestNeedsPublishers(call.upstream.type.name), at: call.nameRange)
        }
        let joined = try joinedFailure(call, inner: inner)
        let (runtime, range) = (self.runtime, call.range)
        return call.plan(output, failure: joined) { stream, _ in
            stream.map { value in
                (try? Compiler.stream(of: value, at: range, runtime)) ?? Compiler.stopped
            }.switchToLatest().eraseToAnyPublisher()
        }
    }

    /// How the flattened stream fails: as Swift types it, a `Never` side takes the other's
    /// Failure (Combine has those overloads since iOS 14); otherwise both must be the same.
    private func joinedFailure(_ call: OperatorCall, inner: SType) throws(Diagnostic) -> SType {
        let outer = call.upstream.failure
        if outer == .never || !outer.isKnown { return outer == .never ? inner : .unknown }
        if inner == .never || !inner.isKnown || inner == outer { return outer }
        throw Diagnostic.error(Messages.failureMismatch(call.name, outer.name, inner.name), at: call.range)
    }
}
