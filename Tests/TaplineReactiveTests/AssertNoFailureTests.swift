import Testing
import TaplineReactive

@Suite("assertNoFailure")
struct AssertNoFailureTests {
    @Test func passesValuesAndFinishedThrough() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = Recorder<Int, Never>(demand: .max(1), perValue: { _ in .max(1) })
        upstream.assertNoFailure().subscribe(recorder)
        #expect(upstream.send(1) == .max(1))
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("RecordingSubscription"), .value(1), .completion(.finished)])
        #expect(upstream.subscription.history == [.requested(.max(1))])
    }

    /// Combine traps on a failure; here it is reported to `ContractViolation.report` (which
    /// traps by default) with Combine's message, and nothing more is delivered.
    @Test func aFailureIsReportedWithThePrefix() {
        let log = ViolationLog()
        log.capture {
            let upstream = ManualPublisher<Int, TestError>()
            let recorder = Recorder<Int, Never>()
            upstream.assertNoFailure("net").subscribe(recorder)
            upstream.send(completion: .failure(TestError()))
            Fail<Int, TestError>(error: TestError()).assertNoFailure().subscribe(Recorder<Int, Never>())
            #expect(log.reports == ["net: oops", "oops"])
            #expect(recorder.events == [.subscription("RecordingSubscription")])
        }
    }
}
