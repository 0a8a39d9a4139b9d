import Testing
import TaplineReactive

@Suite("timeout(_:scheduler:customError:)")
struct TimeoutTests {
    /// Silence for the interval finishes the stream and cancels the upstream; each value
    /// restarts the timer. Source: OpenCombine's TimeoutTests.testBasicBehaviorWithoutCustomError,
    /// run against Apple's Combine.
    @Test func silenceFinishesAndEachValueRestartsTheTimer() {
        let clock = VirtualTimeScheduler()
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder()
        upstream.timeout(.seconds(1), scheduler: clock).subscribe(recorder)
        clock.advance(by: .milliseconds(900))
        upstream.send(1)
        clock.advance(by: .milliseconds(900))
        upstream.send(2)
        clock.advance(by: .milliseconds(999))
        #expect(recorder.events == [.subscription("Timeout"), .value(1), .value(2)])
        clock.advance(by: .milliseconds(1))
        #expect(recorder.events == [.subscription("Timeout"), .value(1), .value(2), .completion(.finished)])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
        upstream.send(3)
        #expect(recorder.values == [1, 2])
    }

    /// With `customError` the timeout fails with it. Source: OpenCombine's
    /// TimeoutTests.testBasicBehaviorWithCustomError.
    @Test func customErrorFails() {
        let clock = VirtualTimeScheduler()
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = IntRecorder()
        subject.timeout(.milliseconds(500), scheduler: clock, customError: { TestError() }).subscribe(recorder)
        clock.advance(by: .seconds(1))
        #expect(recorder.events == [.subscription("Timeout"), .completion(.failure(TestError()))])
    }

    /// Values and the completion are delivered through the scheduler, after the current entry
    /// on a deferring host; a cancel while the completion waits drops it and cancels upstream.
    /// Source: OpenCombine's TimeoutTests.testCancelWhileFinishingIsInFlightWithCustomError.
    @Test func deliveryGoesThroughTheScheduler() {
        let clock = VirtualTimeScheduler()
        clock.defersImmediateWork = true
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder(demand: .max(1), perValue: { _ in .max(2) })
        upstream.timeout(.seconds(1), scheduler: clock).subscribe(recorder)
        #expect(upstream.send(1) == .none)
        #expect(recorder.values.isEmpty)
        clock.runImmediateWork()
        #expect(recorder.values == [1])
        #expect(upstream.subscription.history == [.requested(.max(1)), .requested(.max(2))])
        upstream.send(completion: .finished)
        recorder.cancel()
        clock.advance(by: .seconds(5))
        #expect(recorder.events == [.subscription("Timeout"), .value(1)])
        #expect(upstream.subscription.history == [.requested(.max(1)), .requested(.max(2)), .cancelled])
    }

    /// The upstream's completion stops the timer. Source: OpenCombine's
    /// TimeoutTests.testUpstreamFinishesNoCustomError.
    @Test func upstreamCompletionStopsTheTimer() {
        let clock = VirtualTimeScheduler()
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = IntRecorder()
        subject.timeout(.seconds(1), scheduler: clock, customError: { TestError() }).subscribe(recorder)
        subject.send(completion: .finished)
        clock.advance(by: .seconds(5))
        #expect(recorder.events == [.subscription("Timeout"), .completion(.finished)])
        #expect(clock.pendingCount == 0)
    }
}

@Suite("measureInterval(using:)")
struct MeasureIntervalTests {
    /// The first interval is measured from the subscription. Source: OpenCombine's
    /// MeasureIntervalTests.testBasicBehavior, run against Apple's Combine.
    @Test func emitsTheTimeBetweenValues() {
        let clock = VirtualTimeScheduler()
        let subject = PassthroughSubject<String, TestError>()
        let recorder = Recorder<VirtualTime.Stride, TestError>()
        clock.advance(by: .seconds(7))
        subject.measureInterval(using: clock).subscribe(recorder)
        clock.advance(by: .milliseconds(300))
        subject.send("a")
        clock.advance(by: .seconds(1))
        subject.send("b")
        subject.send("c")
        subject.send(completion: .finished)
        #expect(recorder.events == [
            .subscription("MeasureInterval"), .value(.milliseconds(300)), .value(.seconds(1)), .value(.zero),
            .completion(.finished),
        ])
        #expect("\(recorder.values[0])" == "300ms")
    }

    /// Demand returned for a value is requested upstream, and `.none` returned.
    /// Source: OpenCombine's MeasureIntervalTests.testRequest.
    @Test func returnedDemandGoesUpstream() {
        let clock = VirtualTimeScheduler()
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = Recorder<VirtualTime.Stride, TestError>(demand: .max(1), perValue: { _ in .max(4) })
        upstream.measureInterval(using: clock).subscribe(recorder)
        #expect(upstream.send(1) == .none)
        #expect(upstream.subscription.history == [.requested(.max(1)), .requested(.max(4))])
        recorder.cancel()
        recorder.cancel()
        #expect(upstream.subscription.history == [.requested(.max(1)), .requested(.max(4)), .cancelled])
    }
}
