extension Publishers {
    /// Passes on the upstream's values until `other` sends a value; then finishes and
    /// cancels the upstream.
    ///
    /// ```swift
    /// let values = PassthroughSubject<Int, Never>()
    /// let stop = PassthroughSubject<Void, Never>()
    /// let token = values.prefix(untilOutputFrom: stop)
    ///     .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    /// values.send(1)   // 1
    /// stop.send()      // finished
    /// values.send(2)   // (the subject has no subscriber left)
    /// ```
    public struct PrefixUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let other: Other

        public init(upstream: Upstream, other: Other) {
            self.upstream = upstream
            self.other = other
        }

        /// As in Combine, `other` is subscribed to (and asked for one value) before the upstream.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let inner = Inner(downstream: subscriber)
            other.subscribe(inner.otherSide)
            upstream.subscribe(inner)
        }
    }
}

extension Publisher {
    /// Passes values on until `publisher` sends one, then finishes. A `publisher` that
    /// completes without a value (finished or failed) changes nothing.
    public func prefix<P: Publisher>(untilOutputFrom publisher: P) -> Publishers.PrefixUntilOutput<Self, P> {
        Publishers.PrefixUntilOutput(upstream: self, other: publisher)
    }
}

extension Publishers.PrefixUntilOutput {
    /// Follows Apple's as OpenCombine's PrefixUntilOutputTests record it: the upstream's
    /// completion cancels `other`; `other`'s value cancels the upstream and finishes (it keeps
    /// `other`'s subscription, which asked for one value); a value from `other` before the
    /// upstream has subscribed finishes the downstream at once, and the upstream's
    /// subscription, when it comes, is cancelled and not passed on.
    final class Inner<Downstream: Subscriber>: Relay<Output, Downstream>, OtherPublisherWatcher
    where Downstream.Input == Output, Downstream.Failure == Failure {
        private var otherLink = UpstreamLink()
        private var triggered = false

        init(downstream: Downstream) {
            super.init(downstream: downstream, name: "PrefixUntilOutput")
        }

        var otherSide: OtherSide<Inner, Other.Output> { OtherSide(self) }

        /// A subscription that comes after an early cancel is cancelled, as Combine's
        /// (PrefixUntilOutputTests.testPrefixUntilOutputCancelBeforeSubscription).
        override var cancelsLateSubscription: Bool { true }

        override func receive(subscription: any Subscription) {
            guard !triggered else {
                subscription.cancel()
                return
            }
            super.receive(subscription: subscription)
        }

        override func relay(_ input: Output) -> Subscribers.Demand { downstream.receive(input) }

        /// A completion before the upstream's subscription is not passed on, but the trigger's
        /// subscription is cancelled, as Combine's is
        /// (PrefixUntilOutputTests.testPrefixUntilOutputReceiveCompletionBeforeSubscription).
        override func receive(completion: Subscribers.Completion<Failure>) {
            guard awaitingSubscription else { return super.receive(completion: completion) }
            otherLink.detach()?.cancel()
        }

        /// Passed on as it is, even `.none` (PrefixUntilOutputTests.testRequestZeroDemand).
        override func request(_ demand: Subscribers.Demand) { upstream.requestAsIs(demand) }

        override func relay(completion: Subscribers.Completion<Failure>) {
            otherLink.detach()?.cancel()
            downstream.receive(completion: completion)
        }

        override func cancel() {
            let other = otherLink.detach()
            super.cancel()
            other?.cancel()
        }

        func otherReceive(subscription: any Subscription) {
            guard otherLink.accept(subscription) else { return }
            subscription.request(.max(1))
        }

        func otherReceive() {
            guard otherLink.isActive else { return }
            otherLink.end()
            triggered = true
            if upstream.isAwaiting {
                downstream.receive(completion: .finished)
            } else if upstream.isActive {
                finishEarly()
            }
        }

        func otherReceive(completion: Subscribers.Completion<Other.Failure>) { otherLink.end() }
    }
}
