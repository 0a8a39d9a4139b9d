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
}
