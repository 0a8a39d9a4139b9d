extension Publishers {
    /// Transforms each value and passes on the non-nil results.
    ///
    /// ```swift
    /// ["1", "x", "3"].publisher.compactMap { Int($0) }.sink { print($0) }
    /// // 1
    /// // 3
    /// ```
    public struct CompactMap<Upstream: Publisher, Output>: Publisher, Stoppable {
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let transform: (Upstream.Output) -> Output?
        package var stop: StopSignal?

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, transform: transform, stop: stop))
        }
    }
}

extension Publisher {
    /// Transforms each value, dropping nils (each dropped value asks upstream for one more).
    public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Self, T> {
        Publishers.CompactMap(upstream: self, transform: transform)
    }
}

extension Publishers.CompactMap {
    /// A class rather than Combine's struct, for speed: through type-erased stages the event
    /// path runs unspecialised, where copying a nested generic struct per event is costly.
    /// Only a subscriber, as in Combine: the upstream's subscription goes straight to the
    /// downstream, and every event the upstream sends is transformed and passed on.
    final class Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible, CustomReflectable,
        CustomPlaygroundDisplayConvertible
    where Downstream.Input == Output, Downstream.Failure == Failure {
        let downstream: Downstream
        let transform: (Upstream.Output) -> Output?
        let stop: StopSignal?

        init(downstream: Downstream, transform: @escaping (Upstream.Output) -> Output?, stop: StopSignal?) {
            self.downstream = downstream
            self.transform = transform
            self.stop = stop
        }

        var description: String { "CompactMap" }
        var customMirror: Mirror { Mirror(self, children: [:]) }
        var playgroundDescription: Any { description }

        func receive(subscription: any Subscription) { downstream.receive(subscription: subscription) }
        func receive(_ input: Upstream.Output) -> Subscribers.Demand {
            let result = transform(input)
            if stop.isRaised { return .none }
            guard let output = result else { return .max(1) }
            return downstream.receive(output)
        }
        func receive(completion: Subscribers.Completion<Failure>) { downstream.receive(completion: completion) }
    }
}

extension Publishers.CompactMap {
    /// `compactMap` after `compactMap` is one `CompactMap`, as in Combine.
    public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Upstream, T> {
        let first = self.transform
        return Publishers.CompactMap(upstream: upstream) { first($0).flatMap(transform) }
    }

    /// `map` after `compactMap` is one `CompactMap`, as in Combine.
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.CompactMap<Upstream, T> {
        let first = self.transform
        return Publishers.CompactMap(upstream: upstream) { first($0).map(transform) }
    }
}
