extension Subscribers {
    /// How many more values a subscriber is willing to receive: a number, or unlimited.
    ///
    /// Arithmetic follows Combine: anything added to `.unlimited` stays unlimited,
    /// overflow saturates at unlimited, and subtraction never goes below `.max(0)`.
    ///
    /// ```swift
    /// print(Subscribers.Demand.max(2) + .max(3))       // max(5)
    /// print(Subscribers.Demand.unlimited + .max(1))    // unlimited
    /// print(Subscribers.Demand.max(1) - .max(4))       // max(0)
    /// ```
    public struct Demand: Hashable, Comparable, Sendable, CustomStringConvertible {
        /// `UInt.max` stands for unlimited; a finite demand is at most `Int.max`, so
        /// `.max(Int.max)` stays finite (as in Combine) and every finite demand is below it.
        @usableFromInline internal let rawValue: UInt

        @inlinable internal init(rawValue: UInt) { self.rawValue = rawValue }

        /// A demand for at most `count` values. `count` must not be negative.
        @inlinable public static func max(_ count: Int) -> Demand {
            precondition(count >= 0, "a demand cannot be negative")
            return Demand(rawValue: UInt(count))
        }

        /// No limit on the number of values.
        public static let unlimited = Demand(rawValue: .max)
        /// A demand for nothing: `.max(0)`.
        public static let none = Demand(rawValue: 0)

        @inlinable public var isUnlimited: Bool { rawValue == .max }
        /// The finite count, or nil when unlimited.
        @inlinable public var max: Int? { isUnlimited ? nil : Int(rawValue) }

        public var description: String { isUnlimited ? "unlimited" : "max(\(rawValue))" }

        /// A finite result past `Int.max` saturates at unlimited; below zero it is `.none`.
        @inlinable internal static func finite(_ value: Int, overflow: Bool, saturating: Demand) -> Demand {
            if overflow { return saturating }
            return value < 0 ? .none : Demand(rawValue: UInt(value))
        }

        @inlinable public static func + (lhs: Demand, rhs: Demand) -> Demand {
            if lhs.isUnlimited || rhs.isUnlimited { return .unlimited }
            // Both are at most Int.max, so their sum fits in a UInt.
            let sum = lhs.rawValue + rhs.rawValue
            return sum > UInt(Int.max) ? .unlimited : Demand(rawValue: sum)
        }
        /// Unlimited plus anything, even `Int.min`, stays unlimited (Combine never traps here).
        @inlinable public static func + (lhs: Demand, rhs: Int) -> Demand {
            if lhs.isUnlimited { return .unlimited }
            let (sum, overflow) = Int(lhs.rawValue).addingReportingOverflow(rhs)
            return finite(sum, overflow: overflow, saturating: .unlimited)
        }
        @inlinable public static func += (lhs: inout Demand, rhs: Demand) { lhs = lhs + rhs }
        @inlinable public static func += (lhs: inout Demand, rhs: Int) { lhs = lhs + rhs }

        /// Unlimited minus anything (even unlimited) stays unlimited; a finite demand minus
        /// unlimited is `.none`; subtraction never goes below `.none`.
        @inlinable public static func - (lhs: Demand, rhs: Demand) -> Demand {
            if lhs.isUnlimited { return .unlimited }
            if rhs.isUnlimited { return .none }
            return lhs.rawValue > rhs.rawValue ? Demand(rawValue: lhs.rawValue - rhs.rawValue) : .none
        }
        /// As in Combine, an overflowing subtraction (`.max(Int.max) - (-1)`) gives `.none`.
        @inlinable public static func - (lhs: Demand, rhs: Int) -> Demand {
            if lhs.isUnlimited { return .unlimited }
            let (difference, overflow) = Int(lhs.rawValue).subtractingReportingOverflow(rhs)
            return finite(difference, overflow: overflow, saturating: .none)
        }
        @inlinable public static func -= (lhs: inout Demand, rhs: Demand) { lhs = lhs - rhs }
        @inlinable public static func -= (lhs: inout Demand, rhs: Int) { lhs = lhs - rhs }

        /// Multiplying saturates at unlimited.
        @inlinable public static func * (lhs: Demand, rhs: Int) -> Demand {
            if lhs.isUnlimited { return .unlimited }
            let (product, overflow) = Int(lhs.rawValue).multipliedReportingOverflow(by: Swift.max(0, rhs))
            return finite(product, overflow: overflow, saturating: .unlimited)
        }
        @inlinable public static func *= (lhs: inout Demand, rhs: Int) { lhs = lhs * rhs }

        @inlinable public static func < (lhs: Demand, rhs: Demand) -> Bool { lhs.rawValue < rhs.rawValue }
        // A finite raw value is at most Int.max, so `Int(rawValue)` is exact.
        @inlinable public static func == (lhs: Demand, rhs: Int) -> Bool { !lhs.isUnlimited && Int(lhs.rawValue) == rhs }
        @inlinable public static func != (lhs: Demand, rhs: Int) -> Bool { !(lhs == rhs) }
        @inlinable public static func > (lhs: Demand, rhs: Int) -> Bool { lhs.isUnlimited || Int(lhs.rawValue) > rhs }
        @inlinable public static func >= (lhs: Demand, rhs: Int) -> Bool { lhs.isUnlimited || Int(lhs.rawValue) >= rhs }
        @inlinable public static func < (lhs: Demand, rhs: Int) -> Bool { !lhs.isUnlimited && Int(lhs.rawValue) < rhs }
        @inlinable public static func <= (lhs: Demand, rhs: Int) -> Bool { !lhs.isUnlimited && Int(lhs.rawValue) <= rhs }
        // Int on the left, as Combine spells them too.
        @inlinable public static func == (lhs: Int, rhs: Demand) -> Bool { rhs == lhs }
        @inlinable public static func != (lhs: Int, rhs: Demand) -> Bool { rhs != lhs }
        @inlinable public static func < (lhs: Int, rhs: Demand) -> Bool { rhs > lhs }
        @inlinable public static func <= (lhs: Int, rhs: Demand) -> Bool { rhs >= lhs }
        @inlinable public static func > (lhs: Int, rhs: Demand) -> Bool { rhs < lhs }
        @inlinable public static func >= (lhs: Int, rhs: Demand) -> Bool { rhs <= lhs }
    }
}
