import Testing
import TaplineReactive

/// One operator under test, applied to a hand-driven upstream. Multi-input operators get a
/// second input that emits `0` and finishes at once.
struct OperatorCase: CustomTestStringConvertible, Sendable {
    let name: String
    let apply: @Sendable (AnyPublisher<Int, TestError>, VirtualTimeScheduler) -> AnyPublisher<Int, TestError>
    var testDescription: String { name }

    /// The operators that, in Combine, are only subscribers: they hand the upstream's
    /// subscription to the downstream and keep no state about it, so the contract is the
    /// endpoints' business and whatever the upstream sends is passed on.
    var passesThrough: Bool {
        ["filter", "map", "compactMap", "scan", "mapError", "ignoreOutput", "replaceNil"].contains(name)
    }

    /// What a second upstream subscription is asked for: a pass-through operator hands it to
    /// the recorder, which asks for unlimited, and `ignoreOutput` then asks for unlimited
    /// too (OpenCombine's IgnoreOutputTests.testReceiveSubscriptionTwice, run against Apple's).
    var secondSubscriptionHistory: [RecordingSubscription.Event] {
        guard passesThrough else { return [.cancelled] }
        return name == "ignoreOutput" ? [.requested(.unlimited), .requested(.unlimited)] : [.requested(.unlimited)]
    }

    /// The operators that, in Combine, ask the upstream for unlimited and pass values on
    /// whatever the downstream asked. Source: OpenCombine's ReplaceEmptyTests.testDemand,
    /// run against Apple's Combine.
    var ignoresDemand: Bool { ["replaceEmpty"].contains(name) }

    /// The operators that turn the upstream's failure into values and `finished`.
    var replacesFailure: Bool { ["replaceError"].contains(name) }

    /// The operators through which, in Combine, what an upstream sends after a completion or
    /// a cancel (breaking the contract) still goes: the pass-through ones, `print` and
    /// `dropFirst` (no end state), and `collect(n)` (completions only).
    /// Source: OpenCombine's PrintTests.testPrintWithPrefix, CollectByCountTests.testCancelThenFinish
    /// and DropTests.testDroppingTwoElements, run against Apple's Combine.
    /// `handleEvents` too: OpenCombine's HandleEventsTests.testCancelAlreadyCancelled.
    var forwardsAfterEnd: Bool {
        passesThrough || ["print", "collect(2)", "dropFirst", "handleEvents"].contains(name)
    }

    /// The operators that own their subscription yet, in Combine, keep no state for values:
    /// what an upstream sends after a completion or a cancel is still transformed and passed
    /// on, while completions are dropped.
    /// Source: OpenCombine's MapTests.testTryMapCancel and ScanTests.testTryScanCancel, run
    /// against Apple's Combine.
    var forwardsValuesAfterEnd: Bool { ["tryMap", "tryScan"].contains(name) }
}

private func other() -> Publishers.Sequence<[Int], TestError> { Publishers.Sequence(sequence: [0]) }

/// Turns `ignoreOutput`'s `Never` values into the table's `Int` (a function on an
/// uninhabited type needs no body; a closure would warn that it is never executed).
private func absurd(_ never: Never) -> Int {}

