extension Publishers {
    /// Emits a value only after `dueTime` has passed without another value; a newer value
    /// replaces a pending one. On completion a pending value is dropped.
    ///
    /// ```swift
    /// let clock = VirtualTimeScheduler()
    /// let typed = PassthroughSubject<String, Never>()
    /// let token = typed.debounce(for: .milliseconds(300), scheduler: clock).sink { print($0) }
    /// typed.send("s"); typed.send("sw")
    /// clock.advance(by: .milliseconds(300))   // sw
    /// ```
    public struct Debounce<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let dueTime: Duration
        public let scheduler: any Scheduler

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, dueTime: dueTime, scheduler: scheduler))
        }
    }
}

extension Publisher {
    /// Waits for a pause of `dueTime` before emitting the latest value.
    public func debounce(for dueTime: Duration, scheduler: any Scheduler) -> Publishers.Debounce<Self> {
        Publishers.Debounce(upstream: self, dueTime: dueTime, scheduler: scheduler)
    }
}

extension Publishers.Debounce {
    final class Inner<Downstream: Subscriber>: Relay<Output, Downstream>
    where Downstream.Input == Output, Downstream.Failure == Failure {
        let dueTime: Duration
        let scheduler: any Scheduler
        var demand = Subscribers.Demand.none
        var pending: Output?
        var timer: (any Cancellable)?

        init(downstream: Downstream, dueTime: Duration, scheduler: any Scheduler) {
            self.dueTime = dueTime
            self.scheduler = scheduler
            super.init(downstream: downstream, name: "Debounce")
        }

        override func didSubscribe() { upstream.request(.unlimited) }

        override var mirrorChildren: KeyValuePairs<String, Any> {
            ["downstream": downstream, "downstreamDemand": demand, "currentValue": pending as Any]
        }

        override func request(_ demand: Subscribers.Demand) { self.demand += demand }

        override func relay(_ input: Output) -> Subscribers.Demand {
            pending = input
            timer?.cancel()
            // Held strongly, as Combine's timer holds it: a pending value keeps the chain
            // alive until it is due (the clock drops the action once it has run or is cancelled).
            timer = scheduler.schedule(after: dueTime) { self.fire() }
            return .none
        }

        private func fire() {
            timer = nil
            guard let value = pending, !upstream.isEnded else { return }
            pending = nil
            guard demand > 0 else { return }
            demand -= 1
            demand += downstream.receive(value)
        }

        /// A pending value is dropped; the completion goes out through the scheduler, as
        /// soon as possible, as Combine's does.
        override func relay(completion: Subscribers.Completion<Failure>) {
            timer?.cancel()
            timer = nil
            pending = nil
            scheduler.schedule { [downstream] in downstream.receive(completion: completion) }
        }

        override func cancel() {
            timer?.cancel()
            pending = nil
            super.cancel()
        }
    }
}
