extension Publishers {
    /// Passes on values while a predicate holds; at the first value that fails it, finishes
    /// and cancels the upstream (that value is not passed on).
    ///
    /// ```swift
    /// [1, 2, 5, 1].publisher.prefix { $0 < 3 }
    ///     .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    /// // 1
    /// // 2
    /// // finished
    /// ```
    public struct PrefixWhile<Upstream: Publisher>: Publisher, Stoppable {
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
            upstream.subscribe(PrefixWhileInner(downstream: subscriber, name: "PrefixWhile", predicate: predicate, failure: absurd).honouring(stop))
        }
    }

    /// `prefix(while:)` with a predicate that may throw; a throw fails the stream with that
    /// error and cancels the upstream.
    ///
    /// ```swift
    /// struct Odd: Error {}
    /// [2, 4, 5].publisher
    ///     .tryPrefix { value in
    ///         guard value % 2 == 0 else { throw Odd() }
    ///         return value < 10
    ///     }
    ///     .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    /// // 2
    /// // 4
    /// // failure(Odd())
    /// ```
    public struct TryPrefixWhile<Upstream: Publisher>: Publisher, Stoppable {
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
            let inner = PrefixWhileInner(downstream: subscriber, name: "TryPrefixWhile", predicate: predicate, failure: { $0 }).honouring(stop)
            upstream.subscribe(FailureEraser<PrefixWhileInner<any Error, S>, Upstream.Failure>(relay: inner))
        }
    }
}

extension Publisher {
    /// Passes on values until `predicate` is false for one, then finishes.
    public func prefix(while predicate: @escaping (Output) -> Bool) -> Publishers.PrefixWhile<Self> {
        Publishers.PrefixWhile(upstream: self, predicate: predicate)
    }

    /// Passes on values until `predicate` is false for one, then finishes; a throw fails.
    public func tryPrefix(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryPrefixWhile<Self> {
        Publishers.TryPrefixWhile(upstream: self, predicate: predicate)
    }
}

/// `prefix(while:)` and `tryPrefix(while:)`: one relay, whose predicate throws `Never` for
/// the plain operator.
final class PrefixWhileInner<PredicateFailure: Error, Downstream: Subscriber>:
    FilteringRelay<Downstream.Input, PredicateFailure, Downstream> {
    let predicate: (Downstream.Input) throws(PredicateFailure) -> Bool

    init(downstream: Downstream, name: String, predicate: @escaping (Downstream.Input) throws(PredicateFailure) -> Bool,
         failure: @escaping (PredicateFailure) -> Downstream.Failure) {
        self.predicate = predicate
        super.init(downstream: downstream, name: name, failure: failure)
    }

    override func step(_ input: Downstream.Input) throws(PredicateFailure) -> FilterStep<Downstream.Input> {
        try predicate(input) ? .emit(input) : .finish
    }
}
