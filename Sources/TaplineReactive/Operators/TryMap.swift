extension Publishers {
    /// Transforms each value with a closure that may throw; a throw fails the stream with
    /// that error and cancels the upstream.
    ///
    /// ```swift
    /// struct Negative: Error {}
    /// [1, 2, -3, 4].publisher
    ///     .tryMap { value -> Int in
    ///         guard value >= 0 else { throw Negative() }
    ///         return value * 10
    ///     }
    ///     .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    /// // 10
    /// // 20
    /// // failure(Negative())
    /// ```
    public struct TryMap<Upstream: Publisher, Output>: Publisher, Stoppable {
        public typealias Failure = any Error
        public let upstream: Upstream
        public let transform: (Upstream.Output) throws -> Output
        package var stop: StopSignal?

        public init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output) {
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
    /// Transforms each value with a throwing closure; the stream's `Failure` becomes `any Error`.
    public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Self, T> {
        Publishers.TryMap(upstream: self, transform: transform)
    }
}

extension Publishers.Map {
    /// `tryMap` after `map` is one `TryMap` running both transforms, as in Combine.
    public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Upstream, T> {
        let first = self.transform
        return Publishers.TryMap(upstream: upstream) { try transform(first($0)) }
    }
}

extension Publishers.TryMap {
    /// `map` after `tryMap` is one `TryMap`, as in Combine.
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.TryMap<Upstream, T> {
        let first = self.transform
        return Publishers.TryMap(upstream: upstream) { transform(try first($0)) }
    }

    /// `tryMap` after `tryMap` is one `TryMap`, as in Combine.
    public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Upstream, T> {
        let first = self.transform
        return Publishers.TryMap(upstream: upstream) { try transform(try first($0)) }
    }
}

extension Publishers.TryMap {
    /// Unlike `map`, Combine's `TryMap` is a subscription of its own (it must be able to
    /// cancel the upstream when the transform throws), so `print` shows `TryMap`. As in
    /// Combine it keeps no state for values: every value the upstream sends, even after a
    /// throw, a cancel or a completion, is transformed and passed on (and a new throw fails
    /// again); completions pass only while subscribed.
    /// Source: OpenCombine's MapTests.testTryMapFailureBecauseOfThrow, run against Apple's Combine.
    final class Inner<Downstream: Subscriber>: Relay<Upstream.Output, Downstream>
    where Downstream.Input == Output, Downstream.Failure == any Error {
        let transform: (Upstream.Output) throws -> Output

        init(downstream: Downstream, transform: @escaping (Upstream.Output) throws -> Output) {
            self.transform = transform
            super.init(downstream: downstream, name: "TryMap")
        }

        override func receive(_ input: Upstream.Output) -> Subscribers.Demand {
            do {
                let output = try transform(input)
                return isStopped ? .none : downstream.receive(output)
            } catch {
                if !isStopped { failEarly(error) }
                return .none
            }
        }
    }
}
