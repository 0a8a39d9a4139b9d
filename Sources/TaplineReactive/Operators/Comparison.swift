extension Publishers {
    /// Emits the least (`min`) or greatest (`max`) value when the upstream finishes; of equal
    /// values, the first one received.
    ///
    /// ```swift
    /// [3, 1, 4, 1, 5].publisher.min().sink { print($0) }
    /// // 1
    /// [3, 1, 4, 1, 5].publisher.max().sink { print($0) }
    /// // 5
    /// ["bb", "a", "ccc"].publisher.max { $0.count < $1.count }.sink { print($0) }
    /// // ccc
    /// ```
    public struct Comparison<Upstream: Publisher>: Publisher, Stoppable {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let areInIncreasingOrder: (Upstream.Output, Upstream.Output) -> Bool
        package var stop: StopSignal?

        public init(upstream: Upstream, areInIncreasingOrder: @escaping (Upstream.Output, Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.areInIncreasingOrder = areInIncreasingOrder
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let inner = ComparisonInner(downstream: subscriber, name: "Comparison", replaces: areInIncreasingOrder, failure: absurd).honouring(stop)
            upstream.subscribe(inner)
        }
    }

    /// `min(by:)` / `max(by:)` with an ordering that may throw; a throw fails the stream with
    /// that error and cancels the upstream.
    ///
    /// ```swift
    /// struct Incomparable: Error {}
    /// [3, 1, 0].publisher
    ///     .tryMax { a, b in
    ///         guard a != 0, b != 0 else { throw Incomparable() }
    ///         return a < b
    ///     }
    ///     .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    /// // failure(Incomparable())
    /// ```
    public struct TryComparison<Upstream: Publisher>: Publisher, Stoppable {
        public typealias Output = Upstream.Output
        public typealias Failure = any Error
        public let upstream: Upstream
        public let areInIncreasingOrder: (Upstream.Output, Upstream.Output) throws -> Bool
        package var stop: StopSignal?

        public init(upstream: Upstream, areInIncreasingOrder: @escaping (Upstream.Output, Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.areInIncreasingOrder = areInIncreasingOrder
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let inner = ComparisonInner(downstream: subscriber, name: "TryComparison", replaces: areInIncreasingOrder, failure: { $0 }).honouring(stop)
            upstream.subscribe(FailureEraser<ComparisonInner<any Error, S>, Upstream.Failure>(relay: inner))
        }
    }
}

// As in Combine, every form is `max(by:)`'s publisher: the stored ordering is "should the
// new value replace the kept one", asked as `areInIncreasingOrder(kept, new)`.
extension Publisher where Output: Comparable {
    /// The least value, on finish.
    public func min() -> Publishers.Comparison<Self> { max(by: >) }

    /// The greatest value, on finish.
    public func max() -> Publishers.Comparison<Self> { max(by: <) }
}

extension Publisher {
    /// The least value by `areInIncreasingOrder`, on finish.
    public func min(by areInIncreasingOrder: @escaping (Output, Output) -> Bool) -> Publishers.Comparison<Self> {
        max { areInIncreasingOrder($1, $0) }
    }

    /// The greatest value by `areInIncreasingOrder`, on finish.
    public func max(by areInIncreasingOrder: @escaping (Output, Output) -> Bool) -> Publishers.Comparison<Self> {
        Publishers.Comparison(upstream: self, areInIncreasingOrder: areInIncreasingOrder)
    }

    /// The least value by a throwing `areInIncreasingOrder`, on finish; a throw fails the stream.
    public func tryMin(by areInIncreasingOrder: @escaping (Output, Output) throws -> Bool) -> Publishers.TryComparison<Self> {
        tryMax { try areInIncreasingOrder($1, $0) }
    }

    /// The greatest value by a throwing `areInIncreasingOrder`, on finish; a throw fails the stream.
    public func tryMax(by areInIncreasingOrder: @escaping (Output, Output) throws -> Bool) -> Publishers.TryComparison<Self> {
        Publishers.TryComparison(upstream: self, areInIncreasingOrder: areInIncreasingOrder)
    }
}

/// `Comparison` and `TryComparison`: one relay, whose ordering throws `Never` for the plain
/// operator.
final class ComparisonInner<OrderFailure: Error, Downstream: Subscriber>:
    ReducingRelay<Downstream.Input, OrderFailure, Downstream> {
    let replaces: (Downstream.Input, Downstream.Input) throws(OrderFailure) -> Bool
    var kept: Downstream.Input?

    init(downstream: Downstream, name: String,
         replaces: @escaping (Downstream.Input, Downstream.Input) throws(OrderFailure) -> Bool,
         failure: @escaping (OrderFailure) -> Downstream.Failure) {
        self.replaces = replaces
        super.init(downstream: downstream, name: name, failure: failure)
    }

    override func fold(_ input: Downstream.Input) throws(OrderFailure) -> Bool {
        if let current = kept {
            let replacing = try replaces(current, input)
            if replacing, !isStopped { kept = input }
        } else {
            kept = input
        }
        return false
    }

    override var result: Downstream.Input? { kept }
}
