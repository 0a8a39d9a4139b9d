extension Publishers {
    /// Emits at most one value per `interval`: the first value through the scheduler as soon
    /// as possible, then, when the interval since the last emission has passed, the latest
    /// (or, with `latest: false`, the first) value that arrived meanwhile. On finish a value
    /// still waiting is emitted, then the completion; both go through the scheduler.
    ///
    /// ```swift
    /// let clock = VirtualTimeScheduler()
    /// let clicks = PassthroughSubject<Int, Never>()
    /// let token = clicks.throttle(for: .seconds(1), scheduler: clock, latest: true).sink { print($0) }
    /// clicks.send(1)                     // 1
    /// clicks.send(2); clicks.send(3)
    /// clock.advance(by: .seconds(1))     // 3
    /// ```
    public struct Throttle<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let interval: Context.SchedulerTimeType.Stride
        public let scheduler: Context
        public let latest: Bool

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, interval: interval, scheduler: scheduler, latest: latest))
        }
    }
}

extension Publisher {
    /// Emits at most one value per `interval`, keeping the latest or the first of each interval.
    public func throttle<S: Scheduler>(for interval: S.SchedulerTimeType.Stride, scheduler: S,
                                       latest: Bool) -> Publishers.Throttle<Self, S> {
        Publishers.Throttle(upstream: self, interval: interval, scheduler: scheduler, latest: latest)
    }
}

