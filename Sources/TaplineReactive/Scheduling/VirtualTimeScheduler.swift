/// A point on a virtual clock, in nanoseconds since the clock started.
public struct VirtualTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    public static let zero = VirtualTime(nanoseconds: 0)
    /// The clock's end, about 292 years in: nothing can be scheduled after it.
    public static let end = VirtualTime(nanoseconds: .max)

    public static func < (lhs: VirtualTime, rhs: VirtualTime) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    /// Adds a duration, saturating instead of overflowing.
    public static func + (lhs: VirtualTime, rhs: Duration) -> VirtualTime {
        let (sum, overflow) = lhs.nanoseconds.addingReportingOverflow(rhs.nanosecondsSaturated)
        return VirtualTime(nanoseconds: overflow ? .max : sum)
    }

    /// The time between two instants.
    public static func - (lhs: VirtualTime, rhs: VirtualTime) -> Duration {
        .nanoseconds(lhs.nanoseconds &- rhs.nanoseconds)
    }

    /// Milliseconds, the way the REPL shows the clock: `1500ms`, `0.5ms`, `0.000001ms`:
    /// every digit, as a decimal (through `Double` a long time would lose its last digits).
    public var description: String { VirtualTime.decimal(nanoseconds, unit: 1_000_000) + "ms" }

    /// `amount` divided by `unit` (a power of ten), written with every digit it needs.
    public static func decimal(_ amount: Int64, unit: UInt64) -> String {
        let magnitude = amount.magnitude
        let sign = amount < 0 ? "-" : ""
        let (whole, part) = magnitude.quotientAndRemainder(dividingBy: unit)
        guard part > 0 else { return sign + String(whole) }
        let places = String(unit).count - 1
        let digits = String(part)
        var fraction = String(repeating: "0", count: places - digits.count) + digits
        while fraction.last == "0" { fraction.removeLast() }
        return sign + String(whole) + "." + fraction
    }
}

extension Duration {
    /// The duration in whole nanoseconds, clamped to `Int64`.
    public var nanosecondsSaturated: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        let (sum, overflow2) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
        if overflow2 { return seconds < 0 ? .min : .max }
        return sum
    }
}

/// What the time operators (`debounce`, `throttle`, `delay`) need from a clock.
public protocol Scheduler: AnyObject {
    var now: VirtualTime { get }
    /// Runs `action` after `delay`; the handle cancels it.
    @discardableResult
    func schedule(after delay: Duration, _ action: @escaping () -> Void) -> any Cancellable
    /// Runs `action` as soon as possible (Combine's `Scheduler.schedule(_:)`): what
    /// `throttle` and `debounce` deliver goes through this, as Combine's do.
    func schedule(_ action: @escaping () -> Void)
    /// Runs `action` after `delay` as one step of work that goes on for ever (a timer's
    /// tick): a clock run until it goes quiet does not wait for it (`runUntilQuiet`).
    @discardableResult
    func scheduleTick(after delay: Duration, _ action: @escaping () -> Void) -> any Cancellable
    /// Makes a tick scheduled with `scheduleTick` work the clock waits for after all, or
    /// back: a timed group that now holds values has something to deliver.
    func setWaitedFor(_ handle: any Cancellable, _ waitedFor: Bool)
}

extension Scheduler {
    /// By default, as soon as possible is a delay of zero.
    public func schedule(_ action: @escaping () -> Void) {
        schedule(after: .zero, action)
    }

    /// By default a tick is like any other work.
    @discardableResult
    public func scheduleTick(after delay: Duration, _ action: @escaping () -> Void) -> any Cancellable {
        schedule(after: delay, action)
    }

    public func setWaitedFor(_ handle: any Cancellable, _ waitedFor: Bool) {}
}

