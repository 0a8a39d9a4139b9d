import Testing
import TaplineReactive

@Suite("Subscribers.Demand arithmetic (Combine's rules)")
struct DemandTests {
    typealias Demand = Subscribers.Demand

    @Test("addition saturates at unlimited", arguments: [
        (Demand.max(2), Demand.max(3), Demand.max(5)),
        (.unlimited, .max(1), .unlimited),
        (.max(1), .unlimited, .unlimited),
        (.max(Int.max - 1), .max(5), .unlimited),
        (.none, .none, .none),
    ])
    func addition(lhs: Demand, rhs: Demand, expected: Demand) {
        #expect(lhs + rhs == expected)
    }

    @Test("subtraction never goes below zero, unlimited minus finite stays unlimited", arguments: [
        (Demand.max(5), Demand.max(3), Demand.max(2)),
        (.max(1), .max(4), .none),
        (.unlimited, .max(4), .unlimited),
        (.unlimited, .unlimited, .unlimited),
        (.max(3), .unlimited, .none),
    ])
    func subtraction(lhs: Demand, rhs: Demand, expected: Demand) {
        #expect(lhs - rhs == expected)
    }

    /// Adding any integer to unlimited, even `Int.min`, stays unlimited and never traps, and
    /// `.max(Int.max)` is a finite demand that saturates once more is added.
    /// Source: OpenCombine's SubscribersDemandTests.testAddition, run against Apple's Combine.
    @Test func integerAdditionNeverTraps() {
        var demand = Demand.unlimited
        demand += Int.min
        #expect(demand == .unlimited)
        #expect(Demand.max(Int.max) != .unlimited)
        #expect(Demand.max(Int.max) + 10 == .unlimited)
        #expect(Demand.max(Int.max) + .max(1) == .unlimited)
        #expect(Demand.max(5) + (-7) == .none)
    }

    /// Unlimited minus anything stays unlimited (also `.unlimited - .unlimited` and
    /// `.unlimited - Int.max`); `.max(Int.max) - (-1)` overflows to `.none`, not unlimited.
    /// Source: OpenCombine's SubscribersDemandTests.testSubtraction, run against Apple's Combine.
    @Test func subtractionFromUnlimitedAndOverflow() {
        #expect(Demand.unlimited - Int.max == .unlimited)
        #expect(Demand.unlimited - .unlimited == .unlimited)
        #expect(Demand.max(Int.max) - (-1) == .none)
        var demand = Demand.max(100)
        demand -= .unlimited
        #expect(demand == .none)
    }

    @Test func multiplicationSaturates() {
        #expect(Demand.max(3) * 4 == .max(12))
        #expect(Demand.max(Int.max / 2) * 3 == .unlimited)
        #expect(Demand.unlimited * 0 == .unlimited)
        var demand = Demand.max(Int.max)
        demand *= 2
        #expect(demand == .unlimited)
    }

    @Test func comparisonsWithIntegers() {
        #expect(Demand.unlimited > 1_000_000)
        #expect(Demand.max(0) == 0)
        #expect(!(Demand.unlimited == Int.max))
        #expect(Demand.max(2) < 3)
        #expect(Demand.max(2) < Demand.unlimited)
    }

    @Test func descriptions() {
        #expect(Demand.unlimited.description == "unlimited")
        #expect(Demand.max(3).description == "max(3)")
        #expect(Demand.unlimited.max == nil)
        #expect(Demand.max(3).max == 3)
    }
}
