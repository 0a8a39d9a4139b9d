import Testing
import TaplineReactive

@Suite("allSatisfy and tryAllSatisfy")
struct AllSatisfyTests {
    private func isEven(_ value: Int) throws -> Bool {
        if value == 100 { throw Thrown() }
        return value % 2 == 0
    }

    @Test func emitsFalseAtTheFirstFailureAndCancelsTheUpstream() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = Recorder<Bool, TestError>()
        upstream.allSatisfy { $0 % 2 == 0 }.subscribe(recorder)
        upstream.send(2)
        upstream.send(3)
        upstream.send(4)
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("AllSatisfy"), .value(false), .completion(.finished)])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }

    @Test func emitsTrueOnFinishEvenWhenEmpty() {
        let some = Recorder<Bool, Never>()
        // Erased: a sequence publisher's own `allSatisfy` is worked out at once (SequenceOperatorsTests).
        [2, 4].publisher.eraseToAnyPublisher().allSatisfy { $0 % 2 == 0 }.subscribe(some)
        #expect(some.events == [.subscription("AllSatisfy"), .value(true), .completion(.finished)])
        let none = Recorder<Bool, Never>()
        Empty<Int, Never>().allSatisfy { _ in false }.subscribe(none)
        #expect(none.values == [true])
    }

    @Test func cancelReachesTheUpstream() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = Recorder<Bool, TestError>()
        upstream.allSatisfy { $0 > 0 }.subscribe(recorder)
        recorder.cancel()
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("AllSatisfy")])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }

    @Test func tryAllSatisfyEmitsTheResult() {
        let recorder = TryRecorder<Bool>()
        [2, 3, 100].publisher.eraseToAnyPublisher().tryAllSatisfy(isEven).subscribe(recorder)
        #expect(recorder.events == [.subscription("TryAllSatisfy"), .value(false), .completion(.finished)])
    }

    /// Source: OpenCombine's AllSatisfyTests (TryAllSatisfy), run against Apple's Combine.
    @Test func tryAllSatisfyThrowFailsAtOnceAndCancelsTheUpstream() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = TryRecorder<Bool>(demand: .none)
        upstream.tryAllSatisfy(isEven).subscribe(recorder)
        upstream.send(2)
        upstream.send(100)
        upstream.send(3)
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("TryAllSatisfy"), .completion(.failure(.thrown))])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }

    @Test func tryAllSatisfyErasesTheUpstreamsFailure() {
        let recorder = TryRecorder<Bool>()
        Fail<Int, TestError>(error: TestError()).tryAllSatisfy(isEven).subscribe(recorder)
        #expect(recorder.events == [.subscription("TryAllSatisfy"), .completion(.failure(.oops))])
    }
}
