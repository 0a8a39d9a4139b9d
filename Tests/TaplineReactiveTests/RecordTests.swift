import Testing
import TaplineReactive

/// Source: OpenCombine's RecordTests, run against Apple's Combine (the subscription is named
/// after the recorded values; with none, the completion comes with the `Empty` subscription).
@Suite("Record")
struct RecordTests {
    @Test func replaysTheValuesHonouringDemandThenTheCompletion() {
        let record = Record<Int, TestError>(output: [1, 2, 3], completion: .failure(TestError()))
        let recorder = IntRecorder(demand: .max(1), perValue: { $0 == 1 ? .max(1) : .none })
        record.subscribe(recorder)
        #expect(recorder.events == [.subscription("[1, 2, 3]"), .value(1), .value(2)])
        recorder.request(.max(1))
        #expect(recorder.events == [
            .subscription("[1, 2, 3]"), .value(1), .value(2), .value(3), .completion(.failure(TestError())),
        ])
    }

    @Test func theCompletionComesWithTheLastValueWithoutMoreDemand() {
        let recorder = IntRecorder(demand: .max(2))
        Record<Int, TestError>(output: [1, 2], completion: .finished).subscribe(recorder)
        #expect(recorder.events == [.subscription("[1, 2]"), .value(1), .value(2), .completion(.finished)])
    }

    @Test func anEmptyRecordingCompletesAtOnce() {
        let recorder = IntRecorder(demand: .none)
        Record<Int, TestError>(output: [], completion: .failure(TestError())).subscribe(recorder)
        #expect(recorder.events == [.subscription("Empty"), .completion(.failure(TestError()))])
    }

    @Test func replaysToEachSubscriberAndStopsOnCancel() {
        let record = Record<Int, TestError> { recording in
            recording.receive(1)
            recording.receive(2)
            recording.receive(completion: .finished)
        }
        let all = IntRecorder()
        record.subscribe(all)
        let cancelling = IntRecorder(demand: .max(1))
        record.subscribe(cancelling)
        cancelling.cancel()
        cancelling.request(.max(5))
        #expect(all.values == [1, 2])
        #expect(cancelling.events == [.subscription("[1, 2]"), .value(1)])
    }

    @Test func recordingAfterTheCompletionIsReported() {
        let log = ViolationLog()
        log.capture {
            var recording = Record<Int, TestError>.Recording(output: [1])
            recording.receive(2)
            recording.receive(completion: .finished)
            #expect(recording.output == [1])
            #expect(log.reports == ["Record: value after completion", "Record: completion after completion"])
        }
    }
}
