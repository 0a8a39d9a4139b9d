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
    public struct Timeout<Upstream: Publisher>: Publisher, Stoppable {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let interval: Duration
        public let scheduler: any Scheduler
        public let customError: (() -> Upstream.Failure)?
        package var stop: StopSignal?

        public init(upstream: Upstream, interval: Duration, scheduler: any Scheduler,
                    customError: (() -> Upstream.Failure)?) {
            self.upstream = upstream
            self.interval = interval
            self.scheduler = scheduler
            self.customError = customError
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, interval: interval, scheduler: scheduler,
                                     customError: customError).honouring(stop))
        }
    }
}

extension Publisher {
    /// Finishes (or fails with `customError()`) if the upstream is silent for `interval`.
    public func timeout(_ interval: Duration, scheduler: any Scheduler,
                        customError: (() -> Failure)? = nil) -> Publishers.Timeout<Self> {
        Publishers.Timeout(upstream: self, interval: interval, scheduler: scheduler, customError: customError)
    }
}

extension Publishers.Timeout {
    /// Combine's model (OpenCombine's TimeoutTests, run against Apple's): a completion that
    /// has arrived but not yet been delivered can still be cancelled, and is then dropped.
    final class Inner<Downstream: Subscriber>: Relay<Output, Downstream>
    where Downstream.Input == Output, Downstream.Failure == Failure {
        private let interval: Duration
        private let scheduler: any Scheduler
        private let customError: (() -> Failure)?
        private var timer: (any Cancellable)?
        private var requested = false
        /// Set by the timeout, a cancel, or the delivered completion: nothing more goes down.
        private var terminal = false
        /// The upstream, kept until the completion is delivered (demand and a cancel still reach it).
        private var kept: (any Subscription)?

        init(downstream: Downstream, interval: Duration, scheduler: any Scheduler, customError: (() -> Failure)?) {
            self.interval = interval
            self.scheduler = scheduler
            self.customError = customError
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
            timer = scheduler.schedule(after: interval) { [weak self] in self?.timedOut() }
        }

        private func timedOut() {
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
            scheduler.schedule {
                guard !self.terminal else { return }
                let more = self.downstream.receive(input)
                if more > 0 { self.kept?.request(more) }
            }
            return .none
        }

        override func relay(completion: Subscribers.Completion<Failure>) {
            timer?.cancel()
            scheduler.schedule {
                guard !self.terminal else { return }
                self.terminal = true
                self.kept = nil
                self.downstream.receive(completion: completion)
            }
        }

        override func request(_ demand: Subscribers.Demand) {
            guard !terminal, let kept, demand > 0 else { return }
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
            timer?.cancel()
            _ = upstream.detach()
            subscription.cancel()
        }
    }
}
