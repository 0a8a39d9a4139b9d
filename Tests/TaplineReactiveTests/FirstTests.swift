import Testing
import TaplineReactive

@Suite("first")
struct FirstTests {
    @Test func emitsTheFirstValueThenFinishesAndCancelsUpstream() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder()
        upstream.first().subscribe(recorder)
        upstream.send(7)
        upstream.send(8)
        #expect(recorder.events == [.subscription("First"), .value(7), .completion(.finished)])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }

    @Test func firstWhereSkipsNonMatchingValues() {
        let recorder = Recorder<Int, Never>()
        [3, 4, 5].publisher.first { $0 > 3 }.subscribe(recorder)
        #expect(recorder.values == [4])
    }

    @Test func finishesWithoutAValueWhenTheUpstreamIsEmpty() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder()
        upstream.first().subscribe(recorder)
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("First"), .completion(.finished)])
    }
}
