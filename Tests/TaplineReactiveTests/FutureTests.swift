import Testing
import TaplineReactive

/// Source: OpenCombine's FutureTests (testWithoutDemand, testResolvingMultipleTimes,
/// testSubscribeAfterResolution), run against Apple's Combine.
@Suite("Future")
struct FutureTests {
    @Test func theClosureRunsAtOnceAndTheValueComesWhenThePromiseIsKept() {
        var ran = 0
        var keep: ((Result<Int, TestError>) -> Void)?
        let future = Future<Int, TestError> { promise in
            ran += 1
            keep = promise
        }
        #expect(ran == 1)
        let recorder = IntRecorder()
        future.subscribe(recorder)
        #expect(recorder.events == [.subscription("Future")])
        keep?(.success(5))
        keep?(.success(6))
        keep?(.failure(TestError()))
        #expect(ran == 1)
        #expect(recorder.events == [.subscription("Future"), .value(5), .completion(.finished)])
    }

    @Test func aValueWaitsForDemandAndAFailureDoesNot() {
        var keep: ((Result<Int, TestError>) -> Void)?
        let future = Future<Int, TestError> { keep = $0 }
        let waiting = IntRecorder(demand: .none)
        future.subscribe(waiting)
        keep?(.success(1))
        #expect(waiting.events == [.subscription("Future")])
        waiting.request(.max(1))
        #expect(waiting.events == [.subscription("Future"), .value(1), .completion(.finished)])

        let failing = Future<Int, TestError> { keep = $0 }
        let noDemand = IntRecorder(demand: .none)
        failing.subscribe(noDemand)
        keep?(.failure(TestError()))
        #expect(noDemand.events == [.subscription("Future"), .completion(.failure(TestError()))])
    }

    @Test func aLateSubscriberGetsTheStoredResult() {
        let future = Future<Int, TestError> { $0(.success(3)) }
        let first = IntRecorder()
        let second = IntRecorder(demand: .none)
        future.subscribe(first)
        future.subscribe(second)
        #expect(first.events == [.subscription("Future"), .value(3), .completion(.finished)])
        #expect(second.events == [.subscription("Future")])
        second.request(.max(1))
        second.request(.max(1))
        #expect(second.events == [.subscription("Future"), .value(3), .completion(.finished)])
    }

    @Test func everySubscriberGetsTheResultInSubscriptionOrderAndACancelledOneNothing() {
        var keep: ((Result<Int, TestError>) -> Void)?
        let future = Future<Int, TestError> { keep = $0 }
        var order: [String] = []
        let a = IntRecorder(perValue: { _ in order.append("a"); return .none })
        let b = IntRecorder()
        let c = IntRecorder(perValue: { _ in order.append("c"); return .none })
        future.subscribe(a)
        future.subscribe(b)
        future.subscribe(c)
        b.cancel()
        keep?(.success(8))
        #expect(order == ["a", "c"])
        #expect(b.events == [.subscription("Future")])
    }

    @Test func answersLaterOnTheVirtualClock() {
        let clock = VirtualTimeScheduler()
        let future = Future<Int, Never> { promise in
            clock.schedule(after: .milliseconds(300)) { promise(.success(42)) }
        }
        let recorder = Recorder<Int, Never>()
        future.subscribe(recorder)
        clock.advance(by: .milliseconds(299))
        #expect(recorder.values == [])
        clock.advance(by: .milliseconds(1))
        #expect(recorder.events == [.subscription("Future"), .value(42), .completion(.finished)])
    }

    /// The host's form (`Future(fulfilledBy:)`, package API): its body is handed the Future
    /// and calls `fulfill(_:)`, and everything else is the promise's: only the first answer
    /// counts, a waiting subscriber gets it when it comes, a late one gets it stored, a failure
    /// needs no demand, and `keptValue` is the value only once kept with one.
    @Test func aFutureFulfilledByItsBodyActsAsOneKeptByItsPromise() {
        var made: Future<Int, TestError>?
        let future = Future<Int, TestError>(fulfilledBy: { made = $0 })
        #expect(made === future)
        #expect(future.keptValue == nil)
        let early = IntRecorder(demand: .none)
        future.subscribe(early)
        future.fulfill(.success(7))
        future.fulfill(.success(9))
        #expect(early.events == [.subscription("Future")])
        early.request(.max(1))
        let late = IntRecorder()
        future.subscribe(late)
        #expect(early.events == [.subscription("Future"), .value(7), .completion(.finished)])
        #expect(late.events == early.events)
        #expect(future.keptValue == 7)

        let failing = Future<Int, TestError>(fulfilledBy: { $0.fulfill(.failure(TestError())) })
        let noDemand = IntRecorder(demand: .none)
        failing.subscribe(noDemand)
        #expect(noDemand.events == [.subscription("Future"), .completion(.failure(TestError()))])
        #expect(failing.keptValue == nil)
    }
}
