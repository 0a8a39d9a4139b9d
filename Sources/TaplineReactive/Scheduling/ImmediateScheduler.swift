/// A scheduler that runs every action at once, on the caller's stack (Combine's
/// `ImmediateScheduler.shared`). Its clock never moves: `now` is always the same instant, every
/// stride is nothing, and an action scheduled for later runs immediately, as Combine's does.
///
/// ```swift
/// let token = Just(1).receive(on: ImmediateScheduler.shared).sink { print($0) }
/// print("after")
/// // 1
/// // after
/// ```
public final class ImmediateScheduler: Scheduler, Sendable {
    /// The one instance, as in Combine.
    public static let shared = ImmediateScheduler()

    private init() {}

    /// The scheduler's one instant: advancing it, by anything, stays there.
    public struct SchedulerTimeType: Strideable, Sendable {
        public func distance(to other: SchedulerTimeType) -> Stride { 0 }
        public func advanced(by stride: Stride) -> SchedulerTimeType { self }

        /// A count with no unit: every named span (`.seconds(1)`, `.nanoseconds(5)`) is 0, as
        /// nothing waits on this scheduler.
        public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, Hashable, Sendable,
                              ExpressibleByFloatLiteral, Codable {
            public var magnitude: Int

            public init(_ value: Int) { magnitude = value }
            public init(integerLiteral value: Int) { magnitude = value }
            /// Truncated to an integer, as Combine's.
            public init(floatLiteral value: Double) { magnitude = Int(value) }
            public init?<T: BinaryInteger>(exactly source: T) {
                guard let value = Int(exactly: source) else { return nil }
                magnitude = value
            }

            public static func seconds(_ s: Int) -> Stride { 0 }
            public static func seconds(_ s: Double) -> Stride { 0 }
            public static func milliseconds(_ ms: Int) -> Stride { 0 }
            public static func microseconds(_ us: Int) -> Stride { 0 }
            public static func nanoseconds(_ ns: Int) -> Stride { 0 }

            public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
            public static func + (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude &+ rhs.magnitude) }
            public static func - (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude &- rhs.magnitude) }
            public static func * (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude &* rhs.magnitude) }
            public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
            public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
            public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }
        }
    }

    /// Takes no options.
    public typealias SchedulerOptions = Never

    public var now: SchedulerTimeType { SchedulerTimeType() }
    public var minimumTolerance: SchedulerTimeType.Stride { 0 }

    public func schedule(options: Never?, _ action: @escaping () -> Void) { action() }

    public func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: Never?,
                         _ action: @escaping () -> Void) {
        action()
    }

    /// Runs `action` once, at once: nothing repeats on a clock that never moves.
    public func schedule(after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
                         tolerance: SchedulerTimeType.Stride, options: Never?,
                         _ action: @escaping () -> Void) -> any Cancellable {
        action()
        return Subscriptions.empty
    }
}
