import Testing
import TaplineReactive

@Suite("scan")
struct ScanTests {
    /// `scan` is only a subscriber: the downstream gets the upstream's own subscription.
    /// Source: OpenCombine's ScanTests.testScanEmpty, run against Apple's Combine.
    @Test func emitsEachIntermediateResult() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder()
        upstream.scan(0, +).subscribe(recorder)
        for value in [1, 2, 3] { upstream.send(value) }
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("RecordingSubscription"), .value(1), .value(3), .value(6), .completion(.finished)])
    }
}
