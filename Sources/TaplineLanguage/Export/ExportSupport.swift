/// The fixed Swift that an exported program carries for what Combine leaves to the app: the
/// imports, a test scheduler for virtual time, a button, and errors made from messages. Each
/// piece is written only when the program needs it, so the seed programs stay short.
enum ExportSupport {
    /// Combine where it exists (Xcode), Tapline's core elsewhere: the same code runs on both.
    static let imports = """
        #if canImport(Combine)
        import Combine
        #else
        import TaplineReactive
        #endif
        """

    /// Tapline's errors are messages (`fail s "timeout"`, `throw "negative"`): one error type
    /// that prints as its message, in `\(error)` and inside `failure(…)`.
    static let appError = """
        /// An error made from a message, as Tapline's `fail s "timeout"` and `throw "negative"` make them.
        struct AppError: Error, CustomStringConvertible, CustomDebugStringConvertible {
            let description: String
            init(_ message: String) { description = message }
            var debugDescription: String { description }
        }
        """

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
        }
        """

    private static let schedulerConformances = """
        #if canImport(Combine)
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
                var current: Pending?
                func tick(at due: Int64) {
                    current = enqueue(afterNanoseconds: due - nanoseconds) {
                        action()
                        tick(at: due + interval.nanoseconds)
                    }
                }
                tick(at: date.nanoseconds)
                return AnyCancellable { current?.cancel() }
            }

            func advance(by span: SchedulerTimeType.Stride) { advance(byNanoseconds: span.nanoseconds) }
        }
        #else
        extension TestScheduler: Scheduler {
            var now: VirtualTime { VirtualTime(nanoseconds: nanoseconds) }

            @discardableResult
            func schedule(after delay: Duration, _ action: @escaping () -> Void) -> any Cancellable {
                enqueue(afterNanoseconds: delay.nanosecondsSaturated, action)
            }

            func schedule(_ action: @escaping () -> Void) { enqueueSoon(action) }

            /// Combine's `schedule(after: scheduler.now.advanced(by: …))`.
            func schedule(after time: VirtualTime, _ action: @escaping () -> Void) {
                enqueue(afterNanoseconds: time.nanoseconds - nanoseconds, action)
            }

            func advance(by span: Duration) { advance(byNanoseconds: span.nanosecondsSaturated) }
        }

        extension VirtualTime {
            func advanced(by span: Duration) -> VirtualTime { self + span }
        }
        #endif
        """
}
