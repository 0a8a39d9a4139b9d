import Testing
import TaplineReactive

@Suite("reduce")
struct ReduceTests {
    @Test func emitsOneResultWhenTheUpstreamFinishes() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder()
        upstream.reduce(0, +).subscribe(recorder)
        for value in [1, 2, 3] { upstream.send(value) }
        #expect(recorder.events == [.subscription("Reduce")])
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("Reduce"), .value(6), .completion(.finished)])
        #expect(upstream.subscription.history == [.requested(.unlimited)])
    }

    @Test func requestsUnlimitedFromUpstreamWhateverTheDownstreamAsks() {
        let upstream = ManualPublisher<Int, TestError>()
        upstream.reduce(0, +).subscribe(IntRecorder(demand: .max(1)))
        #expect(upstream.subscription.history == [.requested(.unlimited)])
    }

    @Test func holdsTheResultUntilTheDownstreamAsks() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder(demand: .none)
        upstream.reduce(10, +).subscribe(recorder)
        upstream.send(5)
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("Reduce")])
        recorder.request(.max(1))
        #expect(recorder.events == [.subscription("Reduce"), .value(15), .completion(.finished)])
    }

    @Test func aFailureEmitsNoResult() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder()
        upstream.reduce(0, +).subscribe(recorder)
        upstream.send(1)
        upstream.send(completion: .failure(TestError()))
        #expect(recorder.events == [.subscription("Reduce"), .completion(.failure(TestError()))])
    }
}
