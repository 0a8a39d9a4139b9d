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
        /// `Int.max` stands for unlimited; every finite demand is below it.
        @usableFromInline internal let rawValue: Int

        @inlinable internal init(rawValue: Int) { self.rawValue = rawValue }

        /// A demand for at most `count` values. `count` must not be negative.
        @inlinable public static func max(_ count: Int) -> Demand {
            precondition(count >= 0, "a demand cannot be negative")
            return Demand(rawValue: Swift.min(count, Int.max))
        }

        /// No limit on the number of values.
        public static let unlimited = Demand(rawValue: .max)
        /// A demand for nothing: `.max(0)`.
        public static let none = Demand(rawValue: 0)

        @inlinable public var isUnlimited: Bool { rawValue == .max }
        /// The finite count, or nil when unlimited.
        @inlinable public var max: Int? { isUnlimited ? nil : rawValue }

        public var description: String { isUnlimited ? "unlimited" : "max(\(rawValue))" }

        @inlinable public static func + (lhs: Demand, rhs: Demand) -> Demand {
            if lhs.isUnlimited || rhs.isUnlimited { return .unlimited }
            let (sum, overflow) = lhs.rawValue.addingReportingOverflow(rhs.rawValue)
            return overflow ? .unlimited : Demand(rawValue: sum)
        }
        @inlinable public static func + (lhs: Demand, rhs: Int) -> Demand {
            rhs < 0 ? lhs - Demand(rawValue: -rhs) : lhs + Demand(rawValue: rhs)
        }
        @inlinable public static func += (lhs: inout Demand, rhs: Demand) { lhs = lhs + rhs }
        @inlinable public static func += (lhs: inout Demand, rhs: Int) { lhs = lhs + rhs }

        /// Unlimited minus a finite demand stays unlimited; unlimited minus unlimited is `.none`.
        @inlinable public static func - (lhs: Demand, rhs: Demand) -> Demand {
            if rhs.isUnlimited { return .none }
            if lhs.isUnlimited { return .unlimited }
            return Demand(rawValue: Swift.max(0, lhs.rawValue - rhs.rawValue))
        }
        @inlinable public static func - (lhs: Demand, rhs: Int) -> Demand {
            rhs < 0 ? lhs + Demand(rawValue: -rhs) : lhs - Demand(rawValue: rhs)
        }
        @inlinable public static func -= (lhs: inout Demand, rhs: Demand) { lhs = lhs - rhs }
        @inlinable public static func -= (lhs: inout Demand, rhs: Int) { lhs = lhs - rhs }

        /// Multiplying saturates at unlimited.
        @inlinable public static func * (lhs: Demand, rhs: Int) -> Demand {
            if lhs.isUnlimited { return .unlimited }
            let (product, overflow) = lhs.rawValue.multipliedReportingOverflow(by: Swift.max(0, rhs))
            return overflow ? .unlimited : Demand(rawValue: product)
        }

        @inlinable public static func < (lhs: Demand, rhs: Demand) -> Bool { lhs.rawValue < rhs.rawValue }
        @inlinable public static func == (lhs: Demand, rhs: Int) -> Bool { !lhs.isUnlimited && lhs.rawValue == rhs }
        @inlinable public static func != (lhs: Demand, rhs: Int) -> Bool { !(lhs == rhs) }
        @inlinable public static func > (lhs: Demand, rhs: Int) -> Bool { lhs.isUnlimited || lhs.rawValue > rhs }
        @inlinable public static func >= (lhs: Demand, rhs: Int) -> Bool { lhs.isUnlimited || lhs.rawValue >= rhs }
        @inlinable public static func < (lhs: Demand, rhs: Int) -> Bool { !lhs.isUnlimited && lhs.rawValue < rhs }
        @inlinable public static func <= (lhs: Demand, rhs: Int) -> Bool { !lhs.isUnlimited && lhs.rawValue <= rhs }
    }
}
