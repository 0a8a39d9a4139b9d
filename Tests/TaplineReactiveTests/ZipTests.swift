import Testing
import TaplineReactive

@Suite("zip")
struct ZipTests {
    @Test func zipPairsValuesInOrder() {
        let a = PassthroughSubject<Int, TestError>(), b = PassthroughSubject<Int, TestError>()
        let recorder = IntsRecorder()
        a.zip(b).map { [$0, $1] }.subscribe(recorder)
        a.send(1)
        a.send(2)
        b.send(10)
        b.send(20)
        b.send(30)
        a.send(3)
        #expect(recorder.values == [[1, 10], [2, 20], [3, 30]])
    }

    @Test func finishesWhenAFinishedInputHasNothingLeftToPair() {
        let a = PassthroughSubject<Int, TestError>(), b = PassthroughSubject<Int, TestError>()
        let recorder = IntsRecorder()
        a.zip(b).map { [$0, $1] }.subscribe(recorder)
        a.send(1)
        a.send(2)
        a.send(completion: .finished)
        #expect(recorder.values.isEmpty)
        b.send(10)
        #expect(recorder.events.last == .value([1, 10]))
        b.send(20)
        #expect(recorder.events == [.subscription("Zip"), .value([1, 10]), .value([2, 20]), .completion(.finished)])
        #expect(b.subscriberCount == 0)
    }

    @Test func zipManyPairsSequences() {
        let recorder = Recorder<[Int], Never>()
        Publishers.ZipMany([[1, 2].publisher, [3, 4, 5].publisher]).subscribe(recorder)
        #expect(recorder.events == [.subscription("Zip"), .value([1, 3]), .value([2, 4]), .completion(.finished)])
    }
}
