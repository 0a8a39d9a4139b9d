extension Publishers {
    /// The last value for which a predicate is true, emitted when the upstream finishes.
    ///
    /// ```swift
    /// [1, 4, 2, 5, 3].publisher.last { $0 > 3 }.sink { print($0) }
    /// // 5
    /// ```
    public struct LastWhere<Upstream: Publisher>: Publisher, Stoppable {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let predicate: (Upstream.Output) -> Bool
        package var stop: StopSignal?

        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(LastWhereInner(downstream: subscriber, name: "LastWhere", predicate: predicate, failure: absurd).honouring(stop))
        }
    }

    /// `last(where:)` with a predicate that may throw; a throw fails the stream with that
    /// error and cancels the upstream.
    ///
    /// ```swift
    /// struct Negative: Error {}
    /// [1, 4, -2].publisher
    ///     .tryLast { value in
    ///         guard value >= 0 else { throw Negative() }
    ///         return value > 3
    ///     }
    ///     .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    /// // failure(Negative())
    /// ```
    public struct TryLastWhere<Upstream: Publisher>: Publisher, Stoppable {
        public typealias Output = Upstream.Output
        public typealias Failure = any Error
        public let upstream: Upstream
        public let predicate: (Upstream.Output) throws -> Bool
        package var stop: StopSignal?

        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let inner = LastWhereInner(downstream: subscriber, name: "TryLastWhere", predicate: predicate, failure: { $0 }).honouring(stop)
            upstream.subscribe(FailureEraser<LastWhereInner<any Error, S>, Upstream.Failure>(relay: inner))
        }
    }
}

extension Publisher {
    /// The last value for which `predicate` is true, on finish; no value if there was none.
    public func last(where predicate: @escaping (Output) -> Bool) -> Publishers.LastWhere<Self> {
        Publishers.LastWhere(upstream: self, predicate: predicate)
    }

    /// The last value for which `predicate` is true, on finish; a throw fails the stream.
    public func tryLast(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryLastWhere<Self> {
        Publishers.TryLastWhere(upstream: self, predicate: predicate)
    }
}

/// `last(where:)` and `tryLast(where:)`: one relay, whose predicate throws `Never` for the
/// plain operator.
final class LastWhereInner<PredicateFailure: Error, Downstream: Subscriber>:
    ReducingRelay<Downstream.Input, PredicateFailure, Downstream> {
    let predicate: (Downstream.Input) throws(PredicateFailure) -> Bool
    var latest: Downstream.Input?

    init(downstream: Downstream, name: String, predicate: @escaping (Downstream.Input) throws(PredicateFailure) -> Bool,
         failure: @escaping (PredicateFailure) -> Downstream.Failure) {
        self.predicate = predicate
        super.init(downstream: downstream, name: name, failure: failure)
    }

    override func fold(_ input: Downstream.Input) throws(PredicateFailure) -> Bool {
        let accepted = try predicate(input)
        if accepted, !isStopped { latest = input }
        return false
    }

    override var result: Downstream.Input? { latest }
}
