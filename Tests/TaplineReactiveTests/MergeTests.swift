import Testing
import TaplineReactive

@Suite("merge")
struct MergeTests {
    @Test func interleavesValuesAndFinishesWhenAllFinish() {
        let a = PassthroughSubject<Int, TestError>(), b = PassthroughSubject<Int, TestError>()
        let recorder = IntRecorder()
        a.merge(with: b).subscribe(recorder)
        a.send(1)
        b.send(2)
        a.send(completion: .finished)
        b.send(3)
        #expect(recorder.events.last == .value(3))
        b.send(completion: .finished)
        #expect(recorder.events == [.subscription("Merge"), .value(1), .value(2), .value(3), .completion(.finished)])
    }

    @Test func aFailureEndsTheMergeAndCancelsTheOthers() {
        let a = ManualPublisher<Int, TestError>(), b = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder()
        a.merge(with: b).subscribe(recorder)
        a.send(completion: .failure(TestError()))
        b.send(1)
        #expect(recorder.events == [.subscription("Merge"), .completion(.failure(TestError()))])
        #expect(b.subscription.history == [.requested(.unlimited), .cancelled])
    }

    @Test func mergeManyPassesEachRequestToEveryUpstream() {
        let a = ManualPublisher<Int, TestError>(), b = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder(demand: .max(2))
        Publishers.MergeMany([a.eraseToAnyPublisher(), b.eraseToAnyPublisher()]).subscribe(recorder)
        #expect(a.subscription.history == [.requested(.max(2))])
        #expect(b.subscription.history == [.requested(.max(2))])
    }

    @Test func valuesBeyondTheDemandWaitForTheNextRequest() {
        let a = ManualPublisher<Int, TestError>(), b = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder(demand: .max(1))
        a.merge(with: b).subscribe(recorder)
        a.send(1)
        b.send(2)
        #expect(recorder.values == [1])
        recorder.request(.max(1))
        #expect(recorder.values == [1, 2])
    }
}
