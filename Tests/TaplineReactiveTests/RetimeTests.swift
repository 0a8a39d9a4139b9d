import Testing
import TaplineReactive

/// `VirtualClockScheduler.retime` moves a waiting action as cancelling it and scheduling it
/// anew would: each scenario runs both ways and the whole logs must match, including which of
/// two actions due at one instant runs first (the order they were scheduled in).
@Suite("retime")
struct RetimeTests {
    /// The clock as a scheduler that cannot retime: `debounce` then cancels and schedules.
    final class WithoutRetime: VirtualClockScheduler {
        typealias SchedulerTimeType = VirtualTime
        typealias SchedulerOptions = Never
        let clock = VirtualTimeScheduler()

        var now: VirtualTime { clock.now }
        var minimumTolerance: VirtualTime.Stride { clock.minimumTolerance }
        func schedule(options: Never?, _ action: @escaping () -> Void) { clock.schedule(options: options, action) }
        func schedule(after date: VirtualTime, tolerance: VirtualTime.Stride, options: Never?, _ action: @escaping () -> Void) {
            clock.schedule(after: date, tolerance: tolerance, options: options, action)
        }
        func schedule(after date: VirtualTime, interval: VirtualTime.Stride, tolerance: VirtualTime.Stride,
                      options: Never?, _ action: @escaping () -> Void) -> any Cancellable {
            clock.schedule(after: date, interval: interval, tolerance: tolerance, options: options, action)
        }
        func schedule(after delay: Duration, _ action: @escaping () -> Void) -> any Cancellable { clock.schedule(after: delay, action) }
        func scheduleTick(after delay: Duration, _ action: @escaping () -> Void) -> any Cancellable { clock.scheduleTick(after: delay, action) }
        func setWaitedFor(_ handle: any Cancellable, _ waitedFor: Bool) { clock.setWaitedFor(handle, waitedFor) }
        func retime(_ timer: ScheduledAction, to date: VirtualTime) -> Bool { false }
    }

    /// Bursts of values into a debounce, with other actions due at the very instant the
    /// burst's timer comes due, one scheduled before its last value and one after: who runs
    /// first at one instant is the order of scheduling.
    private func debounceLog<C: VirtualClockScheduler>(_ scheduler: C, advance: (Duration) -> Void) -> [String] {
        var log: [String] = []
        let subject = PassthroughSubject<Int, Never>()
        let token = subject.debounce(for: .milliseconds(10), scheduler: scheduler).sink { log.append("value \($0)") }
        for burst in 0..<3 {
            subject.send(burst * 10)
            advance(.milliseconds(2))
            let before = scheduler.schedule(after: .milliseconds(10)) { log.append("before \(burst)") }
            subject.send(burst * 10 + 1)
            scheduler.schedule(after: .milliseconds(10)) { log.append("after \(burst)") }
            if burst == 2 { before.cancel() }
            advance(.milliseconds(30))
            log.append("now \(scheduler.now.nanoseconds / 1_000_000)")
        }
        token.cancel()
        return log
    }

    @Test func debounceRetimedRunsAsDebounceRescheduled() {
        let clock = VirtualTimeScheduler()
        let retimed = debounceLog(clock) { clock.advance(by: $0) }
        let plain = WithoutRetime()
        let rescheduled = debounceLog(plain) { plain.clock.advance(by: $0) }
        #expect(retimed == rescheduled)
        #expect(retimed == ["before 0", "value 1", "after 0", "now 32", "before 1", "value 11", "after 1", "now 64",
                            "value 21", "after 2", "now 96"])
    }

    @Test func aRetimedActionRunsAfterWhatWasScheduledBeforeForItsNewTime() {
        let clock = VirtualTimeScheduler()
        var log: [String] = []
        let first = clock.schedule(after: .milliseconds(5)) { log.append("first") } as! ScheduledAction
        clock.schedule(after: .milliseconds(10)) { log.append("second") }
        #expect(clock.retime(first, to: VirtualTime(nanoseconds: 10_000_000)))
        #expect(clock.nextDue() == VirtualTime(nanoseconds: 10_000_000))
        clock.advance(by: .milliseconds(9))
        #expect(log.isEmpty)
        clock.advance(by: .milliseconds(1))
        #expect(log == ["second", "first"])
        #expect(!clock.retime(first, to: VirtualTime(nanoseconds: 20_000_000)))   // it has run
    }

    /// Moved to the time it already waits for: after what was scheduled since, and before
    /// what is scheduled after, as a new action would be.
    @Test func aRetimeToTheSameInstantTakesANewPlaceInItsOrder() {
        let clock = VirtualTimeScheduler()
        var log: [String] = []
        let first = clock.schedule(after: .milliseconds(5)) { log.append("first") } as! ScheduledAction
        #expect(clock.retime(first, to: VirtualTime(nanoseconds: 5_000_000)))   // nothing scheduled since
        clock.schedule(after: .milliseconds(5)) { log.append("second") }
        #expect(clock.retime(first, to: VirtualTime(nanoseconds: 5_000_000)))   // now after "second"
        clock.schedule(after: .milliseconds(5)) { log.append("third") }
        clock.advance(by: .milliseconds(5))
        #expect(log == ["second", "first", "third"])
    }

    @Test func retimeRefusesAnEarlierTimeACancelledActionAndAnotherClocksAction() {
        let clock = VirtualTimeScheduler(), other = VirtualTimeScheduler()
        let waiting = clock.schedule(after: .milliseconds(5)) {} as! ScheduledAction
        #expect(!clock.retime(waiting, to: VirtualTime(nanoseconds: 4_000_000)))
        #expect(!other.retime(waiting, to: VirtualTime(nanoseconds: 6_000_000)))
        #expect(!clock.retime(waiting, to: .end))
        waiting.cancel()
        #expect(!clock.retime(waiting, to: VirtualTime(nanoseconds: 6_000_000)))
        #expect(clock.pendingCount == 0)
    }
}
