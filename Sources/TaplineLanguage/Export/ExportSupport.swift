/// The fixed Swift that an exported program carries for what Combine leaves to the app: the
/// imports, a test scheduler for virtual time, a button, and errors made from messages. Each
/// piece is written only when the program needs it, so the seed programs stay short.
enum ExportSupport {
    /// Combine where it exists (Xcode), Tapline's core elsewhere: the same code runs on both
    /// (the core's `Scheduler` is Combine's, so the test scheduler below serves both).
    static let imports = """
        #if canImport(Combine)
        import Combine
        #else
        import TaplineReactive
        #endif
        """

    /// Tapline's errors are messages (`fail s "timeout"`, `throw "negative"`): one error type
    /// that prints as its message, in `\(error)` and inside `failure(…)`.
    static func appError(named name: String) -> String { """
        /// An error made from a message, as Tapline's `fail s "timeout"` and `throw "negative"` make them.
        struct \(name): Error, CustomStringConvertible, CustomDebugStringConvertible {
            let description: String
            init(_ message: String) { description = message }
            var debugDescription: String { description }
        }
        """
    }

    /// `button NAME "Title" { action }`: what a UIKit view exposes to its view model.
    static let button = """
        /// A button as a view exposes it to its view model: `tap` publishes each tap, after
        /// the button's own action has run (`Button(action:)` in SwiftUI).
        final class TapButton {
            let title: String
            let tap = PassthroughSubject<Void, Never>()
            private let action: () -> Void

            init(_ title: String, action: @escaping () -> Void = {}) {
                self.title = title
                self.action = action
            }

            /// What a user's tap does.
            func sendTap() {
                action()
                tap.send(())
            }
        }
        """

    /// A view a `switch` can show: SwiftUI makes it when its branch is chosen and dismantles
    /// it when another is.
    static let mountedView = """
        /// A view that SwiftUI mounts (`makeUIView` calls `appear()`) and dismantles
        /// (`dismantleUIView` calls `disappear()`).
        protocol MountedView: AnyObject {
            func appear()
            func disappear()
        }
        """

    /// One virtual clock for every scheduler and timer of the program (DESIGN §8).
    static let scheduler = schedulerCore + "\n\n" + schedulerConformances

    private static let schedulerCore = """
        /// Virtual time. This one scheduler stands in for every scheduler the program names
        /// (`RunLoop.main`, `DispatchQueue.main`, …), so timed code gives the same output on
        /// every run. Time moves only when the program says: `drain()` runs the work asked for
        /// "as soon as possible" (as a run loop does at the end of each turn), and
        /// `advance(by:)` runs everything due, in time order, each action followed by the work
        /// it asked for as soon as possible.
        final class TestScheduler {
            /// One scheduled action; cancelling it lets it go.
            final class Pending: Cancellable {
                let due: Int64
                var action: (() -> Void)?
                /// A step of work that goes on for ever (a timer's tick): not waited for at the end.
                var repeats = false
                init(due: Int64, action: @escaping () -> Void) {
                    self.due = due
                    self.action = action
                }
                func cancel() { action = nil }
            }

            private(set) var nanoseconds: Int64 = 0
            private var timed: [Pending] = []
            private var soon: [() -> Void] = []

            /// Runs `action` once `delay` has passed; actions due together run in the order asked.
            @discardableResult
            func enqueue(afterNanoseconds delay: Int64, _ action: @escaping () -> Void) -> Pending {
                let pending = Pending(due: nanoseconds + max(0, delay), action: action)
                let index = timed.firstIndex { $0.due > pending.due } ?? timed.endIndex
                timed.insert(pending, at: index)
                return pending
            }

            func enqueueSoon(_ action: @escaping () -> Void) { soon.append(action) }

            /// Runs the work asked for as soon as possible, including work asked for meanwhile.
            func drain() {
                while !soon.isEmpty {
                    let batch = soon
                    soon.removeAll()
                    for action in batch { action() }
                }
            }

            func advance(byNanoseconds span: Int64) {
                let end = nanoseconds + span
                drain()
                while let next = timed.first, next.due <= end {
                    timed.removeFirst()
                    guard let action = next.action else { continue }
                    next.action = nil
                    nanoseconds = max(nanoseconds, next.due)
                    action()
                    drain()
                }
                nanoseconds = max(nanoseconds, end)
            }

            /// The program's end, as a playground page ends: time runs on while work asked for
            /// once is waiting (repeating ticks run on the way, but are not waited for), for ten
            /// minutes at most.
            func runUntilQuiet() {
                let limit = nanoseconds + 600_000_000_000
                drain()
                while let last = timed.filter({ $0.action != nil && !$0.repeats }).map(\\.due).max() {
                    advance(byNanoseconds: min(last, limit) - nanoseconds)
                    if last >= limit { return }
                }
            }
        }
        """

