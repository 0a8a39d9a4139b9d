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
