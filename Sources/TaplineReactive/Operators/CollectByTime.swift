extension Publishers {
    /// How `collect(_:)` groups values in time (Combine's `TimeGroupingStrategy`): every
    /// `interval`, or every `interval` and whenever `count` values have gathered.
    public enum TimeGroupingStrategy<Context: Scheduler> {
        case byTime(Context, Context.SchedulerTimeType.Stride)
        case byTimeOrCount(Context, Context.SchedulerTimeType.Stride, Int)
    }

    /// Gathers values and emits them as an array at the end of every interval (an interval
    /// with no value emits nothing); with `.byTimeOrCount`, also as soon as `count` have
    /// gathered. On finish what is left is emitted, then `finished`; a failure drops it.
    ///
    /// ```swift
    /// let clock = VirtualTimeScheduler()
    /// let subject = PassthroughSubject<Int, Never>()
    /// let token = subject.collect(.byTime(clock, .seconds(1))).sink { print($0) }
    /// subject.send(1); subject.send(2)
    /// clock.advance(by: .seconds(1))      // [1, 2]
    /// subject.send(3)
    /// clock.advance(by: .seconds(1))      // [3]
    /// ```
    public struct CollectByTime<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = [Upstream.Output]
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let strategy: TimeGroupingStrategy<Context>
        public let options: Context.SchedulerOptions?

        public init(upstream: Upstream, strategy: TimeGroupingStrategy<Context>, options: Context.SchedulerOptions?) {
            self.upstream = upstream
            self.strategy = strategy
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            switch strategy {
            case .byTime(let scheduler, let interval):
                upstream.subscribe(Inner(downstream: subscriber, scheduler: scheduler, interval: interval, count: nil,
                                         options: options))
            case .byTimeOrCount(let scheduler, let interval, let count):
                upstream.subscribe(Inner(downstream: subscriber, scheduler: scheduler, interval: interval,
                                         count: Swift.max(1, count), options: options))
            }
        }
    }
}

extension Publisher {
    /// Emits arrays of the values gathered in each interval (and, by count, every `count`).
    public func collect<S: Scheduler>(_ strategy: Publishers.TimeGroupingStrategy<S>,
                                      options: S.SchedulerOptions? = nil) -> Publishers.CollectByTime<Self, S> {
        Publishers.CollectByTime(upstream: self, strategy: strategy, options: options)
    }
}

extension Publishers.CollectByTime {
    /// Combine's demand model (CombineX's CollectByTimeSpec, run against Apple's Combine):
    /// by time, each downstream request asks the upstream for one value and each value asks
    /// for one more; by time or count, a request for n arrays asks for n × count values, and
    /// the demand an array returns is asked for again (× count) only when a full array went
    /// out, not when the timer sent one. A group that falls due with no demand waits for the
    /// next tick that finds some. A full group goes out through the scheduler. The ticks are one
    /// repeating timer, started at the subscription.
    final class Inner<Downstream: Subscriber>: Relay<Upstream.Output, Downstream>
    where Downstream.Input == Output, Downstream.Failure == Failure {
        private let scheduler: Context
        private let options: Context.SchedulerOptions?
        /// The scheduler as a virtual clock, which can be told when a tick is worth waiting for.
        private let clock: (any VirtualClockScheduler)?
        private let interval: Context.SchedulerTimeType.Stride
        private let count: Int?
        private var buffer: [Upstream.Output] = []
        private var demand = Subscribers.Demand.none
        private var timer: (any Cancellable)?
        /// Set by a cancel and by the delivered completion: nothing more goes down.
        private var terminal = false

        init(downstream: Downstream, scheduler: Context, interval: Context.SchedulerTimeType.Stride, count: Int?,
             options: Context.SchedulerOptions?) {
            self.scheduler = scheduler
            self.options = options
            clock = scheduler as? any VirtualClockScheduler
            self.interval = interval
            self.count = count
            super.init(downstream: downstream, name: "CollectByTime")
        }

        /// The timer starts at the subscription and ticks every interval from then on.
        override func receive(subscription: any Subscription) {
            if awaitingSubscription {
                timer = scheduler.schedule(after: scheduler.now.advanced(by: interval), interval: interval,
                                           tolerance: scheduler.minimumTolerance, options: options) { [weak self] in
                    self?.tick()
                }
                waitForGroup()
            }
            super.receive(subscription: subscription)
        }

        /// The ticks go on for ever while the group is empty; one with values has them to
        /// deliver, and a clock run until it is quiet waits for it.
        private func waitForGroup() {
            if let timer { clock?.setWaitedFor(timer, !buffer.isEmpty) }
        }

        deinit { timer?.cancel() }

        private func tick() {
            guard !terminal, upstream.isActive else {
                timer.take()?.cancel()
                return
            }
            guard !buffer.isEmpty, demand > 0 else { return }
            demand -= 1
            let group = buffer
            buffer.removeAll()
            demand += downstream.receive(group)
            waitForGroup()
        }

        override func relay(_ input: Upstream.Output) -> Subscribers.Demand {
            buffer.append(input)
            if buffer.count == 1 { waitForGroup() }
            guard let count else { return .max(1) }
            if buffer.count >= count {
                let group = buffer
                buffer.removeAll()
                scheduler.schedule(options: options) { [weak self] in self?.sendFull(group, count: count) }
            }
            return .none
        }

        private func sendFull(_ group: [Upstream.Output], count: Int) {
            guard !terminal, demand > 0 else { return }
            demand -= 1
            let more = downstream.receive(group)
            demand += more
            if more > 0 { upstream.request(more * count) }
        }

        /// A finish sends what is left (whatever the demand), then `finished`, through the
        /// scheduler; a failure drops what is left (CombineX's VersioningCollectByTimeSpec).
        override func relay(completion: Subscribers.Completion<Failure>) {
            timer?.cancel()
            scheduler.schedule(options: options) {
                guard !self.terminal else { return }
                self.terminal = true
                let group = self.buffer
                self.buffer.removeAll()
                if case .finished = completion, !group.isEmpty { _ = self.downstream.receive(group) }
                self.downstream.receive(completion: completion)
            }
        }

        override func request(_ demand: Subscribers.Demand) {
            guard !terminal, upstream.isActive, demand > 0 else { return }
            self.demand += demand
            upstream.request(count.map { demand * $0 } ?? .max(1))
        }

        override func cancel() {
            guard !terminal else { return }
            terminal = true
            timer?.cancel()
            buffer.removeAll()
            super.cancel()
        }
    }
}
