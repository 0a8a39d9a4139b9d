/// A point on a virtual clock, in nanoseconds since the clock started.
public struct VirtualTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    public static let zero = VirtualTime(nanoseconds: 0)
    /// The clock's end, about 292 years in: nothing can be scheduled after it.
    public static let end = VirtualTime(nanoseconds: .max)

    public static func < (lhs: VirtualTime, rhs: VirtualTime) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    /// Adds a duration, saturating instead of overflowing.
    public static func + (lhs: VirtualTime, rhs: Duration) -> VirtualTime { lhs.advanced(by: Stride(rhs)) }

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

/// Combine's scheduler time: a `VirtualTime` moves by a `VirtualTime.Stride`.
extension VirtualTime: Strideable {
    public func distance(to other: VirtualTime) -> Stride {
        Stride(nanoseconds: Stride.saturating(other.nanoseconds.subtractingReportingOverflow(nanoseconds), sign: other.nanoseconds))
    }

    /// Saturates at the clock's ends instead of overflowing.
    public func advanced(by stride: Stride) -> VirtualTime {
        VirtualTime(nanoseconds: Stride.saturating(nanoseconds.addingReportingOverflow(stride.magnitude), sign: stride.magnitude))
    }
}

extension VirtualTime {
    /// A span of virtual time, in nanoseconds: the clock's `SchedulerTimeType.Stride`. As with
    /// `DispatchQueue`'s stride, a bare number is seconds (`0.5` is half a second); arithmetic
    /// saturates instead of trapping.
    ///
    /// ```swift
    /// let half: VirtualTime.Stride = 0.5
    /// print(half == .milliseconds(500), half.duration)
    /// // true 0.5 seconds
    /// ```
    public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, Hashable, Sendable,
                          ExpressibleByFloatLiteral, Codable, CustomStringConvertible {
        /// The span in nanoseconds (Dispatch's stride calls it `magnitude` too).
        public var magnitude: Int64

        public init(nanoseconds: Int64) { magnitude = nanoseconds }

        /// The span a `Duration` is, clamped to the clock's range.
        public init(_ duration: Duration) { magnitude = duration.nanosecondsSaturated }

        /// The span as a `Duration`.
        public var duration: Duration { .nanoseconds(magnitude) }

        public var description: String { VirtualTime.decimal(magnitude, unit: 1_000_000) + "ms" }

        /// A bare integer is seconds.
        public init(integerLiteral value: Int) { self = .seconds(value) }
        /// A bare decimal is seconds.
        public init(floatLiteral value: Double) { self = .seconds(value) }

        public init?<T: BinaryInteger>(exactly source: T) {
            guard let value = Int64(exactly: source) else { return nil }
            magnitude = value
        }

        public static func seconds(_ s: Int) -> Stride { scaled(s, by: 1_000_000_000) }
        public static func seconds(_ s: Double) -> Stride {
            let nanoseconds = (s * 1_000_000_000).rounded()
            guard nanoseconds.isFinite, nanoseconds.magnitude < 9.2e18 else { return Stride(nanoseconds: s < 0 ? .min : .max) }
            return Stride(nanoseconds: Int64(nanoseconds))
        }
        public static func milliseconds(_ ms: Int) -> Stride { scaled(ms, by: 1_000_000) }
        public static func microseconds(_ us: Int) -> Stride { scaled(us, by: 1_000) }
        public static func nanoseconds(_ ns: Int) -> Stride { Stride(nanoseconds: Int64(ns)) }

        private static func scaled(_ count: Int, by unit: Int64) -> Stride {
            Stride(nanoseconds: saturating(Int64(count).multipliedReportingOverflow(by: unit), sign: count))
        }

        /// The result, or the end of the range its sign points to when it overflowed.
        static func saturating(_ result: (partialValue: Int64, overflow: Bool), sign: some BinaryInteger) -> Int64 {
            guard result.overflow else { return result.partialValue }
            return sign < 0 ? .min : .max
        }

        public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
        public static func + (lhs: Stride, rhs: Stride) -> Stride {
            Stride(nanoseconds: saturating(lhs.magnitude.addingReportingOverflow(rhs.magnitude), sign: rhs.magnitude))
        }
        public static func - (lhs: Stride, rhs: Stride) -> Stride {
            Stride(nanoseconds: saturating(lhs.magnitude.subtractingReportingOverflow(rhs.magnitude), sign: -rhs.magnitude.signum()))
        }
        public static func * (lhs: Stride, rhs: Stride) -> Stride {
            let sign = lhs.magnitude.signum() * rhs.magnitude.signum()
            return Stride(nanoseconds: saturating(lhs.magnitude.multipliedReportingOverflow(by: rhs.magnitude), sign: sign))
        }
        public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
        public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
        public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }
    }
}
