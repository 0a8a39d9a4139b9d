import TaplineReactive

/// Marble strings in RxJS's syntax, the notation `play` and `expect` take and write.
///
/// `-` is one frame of time, any other character an event at the current frame (`|`
/// completion, `#` an error, else a value), `(ab)` several events in one frame, and spaces
/// are ignored. A group advances time by its whole width, parentheses included, as in RxJS:
/// in `-(12)--3-|` the 1 and the 2 fall at frame 1 and the 3 at frame 7. Between spaces, a
/// duration such as `100ms` or `1.5s` moves time on by that much (RxJS's time progression).
/// `^` marks frame 0 (what comes before it happened earlier: negative times), and `!` the
/// frame where a subscription is cancelled, both as in RxJS.
enum Marbles {
    /// The characters that are the notation itself, so never a value drawn as itself.
    static let syntax: Set<Character> = ["-", "(", ")", "|", "#", " ", "^", "!"]

    /// What happens at one point of a marble string.
    enum Symbol: Equatable {
        case value(Character)
        case finished
        case failure
        /// `!`: the subscription is cancelled here.
        case cancel
    }

    /// One event, at a time in nanoseconds from the string's frame 0.
    struct Event: Equatable {
        var time: Int64
        var symbol: Symbol
    }

    /// Why a marble string cannot be read, with the offset of the character at fault.
    struct ParseError: Error, Equatable {
        var message: String
        var offset: Int
    }

    /// The events of `text`, each frame `frame` nanoseconds long.
    static func parse(_ text: String, frame: Int64) throws(ParseError) -> [Event] {
        let characters = Array(text)
        var events: [Event] = []
        var time: Int64 = 0
        var groupStart: Int64?
        var origin: Int64?
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == " " {
                if let (duration, length) = try progression(characters, at: index + 1) {
                    time = try advanced(time, by: duration, at: index + 1)
                    index += 1 + length
                } else {
                    index += 1
                }
                continue
            }
            switch character {
            case "-":
                break
            case "(":
                guard groupStart == nil else { throw ParseError(message: "a group cannot open inside another", offset: index) }
                groupStart = time
            case ")":
                guard groupStart != nil else { throw ParseError(message: "')' closes no group", offset: index) }
                groupStart = nil
            case "^":
                guard origin == nil else { throw ParseError(message: "'^' (frame 0) can be marked once", offset: index) }
                guard groupStart == nil else { throw ParseError(message: "'^' cannot be inside a group", offset: index) }
                origin = time
            default:
                let symbol: Symbol
                switch character {
                case "|": symbol = .finished
                case "#": symbol = .failure
                case "!": symbol = .cancel
                default: symbol = .value(character)
                }
                events.append(Event(time: groupStart ?? time, symbol: symbol))
            }
            time = try advanced(time, by: frame, at: index)
            index += 1
        }
        if groupStart != nil { throw ParseError(message: "a group '(' is not closed", offset: characters.count) }
        guard let origin else { return events }
        return events.map { Event(time: $0.time - origin, symbol: $0.symbol) }
    }

    /// A time progression (`100ms`, `1.5s`, `2m`) starting at `start` and followed by a space
    /// or the end: its length in nanoseconds and in characters.
    private static func progression(_ characters: [Character], at start: Int) throws(ParseError) -> (Int64, Int)? {
        var end = start
        while end < characters.count, characters[end].isNumber || characters[end] == "." { end += 1 }
        guard end > start, let amount = Double(String(characters[start..<end])) else { return nil }
        for (unit, scale) in [("ms", 1e6), ("s", 1e9), ("m", 60e9)] {
            let unitEnd = end + unit.count
            guard unitEnd <= characters.count, String(characters[end..<unitEnd]) == unit,
                  unitEnd == characters.count || characters[unitEnd] == " " else { continue }
            // Converted only when it fits: Int64(Double) traps past Int64.max.
            let nanoseconds = (amount * scale).rounded()
            guard nanoseconds < 9.2e18 else { throw tooLong(at: start) }
            return (Int64(nanoseconds), unitEnd - start)
        }
        return nil
    }

    /// `time` moved on by `step`, or the error of a string longer than the clock can count.
    private static func advanced(_ time: Int64, by step: Int64, at offset: Int) throws(ParseError) -> Int64 {
        let (sum, overflow) = time.addingReportingOverflow(step)
        guard !overflow else { throw tooLong(at: offset) }
        return sum
    }

    private static func tooLong(at offset: Int) -> ParseError {
        ParseError(message: "the string lasts longer than the clock can count (about 292 years)", offset: offset)
    }

    /// `events` written as a marble string with one character a frame: events that share a
    /// frame are grouped, and an event that falls between frames is drawn in the frame it
    /// falls in. Where a group's width would pass the next event's frame, a time progression
    /// cannot go back either, so that event follows the group at once and `isExact` is false.
    static func format(_ events: [(time: Int64, symbol: Character)], frame: Int64) -> (text: String, isExact: Bool) {
        var text = ""
        var cursor: Int64 = 0       // the frame the next character stands at
        var isExact = true
        var index = 0
        while index < events.count {
            let at = events[index].time / frame
            var group: [Character] = []
            while index < events.count, events[index].time / frame == at {
                group.append(events[index].symbol)
                index += 1
            }
            if at < cursor { isExact = false }
            if at > cursor { text += gap(at - cursor, frame: frame) }
            let start = max(at, cursor)
            text += group.count == 1 ? String(group) : "(" + String(group) + ")"
            cursor = start + Int64(group.count == 1 ? 1 : group.count + 2)
        }
        return (text, isExact)
    }

    /// The longest pause written as dashes, one a frame; a longer one is a time progression
    /// (` 100000ms `), which RxJS's notation and `parse` read the same: a `wait` of years
    /// inside an `expect` would otherwise write billions of dashes.
    static let longestDashes: Int64 = 1000

    private static func gap(_ frames: Int64, frame: Int64) -> String {
        guard frames > longestDashes else { return String(repeating: "-", count: Int(frames)) }
        let (nanoseconds, overflow) = frames.multipliedReportingOverflow(by: frame)
        return " " + VirtualTime.decimal(overflow ? .max : nanoseconds, unit: 1_000_000) + "ms "
    }
}
