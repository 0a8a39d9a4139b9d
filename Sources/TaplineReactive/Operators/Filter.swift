extension Publishers {
    /// Passes on only the values a predicate accepts; a rejected value asks upstream for one more.
    ///
    /// ```swift
    /// [1, 2, 3, 4].publisher.filter { $0 % 2 == 0 }.sink { print($0) }
    /// // 2
    /// // 4
    /// ```
    public struct Filter<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let isIncluded: (Output) -> Bool

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, isIncluded: isIncluded))
        }
    }
}

extension Publisher {
    /// Keeps the values for which `isIncluded` is true; the subscription keeps the upstream's name.
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Self> {
        Publishers.Filter(upstream: self, isIncluded: isIncluded)
    }
}

extension Publishers.Filter {
    final class Inner<Downstream: Subscriber>: Relay<Output, Downstream>
    where Downstream.Input == Output, Downstream.Failure == Failure {
        let isIncluded: (Output) -> Bool

        init(downstream: Downstream, isIncluded: @escaping (Output) -> Bool) {
            self.isIncluded = isIncluded
            super.init(downstream: downstream, name: nil)
        }

        override func relay(_ input: Output) -> Subscribers.Demand {
            isIncluded(input) ? downstream.receive(input) : .max(1)
        }
    }
}
