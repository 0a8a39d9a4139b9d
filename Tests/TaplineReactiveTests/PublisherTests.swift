import Testing
import TaplineReactive

@Suite("Just, Empty, Fail, Sequence")
struct PublisherTests {
    @Test func justEmitsOnTheFirstRequestThenFinishes() {
        let recorder = Recorder<Int, Never>(demand: .none)
        Just(5).subscribe(recorder)
        #expect(recorder.events == [.subscription("Just")])
        recorder.request(.max(1))
        #expect(recorder.events == [.subscription("Just"), .value(5), .completion(.finished)])
    }

    @Test func emptyFinishesAtOnce() {
        let recorder = IntRecorder()
        Empty<Int, TestError>().subscribe(recorder)
        #expect(recorder.events == [.subscription("Empty"), .completion(.finished)])
        let silent = IntRecorder()
        Empty<Int, TestError>(completeImmediately: false).subscribe(silent)
        #expect(silent.events == [.subscription("Empty")])
    }

    @Test func failFailsAtOnce() {
        let recorder = IntRecorder()
        Fail<Int, TestError>(error: TestError()).subscribe(recorder)
        #expect(recorder.events == [.subscription("Empty"), .completion(.failure(TestError()))])
    }

    @Test func aSequenceHonoursDemand() {
        let recorder = Recorder<Int, Never>(demand: .max(2))
        [1, 2, 3].publisher.subscribe(recorder)
        #expect(recorder.events == [.subscription("[1, 2, 3]"), .value(1), .value(2)])
        recorder.request(.max(5))
        #expect(recorder.events == [.subscription("[1, 2, 3]"), .value(1), .value(2), .value(3), .completion(.finished)])
    }

    @Test func aSequenceServesDemandReturnedFromAValue() {
        let recorder = Recorder<Int, Never>(demand: .max(1), perValue: { _ in .max(1) })
        (1...4).publisher.subscribe(recorder)
        #expect(recorder.values == [1, 2, 3, 4])
        #expect(recorder.events.last == .completion(.finished))
    }

    /// The subscription describes itself by the sequence's description, or as `Sequence` for
    /// one without (a `stride`). Sources: the Kodeco book's listings (`(1...9)` in chapter 4's
    /// `first(where:)`, `(Sequence)` for `stride(from: 0, to: 5, by: 2)` in chapter 7's
    /// `allSatisfy`) and OpenCombine's SequenceTests (testReflection: `1...5`).
    @Test func aSequenceSubscriptionIsNamedByTheSequence() {
        for (publisher, name) in [((1...9).publisher.eraseToAnyPublisher(), "1...9"), ((0..<2).publisher.eraseToAnyPublisher(), "0..<2"),
                                  (stride(from: 0, to: 5, by: 2).publisher.eraseToAnyPublisher(), "Sequence"),
                                  ([1, 2].publisher.eraseToAnyPublisher(), "[1, 2]")] {
            let recorder = Recorder<Int, Never>(demand: .none)
            publisher.subscribe(recorder)
            #expect(recorder.events == [.subscription(name)])
        }
    }

    @Test func anEmptySequenceFinishesAtOnce() {
        let recorder = Recorder<Int, Never>()
        [Int]().publisher.subscribe(recorder)
        #expect(recorder.events == [.subscription("Empty"), .completion(.finished)])
    }

    @Test func anyPublisherForwardsToTheErasedPublisher() {
        let recorder = Recorder<Int, Never>()
        let erased = [1, 2].publisher.map { $0 * 2 }.eraseToAnyPublisher()
        AnyPublisher(erased).subscribe(recorder)
        #expect(recorder.values == [2, 4])
    }
}
