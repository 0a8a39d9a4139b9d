import Testing
import TaplineReactive

@Suite("VirtualTimeScheduler")
struct SchedulerTests {
    @Test func runsDueActionsInTimeOrderThenSchedulingOrder() {
        let clock = VirtualTimeScheduler()
        var log: [String] = []
        clock.schedule(after: .milliseconds(300)) { log.append("c@\(clock.now)") }
        clock.schedule(after: .milliseconds(100)) { log.append("a@\(clock.now)") }
        clock.schedule(after: .milliseconds(300)) { log.append("d@\(clock.now)") }
        clock.schedule(after: .milliseconds(100)) { log.append("b@\(clock.now)") }
        clock.advance(by: .milliseconds(300))
        #expect(log == ["a@100ms", "b@100ms", "c@300ms", "d@300ms"])
        #expect(clock.now.description == "300ms")
    }

    @Test func actionsScheduledWhileAdvancingRunIfTheyFallDue() {
        let clock = VirtualTimeScheduler()
        var log: [String] = []
        clock.schedule(after: .milliseconds(100)) {
            log.append("first")
            clock.schedule(after: .milliseconds(100)) { log.append("second@\(clock.now)") }
            clock.schedule(after: .seconds(5)) { log.append("too late") }
        }
        clock.advance(by: .milliseconds(250))
        #expect(log == ["first", "second@200ms"])
        #expect(clock.pendingCount == 1)
        #expect(clock.now.description == "250ms")
    }

    /// DESIGN §9, a script's end: the clock runs on while work scheduled once waits — work it
    /// schedules on the way included — with repeating ticks running but not waited for.
    @Test func runUntilQuietRunsOneShotWorkAndTicksOnTheWayButNotPastIt() {
        let clock = VirtualTimeScheduler()
        var log: [String] = []
        func tick() {
            clock.scheduleTick(after: .seconds(1)) {
                log.append("tick@\(clock.now)")
                tick()
            }
        }
        tick()
        clock.schedule(after: .milliseconds(1500)) {
            log.append("once@\(clock.now)")
            clock.schedule(after: .seconds(1)) { log.append("then@\(clock.now)") }
        }
        let stopped = clock.runUntilQuiet(limit: VirtualTime(nanoseconds: 60_000_000_000))
        #expect(!stopped)
        #expect(log == ["tick@1000ms", "once@1500ms", "tick@2000ms", "then@2500ms"])
        #expect(clock.now.description == "2500ms")
        #expect(clock.pendingCount == 1)   // the next tick, left waiting
    }

    @Test func runUntilQuietStopsAtItsLimitAndSaysSo() {
        let clock = VirtualTimeScheduler()
        var ran = false
        clock.schedule(after: .seconds(120)) { ran = true }
        #expect(clock.runUntilQuiet(limit: VirtualTime(nanoseconds: 60_000_000_000)))
        #expect(!ran)
        #expect(clock.now.description == "60000ms")
    }

    @Test func aTickMadeWaitedForIsWaitedFor() {
        let clock = VirtualTimeScheduler()
        var ran = false
        let handle = clock.scheduleTick(after: .seconds(2)) { ran = true }
        clock.setWaitedFor(handle, true)
        #expect(!clock.runUntilQuiet(limit: .end))
        #expect(ran)
    }

    @Test func cancelledActionsDoNotPileUp() {
        // What debounce does: each new value cancels the timer of the one before.
        let scheduler = VirtualTimeScheduler()
        var ran: [Int] = []
        var last: (any Cancellable)?
        for value in 1...100_000 {
            last?.cancel()
            last = scheduler.schedule(after: .seconds(1)) { ran.append(value) }
        }
        #expect(scheduler.pendingCount == 1)
        #expect(scheduler.storedCount <= 8192)
        scheduler.advance(by: .seconds(2))
        #expect(ran == [100_000])
    }

