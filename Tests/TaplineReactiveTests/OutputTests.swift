import Testing
import TaplineReactive

@Suite("output(at:) and output(in:)")
struct OutputTests {
    /// The ranges the operators build. Source: OpenCombine's OutputTests
    /// (testOutputInOperatorCorrectlyTranslatesToCountableRange), run against Apple's Combine.
    @Test func rangesAreCombines() {
        let publisher = Empty<Int, Never>()
        #expect(publisher.prefix(89).range == 0..<89)
        #expect(publisher.output(at: 89).range == 89..<90)
        #expect(publisher.output(in: ..<8).range == 0..<8)
        #expect(publisher.output(in: ...8).range == 0..<9)
        #expect(publisher.output(in: 8...).range == 8..<Int.max)
        #expect(publisher.output(in: 4...5).range == 4..<6)
    }

    /// Skipped values are asked for again (`.max(1)`), the downstream's requests go straight
    /// upstream, and the stream finishes and cancels right after the last wanted value, which
    /// gives back the downstream's demand. Source: OpenCombine's OutputTests
    /// (testBasicBehavior: the last value in range returns `.max(42)`), run against Apple's.
    @Test func passesTheRangeThenFinishesAndCancels() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder(demand: .none, perValue: { _ in .max(5) })
        upstream.output(in: 1..<3).subscribe(recorder)
        #expect(upstream.send(0) == .max(1))
        recorder.request(.max(2))
        #expect(upstream.send(1) == .max(5))
        #expect(upstream.send(2) == .max(5))
        #expect(upstream.send(3) == .none)
        upstream.send(completion: .finished)
        #expect(recorder.events == [.subscription("Output"), .value(1), .value(2), .completion(.finished)])
        #expect(upstream.subscription.history == [.requested(.max(2)), .cancelled])
    }

    /// The last value reaches the subscriber before the upstream is cancelled, and the
    /// completion comes after the cancel. Source: the Kodeco book, "Combine: Asynchronous
    /// Programming with Swift", chapter 7, the `output(at:)` listing (and OpenCombine's
    /// OutputTests, whose finish hook sees the cancel already made).
    @Test func theValueComesBeforeTheCancelAndTheCancelBeforeTheCompletion() {
        var lines: [String] = []
        let token = ["A", "B", "C"].publisher.print("publisher", to: { lines.append($0) }).output(at: 1)
            .sink(receiveCompletion: { lines.append("completion: \($0)") }, receiveValue: { lines.append("Value at index 1 is \($0)") })
        #expect(lines == [
            "publisher: receive subscription: ([\"A\", \"B\", \"C\"])",
            "publisher: request unlimited",
            "publisher: receive value: (A)",
            "publisher: request max: (1) (synchronous)",
            "publisher: receive value: (B)",
            "Value at index 1 is B",
            "publisher: receive cancel",
            "completion: finished",
        ])
        token.cancel()
    }

    /// `prefix(n)` is `output(in: 0..<n)`: the same order.
    @Test func prefixDeliversItsLastValueBeforeItCancels() {
        var lines: [String] = []
        let token = (1...9).publisher.print("p", to: { lines.append($0) }).prefix(2)
            .sink(receiveCompletion: { lines.append("\($0)") }, receiveValue: { lines.append("got \($0)") })
        #expect(lines == ["p: receive subscription: (1...9)", "p: request unlimited", "p: receive value: (1)", "got 1",
                          "p: receive value: (2)", "got 2", "p: receive cancel", "finished"])
        token.cancel()
    }

    @Test func outputAtPassesOneValue() {
        let recorder = IntRecorder()
        Publishers.Sequence<[Int], TestError>(sequence: [10, 20, 30]).output(at: 1).subscribe(recorder)
        #expect(recorder.events == [.subscription("Output"), .value(20), .completion(.finished)])
    }

    /// A synchronous upstream sends its values while the downstream takes its subscription:
    /// the stream still finishes once. (Also `prefix(1)`.)
    @Test func aSynchronousUpstreamFinishesOnce() {
        let recorder = Recorder<Int, Never>()
        // Erased: a sequence publisher's own `prefix` is worked out at once (SequenceOperatorsTests).
        [1, 2, 3].publisher.eraseToAnyPublisher().prefix(1).subscribe(recorder)
        #expect(recorder.events == [.subscription("Output"), .value(1), .completion(.finished)])
        let empty = Recorder<Int, Never>()
        [1, 2, 3].publisher.eraseToAnyPublisher().prefix(0).subscribe(empty)
        #expect(empty.events == [.subscription("Output"), .completion(.finished)])
    }

    @Test func anUpstreamThatEndsFirstEndsTheStream() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder()
        upstream.output(at: 5).subscribe(recorder)
        upstream.send(1)
        upstream.send(completion: .failure(TestError()))
        #expect(recorder.events == [.subscription("Output"), .completion(.failure(TestError()))])
    }

    @Test func cancelReachesTheUpstreamAndNothingFollows() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder()
        upstream.output(in: 0...5).subscribe(recorder)
        upstream.send(1)
        recorder.cancel()
        upstream.send(2)
        #expect(recorder.events == [.subscription("Output"), .value(1)])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }

    @Test func anEmptyRangeFinishesAtOnce() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder()
        upstream.output(in: 3..<3).subscribe(recorder)
        #expect(recorder.events == [.subscription("Output"), .completion(.finished)])
        // The recorder asked before the operator finished; the ask went upstream.
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }
}
