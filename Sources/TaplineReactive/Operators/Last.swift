extension Publishers {
    /// Emits the last value when the upstream finishes.
    ///
    /// ```swift
    /// [1, 2, 3].publisher.last().sink { print($0) }
    /// // 3
    /// ```
    public struct Last<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, name: "Last"))
        }
    }
}

extension Publisher {
    /// The last value, on finish; no value if there was none.
    public func last() -> Publishers.Last<Self> { Publishers.Last(upstream: self) }
}

extension Publishers.Last {
    final class Inner<Downstream: Subscriber>: AccumulatingRelay<Output, Downstream>
    where Downstream.Input == Output, Downstream.Failure == Failure {
        var latest: Output?

        override func accumulate(_ input: Output) -> Bool {
            latest = input
            return false
        }

        override var result: Output? { latest }
    }
}
