import Testing
import TaplineReactive

@Suite("compactMap")
struct CompactMapTests {
    @Test func dropsNilsAndAsksForOneMoreForEach() {
        let upstream = ManualPublisher<String, TestError>()
        let recorder = IntRecorder()
        upstream.compactMap { Int($0) }.subscribe(recorder)
        #expect(upstream.send("1") == .none)
        #expect(upstream.send("x") == .max(1))
        upstream.send("3")
        upstream.send(completion: .failure(TestError()))
        #expect(recorder.events == [.subscription("RecordingSubscription"), .value(1), .value(3), .completion(.failure(TestError()))])
    }
}
