extension Publishers {
    /// Emits `false` and finishes (cancelling the upstream) as soon as a value fails the
    /// predicate; emits `true` if the upstream finishes first (also when it sent nothing).
    ///
    /// ```swift
    /// [2, 4, 6].publisher.allSatisfy { $0 % 2 == 0 }.sink { print($0) }
    /// // true
    /// ```
    public struct AllSatisfy<Upstream: Publisher>: Publisher, Stoppable {
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
            upstream.subscribe(AllSatisfyInner(downstream: subscriber, name: "AllSatisfy", predicate: predicate, failure: absurd).honouring(stop))
        }
    }

    /// `allSatisfy` with a predicate that may throw; a throw fails the stream with that error
    /// and cancels the upstream.
    ///
    /// ```swift
    /// struct Negative: Error {}
    /// [2, -4, 6].publisher
    ///     .tryAllSatisfy { value in
    ///         guard value >= 0 else { throw Negative() }
    ///         return value % 2 == 0
    ///     }
    ///     .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    /// // failure(Negative())
    /// ```
    public struct TryAllSatisfy<Upstream: Publisher>: Publisher, Stoppable {
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
            let inner = AllSatisfyInner(downstream: subscriber, name: "TryAllSatisfy", predicate: predicate, failure: { $0 }).honouring(stop)
            upstream.subscribe(FailureEraser<AllSatisfyInner<Upstream.Output, any Error, S>, Upstream.Failure>(relay: inner))
        }
    }
}

extension Publisher {
    /// Whether every value satisfies `predicate`: `false` as soon as one does not, `true` on finish.
    public func allSatisfy(_ predicate: @escaping (Output) -> Bool) -> Publishers.AllSatisfy<Self> {
        Publishers.AllSatisfy(upstream: self, predicate: predicate)
    }

    /// Whether every value satisfies `predicate`; a throw fails the stream.
    public func tryAllSatisfy(_ predicate: @escaping (Output) throws -> Bool) -> Publishers.TryAllSatisfy<Self> {
        Publishers.TryAllSatisfy(upstream: self, predicate: predicate)
    }
}

/// `allSatisfy` and `tryAllSatisfy`: one relay, whose predicate throws `Never` for the plain
/// operator.
final class AllSatisfyInner<Input, PredicateFailure: Error, Downstream: Subscriber>:
    ReducingRelay<Input, PredicateFailure, Downstream> where Downstream.Input == Bool {
    let predicate: (Input) throws(PredicateFailure) -> Bool
    var satisfied = true

    init(downstream: Downstream, name: String, predicate: @escaping (Input) throws(PredicateFailure) -> Bool,
         failure: @escaping (PredicateFailure) -> Downstream.Failure) {
        self.predicate = predicate
        super.init(downstream: downstream, name: name, failure: failure)
    }

    override func fold(_ input: Input) throws(PredicateFailure) -> Bool {
        let accepted = try predicate(input)
        if isStopped { return false }
        satisfied = accepted
        return !satisfied
    }

    override var result: Bool? { satisfied }
}
