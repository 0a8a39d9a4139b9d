import TaplineReactive

/// What happened to every publisher and operator stage, on the virtual clock: what `trace`
/// prints as it happens and `marbles` draws afterwards (DESIGN §7–§8).
///
/// It exists only when recording is on (always in the REPL; in a script that uses `marbles`
/// or `trace`), and the compiler then puts a `RecordingTap` after each stage and a monitor on
/// each subject; otherwise nothing on the event path knows about it. It keeps the most recent
/// `capacity` events and counts the ones it let go.
final class Recorder {
    /// One event of one lane.
    enum Event {
        case subscribe(String)
        case request(Subscribers.Demand, demandLeft: Subscribers.Demand?)
        case value(Value, demandLeft: Subscribers.Demand?)
        case finished
        case failed(String)
        case cancel
        case dropped(Value, DropReason)
        /// A subject was sent a value (its own lane shows sends, not deliveries).
        case sent(Value)
        /// A subscription to a subject ended with it: not printed or drawn (the subject's
        /// own completion is), but the lane's line stops.
        case ended
        /// A subscriber attached to or let go by a subject, however it subscribed (a chain,
        /// or `flatMap` subscribing to a subject it was given): the lane's line starts or stops.
        case attached
        case detached
    }

    struct Entry {
        /// Virtual time, in nanoseconds.
        let time: Int64
        let lane: Int
        /// The subscription it belongs to (0 for a subject's own events).
        let subscription: Int
        let event: Event
    }

    /// The lanes' names in the order they were made: a subject's name, or a chain's text up
    /// to the stage (`q.debounce(for: 300ms)`), shortened in the middle past `LaneName.longest`.
    private var names: [LaneName] = []
    var lanes: [String] { names.map(\.shown) }
    /// Lanes by whole name (a chain's first stage, and a stage whose name is kept whole):
    /// lanes with the same name are one lane.
    private var laneIndex: [String: Int] = [:]
    /// A stage's lane by its upstream's lane and the text the stage adds: found without the
    /// chain's whole text, so that a chain of n stages costs n look-ups of one stage's text.
    private var stageIndex: [StageKey: Int] = [:]
    private struct StageKey: Hashable {
        let upstream: Int
        let text: String
    }
    private(set) var entries: [Entry] = []
    /// How many events were let go to keep the recording bounded, and when the last was.
    private(set) var leftOut = 0
    private(set) var leftOutUntil: Int64 = 0
    /// The virtual time the recording starts at (the start, or the last `marbles clear`).
    private(set) var start: Int64 = 0
    /// Which subscriptions of each lane were live when the kept events begin.
    private(set) var liveAtStart: [Int: Set<Int>] = [:]
    /// Which are live now.
    private var live: [Int: Set<Int>] = [:]
    private var nextSubscription = 1
    let capacity: Int
    /// Whether events are printed as they happen (`trace on`).
    var isTracing = false

    private let clock: VirtualTimeScheduler
    private let write: (TraceLine) -> Void

    init(clock: VirtualTimeScheduler, capacity: Int = 20_000, write: @escaping (TraceLine) -> Void) {
        self.clock = clock
        self.capacity = capacity
        self.write = write
    }

    /// The lane named `name`, made on first use; lanes with the same name are one lane.
    /// A `shared` lane (a `share()`) shows each value and completion once, however many
    /// subscribers it delivers them to.
    func lane(_ name: String, shared: Bool = false) -> Int {
        var whole = ""
        LaneName.append(name[...], to: &whole, sameLine: false)
        if let index = laneIndex[whole] { return index }
        return makeLane(LaneName(whole), whole: whole, shared: shared)
    }

    /// The lane of a stage after the one recorded in lane `upstream`, which adds `text` to
    /// its chain (`.map { $0 }`): the lane named by the upstream's name and the text, found
    /// without the chain's whole text.
    func lane(after upstream: Int, adding text: String, shared: Bool = false) -> Int {
        let key = StageKey(upstream: upstream, text: text)
        if let index = stageIndex[key] { return index }
        let name = names[upstream].adding(text)
        let whole = name.isShortened ? nil : name.shown
        let lane = whole.flatMap { laneIndex[$0] } ?? makeLane(name, whole: whole, shared: shared)
        stageIndex[key] = lane
        return lane
    }

    /// A new lane; `whole`, its whole name, finds it again (nil for a long stage's name,
    /// which its upstream's lane and its own text find).
    private func makeLane(_ name: LaneName, whole: String?, shared: Bool) -> Int {
        let index = names.count
        names.append(name)
        if let whole { laneIndex[whole] = index }
        if shared { sharedLanes[index] = SharedLane() }
        traceWidth = min(40, max(traceWidth, name.shown.count))
        return index
    }

    /// For a shared lane: how many deliveries each subscription has had at the latest time,
    /// and how many the lane has drawn — a subscription's n-th delivery at a time is drawn
    /// only if no other subscription's was.
    private struct SharedLane {
        var time: Int64 = -1
        var drawn = 0
        var seen: [Int: Int] = [:]
    }
    private var sharedLanes: [Int: SharedLane] = [:]

    /// Whether lane `lane` is a shared one (a `share()`), drawn once for all its subscribers.
    func isShared(_ lane: Int) -> Bool { sharedLanes[lane] != nil }

