import Testing
import TaplineReactive

/// `tryCatch`'s failure is `any Error`; the tests compare its text.
private func described<P: Publisher>(_ publisher: P) -> Publishers.MapError<P, WrappedError> {
    publisher.mapError { WrappedError(text: "\($0)") }
}

@Suite("tryCatch")
struct TryCatchTests {
    @Test func switchesToTheHandlersPublisher() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = Recorder<Int, WrappedError>(demand: .max(2))
        described(upstream.tryCatch { _ in Just(5) }).subscribe(recorder)
        upstream.send(1)
        upstream.send(completion: .failure(TestError()))
        #expect(recorder.events == [.subscription("TryCatch"), .value(1), .value(5), .completion(.finished)])
    }

    @Test func aThrowFailsTheStreamWithTheThrownError() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = Recorder<Int, WrappedError>()
        described(upstream.tryCatch { _ -> Just<Int> in throw WrappedError(text: "thrown") }).subscribe(recorder)
        upstream.send(completion: .failure(TestError()))
        upstream.send(2)
        #expect(recorder.events == [
            .subscription("TryCatch"), .completion(.failure(WrappedError(text: "WrappedError(text: \"thrown\")"))),
        ])
    }

    @Test func theNewPublishersFailureGoesDownstream() {
        let upstream = ManualPublisher<Int, TestError>()
        let replacement = ManualPublisher<Int, TestError>()
        let recorder = Recorder<Int, WrappedError>(demand: .none)
        described(upstream.tryCatch { _ in replacement }).subscribe(recorder)
        upstream.send(completion: .failure(TestError()))
        #expect(replacement.subscription.history == [])
        recorder.request(.max(1))
        replacement.send(completion: .failure(TestError()))
        #expect(replacement.subscription.history == [.requested(.max(1))])
        #expect(recorder.events == [.subscription("TryCatch"), .completion(.failure(WrappedError(text: "oops")))])
    }
}