    @Test func aCancelledActionDoesNotRun() {
        let clock = VirtualTimeScheduler()
        var ran = false
        let handle = clock.schedule(after: .seconds(1)) { ran = true }
        handle.cancel()
        clock.advance(by: .seconds(2))
        #expect(!ran)
        #expect(clock.pendingCount == 0)
    }

    @Test func advanceCanBeInterruptedBetweenActions() {
        let clock = VirtualTimeScheduler()
        var count = 0
        for step in 1...10 { clock.schedule(after: .milliseconds(step)) { count += 1 } }
        clock.advance(to: VirtualTime(nanoseconds: 100_000_000), shouldStop: { count == 3 })
        #expect(count == 3)
        #expect(clock.pendingCount == 7)
    }

    @Test func durationsConvertToNanoseconds() {
        #expect(Duration.milliseconds(1500).nanosecondsSaturated == 1_500_000_000)
        #expect(Duration.seconds(1.5).nanosecondsSaturated == 1_500_000_000)
        #expect((VirtualTime.zero + .seconds(Int64.max)).nanoseconds == Int64.max)
    }
}

@Suite("VirtualTimeScheduler as Combine's Scheduler")
struct ScheduleAtTimeTests {
    @Test func runsAtTheGivenTimeInOrderWithRelativeWork() {
        let clock = VirtualTimeScheduler()
        var log: [String] = []
        clock.advance(by: .milliseconds(100))
        clock.schedule(after: VirtualTime(nanoseconds: 300_000_000)) { log.append("at 300ms: \(clock.now)") }
        clock.schedule(after: Duration.milliseconds(200)) { log.append("after 200ms: \(clock.now)") }
        let cancelled = clock.schedule(after: clock.now.advanced(by: .milliseconds(150)), interval: .seconds(1)) {
            log.append("cancelled")
        }
        cancelled.cancel()
        clock.advance(by: .milliseconds(199))
        #expect(log == [])
        clock.advance(by: .milliseconds(1))
        // Same instant: scheduling order.
        #expect(log == ["at 300ms: 300ms", "after 200ms: 300ms"])
    }

    @Test func aTimeInThePastRunsWhenTheClockNextRuns() {
        let clock = VirtualTimeScheduler()
        clock.advance(by: .seconds(1))
        var ran: VirtualTime?
        clock.schedule(after: VirtualTime.zero) { ran = clock.now }
        #expect(ran == nil)
        clock.advance(by: Duration.zero)
        #expect(ran == VirtualTime(nanoseconds: 1_000_000_000))
    }

    /// Combine's repeating form runs at the date and every interval after, until cancelled;
    /// its first run is waited for by a clock run until quiet, the ones after are ticks.
    @Test func repeatsEveryIntervalUntilCancelled() {
        let clock = VirtualTimeScheduler()
        var times: [String] = []
        var token: (any Cancellable)?
        token = clock.schedule(after: clock.now.advanced(by: .milliseconds(300)), interval: .milliseconds(200)) {
            times.append("\(clock.now)")
            if times.count == 3 { token?.cancel() }
        }
        #expect(clock.runUntilQuiet(limit: VirtualTime(nanoseconds: 10_000_000_000)) == false)
        #expect(times == ["300ms"])
        clock.advance(by: .seconds(1))
        #expect(times == ["300ms", "500ms", "700ms"])
        #expect(clock.pendingCount == 0)
    }

    /// Strides, as Dispatch's: a bare number is seconds; arithmetic saturates.
    @Test func strides() {
        let half: VirtualTime.Stride = 0.5
        #expect(half == .milliseconds(500))
        #expect(VirtualTime.Stride(integerLiteral: 2) == .seconds(2))
        #expect(VirtualTime.zero.advanced(by: .seconds(Int.max)) == .end)
        #expect(VirtualTime.zero.distance(to: VirtualTime(nanoseconds: 42)) == .nanoseconds(42))
        #expect(VirtualTime.Stride.nanoseconds(.max) + .nanoseconds(1) == .nanoseconds(.max))
        #expect("\(VirtualTime.Stride.microseconds(1500))" == "1.5ms")
    }
}