/// A clock that moves only when told to, so timed behaviour is exact and repeatable.
///
/// Actions due at the same instant run in the order they were scheduled; `advance` runs
/// everything due at or before the new time, in time order, including actions scheduled
/// by the actions it runs.
///
/// ```swift
/// let clock = VirtualTimeScheduler()
/// clock.schedule(after: .milliseconds(300)) { print("late") }
/// clock.schedule(after: .milliseconds(100)) { print("early") }
/// clock.advance(by: .milliseconds(300))
/// // early
/// // late
/// ```
///
/// Work scheduled "as soon as possible" (`schedule(_:)`) runs at once by default. With
/// `defersImmediateWork` on, it waits in a queue until `runImmediateWork()` (a host runs it
/// at the end of each entry, as a run loop would: DESIGN §8) or until the clock next runs.
public final class VirtualTimeScheduler: Scheduler {
    public private(set) var now = VirtualTime.zero
    private var queue = ActionHeap()
    private var nextSequence: UInt64 = 0

    public init() {}

    /// How many actions are waiting (not counting cancelled ones).
    public var pendingCount: Int { queue.count { $0.action != nil } }
    /// How many actions the queue holds, cancelled ones included (what memory it takes).
    public var storedCount: Int { queue.size }

    /// Told when work is scheduled past the clock's end (`VirtualTime.end`), which is never
    /// run: a host makes it an error. Without it such work is let go.
    public var whenPastEnd: (() -> Void)?

    @discardableResult
    public func schedule(after delay: Duration, _ action: @escaping () -> Void) -> any Cancellable {
        schedule(after: delay, repeats: false, action)
    }

    @discardableResult
    public func scheduleTick(after delay: Duration, _ action: @escaping () -> Void) -> any Cancellable {
        schedule(after: delay, repeats: true, action)
    }

    public func setWaitedFor(_ handle: any Cancellable, _ waitedFor: Bool) {
        (handle as? ScheduledAction)?.repeats = !waitedFor
    }

    private func schedule(after delay: Duration, repeats: Bool, _ action: @escaping () -> Void) -> any Cancellable {
        let (due, overflow) = now.nanoseconds.addingReportingOverflow(max(0, delay.nanosecondsSaturated))
        // A delay too long for the clock saturates at `Int64.max` nanoseconds: past the end too.
        guard !overflow, delay.nanosecondsSaturated < .max else {
            whenPastEnd?()
            return ScheduledAction(due: .end, sequence: nextSequence, action: nil)
        }
        let entry = ScheduledAction(due: VirtualTime(nanoseconds: due), sequence: nextSequence, action: action)
        entry.repeats = repeats
        nextSequence += 1
        queue.push(entry)
        queue.compactIfGrown()
        return entry
    }

    /// Whether `schedule(_:)` queues its work for `runImmediateWork()` instead of running it at once.
    public var defersImmediateWork = false
    private var immediate: [() -> Void] = []

    public func schedule(_ action: @escaping () -> Void) {
        if defersImmediateWork { immediate.append(action) } else { action() }
    }

    /// Runs the queued immediate work, including work queued meanwhile, in order.
    /// `shouldStop` is checked before each action (work that re-queues itself never ends);
    /// once it says stop, what is left is dropped.
    public func runImmediateWork(shouldStop: () -> Bool = { false }) {
        while !immediate.isEmpty {
            let batch = immediate
            immediate.removeAll()
            for action in batch {
                if shouldStop() {
                    immediate.removeAll()
                    return
                }
                action()
            }
        }
    }

    /// Drops every action waiting, timed or immediate, without running it (the end of a
    /// session: what they would run holds the session).
    public func cancelAll() {
        while let head = queue.peek {
            head.action = nil
            queue.pop()
        }
        immediate.removeAll()
    }

    /// When the next action still waiting falls due, if any (cancelled ones are let go).
    public func nextDue() -> VirtualTime? {
        while let head = queue.peek {
            if head.action != nil { return head.due }
            queue.pop()
        }
        return nil
    }

    /// Moves the clock forward by `duration`, running what falls due.
    public func advance(by duration: Duration) { advance(to: now + duration) }

    /// Moves the clock on without running anything: the thread that runs the work is busy
    /// (`Thread.sleep`), so what falls due meanwhile waits, late, for the clock to run again.
    public func block(for duration: Duration) {
        if duration > .zero { now = now + duration }
    }