let everyOperator: [OperatorCase] = [
    OperatorCase(name: "filter") { p, _ in p.filter { $0 > 0 }.eraseToAnyPublisher() },
    OperatorCase(name: "map") { p, _ in p.map { $0 * 2 }.eraseToAnyPublisher() },
    OperatorCase(name: "compactMap") { p, _ in p.compactMap { $0 }.eraseToAnyPublisher() },
    OperatorCase(name: "removeDuplicates") { p, _ in p.removeDuplicates().eraseToAnyPublisher() },
    OperatorCase(name: "scan") { p, _ in p.scan(0, +).eraseToAnyPublisher() },
    OperatorCase(name: "reduce") { p, _ in p.reduce(0, +).eraseToAnyPublisher() },
    OperatorCase(name: "collect") { p, _ in p.collect().map { $0.count }.eraseToAnyPublisher() },
    OperatorCase(name: "collect(2)") { p, _ in p.collect(2).map { $0.count }.eraseToAnyPublisher() },
    OperatorCase(name: "prefix") { p, _ in p.prefix(5).eraseToAnyPublisher() },
    OperatorCase(name: "dropFirst") { p, _ in p.dropFirst(1).eraseToAnyPublisher() },
    OperatorCase(name: "first") { p, _ in p.first().eraseToAnyPublisher() },
    OperatorCase(name: "last") { p, _ in p.last().eraseToAnyPublisher() },
    OperatorCase(name: "merge") { p, _ in p.merge(with: other()).eraseToAnyPublisher() },
    OperatorCase(name: "combineLatest") { p, _ in p.combineLatest(other()).map { $0 + $1 }.eraseToAnyPublisher() },
    OperatorCase(name: "zip") { p, _ in p.zip(other()).map { $0 + $1 }.eraseToAnyPublisher() },
    OperatorCase(name: "print") { p, _ in p.print("t", to: { _ in }).eraseToAnyPublisher() },
    OperatorCase(name: "share") { p, _ in p.share().eraseToAnyPublisher() },
    OperatorCase(name: "debounce") { p, c in p.debounce(for: .seconds(1), scheduler: c).eraseToAnyPublisher() },
    OperatorCase(name: "throttle") { p, c in p.throttle(for: .seconds(1), scheduler: c, latest: true).eraseToAnyPublisher() },
    OperatorCase(name: "delay") { p, c in p.delay(for: .seconds(1), scheduler: c).eraseToAnyPublisher() },
    OperatorCase(name: "last(where:)") { p, _ in p.last { $0 > 0 }.eraseToAnyPublisher() },
    OperatorCase(name: "contains") { p, _ in p.contains(99).map { $0 ? 1 : 0 }.eraseToAnyPublisher() },
    OperatorCase(name: "contains(where:)") { p, _ in p.contains { $0 > 99 }.map { $0 ? 1 : 0 }.eraseToAnyPublisher() },
    OperatorCase(name: "allSatisfy") { p, _ in p.allSatisfy { $0 < 99 }.map { $0 ? 1 : 0 }.eraseToAnyPublisher() },
    OperatorCase(name: "min") { p, _ in p.min().eraseToAnyPublisher() },
    OperatorCase(name: "max") { p, _ in p.max().eraseToAnyPublisher() },
    OperatorCase(name: "min(by:)") { p, _ in p.min(by: <).eraseToAnyPublisher() },
    OperatorCase(name: "max(by:)") { p, _ in p.max(by: <).eraseToAnyPublisher() },
    OperatorCase(name: "drop(while:)") { p, _ in p.drop { $0 < 2 }.eraseToAnyPublisher() },
    OperatorCase(name: "prefix(while:)") { p, _ in p.prefix { $0 < 99 }.eraseToAnyPublisher() },
    OperatorCase(name: "tryMap") { p, _ in p.tryMap { $0 * 2 }.failingAsTestError() },
    OperatorCase(name: "tryFilter") { p, _ in p.tryFilter { $0 > 0 }.failingAsTestError() },
    OperatorCase(name: "tryCompactMap") { p, _ in p.tryCompactMap { $0 }.failingAsTestError() },
    OperatorCase(name: "tryScan") { p, _ in p.tryScan(0, +).failingAsTestError() },
    OperatorCase(name: "tryReduce") { p, _ in p.tryReduce(0, +).failingAsTestError() },
    OperatorCase(name: "tryRemoveDuplicates") { p, _ in p.tryRemoveDuplicates(by: ==).failingAsTestError() },
    OperatorCase(name: "tryFirst(where:)") { p, _ in p.tryFirst { $0 > 99 }.failingAsTestError() },
    OperatorCase(name: "tryLast(where:)") { p, _ in p.tryLast { $0 > 0 }.failingAsTestError() },
    OperatorCase(name: "tryContains(where:)") { p, _ in p.tryContains { $0 > 99 }.map { $0 ? 1 : 0 }.failingAsTestError() },
    OperatorCase(name: "tryAllSatisfy") { p, _ in p.tryAllSatisfy { $0 < 99 }.map { $0 ? 1 : 0 }.failingAsTestError() },
    OperatorCase(name: "tryMin(by:)") { p, _ in p.tryMin(by: <).failingAsTestError() },
    OperatorCase(name: "tryMax(by:)") { p, _ in p.tryMax(by: <).failingAsTestError() },
    OperatorCase(name: "tryDrop(while:)") { p, _ in p.tryDrop { $0 < 2 }.failingAsTestError() },
    OperatorCase(name: "tryPrefix(while:)") { p, _ in p.tryPrefix { $0 < 99 }.failingAsTestError() },
    OperatorCase(name: "mapError") { p, _ in p.mapError { $0 }.eraseToAnyPublisher() },
    OperatorCase(name: "catch") { p, _ in p.catch { Fail(error: $0) }.eraseToAnyPublisher() },
    OperatorCase(name: "tryCatch") { p, _ in
        p.tryCatch { error -> Empty<Int, TestError> in throw error }.mapError { $0 as? TestError ?? TestError() }
            .eraseToAnyPublisher()
    },
    // retry(0): resubscribing to the hand-driven upstream would hand back the same
    // subscription; RetryTests covers the attempts.
    OperatorCase(name: "retry") { p, _ in p.retry(0).eraseToAnyPublisher() },
    OperatorCase(name: "replaceError") { p, _ in
        p.replaceError(with: -1).setFailureType(to: TestError.self).eraseToAnyPublisher()
    },
    OperatorCase(name: "flatMap") { p, _ in p.flatMap { Just($0) }.eraseToAnyPublisher() },
    OperatorCase(name: "switchToLatest") { p, _ in p.map { Just($0) }.switchToLatest().eraseToAnyPublisher() },
    OperatorCase(name: "receive(on:)") { p, c in p.receive(on: c).eraseToAnyPublisher() },
    OperatorCase(name: "subscribe(on:)") { p, c in p.subscribe(on: c).eraseToAnyPublisher() },
    OperatorCase(name: "multicast+autoconnect") { p, _ in
        p.multicast { PassthroughSubject<Int, TestError>() }.autoconnect().eraseToAnyPublisher()
    },
    OperatorCase(name: "buffer") { p, _ in
        p.buffer(size: 2, prefetch: .byRequest, whenFull: .dropOldest).eraseToAnyPublisher()
    },
    OperatorCase(name: "timeout") { p, c in p.timeout(.seconds(1), scheduler: c).eraseToAnyPublisher() },
    OperatorCase(name: "collect(.byTime)") { p, c in
        p.collect(.byTime(c, .seconds(1))).map { $0.count }.eraseToAnyPublisher()
    },
    OperatorCase(name: "collect(.byTimeOrCount)") { p, c in
        p.collect(.byTimeOrCount(c, .seconds(1), 2)).map { $0.count }.eraseToAnyPublisher()
    },
    OperatorCase(name: "measureInterval") { p, c in
        p.measureInterval(using: c).map { Int($0.magnitude) }.eraseToAnyPublisher()
    },
    OperatorCase(name: "count") { p, _ in p.count().eraseToAnyPublisher() },
    OperatorCase(name: "ignoreOutput") { p, _ in p.ignoreOutput().map(absurd).eraseToAnyPublisher() },
    OperatorCase(name: "output(at:)") { p, _ in p.output(at: 3).eraseToAnyPublisher() },
    OperatorCase(name: "output(in:)") { p, _ in p.output(in: 1..<5).eraseToAnyPublisher() },
    OperatorCase(name: "append(publisher)") { p, _ in p.append(other()).eraseToAnyPublisher() },
    OperatorCase(name: "append(values)") { p, _ in p.append(7, 8).eraseToAnyPublisher() },
    OperatorCase(name: "prepend(publisher)") { p, _ in p.prepend(other()).eraseToAnyPublisher() },
    OperatorCase(name: "prepend(values)") { p, _ in p.prepend(7).eraseToAnyPublisher() },
    OperatorCase(name: "replaceNil") { p, _ in p.map { Optional($0) }.replaceNil(with: 0).eraseToAnyPublisher() },
    OperatorCase(name: "replaceEmpty") { p, _ in p.replaceEmpty(with: -1).eraseToAnyPublisher() },
    OperatorCase(name: "drop(untilOutputFrom:)") { p, _ in p.drop(untilOutputFrom: other()).eraseToAnyPublisher() },
    OperatorCase(name: "prefix(untilOutputFrom:)") { p, _ in
        p.prefix(untilOutputFrom: Empty<Int, Never>(completeImmediately: false)).eraseToAnyPublisher()
    },
    OperatorCase(name: "handleEvents") { p, _ in p.handleEvents(receiveOutput: { _ in }).eraseToAnyPublisher() },
    // Not here: assertNoFailure, whose failure is a contract violation (it traps, as
    // Combine's does); AssertNoFailureTests checks it reports instead when a host asks.
    // Nor autoconnect, which needs a ConnectablePublisher upstream (AutoconnectTests).
]

