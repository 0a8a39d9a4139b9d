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
