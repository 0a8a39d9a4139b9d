extension Publishers {
    /// Emits, for each value, the time since the previous one (the first: since the
    /// subscription), as the scheduler's stride. The completion passes on.
    ///
    /// ```swift
    /// let clock = VirtualTimeScheduler()
    /// let subject = PassthroughSubject<Int, Never>()
    /// let token = subject.measureInterval(using: clock).sink { print($0) }
    /// clock.advance(by: .milliseconds(300)); subject.send(1)   // 300ms
    /// clock.advance(by: .seconds(1)); subject.send(2)          // 1000ms
    /// ```
    public struct MeasureInterval<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Context.SchedulerTimeType.Stride
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let scheduler: Context

        public init(upstream: Upstream, scheduler: Context) {
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
    public func measureInterval<S: Scheduler>(using scheduler: S, options: S.SchedulerOptions? = nil)
        -> Publishers.MeasureInterval<Self, S> {
        Publishers.MeasureInterval(upstream: self, scheduler: scheduler)
    }
}

extension Publishers.MeasureInterval {
    final class Inner<Downstream: Subscriber>: Relay<Upstream.Output, Downstream>
    where Downstream.Input == Context.SchedulerTimeType.Stride, Downstream.Failure == Failure {
        private let scheduler: Context
        private var last: Context.SchedulerTimeType?

        init(downstream: Downstream, scheduler: Context) {
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
        /// Passed on as it is, even `.none` (MeasureIntervalTests.testRequest).
        override func request(_ demand: Subscribers.Demand) { upstream.requestAsIs(demand) }

        override func relay(_ input: Upstream.Output) -> Subscribers.Demand {
            let now = scheduler.now
            let interval = (last ?? now).distance(to: now)
            last = now
            let more = downstream.receive(interval)
            if more > 0 { upstream.request(more) }
            return .none
        }
    }
}
