import Testing
import TaplineReactive

/// Whole histories of `catch`. Source for the demand handed to the new publisher:
/// OpenCombine's CatchTests (testCatchRequestsDemandFromNewPublisher and the tests around
/// it), run against Apple's Combine.
@Suite("catch")
struct CatchTests {
    @Test func switchesToTheHandlersPublisherOnFailure() {
        let upstream = ManualPublisher<Int, TestError>()
        var caught: [TestError] = []
        let recorder = IntRecorder()
        upstream.catch { error -> Publishers.Sequence<[Int], TestError> in
            caught.append(error)
            return Publishers.Sequence(sequence: [7, 8])
        }.subscribe(recorder)
        upstream.send(1)
        upstream.send(completion: .failure(TestError()))
        #expect(caught == [TestError()])
        #expect(recorder.events == [
            .subscription("Catch"), .value(1), .value(7), .value(8), .completion(.finished),
        ])
        #expect(upstream.subscription.history == [.requested(.unlimited)])
    }

    @Test func asksTheNewPublisherForTheDemandNotYetMet() {
        let upstream = ManualPublisher<Int, TestError>()
        let replacement = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder(demand: .max(3), perValue: { $0 == 1 ? .max(1) : .none })
        upstream.catch { _ in replacement }.subscribe(recorder)
        upstream.send(1)
        upstream.send(2)
        upstream.send(completion: .failure(TestError()))
        // 3 asked, 1 more returned, 2 delivered: 2 left.
        #expect(replacement.subscription.history == [.requested(.max(2))])
        recorder.request(.max(5))
        #expect(replacement.subscription.history == [.requested(.max(2)), .requested(.max(5))])
        #expect(upstream.subscription.history == [.requested(.max(3))])
        replacement.send(9)
        replacement.send(completion: .failure(TestError()))
        #expect(recorder.events == [
            .subscription("Catch"), .value(1), .value(2), .value(9), .completion(.failure(TestError())),
        ])
    }

    @Test func withNoDemandLeftTheNewPublisherWaitsForARequest() {
        let upstream = ManualPublisher<Int, TestError>()
        let replacement = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder(demand: .max(1))
        upstream.catch { _ in replacement }.subscribe(recorder)
        upstream.send(1)
        upstream.send(completion: .failure(TestError()))
        #expect(replacement.subscription.history == [])
        recorder.request(.max(1))
        #expect(replacement.subscription.history == [.requested(.max(1))])
    }

    @Test func aFinishedUpstreamNeverCallsTheHandler() {
        let upstream = ManualPublisher<Int, TestError>()
        var calls = 0
        let recorder = Recorder<Int, Never>()
        upstream.catch { _ -> Just<Int> in calls += 1; return Just(0) }.subscribe(recorder)
        upstream.send(completion: .finished)
        upstream.send(completion: .failure(TestError()))
        #expect(calls == 0)
        #expect(recorder.events == [.subscription("Catch"), .completion(.finished)])
    }

    @Test func cancelGoesToWhicheverPublisherIsCurrent() {
        let first = ManualPublisher<Int, TestError>()
        let firstRecorder = IntRecorder()
        first.catch { _ in Empty<Int, TestError>(completeImmediately: false) }.subscribe(firstRecorder)
        firstRecorder.cancel()
        #expect(first.subscription.history == [.requested(.unlimited), .cancelled])

        let upstream = ManualPublisher<Int, TestError>()
        let replacement = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder()
        upstream.catch { _ in replacement }.subscribe(recorder)
        upstream.send(completion: .failure(TestError()))
        recorder.cancel()
        recorder.cancel()
        replacement.send(1)
        #expect(upstream.subscription.history == [.requested(.unlimited)])
        #expect(replacement.subscription.history == [.requested(.unlimited), .cancelled])
        #expect(recorder.events == [.subscription("Catch")])
    }

    /// With `Never` from the handler, the stream cannot fail any more (Combine's usual use).
    @Test func aNeverFailingHandlerMakesANeverFailingStream() {
        let recorder = Recorder<Int, Never>()
        Fail<Int, TestError>(error: TestError()).catch { _ in Just(0) }.subscribe(recorder)
        #expect(recorder.events == [.subscription("Catch"), .value(0), .completion(.finished)])
    }

    /// A cancel that comes while the handler's publisher is being subscribed to is lost, as in
    /// Combine: that publisher is still asked for the demand and its finish still goes down.
    /// Source: OpenCombine's CatchTests.testCatchCancelPendingPost, run against Apple's Combine.
    @Test func aCancelDuringTheRecoverySubscribeIsLost() {
        let upstream = ManualPublisher<Int, TestError>()
        let replacement = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder(demand: .max(3))
        upstream.catch { _ in
            Deferred { () -> ManualPublisher<Int, TestError> in
                recorder.cancel()
                return replacement
            }
        }.subscribe(recorder)
        upstream.send(completion: .failure(TestError()))
        #expect(replacement.subscription.history == [.requested(.max(3))])
        replacement.send(completion: .finished)
        #expect(recorder.events == [.subscription("Catch"), .completion(.finished)])
        #expect(upstream.subscription.history == [.requested(.max(3))])
    }
}
