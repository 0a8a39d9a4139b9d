import Testing
import TaplineReactive

/// A second error type, to see a failure change type.
struct WrappedError: Error, Equatable {
    var text: String
}

@Suite("mapError")
struct MapErrorTests {
    @Test func mapsTheFailureAndPassesTheRestThrough() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = Recorder<Int, WrappedError>(demand: .max(2), perValue: { _ in .max(1) })
        upstream.mapError { WrappedError(text: "\($0)") }.subscribe(recorder)
        #expect(upstream.send(1) == .max(1))
        upstream.send(completion: .failure(TestError()))
        #expect(recorder.events == [
            .subscription("RecordingSubscription"), .value(1), .completion(.failure(WrappedError(text: "oops"))),
        ])
        #expect(upstream.subscription.history == [.requested(.max(2))])
    }

    @Test func finishedIsNotMapped() {
        let recorder = Recorder<Int, WrappedError>()
        [1, 2].publisher.setFailureType(to: TestError.self).mapError { _ in WrappedError(text: "never") }
            .subscribe(recorder)
        #expect(recorder.events == [.subscription("[1, 2]"), .value(1), .value(2), .completion(.finished)])
    }

    /// Only a subscriber, as in Combine: a cancel goes straight to the upstream.
    @Test func cancelReachesTheUpstream() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = Recorder<Int, WrappedError>()
        upstream.mapError { _ in WrappedError(text: "x") }.subscribe(recorder)
        recorder.cancel()
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }
}
