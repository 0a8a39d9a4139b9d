import Testing
import TaplineReactive

@Suite("buffer(size:prefetch:whenFull:)")
struct BufferTests {
    /// Fills a size-3 buffer with 5 values, then asks for 3 and 1 more.
    private func fill(_ whenFull: Publishers.BufferingStrategy<TestError>) -> (ManualPublisher<Int, TestError>, IntRecorder) {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder(demand: .none)
        upstream.buffer(size: 3, prefetch: .byRequest, whenFull: whenFull).subscribe(recorder)
        for value in 1...5 { #expect(upstream.send(value) == .none) }
        #expect(recorder.events == [.subscription("Buffer")])
        recorder.request(.max(3))
        recorder.request(.max(1))
        return (upstream, recorder)
    }

    /// Source: OpenCombine's BufferTests.testBufferingInputDroppingNewest, run against Apple's Combine.
    @Test func dropNewestKeepsTheFirstValues() {
        let (upstream, recorder) = fill(.dropNewest)
        #expect(recorder.events == [.subscription("Buffer"), .value(1), .value(2), .value(3)])
        #expect(upstream.subscription.history == [.requested(.unlimited)])
    }

    /// Source: OpenCombine's BufferTests.testBufferingInputDroppingOldest.
    @Test func dropOldestKeepsTheLastValues() {
        let (upstream, recorder) = fill(.dropOldest)
        #expect(recorder.events == [.subscription("Buffer"), .value(3), .value(4), .value(5)])
        #expect(upstream.subscription.history == [.requested(.unlimited)])
    }

    /// The value that finds the buffer full cancels upstream; what was buffered goes out
    /// first, then the failure. Source: OpenCombine's BufferTests.testBufferingInputFailingWhenBufferIsFull.
    @Test func customErrorFailsAfterTheBufferedValues() {
        let (upstream, recorder) = fill(.customError { TestError() })
        #expect(recorder.events == [
            .subscription("Buffer"), .value(1), .value(2), .value(3), .completion(.failure(TestError())),
        ])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }

    /// keepFull asks for `size` before the downstream subscribes, and one more for each value
    /// delivered; a finish waits for the buffer to empty and for demand, so the request that
    /// takes the last value does not bring it. Source: OpenCombine's
    /// BufferTests.testInitialDemandWithKeepFullPrefetchStrategy,
    /// testRequestingFiniteDemandKeepFullDropNewest and testReceiveValueAfterFinishing.
    @Test func keepFullRefillsAsValuesGoOut() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder(demand: .none)
        upstream.buffer(size: 2, prefetch: .keepFull, whenFull: .dropNewest).subscribe(recorder)
        #expect(upstream.subscription.history == [.requested(.max(2))])
        upstream.send(1)
        upstream.send(2)
        upstream.send(completion: .finished)
        recorder.request(.max(1))
        #expect(upstream.subscription.history == [.requested(.max(2)), .requested(.max(1))])
        #expect(recorder.events == [.subscription("Buffer"), .value(1)])
        recorder.request(.max(1))
        #expect(recorder.events == [.subscription("Buffer"), .value(1), .value(2)])
        recorder.request(.max(1))
        #expect(recorder.events == [.subscription("Buffer"), .value(1), .value(2), .completion(.finished)])
    }

    /// A finish that finds the buffer empty and no demand waits for the next request.
    /// Source: OpenCombine's BufferTests.testReceiveValueAfterFinishing, run against Apple's Combine.
    @Test func aFinishWaitsForDemand() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder(demand: .none)
        upstream.buffer(size: 3, prefetch: .byRequest, whenFull: .dropOldest).subscribe(recorder)
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("Buffer")])
        recorder.request(.max(1))
        #expect(recorder.events == [.subscription("Buffer"), .completion(.finished)])
        #expect(upstream.subscription.history == [.requested(.unlimited)])
    }

    /// With keepFull, `.customError` cancels the upstream, yet each value the downstream then
    /// takes still asks that upstream for one more. Source: OpenCombine's
    /// BufferTests.testRequestingFiniteDemandKeepFullCustomError, run against Apple's Combine.
    @Test func keepFullStillAsksAfterCustomErrorCancelled() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder(demand: .none)
        upstream.buffer(size: 2, prefetch: .keepFull, whenFull: .customError { TestError() }).subscribe(recorder)
        for value in 1...3 { upstream.send(value) }
        #expect(upstream.subscription.history == [.requested(.max(2)), .cancelled])
        recorder.request(.max(2))
        #expect(recorder.events == [
            .subscription("Buffer"), .value(1), .value(2), .completion(.failure(TestError())),
        ])
        #expect(upstream.subscription.history == [.requested(.max(2)), .cancelled, .requested(.max(2))])
    }

    /// A failure goes out at once when there is no demand; what was buffered is dropped.
    /// Source: OpenCombine's BufferTests.testReceiveValueAfterFailing.
    @Test func aFailureDoesNotWaitWithoutDemand() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder(demand: .none)
        upstream.buffer(size: 5, prefetch: .byRequest, whenFull: .dropOldest).subscribe(recorder)
        upstream.send(1)
        upstream.send(completion: .failure(TestError()))
        #expect(recorder.events == [.subscription("Buffer"), .completion(.failure(TestError()))])
        recorder.request(.max(1))
        #expect(recorder.values.isEmpty)
    }
}
