extension Publishers {
    /// Shares one subscription to the upstream among all its subscribers: the first
    /// subscriber connects, later ones join the same stream (and miss what went before),
    /// and when the last one cancels the upstream is cancelled. Combine's
    /// `multicast(PassthroughSubject()).autoconnect()`.
    ///
    /// ```swift
    /// let source = PassthroughSubject<Int, Never>()
    /// let shared = source.map { print("map", $0); return $0 }.share()
    /// let t1 = shared.sink { print("one", $0) }
    /// let t2 = shared.sink { print("two", $0) }
    /// source.send(1)
    /// // map 1
    /// // one 1
    /// // two 1
    /// ```
    public final class Share<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        private let upstream: Upstream
        private let core = Broadcast<Output, Failure>(name: "Multicast", lateName: "Multicast")
        public init(upstream: Upstream) {
            self.upstream = upstream
            core.disconnectsWhenEmpty = true
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            core.attach(subscriber, current: nil)
            guard !core.isConnected, !core.hasCompleted, core.subscriberCount > 0 else { return }
            upstream.subscribe(Connection(core: core))
        }
    }
}

extension Publisher {
    /// Shares one upstream subscription among many subscribers.
    public func share() -> Publishers.Share<Self> { Publishers.Share(upstream: self) }
}

extension Publishers.Share {
    /// The share's one subscriber to the upstream; forwards everything to the broadcast.
    final class Connection: Subscriber {
        let core: Broadcast<Output, Failure>
        /// The subscription is the core's to hold (it asks and cancels); this side only knows
        /// whether it has one. Holding it here too would keep an upstream that keeps its
        /// subscriber (`delay`, another `share`) and this connection in a cycle after the core
        /// has cancelled it.
        private var isActive = false
        private var hadSubscription = false

        init(core: Broadcast<Output, Failure>) { self.core = core }

        func receive(subscription: any Subscription) {
            guard !hadSubscription else { return subscription.cancel() }
            (hadSubscription, isActive) = (true, true)
            core.adopt(subscription)
        }
        // Events before the subscription (a broken upstream) are ignored, as Combine's share does.
        func receive(_ input: Output) -> Subscribers.Demand {
            if isActive { core.send(input) }
            return .none
        }
        func receive(completion: Subscribers.Completion<Failure>) {
            guard isActive else { return }
            isActive = false
            core.send(completion: completion)
        }
    }
}

/// A share is equal only to itself (it is one shared subscription), as in Combine.
extension Publishers.Share: Equatable {
    public static func == (lhs: Publishers.Share<Upstream>, rhs: Publishers.Share<Upstream>) -> Bool { lhs === rhs }
}
