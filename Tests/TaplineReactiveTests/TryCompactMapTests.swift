import Testing
import TaplineReactive

@Suite("tryCompactMap")
struct TryCompactMapTests {
    private func parse(_ text: String) throws -> Int? {
        if text.isEmpty { throw Thrown() }
        return Int(text)
    }

    @Test func passesOnNonNilResultsAndAsksForOneMorePerNil() {
        let upstream = ManualPublisher<String, TestError>()
        let recorder = TryRecorder<Int>(demand: .max(2))
        upstream.tryCompactMap(parse).subscribe(recorder)
        #expect(upstream.send("1") == .none)
        #expect(upstream.send("x") == .max(1))
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("TryCompactMap"), .value(1), .completion(.finished)])
        #expect(upstream.subscription.history == [.requested(.max(2))])
    }

    @Test func aThrowFailsCancelsTheUpstreamAndEndsTheStream() {
        let upstream = ManualPublisher<String, TestError>()
        let recorder = TryRecorder<Int>()
        upstream.tryCompactMap(parse).subscribe(recorder)
        upstream.send("3")
        upstream.send("")
        upstream.send("4")
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("TryCompactMap"), .value(3), .completion(.failure(.thrown))])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }

    @Test func cancelReachesTheUpstream() {
        let upstream = ManualPublisher<String, TestError>()
        let recorder = TryRecorder<Int>()
        upstream.tryCompactMap(parse).subscribe(recorder)
        recorder.cancel()
        upstream.send("1")
        #expect(recorder.events == [.subscription("TryCompactMap")])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }

    @Test func compactMapAfterTryCompactMapIsOneTryCompactMap() {
        let subject = PassthroughSubject<String, TestError>()
        let folded: Publishers.TryCompactMap<PassthroughSubject<String, TestError>, Int> =
            subject.tryCompactMap(parse).compactMap { $0 > 1 ? $0 * 10 : nil }
        let recorder = TryRecorder<Int>()
        folded.subscribe(recorder)
        for text in ["1", "2", "x", "3", ""] { subject.send(text) }
        #expect(recorder.events == [.subscription("TryCompactMap"), .value(20), .value(30), .completion(.failure(.thrown))])
    }
}
