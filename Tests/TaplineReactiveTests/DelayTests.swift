import Testing
import TaplineReactive

@Suite("delay")
struct DelayTests {
    @Test func shiftsValuesAndTheCompletionLater() {
        let clock = VirtualTimeScheduler()
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = IntRecorder()
        subject.delay(for: .milliseconds(500), scheduler: clock).subscribe(recorder)
        subject.send(1)
        clock.advance(by: .milliseconds(100))
        subject.send(2)
        subject.send(completion: .finished)
        clock.advance(by: .milliseconds(399))
        #expect(recorder.events == [.subscription("Delay")])
        clock.advance(by: .milliseconds(1))
        #expect(recorder.values == [1])
        clock.advance(by: .milliseconds(100))
        #expect(recorder.events == [.subscription("Delay"), .value(1), .value(2), .completion(.finished)])
    }

    @Test func aPendingValueKeepsTheChainAlive() {
        let clock = VirtualTimeScheduler()
        var seen: [String] = []
        _ = Just("late").delay(for: .seconds(1), scheduler: clock).sink { seen.append($0) }
        clock.advance(by: .seconds(1))
        // The token was released, which cancels: nothing is delivered.
        #expect(seen.isEmpty)
        let token = Just("kept").delay(for: .seconds(1), scheduler: clock).sink { seen.append($0) }
        clock.advance(by: .seconds(1))
        #expect(seen == ["kept"])
        _ = token
    }

    /// A completion already on its way is delivered even if the subscriber cancels meanwhile
    /// (values on their way are dropped); demand a delayed value returns after the upstream
    /// finished still goes upstream. Source: OpenCombine's
    /// DelayTests.testStrongCaptureWhenSchedulingCompletion, testStrongCaptureWhenSchedulingValue
    /// and testReceiveCompletionImmediatelyAfterValue, run against Apple's Combine.
    @Test func whatIsOnItsWayAfterAnEnd() {
        let clock = VirtualTimeScheduler()
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder(perValue: { _ in .max(4) })
        upstream.delay(for: .seconds(1), scheduler: clock).subscribe(recorder)
        upstream.send(1)
        upstream.send(completion: .finished)
        clock.advance(by: .seconds(1))
        #expect(recorder.events == [.subscription("Delay"), .value(1), .completion(.finished)])
        #expect(upstream.subscription.history == [.requested(.unlimited), .requested(.max(4))])

        let other = ManualPublisher<Int, TestError>()
        let cancelled = IntRecorder()
        other.delay(for: .seconds(1), scheduler: clock).subscribe(cancelled)
        other.send(1)
        other.send(completion: .finished)
        cancelled.cancel()
        clock.advance(by: .seconds(1))
        #expect(cancelled.events == [.subscription("Delay"), .completion(.finished)])
    }
}
