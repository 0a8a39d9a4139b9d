import Synchronization
import Testing
import TaplineReactive

/// The programmer errors on which Combine traps are reported to `ContractViolation.report`
/// (which traps by default, as Combine does). Here the report is captured instead, and the
/// offending call is then ignored.
@Suite("Contract violations Combine traps on")
struct ContractViolationTests {
    /// Requesting `.none` from a subject, `Just`, `collect(n)`, `dropFirst` or `zip`; a
    /// negative count for `dropFirst` or `prefix`; an event before `removeDuplicates` (or
    /// another filter-like subscription: `tryFilter`, `prefix(while:)`, …) has its subscription. Source: OpenCombine's PassthroughSubjectTests.testCrashOnZeroInitialDemand,
    /// JustTests.testCrashesOnZeroDemand, CollectByCountTests.testCrashesOnZeroDemand,
    /// DropTests.testCrashesOnZeroDemand and testDropNegativeNumberOfItemsCrash,
    /// OutputTests.testPrefixOperatorCrashesOnNegativeValues, ZipTests.testNoDemandOnSubscriptionCrashes
    /// and RemoveDuplicatesTests.testRemoveDuplicatesReceiveValueBeforeSubscription, run against
    /// Apple's Combine (each traps there).
    @Test func eachIsReported() {
        let log = ViolationLog()
        log.capture { reportsEach(into: log) }
    }

