extension Publishers {
    /// Passes on a value only when it differs from the previous one passed on.
    ///
    /// ```swift
    /// [1, 1, 2, 2, 1].publisher.removeDuplicates().sink { print($0) }
    /// // 1
    /// // 2
    /// // 1
    /// ```
    public struct RemoveDuplicates<Upstream: Publisher>: Publisher, Stoppable {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let predicate: (Output, Output) -> Bool
        package var stop: StopSignal?

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, predicate: predicate).honouring(stop))
        }
    }
}

extension Publisher {
    /// Drops a value when `predicate(previous, value)` says it duplicates the previous one.
    public func removeDuplicates(by predicate: @escaping (Output, Output) -> Bool) -> Publishers.RemoveDuplicates<Self> {
        Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
    }
}

extension Publisher where Output: Equatable {
    /// Drops a value equal to the previous one.
    public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> { removeDuplicates(by: ==) }
}

extension Publishers.RemoveDuplicates {
    final class Inner<Downstream: Subscriber>: Relay<Output, Downstream>
    where Downstream.Input == Output, Downstream.Failure == Failure {
        let predicate: (Output, Output) -> Bool
        /// The value last passed on (see `Boxed`).
        var previous: Boxed<Output>?

        init(downstream: Downstream, predicate: @escaping (Output, Output) -> Bool) {
            self.predicate = predicate
            super.init(downstream: downstream, name: "RemoveDuplicates")
        }

        override var cancelsLateSubscription: Bool { true }
        override var mirrorChildren: KeyValuePairs<String, Any> { ["downstream": downstream, "last": previous?.value as Any] }

        // Combine's removeDuplicates traps on an event before its subscription.
        override func receive(_ input: Output) -> Subscribers.Demand {
            guard ContractViolation.check(!awaitingSubscription, "removeDuplicates: value before subscription") else { return .none }
            return super.receive(input)
        }

        override func receive(completion: Subscribers.Completion<Failure>) {
            guard ContractViolation.check(!awaitingSubscription, "removeDuplicates: completion before subscription") else { return }
            super.receive(completion: completion)
        }

        override func request(_ demand: Subscribers.Demand) {
            guard ContractViolation.check(!awaitingSubscription, "removeDuplicates: request before subscription") else { return }
            super.request(demand)
        }

        override func relay(_ input: Output) -> Subscribers.Demand {
            if let previous {
                let same = predicate(previous.value, input)
                if isStopped { return .none }
                if same { return .max(1) }
                previous.value = input
            } else {
                previous = Boxed(input)
            }
            return downstream.receive(input)
        }
    }
}
