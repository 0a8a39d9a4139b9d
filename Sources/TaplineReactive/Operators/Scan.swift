extension Publishers {
    /// Emits a running accumulation: each value is folded into the previous result.
    ///
    /// ```swift
    /// [1, 2, 3].publisher.scan(0) { $0 + $1 }.sink { print($0) }
    /// // 1
    /// // 3
    /// // 6
    /// ```
    public struct Scan<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let initialResult: Output
        public let nextPartialResult: (Output, Upstream.Output) -> Output

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, initial: initialResult, next: nextPartialResult))
        }
    }
}

extension Publisher {
    /// Emits each intermediate result of folding the values into `initialResult`.
    public func scan<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T) -> Publishers.Scan<Self, T> {
        Publishers.Scan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
    }
}

extension Publishers.Scan {
    final class Inner<Downstream: Subscriber>: Relay<Upstream.Output, Downstream>
    where Downstream.Input == Output, Downstream.Failure == Failure {
        var accumulator: Output
        let next: (Output, Upstream.Output) -> Output

        init(downstream: Downstream, initial: Output, next: @escaping (Output, Upstream.Output) -> Output) {
            accumulator = initial
            self.next = next
            super.init(downstream: downstream, name: "Scan")
        }

        override func relay(_ input: Upstream.Output) -> Subscribers.Demand {
            accumulator = next(accumulator, input)
            return downstream.receive(accumulator)
        }
    }
}
