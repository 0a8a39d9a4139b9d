extension Publishers {
    /// Ends the stream when no value or completion arrives within `interval`: it finishes,
    /// or fails with `customError()` when one is given, and cancels the upstream. The timer
    /// starts at the subscription, restarts at the first request and at every value. Values
    /// and the completion are delivered through the scheduler, as soon as possible.
    ///
    /// ```swift
    /// let clock = VirtualTimeScheduler()
    /// let subject = PassthroughSubject<Int, Never>()
    /// let token = subject.timeout(.seconds(1), scheduler: clock)
    ///     .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    /// clock.advance(by: .milliseconds(900))
    /// subject.send(1)                        // 1
    /// clock.advance(by: .seconds(1))         // finished
    /// ```
    public struct Timeout<Upstream: Publisher, Context: Scheduler>: Publisher, Stoppable {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let interval: Context.SchedulerTimeType.Stride
        public let scheduler: Context
        public let options: Context.SchedulerOptions?
        public let customError: (() -> Upstream.Failure)?
        package var stop: StopSignal?

        public init(upstream: Upstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context,
                    options: Context.SchedulerOptions?, customError: (() -> Upstream.Failure)?) {
            self.upstream = upstream
            self.interval = interval
            self.scheduler = scheduler
            self.options = options
            self.customError = customError
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, publisher: self).honouring(stop))
        }
    }
}

extension Publisher {
    /// Finishes (or fails with `customError()`) if the upstream is silent for `interval`.
    public func timeout<S: Scheduler>(_ interval: S.SchedulerTimeType.Stride, scheduler: S,
                                      options: S.SchedulerOptions? = nil,
                                      customError: (() -> Failure)? = nil) -> Publishers.Timeout<Self, S> {
        Publishers.Timeout(upstream: self, interval: interval, scheduler: scheduler, options: options,
                           customError: customError)
    }
}

extension Publishers.Timeout {
    /// Combine's model (OpenCombine's TimeoutTests, run against Apple's): a completion that
    /// has arrived but not yet been delivered can still be cancelled, and is then dropped. The
    /// timer is a repeating one (`now`, `minimumTolerance`, then `schedule(after: now +
    /// interval, interval: interval, …)`), started at the subscription and again at the first
    /// request and at every value, and cancelled once it has fired or the stream has ended. It
    /// holds the subscription, as Combine's does (TimeoutTests.testSetupTimerStrongCapture).
    final class Inner<Downstream: Subscriber>: Relay<Output, Downstream>
    where Downstream.Input == Output, Downstream.Failure == Failure {
        private let interval: Context.SchedulerTimeType.Stride
        private let scheduler: Context
        private let options: Context.SchedulerOptions?
        private let customError: (() -> Failure)?
        private var timer: (any Cancellable)?
        private var requested = false
        /// Set by the timeout, a cancel, or the delivered completion: nothing more goes down.
        private var terminal = false
        /// The upstream, kept until the completion is delivered (demand and a cancel still reach it).
        private var kept: (any Subscription)?

        init(downstream: Downstream, publisher: Publishers.Timeout<Upstream, Context>) {
            interval = publisher.interval
            scheduler = publisher.scheduler
            options = publisher.options
            customError = publisher.customError
            super.init(downstream: downstream, name: "Timeout")
        }

        /// The timer starts before the downstream has its subscription, as in Combine.
        override func receive(subscription: any Subscription) {
            if awaitingSubscription {
                kept = subscription
                restartTimer()
            }
            super.receive(subscription: subscription)
        }

        private func restartTimer() {
            timer?.cancel()
            settingTimer = true
            timer = scheduler.schedule(after: scheduler.now.advanced(by: interval), interval: interval,
                                       tolerance: scheduler.minimumTolerance, options: options) { self.timedOut() }
            settingTimer = false
        }

        /// Set while the timer is being scheduled. Combine's timeout schedules it under its
        /// lock: a scheduler that runs it at once (`ImmediateScheduler`) traps there
        /// (TimeoutTests.testCrashesWithImmediateScheduler).
        private var settingTimer = false

        private func timedOut() {
            guard ContractViolation.check(!settingTimer, "Timeout: its timer ran at once (a timeout needs a scheduler that waits)") else {
                return
            }
            timer.take()?.cancel()
            guard !terminal, upstream.isActive else { return }
            terminal = true
            kept = nil
            upstream.detach()?.cancel()
            let completion: Subscribers.Completion<Failure> = customError.map { .failure($0()) } ?? .finished
            if !isStopped { downstream.receive(completion: completion) }
        }

        // Captured strongly, as Combine does. Source: OpenCombine's
        // TimeoutTests.testReceiveValueScheduleStrongCapture.
        override func relay(_ input: Output) -> Subscribers.Demand {
            guard !terminal else { return .none }
            restartTimer()
            scheduler.schedule(options: options) {
                guard !self.terminal else { return }
                let more = self.downstream.receive(input)
                if more > 0 { self.kept?.request(more) }
            }
            return .none
        }

        override func relay(completion: Subscribers.Completion<Failure>) {
            timer.take()?.cancel()
            scheduler.schedule(options: options) {
                guard !self.terminal else { return }
                self.terminal = true
                self.kept = nil
                self.downstream.receive(completion: completion)
            }
        }

        /// Passed upstream as it is, as Combine's timeout does (even `.none`); the first
        /// request, whatever it is, restarts the timer.
        override func request(_ demand: Subscribers.Demand) {
            guard !terminal, let kept else { return }
            if !requested {
                requested = true
                restartTimer()
            }
            kept.request(demand)
        }

        override func cancel() {
            guard !terminal, let subscription = kept else { return }
            terminal = true
            kept = nil
            timer.take()?.cancel()
            _ = upstream.detach()
            subscription.cancel()
        }
    }
}
