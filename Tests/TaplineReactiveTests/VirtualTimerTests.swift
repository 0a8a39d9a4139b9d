import Testing
import TaplineReactive

/// The virtual clock's `Timer.publish`. Sources: OpenCombine's TimerPublisherTests
/// (testConnectAndPublish, testConnectMultipleTimes), run against Apple's Foundation.
@Suite("VirtualTimer")
struct VirtualTimerTests {
    private typealias TimeRecorder = Recorder<VirtualTime, Never>

    private func ms(_ value: Int64) -> VirtualTime { VirtualTime(nanoseconds: value * 1_000_000) }

    @Test func ticksOnlyOnceConnectedEmittingTheClocksTime() {
        let clock = VirtualTimeScheduler()
        let timer = VirtualTimer.publish(every: .milliseconds(500), on: clock)
        let recorder = TimeRecorder()
        timer.subscribe(recorder)
        clock.advance(by: .seconds(1))
        #expect(recorder.events == [.subscription("Timer")])
        let connection = timer.connect()
        clock.advance(by: .milliseconds(1100))
        connection.cancel()
        clock.advance(by: .seconds(5))
        #expect(recorder.events == [.subscription("Timer"), .value(ms(1500)), .value(ms(2000))])
        #expect(clock.pendingCount == 0)
    }

    /// A tick reaches a subscriber only while it has demand; each gets its own.
    @Test func aTickWithoutDemandIsMissed() {
        let clock = VirtualTimeScheduler()
        let timer = VirtualTimer.publish(every: .seconds(1), on: clock)
        let two = TimeRecorder(demand: .max(2))
        let one = TimeRecorder(demand: .max(1), perValue: { _ in .none })
        timer.subscribe(two)
        timer.subscribe(one)
        _ = timer.connect()   // a plain Cancellable: dropping it does not stop the timer
        clock.advance(by: .seconds(3))
        #expect(two.values == [ms(1000), ms(2000)])
        #expect(one.values == [ms(1000)])
        one.request(.max(1))
        clock.advance(by: .seconds(1))
        #expect(one.values == [ms(1000), ms(4000)])
    }

    @Test func aCancelledSubscriberGetsNothingMore() {
        let clock = VirtualTimeScheduler()
        let timer = VirtualTimer.publish(every: .seconds(1), on: clock)
        let recorder = TimeRecorder()
        timer.subscribe(recorder)
        let connection = timer.connect()
        clock.advance(by: .seconds(1))
        recorder.cancel()
        clock.advance(by: .seconds(2))
        #expect(recorder.values == [ms(1000)])
        connection.cancel()
    }

    /// Two connections tick independently; cancelling either disconnects every subscriber.
    @Test func cancellingAnyConnectionDisconnectsEverySubscriber() {
        let clock = VirtualTimeScheduler()
        let timer = VirtualTimer.publish(every: .seconds(1), on: clock)
        let recorder = TimeRecorder()
        timer.subscribe(recorder)
        let first = timer.connect()
        let second = timer.connect()
        clock.advance(by: .seconds(1))
        #expect(recorder.values == [ms(1000), ms(1000)])
        first.cancel()
        clock.advance(by: .seconds(2))
        #expect(recorder.values == [ms(1000), ms(1000)])
        second.cancel()
        #expect(clock.pendingCount == 0)
    }
}
