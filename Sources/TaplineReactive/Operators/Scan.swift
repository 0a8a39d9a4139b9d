extension Publishers {
    /// Emits a running accumulation: each value is folded into the previous result.
    ///
    /// ```swift
    /// [1, 2, 3].publisher.scan(0) { $0 + $1 }.sink { print($0) }
    /// // 1
    /// // 3
    /// // 6
    /// ```
    public struct Scan<Upstream: Publisher, Output>: Publisher, Stoppable {
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let initialResult: Output
        public let nextPartialResult: (Output, Upstream.Output) -> Output
        package var stop: StopSignal?

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, initial: initialResult, next: nextPartialResult, stop: stop))
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
    /// Only a subscriber, as in Combine: the upstream's subscription goes straight to the
    /// downstream (so `print` shows the upstream's name), and every value the upstream sends
    /// is folded in and passed on.
    final class Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible, CustomReflectable,
        CustomPlaygroundDisplayConvertible
    where Downstream.Input == Output, Downstream.Failure == Failure {
        let downstream: Downstream
        var result: Output
        let next: (Output, Upstream.Output) -> Output
        let stop: StopSignal?

        init(downstream: Downstream, initial: Output, next: @escaping (Output, Upstream.Output) -> Output, stop: StopSignal?) {
            self.downstream = downstream
            result = initial
            self.next = next
            self.stop = stop
        }

        var description: String { "Scan" }
        var customMirror: Mirror { Mirror(self, children: ["downstream": downstream, "result": result]) }
        var playgroundDescription: Any { description }

        func receive(subscription: any Subscription) { downstream.receive(subscription: subscription) }
        func receive(_ input: Upstream.Output) -> Subscribers.Demand {
            let step = next(result, input)
            if stop.isRaised { return .none }
            result = step
            return downstream.receive(result)
        }
        func receive(completion: Subscribers.Completion<Failure>) { downstream.receive(completion: completion) }
    }
}
