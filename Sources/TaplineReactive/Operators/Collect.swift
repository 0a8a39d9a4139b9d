extension Publishers {
    /// Gathers every value into one array, emitted when the upstream finishes.
    ///
    /// ```swift
    /// [1, 2, 3].publisher.collect().sink { print($0) }
    /// // [1, 2, 3]
    /// ```
    public struct Collect<Upstream: Publisher>: Publisher {
        public typealias Output = [Upstream.Output]
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, name: "Collect"))
        }
    }
}

extension Publisher {
    /// Emits all values as one array when the upstream finishes (nothing on failure).
    public func collect() -> Publishers.Collect<Self> { Publishers.Collect(upstream: self) }
}

extension Publishers.Collect {
    final class Inner<Downstream: Subscriber>: AccumulatingRelay<Upstream.Output, Downstream>
    where Downstream.Input == Output, Downstream.Failure == Failure {
        var buffer: [Upstream.Output] = []

        override func accumulate(_ input: Upstream.Output) -> Bool {
            buffer.append(input)
            return false
        }

        override var result: Output? { buffer }
        override var mirrorChildren: KeyValuePairs<String, Any> { ["count": buffer.count] }
    }
}
