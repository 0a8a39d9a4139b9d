import Testing
import TaplineReactive

@Suite("debounce")
struct DebounceTests {
    @Test func emitsOnlyAfterAPause() {
        let clock = VirtualTimeScheduler()
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = IntRecorder()
        subject.debounce(for: .milliseconds(300), scheduler: clock).subscribe(recorder)
        subject.send(1)
        clock.advance(by: .milliseconds(200))
        subject.send(2)
        clock.advance(by: .milliseconds(299))
        #expect(recorder.values.isEmpty)
        clock.advance(by: .milliseconds(1))
        #expect(recorder.values == [2])
        #expect(clock.now == VirtualTime(nanoseconds: 500_000_000))
    }

    @Test func debounceDropsAPendingValueOnCompletion() {
        let clock = VirtualTimeScheduler()
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = IntRecorder()
        subject.debounce(for: .milliseconds(300), scheduler: clock).subscribe(recorder)
        subject.send(1)
        subject.send(completion: .finished)
        clock.advance(by: .seconds(1))
        #expect(recorder.events == [.subscription("Debounce"), .completion(.finished)])
    }

    /// The completion goes out through the scheduler, as soon as possible, not during the
    /// upstream's `send(completion:)`. Source: OpenCombine's DebounceTests.testFinishBeforeDue,
    /// run against Apple's Combine.
    @Test func theCompletionGoesThroughTheScheduler() {
        let clock = VirtualTimeScheduler()
        clock.defersImmediateWork = true
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = IntRecorder()
        subject.debounce(for: .milliseconds(300), scheduler: clock).subscribe(recorder)
        subject.send(1)
        subject.send(completion: .finished)
        #expect(recorder.events == [.subscription("Debounce")])
        clock.runImmediateWork()
        #expect(recorder.events == [.subscription("Debounce"), .completion(.finished)])
    }

    /// A value waiting for its due time keeps the chain (and its subscriber) alive until the
    /// timer fires. Source: OpenCombine's DebounceTests.testSetupTimerStrongCapture, run
    /// against Apple's Combine.
    @Test func aPendingValueKeepsTheChainAlive() {
        let clock = VirtualTimeScheduler()
        var values: [Int] = []
        do {
            // Nothing but the pending timer keeps this chain once the block ends.
            let upstream = ManualPublisher<Int, TestError>()
            upstream.debounce(for: .milliseconds(300), scheduler: clock).subscribe(AnySubscriber(
                receiveSubscription: { $0.request(.unlimited) },
                receiveValue: { values.append($0); return .none }))
            upstream.send(1)
        }
        clock.advance(by: .seconds(1))
        #expect(values == [1])
    }

    @Test func requestsUnlimitedUpstream() {
        let upstream = ManualPublisher<Int, TestError>()
        upstream.debounce(for: .seconds(1), scheduler: VirtualTimeScheduler()).subscribe(IntRecorder(demand: .max(1)))
        #expect(upstream.subscription.history == [.requested(.unlimited)])
    }
}
