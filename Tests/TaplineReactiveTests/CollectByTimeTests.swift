import Testing
import TaplineReactive

@Suite("collect(.byTime) and collect(.byTimeOrCount)")
struct CollectByTimeTests {
    /// Each interval's values go out as one array at its end; a failure drops what waits.
    /// Source: CombineX's CollectByTimeSpec ("should collect by time"), run against Apple's Combine.
    @Test func byTimeEmitsEachIntervalsValues() {
        let clock = VirtualTimeScheduler()
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = IntsRecorder()
        subject.collect(.byTime(clock, .seconds(2))).subscribe(recorder)
        subject.send(1)
        subject.send(2)
        clock.advance(by: .seconds(2))
        subject.send(3)
        clock.advance(by: .seconds(1))
        subject.send(completion: .failure(TestError()))
        clock.advance(by: .zero)
        #expect(recorder.events == [.subscription("CollectByTime"), .value([1, 2]), .completion(.failure(TestError()))])
    }

    /// A finish sends what is left, then `finished`, through the scheduler (after the entry
    /// on a deferring host). Source: CombineX's VersioningCollectByTimeSpec ("should
    /// schedule finish", iOS 13.3 and later).
    @Test func finishSendsWhatIsLeftThroughTheScheduler() {
        let clock = VirtualTimeScheduler()
        clock.defersImmediateWork = true
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = IntsRecorder()
        subject.collect(.byTime(clock, .seconds(2))).subscribe(recorder)
        subject.send(1)
        subject.send(completion: .finished)
        #expect(recorder.events == [.subscription("CollectByTime")])
        clock.runImmediateWork()
        #expect(recorder.events == [.subscription("CollectByTime"), .value([1]), .completion(.finished)])
    }

    /// By time or count: a full group goes out at once (through the scheduler), the timer
    /// sends the rest. Source: CombineX's CollectByTimeSpec ("should collect by count").
    @Test func byTimeOrCountEmitsFullGroupsEarly() {
        let clock = VirtualTimeScheduler()
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = IntsRecorder()
        subject.collect(.byTimeOrCount(clock, .seconds(2), 2)).subscribe(recorder)
        for value in 1...3 { subject.send(value) }
        clock.advance(by: .seconds(2))
        for value in 4...8 { subject.send(value) }
        clock.advance(by: .seconds(2))
        subject.send(completion: .finished)
        #expect(recorder.values == [[1, 2], [3], [4, 5], [6, 7], [8]])
        #expect(recorder.events.last == .completion(.finished))
    }

    /// By time, the upstream is asked for one value at a time; by count, n arrays ask for
    /// n × count values, and a full array's returned demand is asked again (× count).
    /// Source: CombineX's CollectByTimeSpec ("should always request 1 when strategy is by
    /// time") and VersioningCollectByTimeSpec (iOS 13.3: requests max(4), then max(2)).
    @Test func demandUpstream() {
        let clock = VirtualTimeScheduler()
        let byTime = ManualPublisher<Int, TestError>()
        let timeRecorder = IntsRecorder(demand: .max(2))
        byTime.collect(.byTime(clock, .seconds(1))).subscribe(timeRecorder)
        #expect(byTime.send(1) == .max(1))
        #expect(byTime.subscription.history == [.requested(.max(1))])

        let byCount = ManualPublisher<Int, TestError>()
        let countRecorder = IntsRecorder(demand: .max(2), perValue: { $0.contains(0) ? .max(1) : .none })
        byCount.collect(.byTimeOrCount(clock, .seconds(1), 2)).subscribe(countRecorder)
        #expect(byCount.send(0) == .none)
        #expect(byCount.send(1) == .none)
        #expect(byCount.subscription.history == [.requested(.max(4)), .requested(.max(2))])
        #expect(countRecorder.values == [[0, 1]])
    }

    /// A group that falls due with no demand waits for a tick that finds some.
    @Test func aGroupWaitsForDemand() {
        let clock = VirtualTimeScheduler()
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntsRecorder(demand: .none)
        upstream.collect(.byTime(clock, .seconds(1))).subscribe(recorder)
        upstream.send(1)
        clock.advance(by: .seconds(1))
        #expect(recorder.values.isEmpty)
        recorder.request(.max(1))
        upstream.send(2)
        clock.advance(by: .seconds(1))
        #expect(recorder.values == [[1, 2]])
        recorder.cancel()
        #expect(upstream.subscription.history == [.requested(.max(1)), .cancelled])
        #expect(clock.pendingCount == 0)
    }
}