/// The generic contract cases, run against every operator (OpenCombine runs the same
/// checks per operator by hand).
@Suite("The subscription contract, for every operator")
struct ContractTests {
    /// Builds upstream → operator → recorder, and a clock to flush time operators with.
    private func harness(_ operatorCase: OperatorCase) -> (ManualPublisher<Int, TestError>, IntRecorder, VirtualTimeScheduler) {
        let upstream = ManualPublisher<Int, TestError>()
        let clock = VirtualTimeScheduler()
        let recorder = IntRecorder()
        operatorCase.apply(upstream.eraseToAnyPublisher(), clock).subscribe(recorder)
        return (upstream, recorder, clock)
    }

    /// A pass-through operator hands a second subscription to its downstream, which
    /// decides (this recorder asks it for unlimited); the others cancel it.
    /// Source: OpenCombine's MapTests and FilterTests, run against Apple's Combine.
    @Test("a second subscription is cancelled, or passed through", arguments: everyOperator)
    func aSecondSubscriptionIsCancelled(_ operatorCase: OperatorCase) {
        let (upstream, _, _) = harness(operatorCase)
        let extra = RecordingSubscription()
        upstream.send(subscription: extra)
        #expect(extra.history == operatorCase.secondSubscriptionHistory)
        #expect(!upstream.subscription.history.contains(.cancelled))
    }

