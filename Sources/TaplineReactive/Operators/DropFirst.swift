extension Publishers {
    /// Skips the first `count` values.
    ///
    /// ```swift
    /// [1, 2, 3].publisher.dropFirst(2).sink { print($0) }
    /// // 3
    /// ```
    public struct Drop<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let count: Int

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, remaining: Swift.max(0, count)))
        }
    }
}

extension Publisher {
    /// Skips the first `count` values (default 1). The first request asks upstream for `count` extra.
    public func dropFirst(_ count: Int = 1) -> Publishers.Drop<Self> {
        Publishers.Drop(upstream: self, count: count)
    }
}

extension Publishers.Drop {
    final class Inner<Downstream: Subscriber>: Relay<Output, Downstream>
    where Downstream.Input == Output, Downstream.Failure == Failure {
        var remaining: Int
        var requested = false

        init(downstream: Downstream, remaining: Int) {
            self.remaining = remaining
            super.init(downstream: downstream, name: "Drop")
        }

        override func request(_ demand: Subscribers.Demand) {
            guard demand > 0 else { return }
            upstream.request(requested ? demand : demand + remaining)
            requested = true
        }

        override func relay(_ input: Output) -> Subscribers.Demand {
            if remaining > 0 {
                remaining -= 1
                return .none
            }
            return downstream.receive(input)
        }
    }
}
