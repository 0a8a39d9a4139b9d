import Testing
import TaplineReactive

/// Combine's operators on `Just` work out their answer when they are called, and give a
/// publisher of it: a `Just`, an `Optional.Publisher` or a `Result.Publisher`. Source:
/// OpenCombine's JustTests (the `…OperatorSpecialization` tests), run against Apple's Combine.
@Suite("Just's own operators")
struct JustOperatorsTests {
    @Test func theClosureRunsWhenTheOperatorIsCalled() {
        var calls = 0
        let mapped = Just(21).map { value -> Int in
            calls += 1
            return value * 2
        }
        #expect(calls == 1)
        #expect(mapped == Just(42))
        let recorder = Recorder<Int, Never>()
        mapped.subscribe(recorder)
        mapped.subscribe(Recorder<Int, Never>())
        #expect(calls == 1)
        #expect(recorder.events == [.subscription("Just"), .value(42), .completion(.finished)])
    }

    @Test func filteringGivesAnOptionalPublisher() {
        #expect(Just(1).filter { $0 > 0 } == Optional<Int>.Publisher(1))
        #expect(Just(1).filter { $0 < 0 } == Optional<Int>.Publisher(nil))
        #expect(Just(12).output(in: 0..<0) == Optional<Int>.Publisher(12))
        #expect(Just(12).output(in: 1..<10) == Optional<Int>.Publisher(nil))
        #expect(Just(98).prefix(0) == Optional<Int>.Publisher(nil))
        #expect(Just(10).dropFirst(0) == Optional<Int>.Publisher(10))
        #expect(Just(42).compactMap { $0 == 42 ? "42" : nil } == Optional<String>.Publisher("42"))
    }

    @Test func throwingOrRetypingGivesAResultPublisher() {
        #expect((try? Just(42).tryMap { String($0) }.result.get()) == "42")
        #expect(Just(4).reduce(2, +).result == .success(6))
        #expect((try? Just(73).setFailureType(to: TestError.self).result.get()) == 73)
        let thrown = Just(1).tryAllSatisfy { _ in throw TestError() }.result
        #expect(throws: TestError.self) { try thrown.get() }
    }

    /// A `Result.Publisher`'s success goes out on request through a subscription named "Once";
    /// its failure at once, after `Subscriptions.empty`. An `Optional.Publisher`'s value goes
    /// through one named "Optional". Source: OpenCombine's ResultPublisherTests.testOnceSuccess
    /// NoInitialDemand and testOnceFailure, OptionalPublisherTests, run against Apple's Combine.
    @Test func theNewPublishersDeliverAsCombinesDo() {
        let waiting = IntRecorder(demand: .none)
        Result<Int, TestError>.success(1).publisher.subscribe(waiting)
        #expect(waiting.events == [.subscription("Once")])
        waiting.request(.max(1))
        #expect(waiting.events == [.subscription("Once"), .value(1), .completion(.finished)])
        let failing = IntRecorder(demand: .none)
        Result<Int, TestError>.failure(TestError()).publisher.subscribe(failing)
        #expect(failing.events == [.subscription("Empty"), .completion(.failure(TestError()))])
        let optional = Recorder<Int, Never>()
        Optional(5).publisher.subscribe(optional)
        Optional<Int>.none.publisher.subscribe(optional)
        #expect(optional.events == [
            .subscription("Optional"), .value(5), .completion(.finished), .subscription("Empty"), .completion(.finished),
        ])
    }
}
