extension Publishers {
    /// Emits a running accumulation made with a closure that may throw; a throw fails the
    /// stream with that error and cancels the upstream.
    ///
    /// ```swift
    /// struct Overflow: Error {}
    /// [1, 2, 3].publisher
    ///     .tryScan(0) { sum, value in
    ///         guard sum + value < 5 else { throw Overflow() }
    ///         return sum + value
    ///     }
    ///     .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    /// // 1
    /// // 3
    /// // failure(Overflow())
    /// ```
    public struct TryScan<Upstream: Publisher, Output>: Publisher, Stoppable {
        public typealias Failure = any Error
        public let upstream: Upstream
        public let initialResult: Output
        public let nextPartialResult: (Output, Upstream.Output) throws -> Output
        package var stop: StopSignal?

        public init(upstream: Upstream, initialResult: Output,
                    nextPartialResult: @escaping (Output, Upstream.Output) throws -> Output) {
            self.upstream = upstream
            self.initialResult = initialResult
            self.nextPartialResult = nextPartialResult
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let inner = Inner(downstream: subscriber, initial: initialResult, next: nextPartialResult).honouring(stop)
            upstream.subscribe(FailureEraser<Inner<S>, Upstream.Failure>(relay: inner))
        }
    }
}

extension Publisher {
    /// Emits each intermediate result of folding the values into `initialResult` with a throwing closure.
    public func tryScan<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) throws -> T)
        -> Publishers.TryScan<Self, T> {
        Publishers.TryScan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
    }
}

extension Publishers.TryScan {
    /// Unlike `scan`, a subscription of its own (`print` shows `TryScan`). As in Combine it
    /// keeps no state for values: every value the upstream sends, even after a throw, a
    /// cancel or a completion, is folded in and passed on; a throw fails downstream only
    /// while subscribed, and completions pass only while subscribed.
    /// Source: OpenCombine's ScanTests.testTryScanFailureBecauseOfThrow and testTryScanCancel,
    /// run against Apple's Combine.
    final class Inner<Downstream: Subscriber>: Relay<Upstream.Output, Downstream>
    where Downstream.Input == Output, Downstream.Failure == any Error {
        var accumulator: Output
        let next: (Output, Upstream.Output) throws -> Output

        init(downstream: Downstream, initial: Output, next: @escaping (Output, Upstream.Output) throws -> Output) {
            accumulator = initial
            self.next = next
            super.init(downstream: downstream, name: "TryScan")
        }

        override var mirrorChildren: KeyValuePairs<String, Any> {
            ["downstream": downstream, "status": upstream.mirrorStatus, "result": accumulator]
        }

        override func receive(_ input: Upstream.Output) -> Subscribers.Demand {
            do {
                let step = try next(accumulator, input)
                if isStopped { return .none }
                accumulator = step
                return downstream.receive(accumulator)
            } catch {
                if upstream.isActive, !isStopped { failEarly(error) }
                return .none
            }
        }
    }
}