    private static let schedulerConformances = """
        extension TestScheduler: Scheduler {
            struct SchedulerTimeType: Strideable, CustomStringConvertible {
                var nanoseconds: Int64
                func distance(to other: Self) -> Stride { Stride(nanoseconds: other.nanoseconds - nanoseconds) }
                func advanced(by stride: Stride) -> Self { Self(nanoseconds: nanoseconds + stride.nanoseconds) }
                var description: String {   // as Tapline prints `now`: 1500ms, 0.5ms, 0.000001ms
                    let (whole, part) = nanoseconds.quotientAndRemainder(dividingBy: 1_000_000)
                    guard part != 0 else { return "\\(whole)ms" }
                    var fraction = String(1_000_000 + part).dropFirst()
                    while fraction.last == "0" { fraction.removeLast() }
                    return "\\(whole).\\(fraction)ms"
                }

                struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric {
                    var nanoseconds: Int64
                    init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }
                    init(integerLiteral value: Int64) { nanoseconds = value }
                    init?<T: BinaryInteger>(exactly source: T) {
                        guard let value = Int64(exactly: source) else { return nil }
                        nanoseconds = value
                    }
                    var magnitude: UInt64 { nanoseconds.magnitude }
                    static func < (a: Self, b: Self) -> Bool { a.nanoseconds < b.nanoseconds }
                    static func + (a: Self, b: Self) -> Self { Self(nanoseconds: a.nanoseconds + b.nanoseconds) }
                    static func - (a: Self, b: Self) -> Self { Self(nanoseconds: a.nanoseconds - b.nanoseconds) }
                    static func * (a: Self, b: Self) -> Self { Self(nanoseconds: a.nanoseconds * b.nanoseconds) }
                    static func += (a: inout Self, b: Self) { a = a + b }
                    static func -= (a: inout Self, b: Self) { a = a - b }
                    static func *= (a: inout Self, b: Self) { a = a * b }
                    static func seconds(_ s: Int) -> Self { Self(nanoseconds: Int64(s) * 1_000_000_000) }
                    static func seconds(_ s: Double) -> Self { Self(nanoseconds: Int64(s * 1_000_000_000)) }
                    static func milliseconds(_ ms: Int) -> Self { Self(nanoseconds: Int64(ms) * 1_000_000) }
                    static func microseconds(_ us: Int) -> Self { Self(nanoseconds: Int64(us) * 1_000) }
                    static func nanoseconds(_ ns: Int) -> Self { Self(nanoseconds: Int64(ns)) }
                }
            }
            typealias SchedulerOptions = Never

            var now: SchedulerTimeType { SchedulerTimeType(nanoseconds: nanoseconds) }
            var minimumTolerance: SchedulerTimeType.Stride { .zero }

            func schedule(options: Never?, _ action: @escaping () -> Void) { enqueueSoon(action) }

            func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: Never?,
                          _ action: @escaping () -> Void) {
                enqueue(afterNanoseconds: date.nanoseconds - nanoseconds, action)
            }

            func schedule(after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
                          tolerance: SchedulerTimeType.Stride, options: Never?,
                          _ action: @escaping () -> Void) -> Cancellable {
                // The first run is waited for at the end, as any timed work (`debounce` and
                // `timeout` cancel theirs once it has run); the runs after it are ticks.
                var current: Pending?
                func tick(at due: Int64, first: Bool) {
                    current = enqueue(afterNanoseconds: due - nanoseconds) {
                        action()
                        tick(at: due + max(1, interval.nanoseconds), first: false)
                    }
                    current?.repeats = !first
                }
                tick(at: date.nanoseconds, first: true)
                return AnyCancellable { current?.cancel() }
            }

            func advance(by span: SchedulerTimeType.Stride) { advance(byNanoseconds: span.nanoseconds) }
        }
        """
}

/// Every piece of the program's own text that the export carries — its comments, its strings,
/// its marble strings, its file's name — is written by one of these two functions, so that none
/// of it can end a line, or a comment or a string, and become code Swift runs.
extension ExportSupport {
    /// A `//` comment whose text is `text`, on one line. Swift ends a `//` comment at a line feed
    /// or a carriage return (either alone); editors and viewers also break lines at U+0085,
    /// U+2028 and U+2029. Those, every other control character but the tab, and the
    /// bidirectional controls (which can make a line read otherwise than it lexes) are written
    /// as `\u{…}`, so the comment shows where they were and ends where the line does.
    static func comment(_ text: some StringProtocol) -> String {
        var out = "//"
        for scalar in text.unicodeScalars {
            if scalar != "\t", isHidden(scalar) { out += unicodeEscape(scalar) } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// A Swift string literal that Swift reads back as exactly `text`.
    static func literal(_ text: some StringProtocol) -> String { "\"" + literalContent(text) + "\"" }

    /// What goes between the quotes of a Swift string literal for `text` (a piece of a
    /// literal with interpolations): quotes and backslashes escaped (so none can end the
    /// literal or start an interpolation), line ends and other control characters and the
    /// characters that `comment` writes as `\u{…}` escaped.
    static func literalContent(_ text: some StringProtocol) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\0": out += "\\0"
            case _ where isHidden(scalar): out += unicodeEscape(scalar)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Control characters (C0, DEL, C1 with U+0085), the line and paragraph separators, and
    /// the bidirectional marks, embeddings, overrides and isolates.
    private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: return true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// `\u{2028}`: Swift's escape for a scalar in a string, and a visible mark in a comment.
    private static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }
}
