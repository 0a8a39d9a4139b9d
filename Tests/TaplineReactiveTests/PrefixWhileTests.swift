import Testing
import TaplineReactive

@Suite("prefix(while:) and tryPrefix(while:)")
struct PrefixWhileTests {
    private func isSmall(_ value: Int) throws -> Bool {
        if value == 100 { throw Thrown() }
        return value < 3
    }

    /// The value that fails the predicate is not passed on; the upstream is cancelled.
    @Test func passesOnWhileThePredicateHoldsThenFinishesAndCancelsTheUpstream() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder(demand: .max(2), perValue: { _ in .max(1) })
        upstream.prefix { $0 < 3 }.subscribe(recorder)
        #expect(upstream.send(1) == .max(1))
        #expect(upstream.send(2) == .max(1))
        #expect(upstream.send(5) == .none)
        upstream.send(1)
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("PrefixWhile"), .value(1), .value(2), .completion(.finished)])
        #expect(upstream.subscription.history == [.requested(.max(2)), .cancelled])
    }

    @Test func cancelReachesTheUpstream() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder()
        upstream.prefix { $0 < 3 }.subscribe(recorder)
        recorder.cancel()
        upstream.send(1)
        #expect(recorder.events == [.subscription("PrefixWhile")])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }

    /// Source: OpenCombine's PrefixWhileTests (TryPrefixWhile), run against Apple's Combine.
    @Test func tryPrefixThrowFailsAndCancelsTheUpstream() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = TryRecorder<Int>()
        upstream.tryPrefix(while: isSmall).subscribe(recorder)
        upstream.send(1)
        #expect(upstream.send(100) == .none)
        upstream.send(2)
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("TryPrefixWhile"), .value(1), .completion(.failure(.thrown))])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }

    @Test func tryPrefixFinishesWhenThePredicateFails() {
        let recorder = TryRecorder<Int>()
        [1, 2, 5, 100].publisher.tryPrefix(while: isSmall).subscribe(recorder)
        #expect(recorder.events == [.subscription("TryPrefixWhile"), .value(1), .value(2), .completion(.finished)])
    }

    @Test func tryPrefixErasesTheUpstreamsFailure() {
        let recorder = TryRecorder<Int>()
        Fail<Int, TestError>(error: TestError()).tryPrefix(while: isSmall).subscribe(recorder)
        #expect(recorder.events == [.subscription("TryPrefixWhile"), .completion(.failure(.oops))])
    }
}