    private func reportsEach(into log: ViolationLog) {
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = IntRecorder(demand: .none)
        subject.subscribe(recorder)
        recorder.request(.none)
        let just = Recorder<Int, Never>(demand: .none)
        Just(1).subscribe(just)
        just.request(.none)
        let operators: [AnyPublisher<Int, TestError>] = [
            subject.collect(2).map(\.count).eraseToAnyPublisher(), subject.dropFirst().eraseToAnyPublisher(),
            subject.zip(subject).map { $0 + $1 }.eraseToAnyPublisher(),
        ]
        for publisher in operators {
            let downstream = IntRecorder(demand: .none)
            publisher.subscribe(downstream)
            downstream.request(.none)
        }
        subject.dropFirst(-1).subscribe(IntRecorder())
        _ = subject.prefix(-1)
        let late = LatePublisher<Int, TestError>()
        late.removeDuplicates().subscribe(IntRecorder())
        late.send(1)
        // Combine's filter-like subscriptions trap on a value before their subscription too.
        // Source: OpenCombine's FilterTests.testTryFilterReceiveValueBeforeSubscription and the
        // same test for TryCompactMap, TryRemoveDuplicates, PrefixWhile and TryPrefixWhile.
        let filterLike: [(LatePublisher<Int, TestError>) -> Void] = [
            { $0.tryFilter { _ in true }.subscribe(TryRecorder<Int>()) },
            { $0.tryCompactMap { $0 }.subscribe(TryRecorder<Int>()) },
            { $0.tryRemoveDuplicates(by: ==).subscribe(TryRecorder<Int>()) },
            { $0.prefix { _ in true }.subscribe(IntRecorder()) },
            { $0.tryPrefix { _ in true }.subscribe(TryRecorder<Int>()) },
        ]
        for subscribe in filterLike {
            let early = LatePublisher<Int, TestError>()
            subscribe(early)
            early.send(1)
        }
        #expect(log.reports == [
            "PassthroughSubject: demand must be greater than zero", "Just: demand must be greater than zero",
            "collect(2): demand must be greater than zero", "dropFirst: demand must be greater than zero",
            "Zip: demand must be greater than zero", "dropFirst: count must not be negative",
            "prefix: maxLength must not be negative", "removeDuplicates: value before subscription",
            "TryFilter: value before subscription", "TryCompactMap: value before subscription",
            "TryRemoveDuplicates: value before subscription", "PrefixWhile: value before subscription",
            "TryPrefixWhile: value before subscription",
        ])
        #expect(recorder.events == [.subscription("PassthroughSubject")])
    }

    /// The same rule in the operators with an inner publisher or a second upstream: a value
    /// beyond the demand or before the subscription, a second completion, a request for
    /// nothing. Source: OpenCombine's CatchTests.testCatchCrashesOnUnwantedInput,
    /// testCatchReceiveValueBeforeSubscription and testCatchUpstreamFailsTwice,
    /// DropUntilOutputTests.testDropUntilOutputReceiveValueBeforeSubscription and
    /// testCrashesWhenReceivesInputAfterCancel (a value without demand), DropWhileTests.testDropWhileCrashesOnZeroRequest,
    /// ReplaceEmptyTests.testCrashesWhenRequestedZeroDemand,
    /// ReplaceErrorTests.testCrashOnReceiveValueWithZeroPendingDemand,
    /// RetryTests.testCrashesOnUnwantedValue and testRetryReceiveValueBeforeSubscription,
    /// SwitchToLatestTests.testCrashesWhenReceivingUnwantedValueFromNestedPublisher and
    /// testSwitchToLatestInnerReceiveCompletionBeforeSubscription, run against Apple's Combine.
    @Test func theOperatorsWithTwoSidesReportToo() {
        let log = ViolationLog()
        log.capture {
            valuesOutOfTurn()
            completionsAndRequestsOutOfTurn()
        }
        #expect(log.reports == [
            "Catch: value without demand", "Catch: value before subscription", "DropUntilOutput: value before subscription",
            "DropUntilOutput: value without demand", "ReplaceError: value without demand", "Retry: value without demand",
            "Retry: value before subscription", "SwitchToLatest: value without demand",
            "Catch: upstream completed twice", "SwitchToLatest: completion before subscription",
            "DropWhile: demand must be greater than zero", "ReplaceEmpty: demand must be greater than zero",
        ])
    }

    private func valuesOutOfTurn() {
        let wanting: [(ManualPublisher<Int, TestError>) -> AnyPublisher<Int, TestError>] = [
            { $0.catch { _ in Empty<Int, TestError>() }.eraseToAnyPublisher() },
        ]
        for make in wanting {
            let upstream = ManualPublisher<Int, TestError>()
            make(upstream).subscribe(IntRecorder(demand: .none))
            upstream.send(1)
        }
        LatePublisher<Int, TestError>().catch { _ in Empty<Int, TestError>() }.subscribe(IntRecorder())
        let early = LatePublisher<Int, TestError>()
        early.catch { _ in Empty<Int, TestError>() }.subscribe(IntRecorder())
        early.send(1)
        let beforeDrop = LatePublisher<Int, TestError>()
        beforeDrop.drop(untilOutputFrom: Empty<Int, TestError>(completeImmediately: false)).subscribe(IntRecorder())
        beforeDrop.send(1)
        let afterDrop = ManualPublisher<Int, TestError>()
        afterDrop.drop(untilOutputFrom: Empty<Int, TestError>()).subscribe(IntRecorder(demand: .none))
        afterDrop.send(1)
        let replacing = ManualPublisher<Int, TestError>()
        replacing.replaceError(with: 0).subscribe(Recorder<Int, Never>(demand: .none))
        replacing.send(1)
        let retrying = ManualPublisher<Int, TestError>()
        retrying.retry(1).subscribe(IntRecorder(demand: .none))
        retrying.send(1)
        let retryingEarly = LatePublisher<Int, TestError>()
        retryingEarly.retry(1).subscribe(IntRecorder())
        retryingEarly.send(1)
        let inner = ManualPublisher<Int, TestError>()
        Just(inner).setFailureType(to: TestError.self).switchToLatest().subscribe(IntRecorder(demand: .none))
        inner.send(1)
    }

    private func completionsAndRequestsOutOfTurn() {
        let failing = ManualPublisher<Int, TestError>()
        failing.catch { _ in Empty<Int, TestError>(completeImmediately: false) }.subscribe(IntRecorder())
        failing.send(completion: .failure(TestError()))
        failing.send(completion: .failure(TestError()))
        let inner = LatePublisher<Int, TestError>()
        Just(inner).setFailureType(to: TestError.self).switchToLatest().subscribe(IntRecorder())
        inner.send(completion: .finished)
        for make in [{ (p: ManualPublisher<Int, TestError>) in p.drop { _ in false }.eraseToAnyPublisher() },
                     { (p: ManualPublisher<Int, TestError>) in p.replaceEmpty(with: 0).eraseToAnyPublisher() }] {
            let downstream = IntRecorder(demand: .none)
            make(ManualPublisher<Int, TestError>()).subscribe(downstream)
            downstream.request(.none)
        }
    }

    /// Combine's `Record` takes a request for nothing quietly. Source: OpenCombine's
    /// RecordTests.testRecordNoInitialDemand ("Shouldn't crash"), run against Apple's Combine.
    @Test func recordIgnoresARequestForNothing() {
        let log = ViolationLog()
        log.capture {
            let recorder = Recorder<Int, Never>(demand: .none)
            Record<Int, Never>(output: [1], completion: .finished).subscribe(recorder)
            recorder.request(.none)
            #expect(recorder.values.isEmpty)
        }
        #expect(log.reports.isEmpty)
    }
}

/// Collects what `ContractViolation.report` is told while a test runs `body`: the report is
/// replaced under `ContractViolation.lock`, so that tests running at once do not interleave.
final class ViolationLog: Sendable {
    private let messages = Mutex<[String]>([])
    var reports: [String] { messages.withLock { $0 } }

    func capture(_ body: () -> Void) {
        ContractViolation.lock.withLock { _ in
            let saved = ContractViolation.report
            ContractViolation.report = { message in self.messages.withLock { $0.append(message) } }
            defer { ContractViolation.report = saved }
            body()
        }
    }
}
