import Testing
import TaplineReactive

@Suite("tryMap")
struct TryMapTests {
    private func doubling(_ value: Int) throws -> Int {
        if value == 100 { throw Thrown() }
        return value * 2
    }

    @Test func aThrowFailsWithTheErrorAndCancelsTheUpstream() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = TryRecorder<Int>()
        upstream.tryMap(doubling).subscribe(recorder)
        upstream.send(2)
        upstream.send(3)
        upstream.send(100)
        #expect(recorder.events == [.subscription("TryMap"), .value(4), .value(6), .completion(.failure(.thrown))])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }

    /// Apple's TryMap keeps no state for values: what the upstream sends after a throw is
    /// still transformed and delivered, a new throw fails again, and a completion is dropped.
    /// Source: OpenCombine's MapTests.testTryMapFailureBecauseOfThrow, run against Apple's Combine.
    @Test func valuesAfterAThrowStillPassAsInCombine() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = TryRecorder<Int>()
        upstream.tryMap(doubling).subscribe(recorder)
        upstream.send(100)
        upstream.send(9)
        upstream.send(100)
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("TryMap"), .completion(.failure(.thrown)), .value(18),
                                    .completion(.failure(.thrown))])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }

    @Test func demandGoesUpstreamAndComesBackFromEachValue() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = TryRecorder<Int>(demand: .max(2), perValue: { _ in .max(3) })
        upstream.tryMap(doubling).subscribe(recorder)
        #expect(upstream.send(1) == .max(3))
        recorder.request(.max(5))
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("TryMap"), .value(2), .completion(.finished)])
        #expect(upstream.subscription.history == [.requested(.max(2)), .requested(.max(5))])
    }

    @Test func theUpstreamsFailureArrivesAsAnyError() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = TryRecorder<Int>()
        upstream.tryMap(doubling).subscribe(recorder)
        upstream.send(completion: .failure(TestError()))
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("TryMap"), .completion(.failure(.oops))])
    }

    @Test func cancelReachesTheUpstreamOnceAndDropsALaterCompletion() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = TryRecorder<Int>()
        upstream.tryMap(doubling).subscribe(recorder)
        recorder.cancel()
        recorder.cancel()
        recorder.request(.max(1))
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("TryMap")])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }

    /// `map`/`tryMap` after `map`/`tryMap` fold into one `TryMap`, as Combine's overloads do.
    @Test func mapsAfterMapsAreOneTryMap() {
        let upstream = PassthroughSubject<Int, TestError>()
        let folded: Publishers.TryMap<PassthroughSubject<Int, TestError>, Int> =
            upstream.map { $0 + 1 }.tryMap(doubling).map { $0 - 1 }.tryMap { $0 * 10 }
        let recorder = TryRecorder<Int>()
        folded.subscribe(recorder)
        upstream.send(1)
        upstream.send(99)
        #expect(recorder.events == [.subscription("TryMap"), .value(30), .completion(.failure(.thrown))])
    }

    /// Source: OpenCombine's MapTests.testTryMapReceiveValueBeforeSubscription, run against Apple's Combine.
    @Test func aValueBeforeTheSubscriptionIsTransformedAndPassedOnAsInCombine() {
        let early = LatePublisher<Int, TestError>()
        let recorder = TryRecorder<Int>()
        early.tryMap(doubling).subscribe(recorder)
        #expect(early.send(1) == .none)
        early.send(completion: .finished)
        #expect(recorder.events == [.value(2)])
    }
}
