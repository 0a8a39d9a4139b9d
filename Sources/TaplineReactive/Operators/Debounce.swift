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
    public struct Debounce<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let dueTime: Context.SchedulerTimeType.Stride
        public let scheduler: Context
        public let options: Context.SchedulerOptions?

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, dueTime: dueTime, scheduler: scheduler, options: options))
        }
    }
}

extension Publisher {
    /// Waits for a pause of `dueTime` before emitting the latest value.
    public func debounce<S: Scheduler>(for dueTime: S.SchedulerTimeType.Stride, scheduler: S,
                                       options: S.SchedulerOptions? = nil) -> Publishers.Debounce<Self, S> {
        Publishers.Debounce(upstream: self, dueTime: dueTime, scheduler: scheduler, options: options)
    }
}

extension Publishers.Debounce {
    /// Each value starts a repeating timer (Combine's: `now`, `minimumTolerance`, then
    /// `schedule(after: now + dueTime, interval: dueTime, …)`) and cancels the one before. A
    /// timer delivers only the value it was started for, once, then is cancelled; a timer that
    /// cannot be cancelled (a scheduler that ignores it) fires on without effect. On a virtual
    /// clock, where a cancelled timer never runs, the waiting timer is moved on to each new
    /// value's due time instead (`retime`), and delivers the value current when it runs.
    /// Source: OpenCombine's DebounceTests, run against Apple's Combine.
    final class Inner<Downstream: Subscriber>: Relay<Output, Downstream>
    where Downstream.Input == Output, Downstream.Failure == Failure {
        let dueTime: Context.SchedulerTimeType.Stride
        let scheduler: Context
        let options: Context.SchedulerOptions?
        var demand = Subscribers.Demand.none
        /// The value waiting for the due time, when `hasPending`: in a slot of raw memory made
        /// once, where a `Boxed` made for each wait would have Swift look its type up (this
        /// code runs unspecialised) and allocate it.
        private let pending = UnsafeMutablePointer<Output>.allocate(capacity: 1)
        private var hasPending = false
        /// Which value the current timer is for: an older timer that fires finds it moved on.
        var generation: UInt64 = 0
        var timer: (any Cancellable)?
        /// The current timer as the virtual clock's own handle, which it retimes. `timer` keeps
        /// it (it is the same object, set and cleared with it): unmanaged here, so that handing
        /// it to the clock at every value counts no reference (a `let` bound from an unowned
        /// one is a counted copy).
        private var clockTimer: Unmanaged<ScheduledAction>?
        /// The scheduler as a virtual clock, with the due time in its stride, when it is one
        /// (`VirtualClockView`; kept apart, as an optional pair costs a look-up to unwrap).
        /// The same object as `scheduler`; held as that is, a constant read without a count.
        private let clock: (any VirtualClockScheduler)?
        private let clockDueTime: VirtualTime.Stride

        init(downstream: Downstream, dueTime: Context.SchedulerTimeType.Stride, scheduler: Context,
             options: Context.SchedulerOptions?) {
            self.dueTime = dueTime
            self.scheduler = scheduler
            self.options = options
            let view = VirtualClockView(scheduler, dueTime)
            (clock, clockDueTime) = (view?.clock, view?.stride ?? .zero)
            super.init(downstream: downstream, name: "Debounce")
        }

        override func didSubscribe() { upstream.request(.unlimited) }

        override var mirrorChildren: KeyValuePairs<String, Any> {
            ["downstream": downstream, "downstreamDemand": demand, "currentValue": (hasPending ? pending.pointee : nil) as Any]
        }

        override func request(_ demand: Subscribers.Demand) { self.demand += demand }

        override func relay(_ input: Output) -> Subscribers.Demand {
            generation &+= 1
            if hasPending {
                pending.pointee = input
            } else {
                pending.initialize(to: input)
                hasPending = true
            }
            // The one before is cancelled first (Combine's cancels it just after; no scheduler
            // can tell). Held strongly, as Combine's timer holds it: a pending value keeps the
            // chain alive until it is due (the clock drops the action once it is cancelled).
            // `now`, `minimumTolerance`, then a timer at now + due time, every due time.
            if let clock {
                let due = clock.now.advanced(by: clockDueTime)
                // A virtual clock may move the waiting timer there instead, which is the same
                // to everything it runs (`VirtualClockScheduler.retime`).
                if let clockTimer, clockTimer._withUnsafeGuaranteedRef({ clock.retime($0, to: due) }) { return .none }
                timer?.cancel()
                // A cancelled timer never runs on a virtual clock: the one that runs is the
                // current one, retimed or not.
                let started = clock.schedule(after: due, interval: clockDueTime, tolerance: clock.minimumTolerance, options: nil) {
                    self.fire(nil)
                }
                timer = started
                clockTimer = (started as? ScheduledAction).map(Unmanaged.passUnretained)
            } else {
                timer?.cancel()
                timer = startTimer { [generation] in self.fire(generation) }
            }
            return .none
        }

        private func startTimer(_ action: @escaping () -> Void) -> any Cancellable {
            let due = scheduler.now.advanced(by: dueTime)
            return scheduler.schedule(after: due, interval: dueTime, tolerance: scheduler.minimumTolerance,
                                      options: options, action)
        }

        /// The timer for value `started` (nil: the current one) is due.
        private func fire(_ started: UInt64?) {
            if let started, started != generation { return }
            guard hasPending else { return }
            let value = pending.move()
            hasPending = false
            timer.take()?.cancel()
            clockTimer = nil
            guard !upstream.isEnded, demand > 0 else { return }
            demand -= 1
            demand += downstream.receive(value)
        }

        /// A pending value is dropped; the completion goes out through the scheduler, as
        /// soon as possible, as Combine's does (with no options).
        override func relay(completion: Subscribers.Completion<Failure>) {
            timer.take()?.cancel()
            clockTimer = nil
            dropPending()
            scheduler.schedule(options: nil) { [downstream] in downstream.receive(completion: completion) }
        }

        override func cancel() {
            timer.take()?.cancel()
            clockTimer = nil
            dropPending()
            super.cancel()
        }

        private func dropPending() {
            guard hasPending else { return }
            pending.deinitialize(count: 1)
            hasPending = false
        }

        deinit {
            dropPending()
            pending.deallocate()
        }
    }
}
