import Testing
import TaplineReactive

@Suite("contains, contains(where:) and tryContains(where:)")
struct ContainsTests {
    private func isThree(_ value: Int) throws -> Bool {
        if value == 100 { throw Thrown() }
        return value == 3
    }

    @Test func containsEmitsTrueAtTheFirstMatchAndCancelsTheUpstream() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = Recorder<Bool, TestError>()
        upstream.contains(2).subscribe(recorder)
        upstream.send(1)
        upstream.send(2)
        upstream.send(3)
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("Contains"), .value(true), .completion(.finished)])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }

    @Test func containsEmitsFalseOnFinishOnceAskedFor() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = Recorder<Bool, TestError>(demand: .none)
        upstream.contains(2).subscribe(recorder)
        upstream.send(1)
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("Contains")])
        recorder.request(.max(1))
        #expect(recorder.events == [.subscription("Contains"), .value(false), .completion(.finished)])
        #expect(upstream.subscription.history == [.requested(.unlimited)])
    }

    @Test func containsWhereUsesThePredicate() {
        let found = Recorder<Bool, Never>()
        // Erased: a sequence publisher's own `contains(where:)` is worked out at once (SequenceOperatorsTests).
        [1, 2, 3].publisher.eraseToAnyPublisher().contains { $0 > 2 }.subscribe(found)
        #expect(found.events == [.subscription("ContainsWhere"), .value(true), .completion(.finished)])
        let missing = Recorder<Bool, Never>()
        [1, 2, 3].publisher.eraseToAnyPublisher().contains { $0 > 5 }.subscribe(missing)
        #expect(missing.events == [.subscription("ContainsWhere"), .value(false), .completion(.finished)])
    }

    @Test func containsWhereCancelReachesTheUpstream() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = Recorder<Bool, TestError>()
        upstream.contains { $0 > 2 }.subscribe(recorder)
        recorder.cancel()
        upstream.send(3)
        #expect(recorder.events == [.subscription("ContainsWhere")])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }

    @Test func tryContainsWhereFindsAMatch() {
        let recorder = TryRecorder<Bool>()
        [1, 3, 100].publisher.eraseToAnyPublisher().tryContains(where: isThree).subscribe(recorder)
        #expect(recorder.events == [.subscription("TryContainsWhere"), .value(true), .completion(.finished)])
    }

    /// Source: OpenCombine's ContainsTests (TryContainsWhere), run against Apple's Combine.
    @Test func tryContainsWhereThrowFailsAtOnceAndCancelsTheUpstream() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = TryRecorder<Bool>(demand: .none)
        upstream.tryContains(where: isThree).subscribe(recorder)
        upstream.send(100)
        upstream.send(3)
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("TryContainsWhere"), .completion(.failure(.thrown))])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }

    @Test func tryContainsWhereErasesTheUpstreamsFailure() {
        let recorder = TryRecorder<Bool>()
        Fail<Int, TestError>(error: TestError()).tryContains(where: isThree).subscribe(recorder)
        #expect(recorder.events == [.subscription("TryContainsWhere"), .completion(.failure(.oops))])
    }
}
