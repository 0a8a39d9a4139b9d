import TaplineReactive

/// A queue other than the main one (`DispatchQueue.global()`, `DispatchQueue(label:)`): the
/// session's one virtual clock, whose work runs marked as off the main queue — so
/// `Thread.isMainThread` is false in it, and in what it delivers on the way, until a
/// `receive(on: DispatchQueue.main)` hands the rest back (DESIGN §9). Time and order are the
/// clock's: only the mark differs.
final class BackgroundQueue: Scheduler {
    private let clock: VirtualTimeScheduler
    private unowned let runtime: Runtime

    init(clock: VirtualTimeScheduler, runtime: Runtime) {
        self.clock = clock
        self.runtime = runtime
    }

    var now: VirtualTime { clock.now }

    @discardableResult
    func schedule(after delay: Duration, _ action: @escaping () -> Void) -> any Cancellable {
        clock.schedule(after: delay, marked(action))
    }

    func schedule(_ action: @escaping () -> Void) {
        clock.schedule(marked(action))
    }

    @discardableResult
    func scheduleTick(after delay: Duration, _ action: @escaping () -> Void) -> any Cancellable {
        clock.scheduleTick(after: delay, marked(action))
    }

    func setWaitedFor(_ handle: any Cancellable, _ waitedFor: Bool) {
        clock.setWaitedFor(handle, waitedFor)
    }

    /// The action, run off the main queue; the mark is put back after it.
    private func marked(_ action: @escaping () -> Void) -> () -> Void {
        { [unowned runtime] in
            let wasMain = runtime.onMainQueue
            runtime.onMainQueue = false
            defer { runtime.onMainQueue = wasMain }
            action()
        }
    }
}

extension Compiler {
    /// `Thread.sleep(forTimeInterval: 3)`: the queue running the code is busy that long, so the
    /// clock moves on and nothing runs meanwhile (what falls due runs late). Nil for any
    /// other call.
    func threadSleep(_ callee: Expr, _ arguments: [Argument], trailing: ClosureExpr?) throws(Diagnostic) -> (code: Code, type: SType)? {
        guard case .member(let base, "sleep", _) = callee.kind, case .name("Thread") = base.kind, resolve("Thread") == nil,
              trailing == nil, arguments.count == 1, arguments[0].label == "forTimeInterval" else { return nil }
        // A `TimeInterval`: seconds, as a number (the Swift export writes it back as it is).
        let (seconds, clock, range) = (try expression(arguments[0].value).code, runtime.clock, arguments[0].value.range)
        return ({ frame in
            let interval: Double
            switch try seconds(frame) {
            case .int(let whole): interval = Double(whole)
            case .double(let fraction): interval = fraction
            default: interval = .nan
            }
            guard interval.isFinite, interval < 1e9 else {
                throw RuntimeError(Messages.durationOutOfRange, at: range)
            }
            clock.block(for: .nanoseconds(Int64(max(0, interval) * 1e9)))
            return .void
        }, .void)
    }
}