    /// A downstream that cancels before the upstream has subscribed (`zip` whose other
    /// input has finished cancels as it is subscribed): the subscription that then comes
    /// is cancelled, whether the operator declines it or hands it on to the cancelled
    /// downstream. Kept, or dropped uncancelled, it would keep the stages above alive,
    /// each holding the next (found by the fuzzer's leak check). So is `dropFirst`'s, where
    /// Apple's `Drop`, which keeps no end state, asks it for the values still to skip and
    /// holds it (EarlyAndLateEventTests.dropFirstAfterACancelTakesOnlyASubscriptionItAsks).
    @Test("a subscription that comes after the downstream cancelled is cancelled", arguments: everyOperator)
    func aSubscriptionAfterCancelIsCancelled(_ operatorCase: OperatorCase) {
        let upstream = LatePublisher<Int, TestError>()
        operatorCase.apply(upstream.eraseToAnyPublisher(), VirtualTimeScheduler()).subscribe(CancelsAtOnce())
        // `share` and `prepend` subscribe to the upstream only for a downstream still there.
        guard upstream.subscriber != nil else { return }
        let late = RecordingSubscription()
        upstream.subscribe(with: late)
        #expect(late.history.contains(.cancelled))   // some ask first, as they do any upstream
    }

    @Test("cancel reaches the upstream", arguments: everyOperator)
    func cancelReachesTheUpstream(_ operatorCase: OperatorCase) {
        let (upstream, recorder, _) = harness(operatorCase)
        recorder.cancel()
        #expect(upstream.subscription.history.last == .cancelled)
    }

    /// An upstream that breaks the contract by sending after a cancel reaches the subscriber
    /// through a pass-through operator, as in Combine; the other operators drop it.
    /// Source: OpenCombine's MapTests.testMapCancel, run against Apple's Combine.
    @Test("nothing arrives after cancel, except through an operator without end state", arguments: everyOperator)
    func nothingArrivesAfterCancel(_ operatorCase: OperatorCase) {
        let (upstream, recorder, clock) = harness(operatorCase)
        let before = recorder.events
        recorder.cancel()
        upstream.send(1)
        upstream.send(completion: .finished)
        clock.advance(by: .seconds(10))
        if operatorCase.forwardsAfterEnd {
            #expect(recorder.events.count > before.count)
            #expect(recorder.events.last == .completion(.finished))
        } else if operatorCase.forwardsValuesAfterEnd {
            #expect(recorder.events.dropLast() == before[...])
            #expect(recorder.values.count == 1)
        } else {
            #expect(recorder.events == before)
        }
    }

