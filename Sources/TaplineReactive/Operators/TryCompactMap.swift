extension Publishers {
    /// Transforms each value with a closure that may throw, passing on the non-nil results; a
    /// throw fails the stream with that error and cancels the upstream.
    ///
    /// ```swift
    /// struct Empty: Error {}
    /// ["1", "x", "3", ""].publisher
    ///     .tryCompactMap { text -> Int? in
    ///         guard !text.isEmpty else { throw Empty() }
    ///         return Int(text)
    ///     }
    ///     .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    /// // 1
    /// // 3
    /// // failure(Empty())
    /// ```
    public struct TryCompactMap<Upstream: Publisher, Output>: Publisher, Stoppable {
        public typealias Failure = any Error
        public let upstream: Upstream
        public let transform: (Upstream.Output) throws -> Output?
        package var stop: StopSignal?

        public init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output?) {
            self.upstream = upstream
            self.transform = transform
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let inner = Inner(downstream: subscriber, transform: transform).honouring(stop)
            upstream.subscribe(FailureEraser<Inner<S>, Upstream.Failure>(relay: inner))
        }
    }
}

extension Publisher {
    /// Transforms each value with a throwing closure, dropping nils (each asks upstream for one more).
    public func tryCompactMap<T>(_ transform: @escaping (Output) throws -> T?) -> Publishers.TryCompactMap<Self, T> {
        Publishers.TryCompactMap(upstream: self, transform: transform)
    }
}

extension Publishers.TryCompactMap {
    /// `compactMap` after `tryCompactMap` is one `TryCompactMap`, as in Combine (whose
    /// signature here takes a throwing closure).
    public func compactMap<T>(_ transform: @escaping (Output) throws -> T?) -> Publishers.TryCompactMap<Upstream, T> {
        let first = self.transform
        return Publishers.TryCompactMap(upstream: upstream) { try first($0).flatMap(transform) }
    }
}

extension Publishers.TryCompactMap {
    /// Unlike `compactMap`, a subscription of its own (`print` shows `TryCompactMap`),
    /// which drops what the upstream sends after a throw, a cancel or a completion.
    final class Inner<Downstream: Subscriber>: FilteringRelay<Upstream.Output, any Error, Downstream>
    where Downstream.Input == Output, Downstream.Failure == any Error {
        let transform: (Upstream.Output) throws -> Output?

        init(downstream: Downstream, transform: @escaping (Upstream.Output) throws -> Output?) {
            self.transform = transform
            super.init(downstream: downstream, name: "TryCompactMap", failure: { $0 })
        }

        override func step(_ input: Upstream.Output) throws -> FilterStep<Output> {
            try transform(input).map { .emit($0) } ?? .skip
        }
    }
}
