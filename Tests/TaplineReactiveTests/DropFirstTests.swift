import Testing
import TaplineReactive

@Suite("dropFirst")
struct DropFirstTests {
    @Test func skipsTheFirstValues() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder()
        upstream.dropFirst(2).subscribe(recorder)
        for value in 1...4 { upstream.send(value) }
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("Drop"), .value(3), .value(4), .completion(.finished)])
    }

    @Test func theFirstRequestAsksForTheSkippedValuesToo() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder(demand: .max(1))
        upstream.dropFirst(2).subscribe(recorder)
        recorder.request(.max(1))
        #expect(upstream.subscription.history == [.requested(.max(3)), .requested(.max(1))])
    }
}