    /// A cancel after completion reaches the upstream through a pass-through operator (the
    /// subscriber holds the upstream's own subscription); the others have let go of it.
    @Test("cancel after completion does nothing, or reaches the upstream's subscription", arguments: everyOperator)
    func cancelAfterCompletionDoesNothing(_ operatorCase: OperatorCase) {
        let (upstream, recorder, clock) = harness(operatorCase)
        upstream.send(completion: .finished)
        clock.advance(by: .seconds(10))
        let before = recorder.events
        recorder.cancel()
        #expect(recorder.events == before)
        #expect(upstream.subscription.history.contains(.cancelled) == operatorCase.passesThrough)
    }

    @Test("failure passes through (or is replaced, by replaceError)", arguments: everyOperator)
    func failurePassesThrough(_ operatorCase: OperatorCase) {
        let (upstream, recorder, clock) = harness(operatorCase)
        upstream.send(completion: .failure(TestError()))
        clock.advance(by: .seconds(10))
        if operatorCase.replacesFailure {
            #expect(recorder.events.suffix(2) == [.value(-1), .completion(.finished)])
            return
        }
        #expect(recorder.events.last == .completion(.failure(TestError())))
        #expect(recorder.events.filter { if case .completion = $0 { true } else { false } }.count == 1)
    }

    @Test("finished passes through", arguments: everyOperator)
    func finishedPassesThrough(_ operatorCase: OperatorCase) {
        let (upstream, recorder, clock) = harness(operatorCase)
        upstream.send(completion: .finished)
        clock.advance(by: .seconds(10))
        #expect(recorder.events.last == .completion(.finished))
    }

    /// Events after a completion are passed on by a pass-through operator, as in Combine,
    /// and dropped by the others. Source: OpenCombine's MapTests.testError and
    /// FilterTests.testFilterUpstreamFinishesWithError, run against Apple's Combine.
    @Test("nothing arrives after completion, except through an operator without end state", arguments: everyOperator)
    func nothingArrivesAfterCompletion(_ operatorCase: OperatorCase) {
        let (upstream, recorder, clock) = harness(operatorCase)
        upstream.send(completion: .finished)
        clock.advance(by: .seconds(10))
        let before = recorder.events
        upstream.send(1)
        upstream.send(completion: .failure(TestError()))
        clock.advance(by: .seconds(10))
        if operatorCase.forwardsAfterEnd {
            #expect(recorder.events.count > before.count)
            #expect(recorder.events.last == .completion(.failure(TestError())))
        } else if operatorCase.forwardsValuesAfterEnd {
            #expect(recorder.events.dropLast() == before[...])
            #expect(recorder.values.count == 1)
        } else {
            #expect(recorder.events == before)
        }
    }

    @Test("values sent without demand are not delivered; later demand is honoured", arguments: everyOperator)
    func demandIsHonoured(_ operatorCase: OperatorCase) {
        let subject = PassthroughSubject<Int, TestError>()
        let clock = VirtualTimeScheduler()
        let recorder = IntRecorder(demand: .none)
        operatorCase.apply(subject.eraseToAnyPublisher(), clock).subscribe(recorder)
        subject.send(1)
        clock.advance(by: .seconds(10))
        #expect(recorder.values.count == (operatorCase.ignoresDemand ? 1 : 0))
        if operatorCase.ignoresDemand { return }
        recorder.request(.max(1))
        subject.send(2)
        subject.send(3)
        subject.send(completion: .finished)
        clock.advance(by: .seconds(10))
        #expect(recorder.values.count <= 1)
        // Whatever an operator held back is delivered, then the completion.
        recorder.request(.unlimited)
        #expect(recorder.events.last == .completion(.finished))
    }
}

/// A subscriber that cancels every subscription it is given, at once.
private struct CancelsAtOnce: Subscriber {
    typealias Input = Int
    typealias Failure = TestError
    let combineIdentifier = CombineIdentifier()
    func receive(subscription: any Subscription) { subscription.cancel() }
    func receive(_ input: Int) -> Subscribers.Demand { .none }
    func receive(completion: Subscribers.Completion<TestError>) {}
}
