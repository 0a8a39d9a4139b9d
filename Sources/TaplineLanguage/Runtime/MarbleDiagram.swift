import TaplineReactive

/// A marble diagram of what was recorded: one lane per publisher and operator stage, one
/// column per frame, on one time axis (DESIGN §7–§8). `text(width:)` draws it for a terminal,
/// `MarbleSVG` as a picture; both draw this same model.
struct MarbleDiagram {
    /// What a lane shows in one frame.
    enum Mark: Equatable {
        case value(Value)
        case finished
        case failed(String)
        case subscribe
        case cancel
    }

    struct Lane {
        let name: String
        /// Marks by frame, relative to `firstFrame`, in the order they happened.
        var marks: [Int: [Mark]] = [:]
        /// Whether a subscription was live in each frame (the lane's line is drawn there).
        var live: [Bool]
        /// What happened in each frame that has a mark, in `trace`'s words with its time.
        var events: [Int: [String]] = [:]
    }

    /// The length of a frame, in nanoseconds, and the absolute frame the diagram starts at.
    let frameLength: Int64
    let firstFrame: Int64
    let frameCount: Int
    private(set) var lanes: [Lane]
    /// The symbol each frame of each lane is drawn with, and what the letters stand for.
    private(set) var symbols: [[Character]] = []
    private(set) var legend: [(Character, String)] = []
    /// The marks the diagram draws that are not values, with what each means, in the key's order.
    private(set) var keyMarks: [(Character, String)] = []
    /// Events the recording let go (bounded), or that fell before the drawn window.
    let omitted: Int
    let omittedUntil: Int64

    /// At most this many frames are drawn: the most recent ones.
    static let maximumFrames = 300

    /// `keepsEvents`: each mark's events are kept in `trace`'s words (`Lane.events`), for a
    /// picture's tooltips; the text diagram has no use for them.
    init(_ recorder: Recorder, frameLength: Int64, now: Int64, keepsEvents: Bool) {
        self.frameLength = frameLength
        let entries = recorder.kept
        let start = recorder.leftOut > 0 ? recorder.leftOutUntil : recorder.start
        let end = max(now, entries.last?.time ?? now)
        var first = start / frameLength
        let last = end / frameLength
        if last - first + 1 > Int64(MarbleDiagram.maximumFrames) { first = last - Int64(MarbleDiagram.maximumFrames) + 1 }
        firstFrame = first
        frameCount = Int(last - first + 1)
        let rows = Rows(recorder, entries)
        var live = recorder.liveAtStart
        var early = 0
        var lanes = rows.names.map { Lane(name: $0, live: Array(repeating: false, count: Int(last - first + 1))) }
        var used = Set(live.filter { !$0.value.isEmpty }.flatMap { lane, subscriptions in subscriptions.map { rows.row(lane, $0) } })
        var cursor = 0
        for column in 0..<frameCount {
            for (lane, subscriptions) in live where !subscriptions.isEmpty {
                guard rows.isSplit(lane) else { lanes[rows.row(lane, 0)].live[column] = true; continue }
                for subscription in subscriptions { lanes[rows.row(lane, subscription)].live[column] = true }
            }
            // Saturating: a frame can be as long as the clock allows (`frame 290 years`).
            let (product, overflow) = (first + Int64(column) + 1).multipliedReportingOverflow(by: frameLength)
            let frameEnd = overflow ? Int64.max : product
            while cursor < entries.count, entries[cursor].time < frameEnd {
                let entry = entries[cursor]
                cursor += 1
                Recorder.apply(entry, to: &live)
                guard entry.time >= first * frameLength else { early += 1; continue }
                let row = rows.row(entry.lane, entry.subscription)
                if keepsEvents, let words = TraceLine.words(entry.event, bySubject: entry.subscription == 0) {
                    lanes[row].events[column, default: []].append(TraceLine.stamp(entry.time) + " " + words)
                }
                guard let mark = MarbleDiagram.mark(entry.event) else { continue }
                lanes[row].marks[column, default: []].append(mark)
                if rows.drawsLive(live[entry.lane] ?? [], in: row, of: entry.lane, for: entry.subscription) { lanes[row].live[column] = true }
                used.insert(row)
            }
        }
        self.lanes = lanes.enumerated().filter { used.contains($0.offset) }.map(\.element)
        omitted = recorder.leftOut + early
        omittedUntil = early > 0 ? first * frameLength : recorder.leftOutUntil
        assignSymbols()
    }

    /// The diagram's rows: one per recorded lane, except that a lane subscribed to at
    /// different times — an inner publisher of `flatMap` or `switchToLatest`, the new
    /// subscription of `retry` or `catch`, a late subscriber — has a row per subscription,
    /// starting where it subscribed (as RxViz draws them), the second and later named
    /// `#2 NAME`. A subject's lane and a shared one stay one row.
    private struct Rows {
        private(set) var names: [String] = []
        private var laneRow: [Int] = []
        private var subscriptionRow: [Int: [Int: Int]] = [:]

