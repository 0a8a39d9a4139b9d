extension Publishers {
    /// Shifts every value, and the completion, later by `interval`.
    ///
    /// ```swift
    /// let clock = VirtualTimeScheduler()
    /// let token = Just("late").delay(for: .milliseconds(500), scheduler: clock).sink { print($0) }
    /// clock.advance(by: .milliseconds(499))   // nothing yet
    /// clock.advance(by: .milliseconds(1))     // late
    /// ```
    public struct Delay<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let interval: Duration
        public let scheduler: any Scheduler

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, interval: interval, scheduler: scheduler))
        }
    }
}

extension Publisher {
    /// Delivers each event `interval` later; demand passes straight through.
    public func delay(for interval: Duration, scheduler: any Scheduler) -> Publishers.Delay<Self> {
        Publishers.Delay(upstream: self, interval: interval, scheduler: scheduler)
    }
}

extension Publishers.Delay {
    final class Inner<Downstream: Subscriber>: Relay<Output, Downstream>
    where Downstream.Input == Output, Downstream.Failure == Failure {
        let interval: Duration
        let scheduler: any Scheduler
        var isCancelled = false

        init(downstream: Downstream, interval: Duration, scheduler: any Scheduler) {
            self.interval = interval
            self.scheduler = scheduler
            super.init(downstream: downstream, name: "Delay")
        }

        /// The upstream's subscription, kept after a completion (as Combine's delay keeps it):
        /// a value still on its way may return demand, and requests keep going upstream.
        private var kept: (any Subscription)?

        override func didSubscribe() { kept = upstream.subscription }

        /// Passed upstream as it is, as Combine's delay does (even `.none`).
        override func request(_ demand: Subscribers.Demand) { (kept ?? upstream.subscription)?.request(demand) }

        override func relay(_ input: Output) -> Subscribers.Demand {
            // Captured strongly: a pending event keeps the chain alive until it is delivered;
            // a cancel drops the values on their way.
            scheduler.schedule(after: interval) {
                guard !self.isCancelled else { return }
                let more = self.downstream.receive(input)
                if more > 0 { self.kept?.request(more) }
            }
            return .none
        }

        /// A completion on its way is delivered even if the subscriber cancels meanwhile.
        /// Source: OpenCombine's DelayTests.testStrongCaptureWhenSchedulingCompletion, run
        /// against Apple's Combine.
        override func relay(completion: Subscribers.Completion<Failure>) {
            scheduler.schedule(after: interval) {
                // The upstream has ended: let go of it. One that keeps its downstream to the
                // end (`dropFirst`, a recording tap) would otherwise hold this stage in a cycle.
                self.kept = nil
                self.downstream.receive(completion: completion)
            }
        }

        override func cancel() {
            isCancelled = true
            kept = nil
            super.cancel()
        }
    }
}
