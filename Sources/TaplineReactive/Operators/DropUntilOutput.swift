extension Publishers {
    /// Drops the upstream's values until `other` sends a value; from then on passes them on.
    ///
    /// ```swift
    /// let values = PassthroughSubject<Int, Never>()
    /// let start = PassthroughSubject<Void, Never>()
    /// let token = values.drop(untilOutputFrom: start).sink { print($0) }
    /// values.send(1)   // (dropped)
    /// start.send()
    /// values.send(2)   // 2
    /// ```
    public struct DropUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher
    where Upstream.Failure == Other.Failure {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let other: Other

        public init(upstream: Upstream, other: Other) {
            self.upstream = upstream
            self.other = other
        }

        /// As in Combine: the downstream gets its subscription first, then `other` is
        /// subscribed to (and asked for one value), then the upstream.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let inner = Inner(downstream: subscriber)
            subscriber.receive(subscription: inner)
            other.subscribe(inner.otherSide)
            upstream.subscribe(inner)
        }
    }
}

extension Publisher {
    /// Ignores values until `publisher` sends one; a `publisher` that completes first ends
    /// the stream with its completion.
    public func drop<P: Publisher>(untilOutputFrom publisher: P) -> Publishers.DropUntilOutput<Self, P>
    where Failure == P.Failure {
        Publishers.DropUntilOutput(upstream: self, other: publisher)
    }
}

extension Publishers.DropUntilOutput {
    /// Combine's way with demand: the downstream's requests go to the upstream as they are
    /// (held until it subscribes), and a dropped value uses up the demand it answered — it
    /// is not asked for again (OpenCombine's DropUntilOutputTests.testDemand, run against
    /// Apple's). `other` keeps its subscription after its value, as in Combine.
    final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomReflectable,
        CustomPlaygroundDisplayConvertible, OtherPublisherWatcher
    where Downstream.Input == Output, Downstream.Failure == Failure {
        private let downstream: Downstream
        private var upstream = UpstreamLink()
        private var otherLink = UpstreamLink()
        private var owed = Subscribers.Demand.none
        private var triggered = false
        /// Set by a completion or a cancel: nothing more reaches the downstream.
        private var ended = false
        /// What the downstream has asked for and not been sent (or had dropped).
        private var demand = Subscribers.Demand.none

        init(downstream: Downstream) { self.downstream = downstream }

        var description: String { "DropUntilOutput" }
        var customMirror: Mirror { Mirror(self, children: [:]) }
        var playgroundDescription: Any { description }

        var otherSide: OtherSide<Inner, Other.Output> { OtherSide(self) }

        func receive(subscription: any Subscription) {
            guard upstream.accept(subscription) else { return }
            upstream.request(owed)
            owed = .none
        }

        /// A value before the subscription, or beyond what the downstream asked for (a
        /// dropped value counts), breaks the contract (Combine traps: DropUntilOutputTests.
        /// testDropUntilOutputReceiveValueBeforeSubscription, testCrashesWhenReceivesInputAfterCancel).
        func receive(_ input: Output) -> Subscribers.Demand {
            guard ContractViolation.check(!upstream.isAwaiting, "DropUntilOutput: value before subscription"),
                  ContractViolation.check(demand > 0, "DropUntilOutput: value without demand") else { return .none }
            demand -= 1
            guard upstream.isActive, triggered, !ended else { return .none }
            let more = downstream.receive(input)
            demand += more
            return more
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            guard upstream.isActive, !ended else { return }
            upstream.end()
            ended = true
            downstream.receive(completion: completion)
        }

        func request(_ demand: Subscribers.Demand) {
            guard demand > 0, !ended else { return }
            self.demand += demand
            if upstream.isActive { upstream.request(demand) } else { owed += demand }
        }

        func cancel() {
            ended = true
            let current = upstream.detach()
            let other = otherLink.detach()
            current?.cancel()
            other?.cancel()
        }

        func otherReceive(subscription: any Subscription) {
            guard otherLink.accept(subscription) else { return }
            subscription.request(.max(1))
        }

        func otherReceive() {
            guard otherLink.isActive else { return }
            triggered = true
            otherLink.end()
        }

        /// `other` ended without a value: the stream ends with its completion, and the
        /// upstream is cancelled. An upstream whose subscription has not come yet is not: as in
        /// Combine, that subscription is kept when it comes and asked for the demand already
        /// owed (OpenCombine's DropUntilOutputTests.testLateSubscription, run against Apple's).
        func otherReceive(completion: Subscribers.Completion<Failure>) {
            guard otherLink.isActive, !triggered, !ended else { return }
            otherLink.end()
            ended = true
            if !upstream.isAwaiting { upstream.detach()?.cancel() }
            downstream.receive(completion: completion)
        }
    }
}
