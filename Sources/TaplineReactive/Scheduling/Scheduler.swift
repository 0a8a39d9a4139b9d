/// Combine's `SchedulerTimeIntervalConvertible`: a scheduler's stride made from a count of
/// seconds or of a smaller unit, so an operator's interval can be written `.milliseconds(300)`
/// whatever the scheduler.
public protocol SchedulerTimeIntervalConvertible {
    static func seconds(_ s: Int) -> Self
    static func seconds(_ s: Double) -> Self
    static func milliseconds(_ ms: Int) -> Self
    static func microseconds(_ us: Int) -> Self
    static func nanoseconds(_ ns: Int) -> Self
}

/// Combine's `Scheduler`: what the time operators (`debounce`, `throttle`, `delay`,
/// `timeout`, `receive(on:)`, …) need from a clock, in Combine's shape, so that a scheduler
/// written for Combine (a test scheduler, say) works with the core unchanged, and the
/// operators ask it exactly what Combine's ask.
///
/// ```swift
/// let clock = VirtualTimeScheduler()
/// clock.schedule(after: clock.now.advanced(by: .milliseconds(300))) { print("late") }
/// clock.schedule(after: clock.now.advanced(by: .milliseconds(100))) { print("early") }
/// clock.advance(by: .milliseconds(300))
/// // early
/// // late
/// ```
public protocol Scheduler {
    /// The scheduler's instants.
    associatedtype SchedulerTimeType: Strideable where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible
    /// What a scheduler lets a caller say about how work runs (a queue's quality of service).
    associatedtype SchedulerOptions

    /// The scheduler's time now.
    var now: SchedulerTimeType { get }
    /// The least tolerance the scheduler allows for timed work.
    var minimumTolerance: SchedulerTimeType.Stride { get }

    /// Runs `action` as soon as possible.
    func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void)

    /// Runs `action` once, at `date` or after it.
    func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
                  options: SchedulerOptions?, _ action: @escaping () -> Void)

    /// Runs `action` at `date`, then every `interval`, until the returned handle is cancelled.
    func schedule(after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
                  tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
                  _ action: @escaping () -> Void) -> any Cancellable
}

extension Scheduler {
    /// Runs `action` as soon as possible, with no options.
    public func schedule(_ action: @escaping () -> Void) {
        schedule(options: nil, action)
    }

    /// Runs `action` once at `date`, with the least tolerance and no options.
    public func schedule(after date: SchedulerTimeType, _ action: @escaping () -> Void) {
        schedule(after: date, tolerance: minimumTolerance, options: nil, action)
    }

    /// Runs `action` once at `date`, with no options.
    public func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
                         _ action: @escaping () -> Void) {
        schedule(after: date, tolerance: tolerance, options: nil, action)
    }

    /// Runs `action` at `date` and every `interval` after, with the least tolerance.
    public func schedule(after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
                         _ action: @escaping () -> Void) -> any Cancellable {
        schedule(after: date, interval: interval, tolerance: minimumTolerance, options: nil, action)
    }

    /// Runs `action` at `date` and every `interval` after, with no options.
    public func schedule(after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
                         tolerance: SchedulerTimeType.Stride, _ action: @escaping () -> Void) -> any Cancellable {
        schedule(after: date, interval: interval, tolerance: tolerance, options: nil, action)
    }
}

/// A scheduler on a virtual clock (the clock itself, or a queue that runs on it): Combine's
/// `Scheduler` on `VirtualTime`, and what a host that runs the clock needs besides — work a
/// `Duration` from now, with a handle, and ticks, work that goes on for ever, which a clock
/// run until it is quiet does not wait for (`VirtualTimeScheduler.runUntilQuiet`). A virtual
/// clock takes no options.
public protocol VirtualClockScheduler: AnyObject, Scheduler where SchedulerTimeType == VirtualTime, SchedulerOptions == Never {
    /// Runs `action` after `delay`; the handle cancels it.
    @discardableResult
    func schedule(after delay: Duration, _ action: @escaping () -> Void) -> any Cancellable
    /// Runs `action` after `delay` as one step of work that goes on for ever (a timer's tick).
    @discardableResult
    func scheduleTick(after delay: Duration, _ action: @escaping () -> Void) -> any Cancellable
    /// Makes a tick, or a repeating action after its first run, work the clock waits for after
    /// all, or back: a timed group that now holds values has something to deliver.
    func setWaitedFor(_ handle: any Cancellable, _ waitedFor: Bool)
    /// Moves `timer` (a handle its `schedule` gave, still waiting) to `date`, exactly as
    /// cancelling it and scheduling it anew now would, without making a new one (`debounce`
    /// restarts its timer at every value). False, with nothing done, when it cannot: the
    /// caller then cancels and schedules.
    func retime(_ timer: ScheduledAction, to date: VirtualTime) -> Bool
}

/// A time operator's scheduler seen as a virtual clock, when it is one, with the operator's
/// interval in the clock's stride. The operator makes the same calls, in the same order,
/// through the view as it would through the scheduler, but where the time and stride types
/// are known: through an operator's unspecialised generic code, every call on a generic
/// scheduler looks the metadata of those types up (`debounce`, `throttle`).
struct VirtualClockView {
    let clock: any VirtualClockScheduler
    let stride: VirtualTime.Stride

    /// The view of `scheduler`, with `stride`; nil when the scheduler is not a virtual clock.
    init?<S: Scheduler>(_ scheduler: S, _ stride: S.SchedulerTimeType.Stride) {
        guard let stride = stride as? VirtualTime.Stride, let clock = scheduler as? any VirtualClockScheduler else { return nil }
        (self.clock, self.stride) = (clock, stride)
    }
}