        init(_ recorder: Recorder, _ entries: [Recorder.Entry]) {
            // Each lane's subscriptions in the order they first appear, with that time.
            var starts: [Int: [(subscription: Int, time: Int64)]] = [:]
            var seen = Set<SIMD2<Int>>()
            var subjectLanes = Set<Int>()
            for entry in entries {
                guard entry.subscription != 0 else { subjectLanes.insert(entry.lane); continue }
                if seen.insert(SIMD2(entry.lane, entry.subscription)).inserted {
                    starts[entry.lane, default: []].append((entry.subscription, entry.time))
                }
            }
            for (lane, name) in recorder.lanes.enumerated() {
                laneRow.append(names.count)
                names.append(name)
                guard let subscriptions = starts[lane], !subjectLanes.contains(lane), !recorder.isShared(lane),
                      Set(subscriptions.map(\.time)).count > 1 else { continue }
                subscriptionRow[lane] = [subscriptions[0].subscription: names.count - 1]
                for (number, later) in subscriptions.dropFirst().enumerated() {
                    subscriptionRow[lane]?[later.subscription] = names.count
                    names.append("#\(number + 2) \(name)")
                }
            }
        }

        /// The row that draws `subscription`'s events in `lane`.
        func row(_ lane: Int, _ subscription: Int) -> Int {
            subscriptionRow[lane]?[subscription] ?? laneRow[lane]
        }

        /// Whether `lane` has a row per subscription.
        func isSplit(_ lane: Int) -> Bool { subscriptionRow[lane] != nil }

        /// Whether one of `live`, the live subscriptions of `lane`, is drawn in `row`, the row
        /// of `subscription`: any, in a lane of one row; else that one, or in the lane's first
        /// row one that had no event of its own in the recording (live before it began).
        func drawsLive(_ live: Set<Int>, in row: Int, of lane: Int, for subscription: Int) -> Bool {
            guard !live.isEmpty else { return false }
            guard let rows = subscriptionRow[lane] else { return true }
            if live.contains(subscription) { return true }
            return row == laneRow[lane] && live.contains { rows[$0] == nil }
        }
    }

    private static func mark(_ event: Recorder.Event) -> Mark? {
        switch event {
        case .subscribe, .attached: return .subscribe
        case .cancel, .detached: return .cancel
        case .value(let value, _), .sent(let value): return .value(value)
        case .finished: return .finished
        case .failed(let message): return .failed(message)
        case .request, .dropped, .ended: return nil
        }
    }
}

extension MarbleDiagram {
    /// Characters that mean something in a marble string, so never a value drawn as itself
    /// (`?` stands for the values past the last letter).
    private static let reserved: Set<Character> = Marbles.syntax.union(["^", "!", "?"])

    /// The marks that are not values, in the order the key lists them, with what each means.
    static let marks: [(Character, String)] = [("^", "subscription"), ("!", "cancel"), ("|", "finished"), ("#", "failure")]

    /// What the marks drawn mean, one line: only those the diagram has (`^ subscription  | finished`).
    var key: String { keyMarks.map { "\($0.0) \($0.1)" }.joined(separator: "  ") }

    /// `text` in at most `limit` characters: its start and its end, with `…` between, so that a
    /// chain's name keeps its root and the stage the lane shows.
    static func cut(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        let head = max(1, limit / 3)
        return String(text.prefix(head)) + "…" + String(text.suffix(max(0, limit - head - 1)))
    }

    /// Gives each frame of each lane one character: `-` where a subscription is live, a
    /// value's letter, `|`, `#`, `^`, `!`, or a letter for a group of simultaneous events
    /// (the subscribe and cancel points give way to values and completions in one frame).
    private mutating func assignSymbols() {
        var letters = Letters(taken: Set(lanes.flatMap { $0.marks.values.joined() }.compactMap(Self.itself)))
        symbols = lanes.map { lane in
            (0..<frameCount).map { column in
                guard var marks = lane.marks[column] else { return lane.live[column] ? "-" : " " }
                if marks.contains(where: { $0 != .subscribe && $0 != .cancel }) {
                    marks.removeAll { $0 == .subscribe || $0 == .cancel }
                }
                // Several subscriptions starting (or ending) together are one point.
                marks = marks.enumerated().filter { index, mark in
                    index == 0 || !((mark == .subscribe || mark == .cancel) && mark == marks[index - 1])
                }.map(\.element)
                let drawn = marks.map { letters.symbol(for: $0) }
                guard drawn.count > 1 else { return drawn[0] }
                // A legend line stays readable however many events share the frame.
                let shown = drawn.count <= 24 ? String(drawn) : String(drawn.prefix(12)) + "…" + String(drawn.suffix(4))
                return letters.group("(" + shown + ")" + (drawn.count <= 24 ? "" : " \(drawn.count) events"))
            }
        }
        let drawn = Set(symbols.joined())
        keyMarks = MarbleDiagram.marks.filter { drawn.contains($0.0) }
        legend = letters.legend
        if letters.unnamed > 0 {
            legend.append(("?", "any of \(letters.unnamed) more values or groups: the letters ran out ('trace on' shows each)"))
        }
    }

