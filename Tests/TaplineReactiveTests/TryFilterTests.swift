import Testing
import TaplineReactive

@Suite("tryFilter")
struct TryFilterTests {
    private func isEven(_ value: Int) throws -> Bool {
        if value == 100 { throw Thrown() }
        return value % 2 == 0
    }

    @Test func keepsMatchingValuesAndAsksForOneMorePerRejectedValue() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = TryRecorder<Int>(demand: .max(2))
        upstream.tryFilter(isEven).subscribe(recorder)
        #expect(upstream.send(1) == .max(1))
        #expect(upstream.send(2) == .none)
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("TryFilter"), .value(2), .completion(.finished)])
        #expect(upstream.subscription.history == [.requested(.max(2))])
    }

    /// Unlike TryMap, Apple's TryFilter drops everything after a throw.
    /// Source: OpenCombine's FilterTests.testTryFilterCompletesWithErrorWhenThrown, run against Apple's Combine.
    @Test func aThrowFailsCancelsTheUpstreamAndEndsTheStream() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = TryRecorder<Int>()
        upstream.tryFilter(isEven).subscribe(recorder)
        upstream.send(2)
        #expect(upstream.send(100) == .none)
        #expect(upstream.send(4) == .none)
        upstream.send(completion: .finished)
        recorder.request(.max(1))
        recorder.cancel()
        #expect(recorder.events == [.subscription("TryFilter"), .value(2), .completion(.failure(.thrown))])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }

    @Test func cancelReachesTheUpstreamAndLaterEventsAreDropped() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = TryRecorder<Int>()
        upstream.tryFilter(isEven).subscribe(recorder)
        recorder.cancel()
        upstream.send(2)
        upstream.send(completion: .failure(TestError()))
        #expect(recorder.events == [.subscription("TryFilter")])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }

    @Test func theUpstreamsFailureArrivesAsAnyError() {
        let recorder = TryRecorder<Int>()
        Fail<Int, TestError>(error: TestError()).tryFilter(isEven).subscribe(recorder)
        #expect(recorder.events == [.subscription("TryFilter"), .completion(.failure(.oops))])
    }

    @Test func filtersAfterFiltersAreOneTryFilter() {
        let subject = PassthroughSubject<Int, TestError>()
        let folded: Publishers.TryFilter<PassthroughSubject<Int, TestError>> =
            subject.filter { $0 > 0 }.tryFilter(isEven).filter { $0 < 10 }.tryFilter { $0 != 4 }
        let recorder = TryRecorder<Int>()
        folded.subscribe(recorder)
        for value in [-2, 1, 2, 4, 6, 12, 100] { subject.send(value) }
        #expect(recorder.events == [.subscription("TryFilter"), .value(2), .value(6), .completion(.failure(.thrown))])
    }
}
