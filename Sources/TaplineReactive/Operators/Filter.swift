extension Publishers {
    /// Passes on only the values a predicate accepts; a rejected value asks upstream for one more.
    ///
    /// ```swift
    /// [1, 2, 3, 4].publisher.filter { $0 % 2 == 0 }.sink { print($0) }
    /// // 2
    /// // 4
    /// ```
    public struct Filter<Upstream: Publisher>: Publisher, Stoppable {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let isIncluded: (Output) -> Bool
        package var stop: StopSignal?

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, isIncluded: isIncluded, stop: stop))
        }
    }
}

extension Publisher {
    /// Keeps the values for which `isIncluded` is true; the upstream's subscription is passed through.
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Self> {
        Publishers.Filter(upstream: self, isIncluded: isIncluded)
    }
}

extension Publishers.Filter {
    /// A class rather than Combine's struct, for speed: through type-erased stages the event
    /// path runs unspecialised, where copying a nested generic struct per event is costly.
    /// Only a subscriber, as in Combine: the upstream's subscription goes straight to the
    /// downstream, and every event the upstream sends is filtered and passed on.
    final class Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible, CustomReflectable,
        CustomPlaygroundDisplayConvertible
    where Downstream.Input == Output, Downstream.Failure == Failure {
        let downstream: Downstream
        let isIncluded: (Output) -> Bool
        let stop: StopSignal?

        init(downstream: Downstream, isIncluded: @escaping (Output) -> Bool, stop: StopSignal?) {
            self.downstream = downstream
            self.isIncluded = isIncluded
            self.stop = stop
        }

        var description: String { "Filter" }
        var customMirror: Mirror { Mirror(self, children: [:]) }
        var playgroundDescription: Any { description }

        func receive(subscription: any Subscription) { downstream.receive(subscription: subscription) }
        func receive(_ input: Output) -> Subscribers.Demand {
            let included = isIncluded(input)
            if stop.isRaised { return .none }
            return included ? downstream.receive(input) : .max(1)
        }
        func receive(completion: Subscribers.Completion<Failure>) { downstream.receive(completion: completion) }
    }
}

extension Publishers.Filter {
    /// `filter` after `filter` is one `Filter` that runs both predicates, as in Combine.
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Upstream> {
        let first = self.isIncluded
        return Publishers.Filter(upstream: upstream) { first($0) && isIncluded($0) }
    }
}
