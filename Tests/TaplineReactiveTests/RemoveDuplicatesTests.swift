import Testing
import TaplineReactive

@Suite("removeDuplicates")
struct RemoveDuplicatesTests {
    @Test func dropsAValueEqualToThePreviousOne() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder()
        upstream.removeDuplicates().subscribe(recorder)
        for value in [1, 1, 2, 2, 1] { upstream.send(value) }
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("RemoveDuplicates"), .value(1), .value(2), .value(1), .completion(.finished)])
    }

    @Test func aDroppedDuplicateAsksForOneMore() {
        let upstream = ManualPublisher<Int, TestError>()
        upstream.removeDuplicates().subscribe(IntRecorder())
        upstream.send(1)
        #expect(upstream.send(1) == .max(1))
    }

    @Test func comparesWithAPredicate() {
        let recorder = Recorder<Int, Never>()
        [1, 3, 4, 6, 7].publisher.removeDuplicates { $0 % 2 == $1 % 2 }.subscribe(recorder)
        #expect(recorder.values == [1, 4, 7])
    }
}
