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
    public struct SubscribeOn<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let scheduler: Context
        public let options: Context.SchedulerOptions?

        public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
            self.upstream = upstream
            self.scheduler = scheduler
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let inner = Inner(downstream: subscriber, scheduler: scheduler, options: options)
            let upstream = self.upstream
            scheduler.schedule(options: options) { upstream.subscribe(inner) }
        }
    }
}

extension Publisher {
    /// Subscribes, requests and cancels on `scheduler`.
    public func subscribe<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.SubscribeOn<Self, S> {
        Publishers.SubscribeOn(upstream: self, scheduler: scheduler, options: options)
    }
}

extension Publishers.SubscribeOn {
    final class Inner<Downstream: Subscriber>: Relay<Output, Downstream>
    where Downstream.Input == Output, Downstream.Failure == Failure {
        private let scheduler: Context
        private let options: Context.SchedulerOptions?

        init(downstream: Downstream, scheduler: Context, options: Context.SchedulerOptions?) {
            self.scheduler = scheduler
            self.options = options
            super.init(downstream: downstream, name: "SubscribeOn")
        }

        override func relay(_ input: Output) -> Subscribers.Demand { downstream.receive(input) }

        /// The subscription is captured now: a request made before a cancel still reaches it
        /// (OpenCombine's SubscribeOnTests.testCancelImmediatelyAfterRequest, run against Apple's).
        override func request(_ demand: Subscribers.Demand) {
            // Even `.none` goes, through the scheduler (SubscribeOnTests.testAsynchronouslySendsEventsUpstream).
            guard upstream.isActive, let subscription = upstream.subscription else { return }
            scheduler.schedule(options: options) { [weak self] in
                // Combine's subscribe(on:) asks its upstream under a lock: a request made from
                // inside the upstream's answer to one, on a scheduler that runs it at once,
                // traps there (SubscribeOnTests.testCrashWhenRequestingRecursively).
                guard ContractViolation.check(self?.requesting != true, "SubscribeOn: a request from inside the upstream's answer to a request") else { return }
                self?.requesting = true
                defer { self?.requesting = false }
                subscription.request(demand)
            }
        }

        /// Set while the upstream answers a request.
        private var requesting = false

        override func cancel() {
            guard let subscription = upstream.detach() else { return }
            scheduler.schedule(options: options) { subscription.cancel() }
        }
    }
}
