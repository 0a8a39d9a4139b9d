extension Publishers {
    /// Shifts every value, and the completion, later by `interval`.
    ///
    /// ```swift
    /// let clock = VirtualTimeScheduler()
    /// let token = Just("late").delay(for: .milliseconds(500), scheduler: clock).sink { print($0) }
    /// clock.advance(by: .milliseconds(499))   // nothing yet
    /// clock.advance(by: .milliseconds(1))     // late
    /// ```
    public struct Delay<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let interval: Context.SchedulerTimeType.Stride
        public let tolerance: Context.SchedulerTimeType.Stride
        public let scheduler: Context
        public let options: Context.SchedulerOptions?

        public init(upstream: Upstream, interval: Context.SchedulerTimeType.Stride,
                    tolerance: Context.SchedulerTimeType.Stride, scheduler: Context,
                    options: Context.SchedulerOptions? = nil) {
            self.upstream = upstream
            self.interval = interval
            self.tolerance = tolerance
            self.scheduler = scheduler
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, publisher: self))
        }
    }
}

extension Publisher {
    /// Delivers each event `interval` later; demand passes straight through. Without a
    /// `tolerance`, the scheduler's least is asked for once, here, as Combine's does.
    public func delay<S: Scheduler>(for interval: S.SchedulerTimeType.Stride,
                                    tolerance: S.SchedulerTimeType.Stride? = nil, scheduler: S,
                                    options: S.SchedulerOptions? = nil) -> Publishers.Delay<Self, S> {
        Publishers.Delay(upstream: self, interval: interval, tolerance: tolerance ?? scheduler.minimumTolerance,
                         scheduler: scheduler, options: options)
    }
}

extension Publishers.Delay {
    final class Inner<Downstream: Subscriber>: Relay<Output, Downstream>
    where Downstream.Input == Output, Downstream.Failure == Failure {
        let interval: Context.SchedulerTimeType.Stride
        let tolerance: Context.SchedulerTimeType.Stride
        let scheduler: Context
        let options: Context.SchedulerOptions?
        var isCancelled = false

        init(downstream: Downstream, publisher: Publishers.Delay<Upstream, Context>) {
            interval = publisher.interval
            tolerance = publisher.tolerance
            scheduler = publisher.scheduler
            options = publisher.options
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
            schedule {
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
            schedule {
                // The upstream has ended: let go of it. One that keeps its downstream to the
                // end (`dropFirst`, a recording tap) would otherwise hold this stage in a cycle.
                self.kept = nil
                self.downstream.receive(completion: completion)
            }
        }

        /// Runs `work` one interval from now, with the operator's tolerance and options.
        private func schedule(_ work: @escaping () -> Void) {
            scheduler.schedule(after: scheduler.now.advanced(by: interval), tolerance: tolerance, options: options, work)
        }

        override func cancel() {
            isCancelled = true
            kept = nil
            super.cancel()
        }
    }
}