    /// Moves the clock to `time` (never backwards), running what falls due, in time order.
    /// `shouldStop` is checked between actions, so a long run can be interrupted.
    public func advance(to time: VirtualTime, shouldStop: () -> Bool = { false }) {
        runImmediateWork(shouldStop: shouldStop)
        while let head = queue.peek, head.due <= time {
            if shouldStop() { return }
            queue.pop()
            guard let action = head.action else { continue }
            head.action = nil
            if head.due > now { now = head.due }
            action()
            runImmediateWork(shouldStop: shouldStop)   // each timed action's immediate work finishes before the next
        }
        if time > now { now = time }
    }

    /// Runs the clock on while work that is not a repeating tick is waiting — as a playground
    /// page shows what it scheduled once its code has run — but not past `limit`. Repeating
    /// ticks due on the way run too. Returns true when it stopped at `limit` with such work
    /// still waiting; false when the clock went quiet (or `shouldStop` stopped it).
    public func runUntilQuiet(limit: VirtualTime, shouldStop: () -> Bool = { false }) -> Bool {
        runImmediateWork(shouldStop: shouldStop)
        // The latest one-shot work, not the next: everything before it runs on the way there,
        // so the queue is looked through once for each time new work goes past the last.
        while let last = latestOneShotDue {
            if shouldStop() { return false }
            if last > limit {
                advance(to: limit, shouldStop: shouldStop)
                return latestOneShotDue != nil
            }
            advance(to: last, shouldStop: shouldStop)
        }
        return false
    }

    /// When the last work still waiting that is not a repeating tick falls due.
    private var latestOneShotDue: VirtualTime? { queue.latestDue { $0.action != nil && !$0.repeats } }
}

/// One scheduled action; it is its own cancellation handle. (A handle with weak references
/// would allocate a side table per action, and debounce schedules one per value.)
private final class ScheduledAction: Cancellable {
    let due: VirtualTime
    let sequence: UInt64
    var action: (() -> Void)?
    /// A step of work that goes on for ever, which `runUntilQuiet` does not wait for.
    var repeats = false

    init(due: VirtualTime, sequence: UInt64, action: (() -> Void)?) {
        self.due = due
        self.sequence = sequence
        self.action = action
    }

    func cancel() { action = nil }

    func precedes(_ other: ScheduledAction) -> Bool {
        (due, sequence) < (other.due, other.sequence)
    }
}

/// A binary min-heap ordered by (due time, scheduling order). Cancelled entries stay until
/// popped, or until the heap has doubled since it last dropped them (debounce cancels a timer
/// per value: three million sends in one window must not keep three million timers).
private struct ActionHeap {
    private var items: [ScheduledAction] = []
    private var compactAt = 4096

    var size: Int { items.count }

    /// Drops the cancelled entries, when there may be many: amortised O(1) per push. The
    /// order is total (time, then sequence), so the heap pops exactly as before.
    mutating func compactIfGrown() {
        guard items.count >= compactAt else { return }
        let live = items.filter { $0.action != nil }.sorted { $0.precedes($1) }
        items = live   // a sorted array is a valid heap
        compactAt = Swift.max(4096, live.count * 2)
    }

    func count(where isIncluded: (ScheduledAction) -> Bool) -> Int { items.filter(isIncluded).count }

    func latestDue(where isIncluded: (ScheduledAction) -> Bool) -> VirtualTime? {
        items.lazy.filter(isIncluded).map(\.due).max()
    }

    var peek: ScheduledAction? { items.first }

    mutating func push(_ item: ScheduledAction) {
        items.append(item)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[child].precedes(items[parent]) else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() {
        guard !items.isEmpty else { return }
        items.swapAt(0, items.count - 1)
        items.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < items.count, items[left].precedes(items[smallest]) { smallest = left }
            if right < items.count, items[right].precedes(items[smallest]) { smallest = right }
            if smallest == parent { return }
            items.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
