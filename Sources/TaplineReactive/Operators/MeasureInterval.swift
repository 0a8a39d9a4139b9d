extension Publishers {
    /// Emits, for each value, the time since the previous one (the first: since the
    /// subscription), as the scheduler's stride: here a `Duration`. The completion passes on.
    ///
    /// ```swift
    /// let clock = VirtualTimeScheduler()
    /// let subject = PassthroughSubject<Int, Never>()
    /// let token = subject.measureInterval(using: clock).sink { print($0) }
    /// clock.advance(by: .milliseconds(300)); subject.send(1)   // 0.3 seconds
    /// clock.advance(by: .seconds(1)); subject.send(2)          // 1.0 seconds
    /// ```
    public struct MeasureInterval<Upstream: Publisher>: Publisher {
        public typealias Output = Duration
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let scheduler: any Scheduler

        public init(upstream: Upstream, scheduler: any Scheduler) {
            self.upstream = upstream
            self.scheduler = scheduler
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, scheduler: scheduler))
        }
    }
}

extension Publisher {
    /// Measures the time between values on `scheduler`'s clock.
    public func measureInterval(using scheduler: any Scheduler) -> Publishers.MeasureInterval<Self> {
        Publishers.MeasureInterval(upstream: self, scheduler: scheduler)
    }
}

extension Publishers.MeasureInterval {
    final class Inner<Downstream: Subscriber>: Relay<Upstream.Output, Downstream>
    where Downstream.Input == Duration, Downstream.Failure == Failure {
        private let scheduler: any Scheduler
        private var last = VirtualTime.zero

        init(downstream: Downstream, scheduler: any Scheduler) {
            self.scheduler = scheduler
            super.init(downstream: downstream, name: "MeasureInterval")
        }

        /// The clock is read before the downstream has its subscription, as in Combine, so a
        /// value a synchronous upstream sends during it is measured from the subscription.
        override func receive(subscription: any Subscription) {
            if awaitingSubscription { last = scheduler.now }
            super.receive(subscription: subscription)
        }

        /// The demand the downstream returns is requested upstream, not returned: Combine's
        /// measureInterval returns `.none` for every value.
        override func relay(_ input: Upstream.Output) -> Subscribers.Demand {
            let now = scheduler.now
            let interval = now - last
            last = now
            let more = downstream.receive(interval)
            if more > 0 { upstream.request(more) }
            return .none
        }
    }
}
