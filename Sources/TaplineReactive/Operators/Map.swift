extension Publishers {
    /// Transforms each value with a closure.
    ///
    /// ```swift
    /// [1, 2, 3].publisher.map { $0 * 10 }.sink { print($0) }
    /// // 10
    /// // 20
    /// // 30
    /// ```
    public struct Map<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let transform: (Upstream.Output) -> Output

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, transform: transform))
        }
    }
}

extension Publisher {
    /// Transforms each value; the subscription keeps the upstream's name.
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Self, T> {
        Publishers.Map(upstream: self, transform: transform)
    }
}

extension Publishers.Map {
    final class Inner<Downstream: Subscriber>: Relay<Upstream.Output, Downstream>
    where Downstream.Input == Output, Downstream.Failure == Upstream.Failure {
        let transform: (Upstream.Output) -> Output

        init(downstream: Downstream, transform: @escaping (Upstream.Output) -> Output) {
            self.transform = transform
            super.init(downstream: downstream, name: nil)
        }

        override func relay(_ input: Upstream.Output) -> Subscribers.Demand {
            downstream.receive(transform(input))
        }
    }
}
