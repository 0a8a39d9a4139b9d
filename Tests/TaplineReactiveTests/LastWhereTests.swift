import Testing
import TaplineReactive

@Suite("last(where:) and tryLast(where:)")
struct LastWhereTests {
    private func isBig(_ value: Int) throws -> Bool {
        if value == 100 { throw Thrown() }
        return value > 3
    }

    @Test func lastWhereEmitsTheLastMatchOnFinish() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder(demand: .none)
        upstream.last { $0 > 3 }.subscribe(recorder)
        for value in [1, 4, 2, 5, 3] { upstream.send(value) }
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("LastWhere")])
        recorder.request(.max(1))
        #expect(recorder.events == [.subscription("LastWhere"), .value(5), .completion(.finished)])
        #expect(upstream.subscription.history == [.requested(.unlimited)])
    }

    @Test func lastWhereFinishesEmptyWithoutAMatchAndPassesAFailure() {
        let empty = IntRecorder()
        [1, 2].publisher.setFailureType(to: TestError.self).last { $0 > 3 }.subscribe(empty)
        #expect(empty.events == [.subscription("LastWhere"), .completion(.finished)])
        let failing = IntRecorder(demand: .none)
        Fail<Int, TestError>(error: TestError()).last { $0 > 3 }.subscribe(failing)
        #expect(failing.events == [.subscription("LastWhere"), .completion(.failure(TestError()))])
    }

    @Test func lastWhereCancelReachesTheUpstream() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder()
        upstream.last { $0 > 3 }.subscribe(recorder)
        upstream.send(5)
        recorder.cancel()
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("LastWhere")])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }

    @Test func tryLastWhereEmitsTheLastMatchOnFinish() {
        let recorder = TryRecorder<Int>()
        [1, 4, 2, 5, 3].publisher.tryLast(where: isBig).subscribe(recorder)
        #expect(recorder.events == [.subscription("TryLastWhere"), .value(5), .completion(.finished)])
    }

    /// Source: OpenCombine's LastTests (TryLastWhere), run against Apple's Combine.
    @Test func tryLastWhereThrowFailsAtOnceAndCancelsTheUpstream() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = TryRecorder<Int>(demand: .none)
        upstream.tryLast(where: isBig).subscribe(recorder)
        upstream.send(5)
        upstream.send(100)
        upstream.send(6)
        upstream.send(completion: .finished)
        recorder.request(.max(1))
        #expect(recorder.events == [.subscription("TryLastWhere"), .completion(.failure(.thrown))])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }

    @Test func tryLastWhereErasesTheUpstreamsFailure() {
        let recorder = TryRecorder<Int>()
        Fail<Int, TestError>(error: TestError()).tryLast(where: isBig).subscribe(recorder)
        #expect(recorder.events == [.subscription("TryLastWhere"), .completion(.failure(.oops))])
    }
}
