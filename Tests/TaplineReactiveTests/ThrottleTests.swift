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

    /// A scheduled emission does not keep the stage: with the subscriber and the upstream
    /// gone, the stage goes, and the emission, when its time comes, does nothing.
    @Test func anEmissionScheduledForAStageThatIsGoneDoesNothing() {
        let clock = VirtualTimeScheduler()
        var delivered: [Int] = []
        do {
            let subject = PassthroughSubject<Int, Never>()
            let token = subject.throttle(for: .seconds(1), scheduler: clock, latest: true).sink { delivered.append($0) }
            subject.send(1)
            subject.send(2)   // waits for the interval
            _ = token
        }
        clock.advance(by: .seconds(2))
        #expect(delivered == [1])
    }

    /// A subscriber that lets go of the throttle from inside a value it emits: the emission
    /// holds the stage until it returns.
    @Test func aSubscriberMayLetTheStageGoFromInsideAnEmission() {
        let clock = VirtualTimeScheduler()
        let subject = PassthroughSubject<Int, Never>()
        var delivered: [Int] = []
        var token: AnyCancellable?
        token = subject.throttle(for: .seconds(1), scheduler: clock, latest: true).sink { value in
            delivered.append(value)
            if value == 2 { token = nil }
        }
        subject.send(1)
        subject.send(2)
        clock.advance(by: .seconds(1))
        subject.send(3)
        clock.advance(by: .seconds(1))
        #expect(delivered == [1, 2])
        #expect(token == nil)
    }

    @Test func latestTrueKeepsTheLatestValueOfEachInterval() {
        #expect(run(latest: true) == [1, 3, 4, 5])
    }

    @Test func latestFalseKeepsTheFirstValueOfEachInterval() {
        #expect(run(latest: false) == [1, 2, 4, 5])
    }

    /// A completion that comes while a value waits goes out with it, when it is due.
    /// Source: OpenCombine's ThrottleTests.testReceiveCompletionImmediatelyAfterValue, run
    /// against Apple's Combine.
    @Test func aWaitingValueIsEmittedBeforeFinished() {
        let clock = VirtualTimeScheduler()
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = IntRecorder()
        subject.throttle(for: .seconds(1), scheduler: clock, latest: true).subscribe(recorder)
        subject.send(1)
        subject.send(2)
        subject.send(completion: .finished)
        #expect(recorder.events == [.subscription("Throttle"), .value(1)])
        clock.advance(by: .seconds(1))
        #expect(recorder.events == [.subscription("Throttle"), .value(1), .value(2), .completion(.finished)])
    }

    /// Everything throttle delivers goes through its scheduler: with the clock's immediate
    /// work deferred (as a run loop defers it), the first value waits for it, and values that
    /// arrive before it runs replace it (`latest: true`) — three sends in one entry emit only
    /// the third. Source: DESIGN §6 and §8; OpenCombine's ThrottleTests.testBasicBehavior,
    /// run against Apple's Combine.
    @Test func theFirstValueGoesThroughTheScheduler() {
        let clock = VirtualTimeScheduler()
        clock.defersImmediateWork = true
        let subject = PassthroughSubject<Int, TestError>()
        let latest = IntRecorder(), first = IntRecorder()
        subject.throttle(for: .seconds(1), scheduler: clock, latest: true).subscribe(latest)
        subject.throttle(for: .seconds(1), scheduler: clock, latest: false).subscribe(first)
        for value in [1, 2, 3] { subject.send(value) }
        #expect(latest.values == [] && first.values == [])
        clock.runImmediateWork()
        #expect(latest.values == [3])
        #expect(first.values == [1])
        subject.send(4)
        subject.send(completion: .finished)
        clock.advance(by: .seconds(1))
        #expect(latest.events == [.subscription("Throttle"), .value(3), .value(4), .completion(.finished)])
    }

    /// A completion with nothing waiting also goes through the scheduler; a cancelled
    /// throttle lets go of its subscriber. Source: OpenCombine's
    /// ThrottleTests.testReceiveCompletionImmediatelyAfterSubscription and testThrottleLifecycle,
    /// run against Apple's Combine.
    @Test func completionGoesThroughTheSchedulerAndCancelLetsGo() {
        let clock = VirtualTimeScheduler()
        clock.defersImmediateWork = true
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = IntRecorder()
        subject.throttle(for: .seconds(1), scheduler: clock, latest: true).subscribe(recorder)
        subject.send(completion: .failure(TestError()))
        #expect(recorder.events == [.subscription("Throttle")])
        clock.runImmediateWork()
        #expect(recorder.events == [.subscription("Throttle"), .completion(.failure(TestError()))])

        weak var released: IntRecorder?
        do {
            let held = IntRecorder()
            released = held
            PassthroughSubject<Int, TestError>().throttle(for: .seconds(1), scheduler: clock, latest: true).subscribe(held)
            held.cancel()
        }
        #expect(released == nil)
    }
}
