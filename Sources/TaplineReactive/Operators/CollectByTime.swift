extension Publishers {
    /// How `collect(_:)` groups values in time (Combine's `TimeGroupingStrategy`): every
    /// `interval`, or every `interval` and whenever `count` values have gathered.
    public enum TimeGroupingStrategy {
        case byTime(any Scheduler, Duration)
        case byTimeOrCount(any Scheduler, Duration, Int)
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
    public struct CollectByTime<Upstream: Publisher>: Publisher {
        public typealias Output = [Upstream.Output]
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let strategy: TimeGroupingStrategy

        public init(upstream: Upstream, strategy: TimeGroupingStrategy) {
            self.upstream = upstream
            self.strategy = strategy
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            switch strategy {
            case .byTime(let scheduler, let interval):
                upstream.subscribe(Inner(downstream: subscriber, scheduler: scheduler, interval: interval, count: nil))
            case .byTimeOrCount(let scheduler, let interval, let count):
                upstream.subscribe(Inner(downstream: subscriber, scheduler: scheduler, interval: interval,
                                         count: Swift.max(1, count)))
            }
        }
    }
}

extension Publisher {
    /// Emits arrays of the values gathered in each interval (and, by count, every `count`).
    public func collect(_ strategy: Publishers.TimeGroupingStrategy) -> Publishers.CollectByTime<Self> {
        Publishers.CollectByTime(upstream: self, strategy: strategy)
    }
}

extension Publishers.CollectByTime {
    /// Combine's demand model (CombineX's CollectByTimeSpec, run against Apple's Combine):
    /// by time, each downstream request asks the upstream for one value and each value asks
    /// for one more; by time or count, a request for n arrays asks for n × count values, and
    /// the demand an array returns is asked for again (× count) only when a full array went
    /// out, not when the timer sent one. A group that falls due with no demand waits for the
    /// next tick that finds some. A full group goes out through the scheduler.
    final class Inner<Downstream: Subscriber>: Relay<Upstream.Output, Downstream>
    where Downstream.Input == Output, Downstream.Failure == Failure {
        private let scheduler: any Scheduler
        private let interval: Duration
        private let count: Int?
        private var buffer: [Upstream.Output] = []
        private var demand = Subscribers.Demand.none
        private var timer: (any Cancellable)?
        private var nextTick = VirtualTime.zero
        /// Set by a cancel and by the delivered completion: nothing more goes down.
        private var terminal = false

        init(downstream: Downstream, scheduler: any Scheduler, interval: Duration, count: Int?) {
            self.scheduler = scheduler
            self.interval = interval > .zero ? interval : .nanoseconds(1)
            self.count = count
            super.init(downstream: downstream, name: "CollectByTime")
        }

        /// The timer starts at the subscription and ticks every interval from then on.
        override func receive(subscription: any Subscription) {
            if awaitingSubscription {
                nextTick = scheduler.now
                scheduleTick()
            }
            super.receive(subscription: subscription)
        }

        private func scheduleTick() {
            nextTick = nextTick + interval
            let next = scheduler.scheduleTick(after: nextTick - scheduler.now) { [weak self] in self?.tick() }
            timer = next
            waitForGroup()
        }

        /// The next tick repeats for ever while the group is empty; one with values has them to
        /// deliver, and a clock run until it is quiet waits for it.
        private func waitForGroup() {
            if let timer { scheduler.setWaitedFor(timer, !buffer.isEmpty) }
        }

        private func tick() {
            guard !terminal, upstream.isActive else { return }
            scheduleTick()
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
                scheduler.schedule { [weak self] in self?.sendFull(group, count: count) }
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
            scheduler.schedule {
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
