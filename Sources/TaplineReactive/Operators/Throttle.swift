extension Publishers {
    /// Emits at most one value per `interval`: the first value at once, then, at the end of
    /// each interval, the latest (or, with `latest: false`, the first) value that arrived
    /// during it. On finish a value still waiting is emitted, then the completion.
    ///
    /// ```swift
    /// let clock = VirtualTimeScheduler()
    /// let clicks = PassthroughSubject<Int, Never>()
    /// let token = clicks.throttle(for: .seconds(1), scheduler: clock, latest: true).sink { print($0) }
    /// clicks.send(1)                     // 1
    /// clicks.send(2); clicks.send(3)
    /// clock.advance(by: .seconds(1))     // 3
    /// ```
    public struct Throttle<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let interval: Duration
        public let scheduler: any Scheduler
        public let latest: Bool

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, interval: interval, scheduler: scheduler, latest: latest))
        }
    }
}

extension Publisher {
    /// Emits at most one value per `interval`, keeping the latest or the first of each interval.
    public func throttle(for interval: Duration, scheduler: any Scheduler, latest: Bool) -> Publishers.Throttle<Self> {
        Publishers.Throttle(upstream: self, interval: interval, scheduler: scheduler, latest: latest)
    }
}

extension Publishers.Throttle {
    final class Inner<Downstream: Subscriber>: Relay<Output, Downstream>
    where Downstream.Input == Output, Downstream.Failure == Failure {
        let interval: Duration
        let scheduler: any Scheduler
        let latest: Bool
        var demand = Subscribers.Demand.none
        var pending: Output?
        /// Set while an interval is running: values wait for its end.
        var window: (any Cancellable)?

        init(downstream: Downstream, interval: Duration, scheduler: any Scheduler, latest: Bool) {
            self.interval = interval
            self.scheduler = scheduler
            self.latest = latest
            super.init(downstream: downstream, name: "Throttle")
        }

        override func didSubscribe() { upstream.request(.unlimited) }
        override var cancelsLateSubscription: Bool { true }

        override func request(_ demand: Subscribers.Demand) { self.demand += demand }

        override func relay(_ input: Output) -> Subscribers.Demand {
            if window == nil {
                emit(input)
                openWindow()
            } else if latest || pending == nil {
                pending = input
            }
            return .none
        }

        private func openWindow() {
            window = scheduler.schedule(after: interval) { [weak self] in self?.closeWindow() }
        }

        private func closeWindow() {
            window = nil
            guard let value = pending, !upstream.isEnded else { return }
            pending = nil
            emit(value)
            openWindow()
        }

        private func emit(_ value: Output) {
            guard demand > 0 else { return }
            demand -= 1
            demand += downstream.receive(value)
        }

        override func relay(completion: Subscribers.Completion<Failure>) {
            window?.cancel()
            window = nil
            if case .finished = completion, let value = pending { emit(value) }
            pending = nil
            downstream.receive(completion: completion)
        }

        override func cancel() {
            window?.cancel()
            window = nil
            pending = nil
            super.cancel()
        }
    }
}
