extension Publishers {
    /// Emits the first value (or the first that matches), then finishes and cancels the upstream.
    ///
    /// ```swift
    /// [3, 4, 5].publisher.first { $0 > 3 }.sink { print($0) }
    /// // 4
    /// ```
    public struct First<Upstream: Publisher>: Publisher, Stoppable {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let predicate: (Output) -> Bool
        /// `First` for `first()`, `TryFirst` for `first(where:)`: Combine's names for what `print` shows.
        let name: String
        package var stop: StopSignal?

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, predicate: predicate, name: name).honouring(stop))
        }
    }
}

extension Publisher {
    /// The first value; finishes without a value if the upstream finishes first.
    public func first() -> Publishers.First<Self> { Publishers.First(upstream: self, predicate: { _ in true }, name: "First") }

    /// The first value for which `predicate` is true.
    public func first(where predicate: @escaping (Output) -> Bool) -> Publishers.First<Self> {
        Publishers.First(upstream: self, predicate: predicate, name: "TryFirst")
    }
}

extension Publishers.First {
    final class Inner<Downstream: Subscriber>: AccumulatingRelay<Output, Downstream>
    where Downstream.Input == Output, Downstream.Failure == Failure {
        let predicate: (Output) -> Bool
        var found: Output?

        init(downstream: Downstream, predicate: @escaping (Output) -> Bool, name: String) {
            self.predicate = predicate
            super.init(downstream: downstream, name: name)
        }

        override func accumulate(_ input: Output) -> Bool {
            guard found == nil, predicate(input), !isStopped else { return false }
            found = input
            return true
        }

        override var result: Output? { found }
    }
}
