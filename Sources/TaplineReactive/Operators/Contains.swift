extension Publishers {
    /// Emits `true` and finishes (cancelling the upstream) as soon as a value equals
    /// `output`; emits `false` if the upstream finishes first.
    ///
    /// ```swift
    /// [1, 2, 3].publisher.contains(2).sink { print($0) }
    /// // true
    /// ```
    public struct Contains<Upstream: Publisher>: Publisher where Upstream.Output: Equatable {
        public typealias Output = Bool
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let output: Upstream.Output

        public init(upstream: Upstream, output: Upstream.Output) {
            self.upstream = upstream
            self.output = output
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let wanted = output
            upstream.subscribe(ContainsInner(downstream: subscriber, name: "Contains", predicate: { $0 == wanted }, failure: absurd))
        }
    }

    /// Emits `true` and finishes (cancelling the upstream) as soon as a value satisfies the
    /// predicate; emits `false` if the upstream finishes first.
    ///
    /// ```swift
    /// [1, 2, 3].publisher.contains { $0 > 5 }.sink { print($0) }
    /// // false
    /// ```
    public struct ContainsWhere<Upstream: Publisher>: Publisher, Stoppable {
        public typealias Output = Bool
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let predicate: (Upstream.Output) -> Bool
        package var stop: StopSignal?

        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(ContainsInner(downstream: subscriber, name: "ContainsWhere", predicate: predicate, failure: absurd).honouring(stop))
        }
    }

    /// `contains(where:)` with a predicate that may throw; a throw fails the stream with
    /// that error and cancels the upstream.
    ///
    /// ```swift
    /// struct Negative: Error {}
    /// [1, -2, 3].publisher
    ///     .tryContains { value in
    ///         guard value >= 0 else { throw Negative() }
    ///         return value == 3
    ///     }
    ///     .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    /// // failure(Negative())
    /// ```
    public struct TryContainsWhere<Upstream: Publisher>: Publisher, Stoppable {
        public typealias Output = Bool
        public typealias Failure = any Error
        public let upstream: Upstream
        public let predicate: (Upstream.Output) throws -> Bool
        package var stop: StopSignal?

        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let inner = ContainsInner(downstream: subscriber, name: "TryContainsWhere", predicate: predicate, failure: { $0 }).honouring(stop)
            upstream.subscribe(FailureEraser<ContainsInner<Upstream.Output, any Error, S>, Upstream.Failure>(relay: inner))
        }
    }
}

extension Publisher where Output: Equatable {
    /// Whether some value equals `output`: `true` as soon as one does, `false` on finish.
    public func contains(_ output: Output) -> Publishers.Contains<Self> {
        Publishers.Contains(upstream: self, output: output)
    }
}

extension Publisher {
    /// Whether some value satisfies `predicate`: `true` as soon as one does, `false` on finish.
    public func contains(where predicate: @escaping (Output) -> Bool) -> Publishers.ContainsWhere<Self> {
        Publishers.ContainsWhere(upstream: self, predicate: predicate)
    }

    /// Whether some value satisfies `predicate`; a throw fails the stream.
    public func tryContains(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryContainsWhere<Self> {
        Publishers.TryContainsWhere(upstream: self, predicate: predicate)
    }
}

/// `contains`, `contains(where:)` and `tryContains(where:)`: one relay, whose predicate
/// throws `Never` for the plain operators.
final class ContainsInner<Input, PredicateFailure: Error, Downstream: Subscriber>:
    ReducingRelay<Input, PredicateFailure, Downstream> where Downstream.Input == Bool {
    let predicate: (Input) throws(PredicateFailure) -> Bool
    var found = false

    init(downstream: Downstream, name: String, predicate: @escaping (Input) throws(PredicateFailure) -> Bool,
         failure: @escaping (PredicateFailure) -> Downstream.Failure) {
        self.predicate = predicate
        super.init(downstream: downstream, name: name, failure: failure)
    }

    override func fold(_ input: Input) throws(PredicateFailure) -> Bool {
        let matches = try predicate(input)
        if isStopped { return false }
        found = matches
        return found
    }

    override var result: Bool? { found }
}
