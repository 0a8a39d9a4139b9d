import Testing
import TaplineReactive

@Suite("throttle")
struct ThrottleTests {
    private func run(latest: Bool) -> [Int] {
        let clock = VirtualTimeScheduler()
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = IntRecorder()
        subject.throttle(for: .seconds(1), scheduler: clock, latest: latest).subscribe(recorder)
        subject.send(1)
        subject.send(2)
        subject.send(3)
        clock.advance(by: .seconds(1))
        clock.advance(by: .seconds(1))
        subject.send(4)
        clock.advance(by: .milliseconds(500))
        subject.send(5)
        clock.advance(by: .seconds(1))
        return recorder.values
    }

    @Test func throttleEmitsItsFirstValueAtOnce() {
        let clock = VirtualTimeScheduler()
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = IntRecorder()
        subject.throttle(for: .seconds(1), scheduler: clock, latest: true).subscribe(recorder)
        subject.send(1)
        #expect(recorder.values == [1])
    }

    @Test func latestTrueKeepsTheLatestValueOfEachInterval() {
        #expect(run(latest: true) == [1, 3, 4, 5])
    }

    @Test func latestFalseKeepsTheFirstValueOfEachInterval() {
        #expect(run(latest: false) == [1, 2, 4, 5])
    }

    @Test func aWaitingValueIsEmittedBeforeFinished() {
        let clock = VirtualTimeScheduler()
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = IntRecorder()
        subject.throttle(for: .seconds(1), scheduler: clock, latest: true).subscribe(recorder)
        subject.send(1)
        subject.send(2)
        subject.send(completion: .finished)
        #expect(recorder.events == [.subscription("Throttle"), .value(1), .value(2), .completion(.finished)])
    }
}
