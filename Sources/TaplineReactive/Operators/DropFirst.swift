extension Publishers {
    /// Skips the first `count` values.
    ///
    /// ```swift
    /// [1, 2, 3].publisher.dropFirst(2).sink { print($0) }
    /// // 3
    /// ```
    public struct Drop<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let count: Int

        /// As in Combine, the downstream gets its subscription first and can ask at once;
        /// what it asks for before the upstream has subscribed is requested then.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            // Combine checks the count when the operator is subscribed to (`Just`'s own
            // `dropFirst` checks it at once).
            guard ContractViolation.check(count >= 0, "dropFirst: count must not be negative") else { return }
            let inner = Inner(downstream: subscriber, remaining: Swift.max(0, count))
            subscriber.receive(subscription: inner)
            upstream.subscribe(inner)
        }
    }
}

extension Publisher {
    /// Skips the first `count` values (default 1). The upstream is asked for `count` at once.
    public func dropFirst(_ count: Int = 1) -> Publishers.Drop<Self> {
        Publishers.Drop(upstream: self, count: count)
    }
}

extension Publishers.Drop {
    /// Asks the upstream, as soon as it subscribes, for the values to skip plus whatever the
    /// downstream has asked for. Like Combine's, it keeps no end state: everything the
    /// upstream sends is counted and passed on, and after a completion or a cancel a new
    /// upstream subscription is taken and asked for what is owed.
    final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomReflectable,
        CustomPlaygroundDisplayConvertible
    where Downstream.Input == Output, Downstream.Failure == Failure {
        let downstream: Downstream
        private var remaining: Int
        private var upstream: (any Subscription)?
        /// Cancelled by the downstream. Apple's `Drop` keeps no end state: a subscription that
        /// comes after a cancel is taken and asked for what is owed (OpenCombine's
        /// DropTests.testReusableSubscription). Here it is taken only when the downstream
        /// has asked again since its cancel, and cancelled otherwise, a deviation only a
        /// request after the cancel could see: the downstream gets its subscription before
        /// the upstream is subscribed to and may cancel at once (`zip` whose other side has
        /// finished). Kept, that subscription would be asked for the values still to skip
        /// and hold this stage in a cycle nothing breaks (`[1, 2].publisher.dropFirst(1)`);
        /// only dropped, it would be left holding the stages above it
        /// (`Just(1).dropFirst(0).dropFirst(0)`).
        private var isCancelled = false
        /// Asked for while no upstream was held (since the cancel, once cancelled).
        private var owed = Subscribers.Demand.none

        init(downstream: Downstream, remaining: Int) {
            self.downstream = downstream
            self.remaining = remaining
        }

        var description: String { "Drop" }
        var customMirror: Mirror { Mirror(self, children: [:]) }
        var playgroundDescription: Any { description }

        func receive(subscription: any Subscription) {
            guard upstream == nil else {
                subscription.cancel()
                return
            }
            guard !isCancelled || owed > 0 else {
                subscription.cancel()
                return
            }
            upstream = subscription
            let demand = owed + remaining
            owed = .none
            if demand > 0 { subscription.request(demand) }
        }

        func receive(_ input: Output) -> Subscribers.Demand {
            if remaining > 0 {
                remaining -= 1
                return .none
            }
            return downstream.receive(input)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            upstream = nil
            downstream.receive(completion: completion)
        }

        func request(_ demand: Subscribers.Demand) {
            guard ContractViolation.check(demand > 0, "dropFirst: demand must be greater than zero") else { return }
            if let upstream { upstream.request(demand) } else { owed += demand }
        }

        func cancel() {
            isCancelled = true
            owed = .none
            let current = upstream
            upstream = nil
            current?.cancel()
        }
    }
}
