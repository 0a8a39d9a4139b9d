extension Publishers {
    /// Passes on the values a throwing predicate accepts; a throw fails the stream with that
    /// error and cancels the upstream.
    ///
    /// ```swift
    /// struct TooBig: Error {}
    /// [1, 2, 3, 40, 5].publisher
    ///     .tryFilter { value in
    ///         guard value < 10 else { throw TooBig() }
    ///         return value % 2 == 1
    ///     }
    ///     .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    /// // 1
    /// // 3
    /// // failure(TooBig())
    /// ```
    public struct TryFilter<Upstream: Publisher>: Publisher, Stoppable {
        public typealias Output = Upstream.Output
        public typealias Failure = any Error
        public let upstream: Upstream
        public let isIncluded: (Upstream.Output) throws -> Bool
        package var stop: StopSignal?

        public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.isIncluded = isIncluded
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let inner = Inner(downstream: subscriber, isIncluded: isIncluded).honouring(stop)
            upstream.subscribe(FailureEraser<Inner<S>, Upstream.Failure>(relay: inner))
        }
    }
}

extension Publisher {
    /// Keeps the values for which `isIncluded` is true; a rejected value asks upstream for one more.
    public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Self> {
        Publishers.TryFilter(upstream: self, isIncluded: isIncluded)
    }
}

extension Publishers.Filter {
    /// `tryFilter` after `filter` is one `TryFilter` running both predicates, as in Combine.
    public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Upstream> {
        let first = self.isIncluded
        return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
    }
}

extension Publishers.TryFilter {
    /// `filter` after `tryFilter` is one `TryFilter`, as in Combine.
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.TryFilter<Upstream> {
        let first = self.isIncluded
        return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
    }

    /// `tryFilter` after `tryFilter` is one `TryFilter`, as in Combine.
    public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Upstream> {
        let first = self.isIncluded
        return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
    }
}

extension Publishers.TryFilter {
    /// Unlike `filter`, a subscription of its own (so `print` shows `TryFilter`), which
    /// drops what the upstream sends after a throw, a cancel or a completion.
    final class Inner<Downstream: Subscriber>: FilteringRelay<Output, any Error, Downstream>
    where Downstream.Input == Output, Downstream.Failure == any Error {
        let isIncluded: (Output) throws -> Bool

        init(downstream: Downstream, isIncluded: @escaping (Output) throws -> Bool) {
            self.isIncluded = isIncluded
            super.init(downstream: downstream, name: "TryFilter", failure: { $0 })
        }

        override func step(_ input: Output) throws -> FilterStep<Output> {
            try isIncluded(input) ? .emit(input) : .skip
        }
    }
}
