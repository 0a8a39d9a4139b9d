extension Publishers {
    /// Counts the values the upstream sends and emits the count when it finishes.
    ///
    /// ```swift
    /// ["a", "b", "c"].publisher.count().sink { print($0) }
    /// // 3
    /// ```
    public struct Count<Upstream: Publisher>: Publisher {
        public typealias Output = Int
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream

        public init(upstream: Upstream) { self.upstream = upstream }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber))
        }
    }
}

extension Publisher {
    /// Emits how many values the upstream sent, once it finishes (nothing on failure).
    public func count() -> Publishers.Count<Self> {
        Publishers.Count(upstream: self)
    }
}

extension Publishers.Count {
    /// Combine's `count` is a reduce: unlimited upstream demand at once, and the count held
    /// until the downstream asks for it.
    final class Inner<Downstream: Subscriber>: AccumulatingRelay<Upstream.Output, Downstream>
    where Downstream.Input == Int, Downstream.Failure == Failure {
        private var counted = 0

        init(downstream: Downstream) {
            super.init(downstream: downstream, name: "Count")
        }

        override func accumulate(_ input: Upstream.Output) -> Bool {
            counted += 1
            return false
        }

        override var result: Int? { counted }
    }
}
