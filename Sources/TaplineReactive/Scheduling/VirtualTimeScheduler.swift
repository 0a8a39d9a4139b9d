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
public final class VirtualTimeScheduler: VirtualClockScheduler {
    public typealias SchedulerTimeType = VirtualTime
    /// A virtual clock takes no options.
    public typealias SchedulerOptions = Never

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
        enqueue(after: delay.nanosecondsSaturated, interval: nil, repeats: false, action)
    }

    @discardableResult
    public func scheduleTick(after delay: Duration, _ action: @escaping () -> Void) -> any Cancellable {
        enqueue(after: delay.nanosecondsSaturated, interval: nil, repeats: true, action)
    }

    public func setWaitedFor(_ handle: any Cancellable, _ waitedFor: Bool) {
        guard let action = handle as? ScheduledAction else { return }
        action.repeats = !waitedFor
        action.hinted = true
    }

    /// The clock is exact: no tolerance.
    public var minimumTolerance: VirtualTime.Stride { .zero }

    /// Combine's one-shot form: at `date`, or as the clock next runs if that has passed.
    public func schedule(after date: VirtualTime, tolerance: VirtualTime.Stride, options: Never?,
                         _ action: @escaping () -> Void) {
        enqueue(after: now.distance(to: date).magnitude, interval: nil, repeats: false, action)
    }

    /// Combine's repeating form. Its first run is waited for, as any timed work is (`debounce`
    /// and `timeout` cancel theirs once it has run); after that it is a tick, which a clock run
    /// until it is quiet does not wait for — unless `setWaitedFor` has said otherwise.
    public func schedule(after date: VirtualTime, interval: VirtualTime.Stride, tolerance: VirtualTime.Stride,
                         options: Never?, _ action: @escaping () -> Void) -> any Cancellable {
        enqueue(after: now.distance(to: date).magnitude, interval: Swift.max(1, interval.magnitude), repeats: false, action)
    }

    @discardableResult
    private func enqueue(after delay: Int64, interval: Int64?, repeats: Bool, _ action: @escaping () -> Void) -> ScheduledAction {
        let (due, overflow) = now.nanoseconds.addingReportingOverflow(Swift.max(0, delay))
        // Times and strides saturate at the clock's end (`Int64.max` nanoseconds): work due
        // there is past the end too.
        guard !overflow, due < VirtualTime.end.nanoseconds else {
            whenPastEnd?()
            return ScheduledAction(due: .end, sequence: nextSequence, action: nil, clock: ObjectIdentifier(self))
        }
        let entry = ScheduledAction(due: VirtualTime(nanoseconds: due), sequence: nextSequence, action: action,
                                    clock: ObjectIdentifier(self))
        entry.repeats = repeats
        entry.interval = interval
        push(entry)
        return entry
    }

    /// Moves an action still waiting to `date`, as cancelling it and scheduling it anew at
    /// this moment would: it runs after what is already scheduled for that instant, and it
    /// takes the place in the order a new action would take now. No entry is made: the action
    /// keeps its place in the queue until its old time comes, and is put back at the new
    /// one then, before anything later runs (`putBack`). False, with nothing done, when the
    /// handle is not an action of this clock still waiting, or `date` is earlier than the time
    /// it waits for, or at the clock's end (the caller then cancels and schedules).
    public func retime(_ entry: ScheduledAction, to date: VirtualTime) -> Bool {
        guard entry.clock == ObjectIdentifier(self), entry.action != nil, date >= entry.waitsUntil, date < .end else { return false }
        // Moved to the time it waits for, with nothing scheduled since: it is already where a
        // new one would go (a burst of values into `debounce` within one instant).
        if entry.retimed == nil, date == entry.due, entry.sequence &+ 1 == nextSequence { return true }
        entry.retimed = (date, nextSequence)
        nextSequence += 1
        return true
    }

    /// A retimed action whose old time has come: back in the queue at its new time and order.
    private func putBack(_ entry: ScheduledAction) {
        guard entry.action != nil, let (due, sequence) = entry.retimed else { return }
        (entry.due, entry.sequence, entry.retimed) = (due, sequence, nil)
        queue.push(entry)
        queue.compactIfGrown()
    }

    /// A repeating action that has run and was not cancelled meanwhile is due again one
    /// interval on; from now on it is a tick.
    private func rearm(_ entry: ScheduledAction, every interval: Int64) {
        guard entry.action != nil else { return }
        let (due, overflow) = entry.due.nanoseconds.addingReportingOverflow(interval)
        guard !overflow else {
            entry.action = nil
            return
        }
        entry.due = VirtualTime(nanoseconds: due)
        if !entry.hinted { entry.repeats = true }
        push(entry)
    }

    private func push(_ entry: ScheduledAction) {
        entry.sequence = nextSequence
        nextSequence += 1
        queue.push(entry)
        queue.compactIfGrown()
    }

    /// Whether `schedule(_:)` queues its work for `runImmediateWork()` instead of running it at once.
    public var defersImmediateWork = false
    private var immediate: [() -> Void] = []

    public func schedule(options: Never?, _ action: @escaping () -> Void) {
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

    /// When the next action still waiting falls due, if any (cancelled ones are let go, and
    /// retimed ones put back at their new time).
    public func nextDue() -> VirtualTime? {
        while let head = queue.peek {
            if head.action != nil, head.retimed == nil { return head.due }
            queue.pop()
            putBack(head)   // a retimed one; a cancelled one is let go
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
            // A cancelled action (debounce cancels a timer per value) runs nothing: it is
            // dropped without asking `shouldStop`, which counts the actions that run.
            guard let action = head.action else {
                queue.pop()
                continue
            }
            // A retimed action's old time runs nothing either: it goes back in at its new one.
            guard head.retimed == nil else {
                queue.pop()
                putBack(head)
                continue
            }
            if shouldStop() { return }
            queue.pop()
            if head.due > now { now = head.due }
            if let interval = head.interval {
                action()
                rearm(head, every: interval)
            } else {
                head.action = nil
                action()
            }
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

/// One action scheduled on a `VirtualTimeScheduler`: it is its own cancellation handle (a
/// handle with weak references would allocate a side table per action), and what `retime`
/// moves. Its clock's `schedule` calls give it back as `any Cancellable`; a time operator
/// that retimes its timer keeps it as this type (`VirtualClockScheduler.retime`).
public final class ScheduledAction: Cancellable {
    var due: VirtualTime
    var sequence: UInt64
    var action: (() -> Void)?
    /// A step of work that goes on for ever, which `runUntilQuiet` does not wait for.
    var repeats = false
    /// For Combine's repeating form: how far on it is due again once it has run.
    var interval: Int64?
    /// Whether its scheduler was told if it is waited for (`setWaitedFor`), which then stands.
    var hinted = false
    /// Where `retime` moved it, not yet put back in the queue there.
    var retimed: (due: VirtualTime, sequence: UInt64)?
    /// The clock that made it: only that clock retimes it.
    let clock: ObjectIdentifier

    init(due: VirtualTime, sequence: UInt64, action: (() -> Void)?, clock: ObjectIdentifier) {
        self.due = due
        self.sequence = sequence
        self.action = action
        self.clock = clock
    }

    /// When it runs next, retimed or not.
    var waitsUntil: VirtualTime { retimed?.due ?? due }

    public func cancel() { action = nil }
}

/// A binary min-heap ordered by (due time, scheduling order). Cancelled entries stay until
/// popped, or until the heap has doubled since it last dropped them (debounce cancels a timer
/// per value: three million sends in one window must not keep three million timers).
///
/// Each entry holds its order's key beside the action, and entries are moved through the
/// array's buffer: ordering and swapping them then reads plain integers and moves references,
/// where reading the key from each action retained and released it at every step.
private struct ActionHeap {
    private struct Entry {
        let due: Int64
        let sequence: UInt64
        let action: ScheduledAction

        init(_ action: ScheduledAction) {
            due = action.due.nanoseconds
            sequence = action.sequence
            self.action = action
        }

        func precedes(_ other: Entry) -> Bool { (due, sequence) < (other.due, other.sequence) }
    }

    private var items: [Entry] = []
    private var compactAt = 4096

    var size: Int { items.count }

    /// Drops the cancelled entries, when there may be many: amortised O(1) per push. The
    /// order is total (time, then sequence), so the heap pops exactly as before.
    mutating func compactIfGrown() {
        guard items.count >= compactAt else { return }
        let live = items.filter { $0.action.action != nil }.sorted { $0.precedes($1) }
        items = live   // a sorted array is a valid heap
        compactAt = Swift.max(4096, live.count * 2)
    }

    func count(where isIncluded: (ScheduledAction) -> Bool) -> Int { items.filter { isIncluded($0.action) }.count }

    func latestDue(where isIncluded: (ScheduledAction) -> Bool) -> VirtualTime? {
        var latest: VirtualTime?
        for entry in items where isIncluded(entry.action) {
            if let known = latest, known >= entry.action.waitsUntil { continue }
            latest = entry.action.waitsUntil
        }
        return latest
    }

    var peek: ScheduledAction? { items.first?.action }

    mutating func push(_ item: ScheduledAction) {
        items.append(Entry(item))
        items.withUnsafeMutableBufferPointer { heap in
            var child = heap.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard heap[child].precedes(heap[parent]) else { break }
                heap.swapAt(child, parent)
                child = parent
            }
        }
    }

    mutating func pop() {
        guard !items.isEmpty else { return }
        items.withUnsafeMutableBufferPointer { $0.swapAt(0, $0.count - 1) }
        items.removeLast()
        items.withUnsafeMutableBufferPointer { heap in
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var smallest = parent
                if left < heap.count, heap[left].precedes(heap[smallest]) { smallest = left }
                if right < heap.count, heap[right].precedes(heap[smallest]) { smallest = right }
                if smallest == parent { return }
                heap.swapAt(parent, smallest)
                parent = smallest
            }
        }
    }
}
