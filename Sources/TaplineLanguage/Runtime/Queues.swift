import TaplineReactive

/// A scheduler a program names (`DispatchQueue.main`, `RunLoop.main`, `DispatchQueue(label:)`,
/// `DispatchQueue.global()`, `ImmediateScheduler.shared`): all but the immediate one are the
/// session's one virtual clock. Work on a background queue runs marked as off the main queue —
/// so `Thread.isMainThread` is false in it, and in what it delivers on the way, until a
/// `receive(on: DispatchQueue.main)` hands the rest back (DESIGN §9); time and order are the
/// clock's, only the mark differs. The immediate one runs work at once and its clock stands
/// still, as Combine's `ImmediateScheduler` does.
final class SessionQueue: VirtualClockScheduler {
    typealias SchedulerTimeType = VirtualTime
    typealias SchedulerOptions = Never

    enum Kind {
        case main, background, immediate
    }

    let kind: Kind
    private let clock: VirtualTimeScheduler
    private unowned let runtime: Runtime
    /// Read at every value a `debounce` sends: held here, where the runtime (unowned) would be
    /// retained to be read.
    private let retiming: FastPathSwitch

    init(_ kind: Kind, clock: VirtualTimeScheduler, runtime: Runtime) {
        self.kind = kind
        self.clock = clock
        self.runtime = runtime
        retiming = runtime.retiming
    }

    var now: VirtualTime { kind == .immediate ? .zero : clock.now }
    var minimumTolerance: VirtualTime.Stride { .zero }

    func schedule(options: Never?, _ action: @escaping () -> Void) {
        if kind == .immediate { return action() }
        clock.schedule(options: nil, marked(action))
    }

    func schedule(after date: VirtualTime, tolerance: VirtualTime.Stride, options: Never?,
                  _ action: @escaping () -> Void) {
        if kind == .immediate { return action() }
        clock.schedule(after: date, tolerance: tolerance, options: nil, marked(action))
    }

    func schedule(after date: VirtualTime, interval: VirtualTime.Stride, tolerance: VirtualTime.Stride,
                  options: Never?, _ action: @escaping () -> Void) -> any Cancellable {
        if kind == .immediate { return runOnce(action) }
        return clock.schedule(after: date, interval: interval, tolerance: tolerance, options: nil, marked(action))
    }

    @discardableResult
    func schedule(after delay: Duration, _ action: @escaping () -> Void) -> any Cancellable {
        if kind == .immediate { return runOnce(action) }
        return clock.schedule(after: delay, marked(action))
    }

    @discardableResult
    func scheduleTick(after delay: Duration, _ action: @escaping () -> Void) -> any Cancellable {
        if kind == .immediate { return runOnce(action) }
        return clock.scheduleTick(after: delay, marked(action))
    }

    func setWaitedFor(_ handle: any Cancellable, _ waitedFor: Bool) {
        clock.setWaitedFor(handle, waitedFor)
    }

    private func runOnce(_ action: () -> Void) -> any Cancellable {
        action()
        return Subscriptions.empty
    }

    /// The clock's, when the session's fast paths are on (`Runtime.retiming`): the
    /// differential grid runs every program both ways.
    func retime(_ timer: ScheduledAction, to date: VirtualTime) -> Bool {
        guard kind != .immediate, retiming.isOn else { return false }
        return clock.retime(timer, to: date)
    }

    /// The action as this queue runs it: on a background queue, off the main queue, with the
    /// mark put back after it.
    private func marked(_ action: @escaping () -> Void) -> () -> Void {
        guard kind == .background else { return action }
        return { [unowned runtime] in
            let wasMain = runtime.onMainQueue
            runtime.onMainQueue = false
            defer { runtime.onMainQueue = wasMain }
            action()
        }
    }
}

/// Whether a fast path the runtime takes (not the compiler) is on: shared by the objects that
/// ask, and set with the entry's other fast paths (`Interpreter.fastPaths`).
final class FastPathSwitch {
    var isOn = true
}