extension Publishers.Throttle {
    /// Combine's model (DESIGN §8): a value that finds nothing scheduled is scheduled for
    /// max(now, last emission + interval), through the scheduler even when that is now;
    /// while it waits, `latest: true` replaces it with each newer value and `latest: false`
    /// keeps it. A completion goes out with the waiting value, or on its own through the
    /// scheduler. Values that find no demand are dropped. The subscriber is let go at the end.
    /// It asks the scheduler what Combine's asks, in the same order (OpenCombine's
    /// ThrottleTests, run against Apple's Combine): the time of every event it receives, and
    /// of each value it emits; `minimumTolerance` only for an emission scheduled later.
    final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomReflectable,
        CustomPlaygroundDisplayConvertible
    where Downstream.Input == Output, Downstream.Failure == Failure {
        private enum State {
            case awaiting(Link)
            case subscribed(Link)
            case finishing(Link)   // a completion waits to go out
            case ended
        }

        /// The subscriber and the upstream's subscription, in a class. This code runs
        /// unspecialised for a chain made at run time; a `State` whose payloads are all
        /// references has one layout for every subscriber type, so telling its cases apart
        /// looks nothing up, where a subscriber held in the enum itself made each value
        /// look the enum's type up.
        private final class Link {
            let downstream: Downstream
            var subscription: (any Subscription)?
            init(_ downstream: Downstream) { self.downstream = downstream }
        }

        private var state: State
        private let interval: Context.SchedulerTimeType.Stride
        private let scheduler: Context
        private let latest: Bool
        private var demand = Subscribers.Demand.none
        /// A value waiting to go out (see `Boxed`: with `latest: true` each value of a burst
        /// replaces it).
        private var pendingValue: Boxed<Output>?
        private var pendingCompletion: Subscribers.Completion<Failure>?
        /// Whether a completion waits: kept beside it, since asking an optional of a generic
        /// type whether it holds something looks its type's metadata up, at every value a
        /// burst sends. A waiting value's box is a reference, which costs nothing to ask.
        private var completionWaits = false
        private var valueWaits: Bool { pendingValue != nil }
        private var lastEmission: Context.SchedulerTimeType?
        /// The scheduler as a virtual clock, with the interval in its stride, when it is one
        /// (`VirtualClockView`; kept apart, as an optional pair costs a look-up to unwrap); the
        /// last emission is then kept in the clock's time.
        private let clock: (any VirtualClockScheduler)?
        private let clockInterval: VirtualTime.Stride
        private var lastEmissionOnClock: VirtualTime?
        /// What a scheduled emission holds: it reaches this stage while the stage lives, as a
        /// weak reference would, without the side table a weak reference gives its object
        /// (every retain and release of the stage then goes through it).
        private let emission: Emission
        /// What is scheduled for each emission: one closure, made once, that holds `emission`.
        private let emitLater: () -> Void

        init(downstream: Downstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context, latest: Bool) {
            let emission = Emission()
            (self.emission, emitLater) = (emission, { emission.fire?() })
            state = .awaiting(Link(downstream))
            self.interval = interval
            self.scheduler = scheduler
            self.latest = latest
            let view = VirtualClockView(scheduler, interval)
            (clock, clockInterval) = (view?.clock, view?.stride ?? .zero)
            noteEvent()
            // Strong for the call (the emission may be what lets the stage go): taken out of an
            // unretained reference that `deinit` clears before the stage is gone.
            let stage = Unmanaged.passUnretained(self)
            emission.fire = {
                let strong = stage.takeUnretainedValue()
                strong.emit()
            }
        }

        // Before the stage goes: an emission still scheduled then does nothing.
        deinit { emission.fire = nil }

        /// Combine's throttle reads the time of every event it receives (the subscriber's
        /// making, its subscription, a value, the completion); so does this, so that a
        /// scheduler sees each read.
        private func noteEvent() {
            if let clock { _ = clock.now } else { _ = scheduler.now }
        }

        var description: String { "Throttle" }
        var customMirror: Mirror { Mirror(self, children: [:]) }
        var playgroundDescription: Any { description }

        func receive(subscription: any Subscription) {
            guard case .awaiting(let link) = state else {
                subscription.cancel()
                return
            }
            noteEvent()
            link.subscription = subscription
            state = .subscribed(link)
            subscription.request(.unlimited)
            link.downstream.receive(subscription: self)
        }

        func receive(_ input: Output) -> Subscribers.Demand {
            guard case .subscribed = state else { return .none }
            if let clock {
                let now = clock.now
                guard accepts(input) else { return .none }
                let earliest = lastEmissionOnClock.map { $0.advanced(by: clockInterval) } ?? now
                if earliest <= now {
                    clock.schedule(emitLater)
                } else {
                    clock.schedule(after: earliest, emitLater)
                }
            } else {
                receiveOnScheduler(input)
            }
            return .none
        }

        /// `receive(_:)` on a scheduler that is not a virtual clock. Out of line: its optional
        /// time is of the scheduler's generic type, which Swift would otherwise look up
        /// wherever `receive(_:)` runs, on a virtual clock too.
        @inline(never)
        private func receiveOnScheduler(_ input: Output) {
            let now = scheduler.now
            guard accepts(input) else { return }
            let earliest = lastEmission.map { $0.advanced(by: interval) } ?? now
            if earliest <= now {
                scheduler.schedule(emitLater)
            } else {
                scheduler.schedule(after: earliest, emitLater)
            }
        }

        /// Takes a value: true when it found demand and nothing waiting, and is to be scheduled;
        /// otherwise it replaces what waits (`latest: true`) or is dropped.
        private func accepts(_ input: Output) -> Bool {
            guard demand > 0 else { return false }
            if valueWaits || completionWaits {
                // Only a value waits here: a completion ends the `.subscribed` state.
                if latest { pendingValue?.value = input }
                return false
            }
            demand -= 1
            pendingValue = Boxed(input)
            return true
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            guard case .subscribed(let link) = state else { return }
            noteEvent()
            state = .finishing(link)
            let waiting = valueWaits || completionWaits
            pendingCompletion = completion
            completionWaits = true
            if !waiting { scheduler.schedule(emitLater) }
        }

        /// Delivers what waits: the value, then the completion if one came.
        private func emit() {
            let link: Link
            switch state {
            case .subscribed(let current), .finishing(let current): link = current
            case .awaiting, .ended: return
            }
            if completionWaits { return emitEnding(link) }
            guard let value = pendingValue else { return }
            noteEmission()
            pendingValue = nil
            let more = link.downstream.receive(value.value)
            demand += more
        }

        /// What waits when a completion does: the value, if one, then the completion. Out of
        /// line: the completion's optional is of a generic type, which unspecialised code
        /// looks up wherever a function uses it, and `emit` runs for every value.
        @inline(never)
        private func emitEnding(_ link: Link) {
            let value = pendingValue
            pendingValue = nil
            let completion = pendingCompletion.take()
            completionWaits = false
            if completion != nil { state = .ended }
            let more = value.map { link.downstream.receive($0.value) } ?? .none
            if let completion { link.downstream.receive(completion: completion) }
            demand += more
        }

        /// The time of a value emitted alone, which the next one is spaced from.
        private func noteEmission() {
            if let clock { lastEmissionOnClock = clock.now } else { noteEmissionOnScheduler() }
        }

        /// Out of line, as `receiveOnScheduler`.
        @inline(never)
        private func noteEmissionOnScheduler() { lastEmission = scheduler.now }

        func request(_ demand: Subscribers.Demand) {
            guard case .subscribed = state else { return }
            self.demand += demand
        }

        /// Cancels upstream and drops what waits; the subscriber is let go. A subscription
        /// that comes after a cancel before any subscription is cancelled (Combine's throttle).
        func cancel() {
            switch state {
            case .subscribed(let link), .finishing(let link):
                state = .ended
                pendingValue = nil
                pendingCompletion = nil
                completionWaits = false
                link.subscription?.cancel()
            case .awaiting:
                state = .ended
            case .ended:
                return
            }
        }
    }
}

/// A throttle's way from a scheduled emission back to its stage (see `Throttle.Inner`).
private final class Emission {
    var fire: (() -> Void)?
}