    /// A value drawn as itself: one character that is not marble syntax.
    static func itself(_ mark: Mark) -> Character? {
        guard case .value(let value) = mark else { return nil }
        let text = value.description
        guard text.count == 1, let only = text.first, !reserved.contains(only), only != "-" else { return nil }
        return only
    }

    /// Fresh letters for values and groups: the same letter for the same value in every lane.
    /// After the Latin letters come Greek ones that look like no Latin letter; when those run
    /// out too, the rest are `?`, counted in one legend line.
    private struct Letters {
        var taken: Set<Character>
        var values: [(Value, Character)] = []
        var groups: [String: Character] = [:]
        var legend: [(Character, String)] = []
        /// How many values and groups got `?`.
        var unnamed = 0
        private static let more = "αβγδεζηθκλμξπρστφχψωΓΔΘΛΞΠΣΦΨΩ"

        mutating func symbol(for mark: Mark) -> Character {
            switch mark {
            case .finished: return "|"
            case .failed: return "#"
            case .subscribe: return "^"
            case .cancel: return "!"
            case .value(let value):
                if let itself = MarbleDiagram.itself(mark) { return itself }
                if let known = values.first(where: { ValueArithmetic.equal($0.0, value) }) { return known.1 }
                let letter = fresh("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
                values.append((value, letter))
                if letter == "?" { unnamed += 1 } else { legend.append((letter, value.debugDescription)) }
                return letter
            }
        }

        mutating func group(_ text: String) -> Character {
            if let known = groups[text] { return known }
            let letter = fresh("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
            groups[text] = letter
            if letter == "?" { unnamed += 1 } else { legend.append((letter, text)) }
            return letter
        }

        private mutating func fresh(_ pool: String) -> Character {
            guard let letter = (pool + Letters.more).first(where: { !taken.contains($0) }) else { return "?" }
            taken.insert(letter)
            return letter
        }
    }
}

extension MarbleDiagram {
    /// The diagram for a terminal `width` columns wide: a ruler in virtual time, then a lane
    /// per stage (its name beside it, or on a line of its own when long), folded into blocks
    /// of frames that fit, never wrapping inside a lane; the legend below.
    func text(width: Int) -> String {
        guard !lanes.isEmpty else { return "(nothing recorded yet: subscribe to something, then send or wait)" }
        let nameWidth = max(6, min(lanes.map(\.name.count).max() ?? 0, max(8, width / 4)) + 2)
        let perBlock = max(10, (width - nameWidth) / 10 * 10)
        var lines: [String] = []
        if omitted > 0 {
            lines.append("(\(omitted) earlier event(s) left out, up to \(VirtualTime(nanoseconds: omittedUntil).shortDescription); 'marbles clear' starts afresh)")
        }
        for blockStart in stride(from: 0, to: frameCount, by: perBlock) {
            let columns = blockStart..<min(frameCount, blockStart + perBlock)
            if blockStart > 0 { lines.append("") }
            lines.append(pad("time", nameWidth) + ruler(columns, room: width - nameWidth))
            for (index, lane) in lanes.enumerated() {
                let drawn = String(columns.map { symbols[index][$0] })
                if lane.name.count > nameWidth - 2 {
                    // On a line of its own, cut to the width: no line of the diagram wraps.
                    lines.append(MarbleDiagram.cut(lane.name, to: width - 1))
                    lines.append(String(repeating: " ", count: nameWidth) + drawn)
                } else {
                    lines.append(pad(lane.name, nameWidth) + drawn)
                }
            }
        }
        let key = self.key
        if !key.isEmpty || !legend.isEmpty { lines.append("") }
        if !key.isEmpty { lines.append(key) }
        lines += legend.map { "\($0.0) = \($0.1)" }
        return lines.map { $0.droppingTrailing(while: { $0 == " " }) }.joined(separator: "\n")
    }

    /// Time labels every ten frames, each at its frame's column while it fits.
    private func ruler(_ columns: Range<Int>, room: Int) -> String {
        var line = ""
        for column in columns where (firstFrame + Int64(column)) % 10 == 0 {
            let label = VirtualTime(nanoseconds: (firstFrame + Int64(column)) * frameLength).shortDescription
            let at = column - columns.lowerBound
            guard line.count <= at, at + label.count <= room else { continue }
            line += String(repeating: " ", count: at - line.count) + label
        }
        return line
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}

extension VirtualTime {
    /// A ruler's label: `0`, `500ms`, `1s`, `1.5s`, `90s`.
    var shortDescription: String {
        if nanoseconds == 0 { return "0" }
        if nanoseconds >= 1_000_000_000 { return VirtualTime.decimal(nanoseconds, unit: 1_000_000_000) + "s" }
        return description
    }
}
