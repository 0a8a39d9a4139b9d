/// Foundation's `Timer.publish(every:on:in:)` for the virtual clock (Foundation's Timer is
/// not available to the core, and a second type named `Timer` would clash with it where
/// both are imported).
///
/// ```swift
/// let clock = VirtualTimeScheduler()
/// let timer = VirtualTimer.publish(every: .milliseconds(500), on: clock)
/// let token = timer.autoconnect().sink { print($0) }
/// clock.advance(by: .seconds(1))
/// // 500ms
/// // 1000ms
/// ```
public enum VirtualTimer {
    /// A connectable publisher that, once connected, ticks every `interval` on `scheduler`,
    /// emitting the scheduler's time. `tolerance` is kept for Combine's shape; a virtual
    /// clock is exact.
    public static func publish(every interval: Duration, tolerance: Duration? = nil,
                               on scheduler: any VirtualClockScheduler) -> TimerPublisher {
        TimerPublisher(interval: interval, tolerance: tolerance, scheduler: scheduler)
    }

    /// Combine's `Timer.TimerPublisher`: a tick goes to every subscriber that has demand
    /// (one without demand misses it), in subscription order. It never completes.
    /// Each `connect()` starts its own ticking; cancelling any connection disconnects every
    /// subscriber, as Foundation's does (OpenCombine's TimerPublisherTests.testConnectMultipleTimes).
    public final class TimerPublisher: ConnectablePublisher {
        public typealias Output = VirtualTime
        public typealias Failure = Never
        public let interval: Duration
        public let tolerance: Duration?
        public let scheduler: any VirtualClockScheduler
        private var sides: [TimerSide] = []

        public init(interval: Duration, tolerance: Duration? = nil, scheduler: any VirtualClockScheduler) {
            self.interval = interval
            self.tolerance = tolerance
            self.scheduler = scheduler
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == VirtualTime, S.Failure == Never {
            let side = Side(parent: self, downstream: subscriber)
            sides.append(side)
            subscriber.receive(subscription: side)
        }

        public func connect() -> any Cancellable {
            let connection = Connection(publisher: self)
            connection.scheduleTick()
            return connection
        }

        fileprivate func tick() {
            let now = scheduler.now
            for side in sides { side.send(now) }
        }

        fileprivate func disconnect(_ side: TimerSide) { sides.removeAll { $0 === side } }
        fileprivate func disconnectAll() { sides.removeAll() }
    }
}

extension VirtualTimer.TimerPublisher {
    /// One connection. Like a Foundation timer held by its run loop, it is kept by the
    /// scheduler (the pending tick holds it, and it holds the publisher) until cancelled:
    /// dropping the `Cancellable` does not stop it, as in Combine. A non-positive interval
    /// ticks every 0.1 ms, as Foundation's Timer does (not every nanosecond: `wait 1s` would
    /// then run a billion ticks).
    final class Connection: Cancellable {
        private let publisher: VirtualTimer.TimerPublisher
        private var pending: (any Cancellable)?
        private let interval: Duration

        init(publisher: VirtualTimer.TimerPublisher) {
            self.publisher = publisher
            interval = publisher.interval > .zero ? publisher.interval : .microseconds(100)
        }

        func scheduleTick() {
            pending = publisher.scheduler.scheduleTick(after: interval) {
                self.scheduleTick()
                self.publisher.tick()
            }
        }

        func cancel() {
            pending?.cancel()
            pending = nil
            publisher.disconnectAll()
        }
    }

    /// One subscriber's subscription: counts its demand.
    final class Side<Downstream: Subscriber>: TimerSide, Subscription
    where Downstream.Input == VirtualTime, Downstream.Failure == Never {
        private weak var parent: VirtualTimer.TimerPublisher?
        private var downstream: Downstream?
        private var demand = Subscribers.Demand.none

        init(parent: VirtualTimer.TimerPublisher, downstream: Downstream) {
            self.parent = parent
            self.downstream = downstream
        }

        var description: String { "Timer" }

        override func send(_ time: VirtualTime) {
            guard let downstream, demand > 0 else { return }
            demand -= 1
            demand += downstream.receive(time)
        }

        func request(_ demand: Subscribers.Demand) {
            guard ContractViolation.check(demand > 0, "Timer: demand must be greater than zero") else { return }
            guard downstream != nil else { return }
            self.demand += demand
        }

        func cancel() {
            guard downstream != nil else { return }
            downstream = nil
            parent?.disconnect(self)
        }
    }
}

/// The type-erased part of a timer's subscription, so the publisher can list them.
class TimerSide {
    func send(_ time: VirtualTime) {}
}