    /// Whether a delivery to `subscription` on a shared lane repeats one already drawn.
    private func isRepeat(lane: Int, subscription: Int, time: Int64) -> Bool {
        guard var shared = sharedLanes[lane] else { return false }
        defer { sharedLanes[lane] = shared }
        if shared.time != time { shared = SharedLane(time: time) }
        let count = shared.seen[subscription, default: 0] + 1
        shared.seen[subscription] = count
        guard count > shared.drawn else { return true }
        shared.drawn = count
        return false
    }

    /// A number for a new subscription, so a lane knows which of its subscriptions ended.
    func newSubscription() -> Int {
        defer { nextSubscription += 1 }
        return nextSubscription
    }

    func record(_ event: Event, lane: Int, subscription: Int = 0) {
        let time = clock.now.nanoseconds
        var event = event
        switch event {
        case .value, .finished, .failed:
            // A shared lane draws a delivery once; a repeated completion still ends its subscription.
            if isRepeat(lane: lane, subscription: subscription, time: time) {
                guard case .value = event else { event = .ended; break }
                return
            }
        default: break
        }
        let entry = Entry(time: time, lane: lane, subscription: subscription, event: event)
        entries.append(entry)
        Recorder.apply(entry, to: &live)
        if entries.count >= 2 * capacity { trim() }
        if isTracing, let words = TraceLine.words(event, bySubject: subscription == 0) { write(TraceLine(time: time, lane: names[lane].shown, width: traceWidth, event: words)) }
    }

    /// Forgets everything recorded so far; the next diagram starts now.
    func clear() {
        entries.removeAll()
        leftOut = 0
        start = clock.now.nanoseconds
        liveAtStart = live
    }

    /// How an event changes which subscriptions of its lane are live.
    static func apply(_ entry: Entry, to live: inout [Int: Set<Int>]) {
        switch entry.event {
        case .subscribe, .attached: live[entry.lane, default: []].insert(entry.subscription)
        case .cancel, .ended, .detached: live[entry.lane]?.remove(entry.subscription)
        case .finished, .failed:
            // A subject's own completion (subscription 0) ends every subscription to it.
            if entry.subscription == 0 { live[entry.lane] = [] } else { live[entry.lane]?.remove(entry.subscription) }
        case .request, .value, .dropped, .sent: break
        }
    }

    /// The events kept since the start or the last clear.
    var kept: [Entry] { entries }

    private func trim() {
        let excess = entries.count - capacity
        leftOut += excess
        leftOutUntil = entries[excess - 1].time
        for entry in entries[..<excess] { Recorder.apply(entry, to: &liveAtStart) }
        entries.removeFirst(excess)
    }

    /// Lane names in a trace are padded to the longest one so far, up to a point.
    private var traceWidth = 0
}

/// One line of `trace`: `[   300ms] q.debounce(for: 300ms)  receive value: (sw)`, the event
/// in `.print`'s words, and what Combine does silently (drops, the demand left). Its parts
/// are kept apart so that a terminal can colour them; `text` is the plain line.
public struct TraceLine: Sendable {
    /// `[   300ms]`: the virtual time, right-aligned.
    public let stamp: String
    /// The lane's name, padded so that the events line up.
    public let lane: String
    public let event: String

    public var text: String { stamp + " " + lane + "  " + event }

    init(time: Int64, lane: String, width: Int, event: String) {
        stamp = TraceLine.stamp(time)
        self.lane = lane.count < width ? lane + String(repeating: " ", count: width - lane.count) : lane
        self.event = event
    }

    /// `[   300ms]`: a virtual time as a trace line starts with it.
    static func stamp(_ time: Int64) -> String {
        let clock = VirtualTime(nanoseconds: time).description
        return "[" + String(repeating: " ", count: max(0, 8 - clock.count)) + clock + "]"
    }

    /// The event in words; nil for one a trace does not show.
    /// `bySubject`: the event is a subject's own (it was sent a completion, not received one).
    static func words(_ event: Recorder.Event, bySubject: Bool = false) -> String? {
        switch event {
        case .subscribe(let name): return "receive subscription: (\(name))"
        case .request(let demand, let left): return "request " + demandWords(demand) + leftWords(left)
        case .value(let value, let left): return "receive value: (\(value.description))" + leftWords(left)
        case .finished: return bySubject ? "send finished" : "receive finished"
        case .failed(let message): return (bySubject ? "send" : "receive") + " error: (\(message))"
        case .cancel: return "receive cancel"
        case .dropped(let value, let reason): return "dropped: (\(value.description)) \(reason.rawValue)"
        case .sent(let value): return "send value: (\(value.description))"
        case .ended, .attached, .detached: return nil
        }
    }

    /// What a subscriber may still be sent, where that is limited: `  demand left: max(1)`.
    private static func leftWords(_ left: Subscribers.Demand?) -> String {
        guard let left, let count = left.max else { return "" }
        return "  demand left: max(\(count))"
    }

    /// As `.print` writes a request: `unlimited`, `max: (1)`.
    static func demandWords(_ demand: Subscribers.Demand) -> String {
        demand.max.map { "max: (\($0))" } ?? "unlimited"
    }
}
