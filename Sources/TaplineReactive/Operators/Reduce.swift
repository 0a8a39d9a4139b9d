extension Publishers {
    /// Folds every value into one result, emitted when the upstream finishes.
    ///
    /// ```swift
    /// [1, 2, 3].publisher.reduce(0) { $0 + $1 }.sink { print($0) }
    /// // 6
    /// ```
    public struct Reduce<Upstream: Publisher, Output>: Publisher, Stoppable {
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let initial: Output
        public let nextPartialResult: (Output, Upstream.Output) -> Output
        package var stop: StopSignal?

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, initial: initial, next: nextPartialResult).honouring(stop))
        }
    }
}

extension Publisher {
    /// Folds all values into `initialResult`; emits the result on finish (nothing on failure).
    public func reduce<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T) -> Publishers.Reduce<Self, T> {
        Publishers.Reduce(upstream: self, initial: initialResult, nextPartialResult: nextPartialResult)
    }
}

extension Publishers.Reduce {
    final class Inner<Downstream: Subscriber>: AccumulatingRelay<Upstream.Output, Downstream>
    where Downstream.Input == Output, Downstream.Failure == Failure {
        var accumulator: Output
        let next: (Output, Upstream.Output) -> Output

        init(downstream: Downstream, initial: Output, next: @escaping (Output, Upstream.Output) -> Output) {
            accumulator = initial
            self.next = next
            super.init(downstream: downstream, name: "Reduce")
        }

        override func accumulate(_ input: Upstream.Output) -> Bool {
            let step = next(accumulator, input)
            if !isStopped { accumulator = step }
            return false
        }

        override var result: Output? { accumulator }
    }
}
