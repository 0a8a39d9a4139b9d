import Testing
import TaplineReactive

@Suite("zip")
struct ZipTests {
    @Test func zipPairsValuesInOrder() {
        let a = PassthroughSubject<Int, TestError>(), b = PassthroughSubject<Int, TestError>()
        let recorder = IntsRecorder()
        a.zip(b).map { [$0, $1] }.subscribe(recorder)
        a.send(1)
        a.send(2)
        b.send(10)
        b.send(20)
        b.send(30)
        a.send(3)
        #expect(recorder.values == [[1, 10], [2, 20], [3, 30]])
    }

    @Test func finishesWhenAFinishedInputHasNothingLeftToPair() {
        let a = PassthroughSubject<Int, TestError>(), b = PassthroughSubject<Int, TestError>()
        let recorder = IntsRecorder()
        a.zip(b).map { [$0, $1] }.subscribe(recorder)
        a.send(1)
        a.send(2)
        a.send(completion: .finished)
        #expect(recorder.values.isEmpty)
        b.send(10)
        #expect(recorder.events.last == .value([1, 10]))
        b.send(20)
        #expect(recorder.events == [.subscription("Zip"), .value([1, 10]), .value([2, 20]), .completion(.finished)])
        #expect(b.subscriberCount == 0)
    }

    @Test func zipManyPairsSequences() {
        let recorder = Recorder<[Int], Never>()
        Publishers.ZipMany([[1, 2].publisher, [3, 4, 5].publisher]).subscribe(recorder)
        #expect(recorder.events == [.subscription("Zip"), .value([1, 3]), .value([2, 4]), .completion(.finished)])
    }

    /// The downstream's demand goes to every input as it is asked (not unlimited at once);
    /// the demand returned for a tuple goes back to the input whose value completed it, and a
    /// request made while a tuple is delivered reaches that input the same way.
    /// Source: OpenCombine's ZipTests.testChildDemand, testIncreasedDemand and
    /// testDownstreamDemandRequestedWhileSendingValue, run against Apple's Combine.
    @Test func demandGoesToTheInputsAsAsked() {
        let a = ManualPublisher<Int, TestError>(), b = ManualPublisher<Int, TestError>()
        var subscription: (any Subscription)?
        let recorder = IntsRecorder(demand: .max(1), perValue: { _ in
            subscription?.request(.max(5))
            return .max(1)
        })
        a.zip(b).map { [$0, $1] }.subscribe(recorder)
        subscription = recorder.subscription
        #expect(a.send(1) == .none)
        #expect(b.send(10) == .max(6))
        #expect(a.subscription.history == [.requested(.max(1)), .requested(.max(5))])
        #expect(b.subscription.history == [.requested(.max(1))])
        #expect(recorder.events == [.subscription("Zip"), .value([1, 10])])
    }

    /// A tuple is emitted as soon as every input has a value, even beyond the downstream's
    /// demand (an input that sends more than it was asked breaks the contract; zip does not
    /// hold values back). Source: OpenCombine's ZipTests.testUpstreamExceedsDemand, run
    /// against Apple's Combine.
    @Test func surplusIsDeliveredNotHeld() {
        let a = ManualPublisher<Int, TestError>(), b = ManualPublisher<Int, TestError>()
        let recorder = IntsRecorder(demand: .max(1))
        a.zip(b).map { [$0, $1] }.subscribe(recorder)
        a.send(1)
        b.send(10)
        a.send(2)
        b.send(20)
        #expect(recorder.values == [[1, 10], [2, 20]])
    }

    /// When an input fails, every input is cancelled, the failed one too.
    /// Source: OpenCombine's ZipTests.testBCancelledAfterAFailed, run against Apple's Combine.
    @Test func aFailureCancelsEveryInput() {
        let a = ManualPublisher<Int, TestError>(), b = ManualPublisher<Int, TestError>()
        let recorder = IntsRecorder()
        a.zip(b).map { [$0, $1] }.subscribe(recorder)
        a.send(completion: .failure(TestError()))
        #expect(recorder.events == [.subscription("Zip"), .completion(.failure(TestError()))])
        #expect(a.subscription.history == [.requested(.unlimited), .cancelled])
        #expect(b.subscription.history == [.requested(.unlimited), .cancelled])
    }
}
