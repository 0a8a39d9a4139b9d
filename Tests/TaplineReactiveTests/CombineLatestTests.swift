import Testing
import TaplineReactive

@Suite("combineLatest")
struct CombineLatestTests {
    @Test func combineLatestIsSilentUntilEveryInputHasEmitted() {
        let a = PassthroughSubject<Int, TestError>(), b = PassthroughSubject<Int, TestError>()
        let recorder = IntsRecorder()
        a.combineLatest(b).map { [$0, $1] }.subscribe(recorder)
        a.send(1)
        a.send(2)
        #expect(recorder.values.isEmpty)
        b.send(10)
        a.send(3)
        b.send(20)
        #expect(recorder.values == [[2, 10], [3, 10], [3, 20]])
    }

    @Test func combineLatestFinishesWhenAllInputsHaveFinished() {
        let a = PassthroughSubject<Int, TestError>(), b = PassthroughSubject<Int, TestError>()
        let recorder = IntsRecorder()
        a.combineLatest(b).map { [$0, $1] }.subscribe(recorder)
        a.send(1)
        b.send(2)
        a.send(completion: .finished)
        b.send(3)
        #expect(recorder.events.last == .value([1, 3]))
        b.send(completion: .finished)
        #expect(recorder.events == [.subscription("CombineLatest"), .value([1, 2]), .value([1, 3]), .completion(.finished)])
    }

    @Test func aFailureEndsItAtOnce() {
        let a = ManualPublisher<Int, TestError>(), b = ManualPublisher<Int, TestError>()
        let recorder = IntsRecorder()
        a.combineLatest(b).map { [$0, $1] }.subscribe(recorder)
        b.send(completion: .failure(TestError()))
        #expect(recorder.events == [.subscription("CombineLatest"), .completion(.failure(TestError()))])
        #expect(a.subscription.history == [.requested(.unlimited), .cancelled])
    }

    @Test func withoutDemandOnlyTheNewestCombinationIsKept() {
        let a = PassthroughSubject<Int, TestError>(), b = PassthroughSubject<Int, TestError>()
        let recorder = IntsRecorder(demand: .none)
        Publishers.CombineLatestMany([a, b]).subscribe(recorder)
        recorder.request(.max(1))
        a.send(1)
        b.send(1)
        a.send(2)
        b.send(3)
        recorder.request(.max(1))
        #expect(recorder.values == [[1, 1], [2, 3]])
    }

    @Test func combineLatestOfManyEmitsArrays() {
        let subjects = (0..<3).map { CurrentValueSubject<Int, Never>($0) }
        let recorder = Recorder<[Int], Never>()
        Publishers.CombineLatestMany(subjects).subscribe(recorder)
        subjects[1].send(10)
        #expect(recorder.values == [[0, 1, 2], [0, 10, 2]])
    }
}
