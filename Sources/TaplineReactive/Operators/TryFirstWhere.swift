extension Publishers {
    /// The first value for which a throwing predicate is true; then finishes and cancels
    /// the upstream. A throw fails the stream with that error and cancels the upstream.
    ///
    /// ```swift
    /// struct Negative: Error {}
    /// [1, 4, 5].publisher
    ///     .tryFirst { value in
    ///         guard value >= 0 else { throw Negative() }
    ///         return value > 3
    ///     }
    ///     .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    /// // 4
    /// // finished
    /// ```
    public struct TryFirstWhere<Upstream: Publisher>: Publisher, Stoppable {
        public typealias Output = Upstream.Output
        public typealias Failure = any Error
        public let upstream: Upstream
        public let predicate: (Output) throws -> Bool
        package var stop: StopSignal?

        public init(upstream: Upstream, predicate: @escaping (Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let inner = Inner(downstream: subscriber, predicate: predicate).honouring(stop)
            upstream.subscribe(FailureEraser<Inner<S>, Upstream.Failure>(relay: inner))
        }
    }
}

extension Publisher {
    /// The first value for which `predicate` is true; a throw fails the stream.
    public func tryFirst(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryFirstWhere<Self> {
        Publishers.TryFirstWhere(upstream: self, predicate: predicate)
    }
}

extension Publishers.TryFirstWhere {
    /// `print` shows `TryFirstWhere`, as Apple's does (its `first(where:)` shows `TryFirst`).
    /// Source: OpenCombine's FirstTests.testTryFirstWhereDemand, run against Apple's Combine.
    final class Inner<Downstream: Subscriber>: ReducingRelay<Output, any Error, Downstream>
    where Downstream.Input == Output, Downstream.Failure == any Error {
        let predicate: (Output) throws -> Bool
        var found: Output?

        init(downstream: Downstream, predicate: @escaping (Output) throws -> Bool) {
            self.predicate = predicate
            super.init(downstream: downstream, name: "TryFirstWhere", failure: { $0 })
        }

        override func fold(_ input: Output) throws -> Bool {
            guard try predicate(input), !isStopped else { return false }
            found = input
            return true
        }

        override var result: Output? { found }
    }
}
