extension Publishers {
    /// Transforms each value and passes on the non-nil results.
    ///
    /// ```swift
    /// ["1", "x", "3"].publisher.compactMap { Int($0) }.sink { print($0) }
    /// // 1
    /// // 3
    /// ```
    public struct CompactMap<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let transform: (Upstream.Output) -> Output?

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, transform: transform))
        }
    }
}

extension Publisher {
    /// Transforms each value, dropping nils (each dropped value asks upstream for one more).
    public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Self, T> {
        Publishers.CompactMap(upstream: self, transform: transform)
    }
}

extension Publishers.CompactMap {
    final class Inner<Downstream: Subscriber>: Relay<Upstream.Output, Downstream>
    where Downstream.Input == Output, Downstream.Failure == Failure {
        let transform: (Upstream.Output) -> Output?

        init(downstream: Downstream, transform: @escaping (Upstream.Output) -> Output?) {
            self.transform = transform
            super.init(downstream: downstream, name: nil)
        }

        override func relay(_ input: Upstream.Output) -> Subscribers.Demand {
            guard let output = transform(input) else { return .max(1) }
            return downstream.receive(output)
        }
    }
}
