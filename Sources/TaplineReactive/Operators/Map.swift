extension Publishers {
    /// Transforms each value with a closure.
    ///
    /// ```swift
    /// [1, 2, 3].publisher.map { $0 * 10 }.sink { print($0) }
    /// // 10
    /// // 20
    /// // 30
    /// ```
    public struct Map<Upstream: Publisher, Output>: Publisher, Stoppable {
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let transform: (Upstream.Output) -> Output
        package var stop: StopSignal?

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, transform: transform, stop: stop))
        }
    }
}

extension Publisher {
    /// Transforms each value; the upstream's subscription is passed through, so `print` shows its name.
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Self, T> {
        Publishers.Map(upstream: self, transform: transform)
    }
}

extension Publishers.Map {
    /// A class rather than Combine's struct, for speed: through type-erased stages the event
    /// path runs unspecialised, where copying a nested generic struct per event is costly.
    /// Only a subscriber, as in Combine: it hands the upstream's subscription straight to
    /// the downstream, so requests and cancels go upstream untouched, nothing is kept after
    /// the stream ends, and every event the upstream sends is transformed and passed on.
    final class Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible, CustomReflectable,
        CustomPlaygroundDisplayConvertible
    where Downstream.Input == Output, Downstream.Failure == Upstream.Failure {
        let downstream: Downstream
        let transform: (Upstream.Output) -> Output
        let stop: StopSignal?

        init(downstream: Downstream, transform: @escaping (Upstream.Output) -> Output, stop: StopSignal?) {
            self.downstream = downstream
            self.transform = transform
            self.stop = stop
        }

        var description: String { "Map" }
        var customMirror: Mirror { Mirror(self, children: [:]) }
        var playgroundDescription: Any { description }

        func receive(subscription: any Subscription) { downstream.receive(subscription: subscription) }
        func receive(_ input: Upstream.Output) -> Subscribers.Demand {
            let output = transform(input)
            return stop.isRaised ? .none : downstream.receive(output)
        }
        func receive(completion: Subscribers.Completion<Failure>) { downstream.receive(completion: completion) }
    }
}

extension Publishers.Map {
    /// `map` after `map` is one `Map` running both transforms, as in Combine.
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Upstream, T> {
        let first = self.transform
        return Publishers.Map(upstream: upstream) { transform(first($0)) }
    }
}
