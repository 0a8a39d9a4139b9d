extension Publishers {
    /// Folds every value into one result with a closure that may throw, emitted when the
    /// upstream finishes; a throw fails the stream with that error and cancels the upstream.
    ///
    /// ```swift
    /// struct Overflow: Error {}
    /// [1, 2, 3].publisher
    ///     .tryReduce(0) { sum, value in
    ///         guard sum + value < 5 else { throw Overflow() }
    ///         return sum + value
    ///     }
    ///     .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    /// // failure(Overflow())
    /// ```
    public struct TryReduce<Upstream: Publisher, Output>: Publisher, Stoppable {
        public typealias Failure = any Error
        public let upstream: Upstream
        public let initial: Output
        public let nextPartialResult: (Output, Upstream.Output) throws -> Output
        package var stop: StopSignal?

        public init(upstream: Upstream, initial: Output, nextPartialResult: @escaping (Output, Upstream.Output) throws -> Output) {
            self.upstream = upstream
            self.initial = initial
            self.nextPartialResult = nextPartialResult
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let inner = Inner(downstream: subscriber, initial: initial, next: nextPartialResult).honouring(stop)
            upstream.subscribe(FailureEraser<Inner<S>, Upstream.Failure>(relay: inner))
        }
    }
}

extension Publisher {
    /// Folds all values into `initialResult` with a throwing closure; emits the result on finish.
    public func tryReduce<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) throws -> T)
        -> Publishers.TryReduce<Self, T> {
        Publishers.TryReduce(upstream: self, initial: initialResult, nextPartialResult: nextPartialResult)
    }
}

extension Publishers.TryReduce {
    final class Inner<Downstream: Subscriber>: ReducingRelay<Upstream.Output, any Error, Downstream>
    where Downstream.Input == Output, Downstream.Failure == any Error {
        var accumulator: Output
        let next: (Output, Upstream.Output) throws -> Output

        init(downstream: Downstream, initial: Output, next: @escaping (Output, Upstream.Output) throws -> Output) {
            accumulator = initial
            self.next = next
            super.init(downstream: downstream, name: "TryReduce", failure: { $0 })
        }

        override func fold(_ input: Upstream.Output) throws -> Bool {
            let step = try next(accumulator, input)
            if !isStopped { accumulator = step }
            return false
        }

        override var result: Output? { accumulator }
    }
}
