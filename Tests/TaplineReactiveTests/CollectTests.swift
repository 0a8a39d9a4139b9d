import Testing
import TaplineReactive

@Suite("collect")
struct CollectTests {
    @Test func gathersEverythingIntoOneArrayOnFinish() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntsRecorder()
        upstream.collect().subscribe(recorder)
        for value in [1, 2, 3] { upstream.send(value) }
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("Collect"), .value([1, 2, 3]), .completion(.finished)])
    }

    @Test func anEmptyUpstreamGivesAnEmptyArray() {
        let recorder = Recorder<[Int], Never>()
        Empty<Int, Never>().collect().subscribe(recorder)
        #expect(recorder.values == [[]])
    }

    @Test func aFailureDropsTheBuffer() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntsRecorder()
        upstream.collect().subscribe(recorder)
        upstream.send(1)
        upstream.send(completion: .failure(TestError()))
        #expect(recorder.events == [.subscription("Collect"), .completion(.failure(TestError()))])
    }
}

@Suite("collect(n)")
struct CollectByCountTests {
    @Test func emitsFullArraysThenTheRestOnFinish() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntsRecorder()
        upstream.collect(2).subscribe(recorder)
        for value in 1...5 { upstream.send(value) }
        upstream.send(completion: .finished)
        #expect(recorder.events == [
            .subscription("CollectByCount"), .value([1, 2]), .value([3, 4]), .value([5]), .completion(.finished),
        ])
    }

    @Test func eachUnitOfDemandAsksUpstreamForACount() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntsRecorder(demand: .max(2))
        upstream.collect(3).subscribe(recorder)
        #expect(upstream.subscription.history == [.requested(.max(6))])
    }

    @Test func aFailureDropsThePartialArray() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntsRecorder()
        upstream.collect(2).subscribe(recorder)
        upstream.send(1)
        upstream.send(completion: .failure(TestError()))
        #expect(recorder.events == [.subscription("CollectByCount"), .completion(.failure(TestError()))])
    }
}
