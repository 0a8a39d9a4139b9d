import Testing
import TaplineReactive

@Suite("last")
struct LastTests {
    @Test func emitsTheLastValueOnFinish() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder()
        upstream.last().subscribe(recorder)
        for value in 1...3 { upstream.send(value) }
        #expect(recorder.events == [.subscription("Last")])
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("Last"), .value(3), .completion(.finished)])
    }

    @Test func emitsNothingOnFailure() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder()
        upstream.last().subscribe(recorder)
        upstream.send(1)
        upstream.send(completion: .failure(TestError()))
        #expect(recorder.events == [.subscription("Last"), .completion(.failure(TestError()))])
    }
}
