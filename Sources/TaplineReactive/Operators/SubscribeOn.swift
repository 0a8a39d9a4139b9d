extension Publishers {
    /// Subscribes to the upstream through `scheduler.schedule(_:)`, and sends the
    /// downstream's requests and cancel upstream through it too; values and the completion
    /// come down where the upstream sends them.
    ///
    /// ```swift
    /// let clock = VirtualTimeScheduler()
    /// clock.defersImmediateWork = true
    /// let token = Just(1).subscribe(on: clock).sink { print($0) }
    /// print("subscribed?")
    /// clock.runImmediateWork()
    /// // subscribed?
    /// // 1
    /// ```
    public struct SubscribeOn<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let scheduler: any Scheduler

        public init(upstream: Upstream, scheduler: any Scheduler) {
            self.upstream = upstream
            self.scheduler = scheduler
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let inner = Inner(downstream: subscriber, scheduler: scheduler)
            let upstream = self.upstream
            scheduler.schedule { upstream.subscribe(inner) }
        }
    }
}

extension Publisher {
    /// Subscribes, requests and cancels on `scheduler`.
    public func subscribe(on scheduler: any Scheduler) -> Publishers.SubscribeOn<Self> {
        Publishers.SubscribeOn(upstream: self, scheduler: scheduler)
    }
}

extension Publishers.SubscribeOn {
    final class Inner<Downstream: Subscriber>: Relay<Output, Downstream>
    where Downstream.Input == Output, Downstream.Failure == Failure {
        private let scheduler: any Scheduler

        init(downstream: Downstream, scheduler: any Scheduler) {
            self.scheduler = scheduler
            super.init(downstream: downstream, name: "SubscribeOn")
        }

        override func relay(_ input: Output) -> Subscribers.Demand { downstream.receive(input) }

        /// The subscription is captured now: a request made before a cancel still reaches it
        /// (OpenCombine's SubscribeOnTests.testCancelImmediatelyAfterRequest, run against Apple's).
        override func request(_ demand: Subscribers.Demand) {
            guard upstream.isActive, demand > 0, let subscription = upstream.subscription else { return }
            scheduler.schedule { subscription.request(demand) }
        }

        override func cancel() {
            guard let subscription = upstream.detach() else { return }
            scheduler.schedule { subscription.cancel() }
        }
    }
}
