import Testing
import TaplineReactive

/// Source for the demand rules: OpenCombine's ConcatenateTests (testAppendBasicBehavior,
/// testBackpressure), run against Apple's Combine.
@Suite("append and prepend (Concatenate)")
struct ConcatenateTests {
    @Test func appendSubscribesToTheSuffixWhenThePrefixFinishes() {
        let first = ManualPublisher<Int, TestError>()
        let second = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder(demand: .max(3))
        first.append(second).subscribe(recorder)
        #expect(first.subscription.history == [.requested(.max(3))])
        first.send(1)
        first.send(completion: .finished)
        // The suffix is asked for what is still wanted.
        #expect(second.subscription.history == [.requested(.max(2))])
        second.send(2)
        second.send(completion: .finished)
        #expect(recorder.events == [.subscription("Concatenate"), .value(1), .value(2), .completion(.finished)])
        #expect(!first.subscription.history.contains(.cancelled))
    }

    @Test func aPrefixValueWithoutDemandIsDropped() {
        let first = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder(demand: .none)
        first.append(9).subscribe(recorder)
        #expect(first.send(1) == .none)
        recorder.request(.max(1))
        #expect(first.send(2) == .none)
        first.send(completion: .finished)
        #expect(recorder.events == [.subscription("Concatenate"), .value(2)])
        recorder.request(.max(1))
        #expect(recorder.events == [.subscription("Concatenate"), .value(2), .value(9), .completion(.finished)])
    }

    @Test func appendAndPrependTakeValuesAndSequences() {
        let recorder = Recorder<Int, Never>()
        [2, 3].publisher.append(4, 5).append([6]).prepend(1).prepend([-1, 0]).subscribe(recorder)
        #expect(recorder.values == [-1, 0, 1, 2, 3, 4, 5, 6])
        #expect(recorder.events.last == .completion(.finished))
    }

    @Test func prependSubscribesToItsUpstreamLast() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder()
        upstream.prepend(Just(0).setFailureType(to: TestError.self)).subscribe(recorder)
        #expect(upstream.subscription.history == [.requested(.unlimited)])
        upstream.send(1)
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("Concatenate"), .value(0), .value(1), .completion(.finished)])
    }

    @Test func aPrefixFailureEndsTheStreamWithoutTheSuffix() {
        let first = ManualPublisher<Int, TestError>()
        let second = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder()
        first.append(second).subscribe(recorder)
        first.send(completion: .failure(TestError()))
        #expect(recorder.events == [.subscription("Concatenate"), .completion(.failure(TestError()))])
        #expect(second.subscription.history.isEmpty)
    }

    @Test func cancelReachesTheCurrentPublisherOnly() {
        let first = ManualPublisher<Int, TestError>()
        let second = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder()
        first.append(second).subscribe(recorder)
        first.send(completion: .finished)
        recorder.cancel()
        recorder.cancel()
        second.send(5)
        #expect(second.subscription.history == [.requested(.unlimited), .cancelled])
        #expect(!first.subscription.history.contains(.cancelled))
        #expect(recorder.events == [.subscription("Concatenate")])
    }

    /// Combine's overloads on a sequence publisher give a sequence publisher back.
    @Test func aSequencePublisherStaysASequence() {
        let joined: Publishers.Sequence<[Int], Never> = [2].publisher.append(3, 4).prepend([0, 1]).append([5].publisher)
        #expect(joined.sequence == [0, 1, 2, 3, 4, 5])
        let recorder = Recorder<Int, Never>()
        joined.subscribe(recorder)
        #expect(recorder.events.first == .subscription("[0, 1, 2, 3, 4, 5]"))
        // Any other publisher is concatenated.
        let other: Publishers.Concatenate<Just<Int>, Publishers.Sequence<[Int], Never>> = Just(1).append(2)
        #expect(other.suffix.sequence == [2])
    }
}
