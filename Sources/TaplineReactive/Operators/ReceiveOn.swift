extension Publishers {
    /// Delivers values and the completion through `scheduler.schedule(_:)`, as soon as
    /// possible: on a host that defers immediate work (DESIGN §8), after the current entry.
    /// The subscription, requests and cancel are not moved: they happen where they are made.
    ///
    /// ```swift
    /// let clock = VirtualTimeScheduler()
    /// clock.defersImmediateWork = true
    /// let subject = PassthroughSubject<Int, Never>()
    /// let token = subject.receive(on: clock).sink { print($0) }
    /// print("a"); subject.send(1); print("b")
    /// clock.runImmediateWork()
    /// // a
    /// // b
    /// // 1
    /// ```
    public struct ReceiveOn<Upstream: Publisher, Context: Scheduler>: Publisher {
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
            upstream.subscribe(Inner(downstream: subscriber, scheduler: scheduler, options: options))
        }
    }
}

extension Publisher {
    /// Delivers this publisher's values and completion on `scheduler`.
    public func receive<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.ReceiveOn<Self, S> {
        Publishers.ReceiveOn(upstream: self, scheduler: scheduler, options: options)
    }
}

extension Publishers.ReceiveOn {
    final class Inner<Downstream: Subscriber>: Relay<Output, Downstream>
    where Downstream.Input == Output, Downstream.Failure == Failure {
        private let scheduler: Context
        private let options: Context.SchedulerOptions?
        /// The upstream, kept while a completion is on its way: a value scheduled before it
        /// is still delivered, and the demand it returns still goes upstream (Combine's
        /// `pendingTerminal` state).
        private var kept: (any Subscription)?
        /// Set by a cancel and by the delivered completion: nothing more goes down.
        private var stopped = false

        init(downstream: Downstream, scheduler: Context, options: Context.SchedulerOptions?) {
            self.scheduler = scheduler
            self.options = options
            super.init(downstream: downstream, name: "ReceiveOn")
        }

        // A synchronous upstream (`Just`) may send while the downstream is being subscribed,
        // before this runs: values then find the subscription in `upstream` itself.
        override func didSubscribe() { kept = upstream.subscription }

        /// Passed on at once and as it is, even `.none` (ReceiveOnTests.testRequest).
        override func request(_ demand: Subscribers.Demand) {
            guard !stopped else { return }
            upstream.requestAsIs(demand)
        }

        // Captured strongly, as Combine does: a value on its way keeps the chain alive.
        // Source: OpenCombine's ReceiveOnTests.testStrongCaptureWhenSchedulingValue.
        override func relay(_ input: Output) -> Subscribers.Demand {
            scheduler.schedule(options: options) {
                guard !self.stopped else { return }
                let more = self.downstream.receive(input)
                if more > 0 { (self.kept ?? self.upstream.subscription)?.request(more) }
            }
            return .none
        }

        override func relay(completion: Subscribers.Completion<Failure>) {
            scheduler.schedule(options: options) {
                self.stopped = true
                self.kept = nil
                self.downstream.receive(completion: completion)
            }
        }

        /// A cancel while a completion is on its way does not stop it (Combine's receive(on:)
        /// ignores cancels in its pending-terminal state).
        override func cancel() {
            // Let go of the upstream even when it has already ended: a completion still on
            // the scheduler, which would have cleared it, may never run (a session closed
            // with it pending), and a stage between that keeps its downstream (a recording
            // tap) would make a cycle of the two.
            kept = nil
            guard upstream.isActive else { return }
            stopped = true
            super.cancel()
        }
    }
}
