import Testing
import TaplineReactive

/// A scheduler that writes down every question an operator asks it, as OpenCombine's test
/// scheduler does, and runs the work on a virtual clock. Its options are strings, so a test
/// can see whose options each call carries.
final class RecordingScheduler: Scheduler {
    enum Call: Equatable {
        case now, minimumTolerance
        case asap(options: String?)
        case once(at: Int64, tolerance: Int64, options: String?)
        case repeating(at: Int64, interval: Int64, tolerance: Int64, options: String?)
    }

    typealias SchedulerTimeType = VirtualTime
    typealias SchedulerOptions = String

    let clock = VirtualTimeScheduler()
    private(set) var calls: [Call] = []

    var now: VirtualTime {
        calls.append(.now)
        return clock.now
    }

    var minimumTolerance: VirtualTime.Stride {
        calls.append(.minimumTolerance)
        return .nanoseconds(7)
    }

    func schedule(options: String?, _ action: @escaping () -> Void) {
        calls.append(.asap(options: options))
        clock.schedule(action)
    }

    func schedule(after date: VirtualTime, tolerance: VirtualTime.Stride, options: String?,
                  _ action: @escaping () -> Void) {
        calls.append(.once(at: date.nanoseconds, tolerance: tolerance.magnitude, options: options))
        clock.schedule(after: date, tolerance: tolerance, options: nil, action)
    }

    func schedule(after date: VirtualTime, interval: VirtualTime.Stride, tolerance: VirtualTime.Stride,
                  options: String?, _ action: @escaping () -> Void) -> any Cancellable {
        calls.append(.repeating(at: date.nanoseconds, interval: interval.magnitude, tolerance: tolerance.magnitude,
                                options: options))
        return clock.schedule(after: date, interval: interval, tolerance: tolerance, options: nil, action)
    }

    func advance(_ nanoseconds: Int64) { clock.advance(by: .nanoseconds(nanoseconds)) }
}

/// The time operators ask their scheduler what Combine's ask, in the same order, with the
/// same forms and options. Each case comes from OpenCombine's test of the operator, which
/// OpenCombine runs against Apple's Combine.
@Suite("Combine's Scheduler: what each time operator asks")
struct SchedulerCallTests {
    /// Each value starts a repeating timer (`now`, `minimumTolerance`, then the timer); the
    /// completion goes out as soon as possible with no options; every timer ends cancelled.
    /// Source: DebounceTests.testBasicBehavior.
    @Test func debounce() {
        let scheduler = RecordingScheduler()
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = IntRecorder()
        subject.debounce(for: .nanoseconds(13), scheduler: scheduler, options: "opt").subscribe(recorder)
        #expect(scheduler.calls == [])
        subject.send(1)
        scheduler.advance(4)
        subject.send(2)
        scheduler.advance(5)
        subject.send(3)
        scheduler.advance(200)
        subject.send(completion: .finished)
        #expect(scheduler.calls == [
            .now, .minimumTolerance, .repeating(at: 13, interval: 13, tolerance: 7, options: "opt"),
            .now, .minimumTolerance, .repeating(at: 17, interval: 13, tolerance: 7, options: "opt"),
            .now, .minimumTolerance, .repeating(at: 22, interval: 13, tolerance: 7, options: "opt"),
            .asap(options: nil),
        ])
        #expect(recorder.events == [.subscription("Debounce"), .value(3), .completion(.finished)])
        #expect(scheduler.clock.pendingCount == 0)
    }

    /// The time of every event is read; the first value goes out as soon as possible, one
    /// within the interval of the last emission at that emission + interval.
    /// Source: ThrottleTests.testBasicBehavior and testThrottleGap.
    @Test func throttle() {
        let scheduler = RecordingScheduler()
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = IntRecorder()
        subject.throttle(for: .nanoseconds(10), scheduler: scheduler, latest: true).subscribe(recorder)
        #expect(scheduler.calls == [.now, .now])
        subject.send(1)   // at once: read, scheduled, emitted (its time read)
        subject.send(2)   // within the interval: due at 0 + 10
        subject.send(3)   // waiting: replaces 2
        scheduler.advance(10)
        subject.send(completion: .finished)
        #expect(scheduler.calls == [
            .now, .now,
            .now, .asap(options: nil), .now,
            .now, .minimumTolerance, .once(at: 10, tolerance: 7, options: nil),
            .now,
            .now,
            .now, .asap(options: nil),
        ])
        #expect(recorder.events == [.subscription("Throttle"), .value(1), .value(3), .completion(.finished)])
    }

    /// Without a tolerance the least is read once, when the operator is made; each event is
    /// scheduled once at now + interval with the operator's tolerance and options.
    /// Source: DelayTests.testBasicBehavior and testStrongCaptureWhenSchedulingValue.
    @Test func delay() {
        let scheduler = RecordingScheduler()
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = IntRecorder()
        let delayed = subject.delay(for: .nanoseconds(200), scheduler: scheduler)
        #expect(scheduler.calls == [.minimumTolerance])
        delayed.subscribe(recorder)
        subject.send(1)
        subject.delay(for: .nanoseconds(50), tolerance: .nanoseconds(5), scheduler: scheduler, options: "opt")
            .subscribe(IntRecorder())
        subject.send(2)
        #expect(scheduler.calls == [
            .minimumTolerance,
            .now, .once(at: 200, tolerance: 7, options: nil),
            .now, .once(at: 200, tolerance: 7, options: nil),
            .now, .once(at: 50, tolerance: 5, options: "opt"),
        ])
    }

    /// A repeating timer at the subscription, again at the first request and at each value;
    /// values go out as soon as possible with the operator's options; the timeout cancels
    /// the upstream and the timer. Source: TimeoutTests.testBasicBehaviorWithoutCustomError.
    @Test func timeout() {
        let scheduler = RecordingScheduler()
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder(demand: .max(2))
        upstream.timeout(.nanoseconds(13), scheduler: scheduler, options: "opt").subscribe(recorder)
        scheduler.advance(10)
        upstream.send(1)
        scheduler.advance(30)
        let timer = RecordingScheduler.Call.repeating(at: 13, interval: 13, tolerance: 7, options: "opt")
        #expect(scheduler.calls == [
            .now, .minimumTolerance, timer,
            .now, .minimumTolerance, timer,
            .now, .minimumTolerance, .repeating(at: 23, interval: 13, tolerance: 7, options: "opt"), .asap(options: "opt"),
        ])
        #expect(recorder.events == [.subscription("Timeout"), .value(1), .completion(.finished)])
        #expect(upstream.subscription.history == [.requested(.max(2)), .cancelled])
        #expect(scheduler.clock.pendingCount == 0)
    }

    /// Only the clock is read: at the subscription and at each value; the stride between
    /// reads is the value. Source: MeasureIntervalTests.testBasicBehavior.
    @Test func measureInterval() {
        let scheduler = RecordingScheduler()
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = Recorder<VirtualTime.Stride, TestError>()
        scheduler.advance(3)
        subject.measureInterval(using: scheduler).subscribe(recorder)
        scheduler.advance(11)
        subject.send(1)
        scheduler.advance(3)
        subject.send(2)
        #expect(scheduler.calls == [.now, .now, .now])
        #expect(recorder.values == [.nanoseconds(11), .nanoseconds(3)])
    }

    /// `receive(on:)` schedules each event with the operator's options; `subscribe(on:)` the
    /// subscription, each request and the cancel. Source: ReceiveOnTests.testBasicBehavior,
    /// SubscribeOnTests.testAsynchronouslySendsEventsUpstream.
    @Test func receiveOnAndSubscribeOn() {
        let scheduler = RecordingScheduler()
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = IntRecorder()
        subject.receive(on: scheduler, options: "on").subscribe(recorder)
        subject.send(1)
        subject.send(completion: .finished)
        #expect(scheduler.calls == [.asap(options: "on"), .asap(options: "on")])
        #expect(recorder.events == [.subscription("ReceiveOn"), .value(1), .completion(.finished)])

        let other = RecordingScheduler()
        let upstream = ManualPublisher<Int, TestError>()
        let late = IntRecorder(demand: .max(1))
        upstream.subscribe(on: other, options: "sub").subscribe(late)
        late.request(.none)
        late.cancel()
        #expect(other.calls == Array(repeating: .asap(options: "sub"), count: 4))
        #expect(upstream.subscription.history == [.requested(.max(1)), .requested(.none), .cancelled])
    }
}

/// Where Apple's operator passes a request for nothing on, the core does too; where Apple's
/// lock traps on re-entrance, the core reports a contract violation.
@Suite("Combine's requests for nothing and re-entrance traps")
struct SchedulerContractTests {
    /// Source: ReceiveOnTests.testRequest, MeasureIntervalTests.testRequest,
    /// PrefixUntilOutputTests.testRequestZeroDemand, ConcatenateTests.testBackpressure,
    /// FlatMapTests.testSendsSubscriptionDownstreamBeforeSubscribingToUpstream.
    @Test func aRequestForNothingIsPassedOn() {
        let clock = VirtualTimeScheduler()
        let operators: [(ManualPublisher<Int, TestError>) -> AnyPublisher<Int, TestError>] = [
            { $0.receive(on: clock).eraseToAnyPublisher() },
            { $0.measureInterval(using: clock).map { Int($0.magnitude) }.eraseToAnyPublisher() },
            { $0.prefix(untilOutputFrom: PassthroughSubject<Int, TestError>()).eraseToAnyPublisher() },
            { $0.append(Empty()).eraseToAnyPublisher() },
        ]
        for make in operators {
            let upstream = ManualPublisher<Int, TestError>()
            let recorder = IntRecorder(demand: .max(1))
            make(upstream).subscribe(recorder)
            recorder.request(.none)
            #expect(upstream.subscription.history == [.requested(.max(1)), .requested(.none)])
        }
        let upstream = ManualPublisher<Int, TestError>()
        upstream.flatMap(maxPublishers: .none) { Just($0).setFailureType(to: TestError.self) }.subscribe(IntRecorder())
        #expect(upstream.subscription.history == [.requested(.none)])
    }

    /// Source: TimeoutTests.testCrashesWithImmediateScheduler, SubscribeOnTests.
    /// testCrashWhenRequestingRecursively, BufferTests.testDeadlockWhenErroringOnFullBuffer,
    /// FlatMapTests.testCrashesWhenUpstreamFailsDuringChildCancellation.
    @Test func reentranceWhereApplesLockTrapsIsReported() {
        let log = ViolationLog()
        log.capture {
            PassthroughSubject<Int, Never>().timeout(.nanoseconds(10), scheduler: ImmediateScheduler.shared)
                .subscribe(Recorder<Int, Never>(demand: .none))

            let upstream = ManualPublisher<Int, TestError>()
            let recorder = IntRecorder(demand: .none)
            upstream.subscribe(on: ImmediateScheduler.shared).subscribe(recorder)
            upstream.subscription.onRequest = { _ in recorder.request(.max(1)) }
            recorder.request(.max(1))

            let full = ManualPublisher<Int, TestError>()
            var again = true
            full.buffer(size: 0, prefetch: .keepFull, whenFull: .customError {
                if again { again = false; full.send(1000) }
                return TestError()
            }).subscribe(IntRecorder(demand: .none))
            full.send(0)

            let outer = ManualPublisher<ManualPublisher<Int, TestError>, TestError>()
            let child = ManualPublisher<Int, TestError>()
            outer.flatMap { $0 }.subscribe(IntRecorder())
            outer.send(child)
            child.subscription.onCancel = { outer.send(completion: .failure(TestError())) }
            outer.send(completion: .failure(TestError()))
        }
        #expect(log.reports.count == 4)
        #expect(log.reports.map { $0.prefix(while: { $0 != ":" }) } == ["Timeout", "SubscribeOn", "Buffer", "FlatMap"])
    }

    /// The downstream already has its subscription, so a completion that comes before the
    /// upstream's is passed on. Source: FlatMapTests.testFlatMapReceiveCompletionBeforeSubscription,
    /// SwitchToLatestTests.testSwitchToLatestOuterReceiveCompletionBeforeSubscription.
    @Test func aCompletionBeforeTheSubscriptionFinishesFlatMapAndSwitchToLatest() {
        let first = SubscriptionlessPublisher<Int>()
        let flat = Recorder<Int, Never>()
        first.flatMap { Just($0) }.subscribe(flat)
        first.finish()
        #expect(flat.events == [.subscription("FlatMap"), .completion(.finished)])

        let second = SubscriptionlessPublisher<Just<Int>>()
        let latest = Recorder<Int, Never>()
        second.switchToLatest().subscribe(latest)
        second.finish()
        #expect(latest.events == [.subscription("SwitchToLatest"), .completion(.finished)])
    }
}

/// A publisher that never hands its subscriber a subscription, and finishes when told.
final class SubscriptionlessPublisher<Output>: Publisher {
    typealias Failure = Never
    private var subscriber: AnySubscriber<Output, Never>?

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
        self.subscriber = AnySubscriber(subscriber)
    }

    func finish() { subscriber?.receive(completion: .finished) }
}

@Suite("ImmediateScheduler and the virtual clock as Combine's schedulers")
struct SchedulerTypeTests {
    /// Source: ImmediateSchedulerTests.testSchedulerTimeType and testActions.
    @Test func immediateSchedulerStandsStill() {
        typealias Stride = ImmediateScheduler.SchedulerTimeType.Stride
        let now = ImmediateScheduler.shared.now
        #expect(now == now.advanced(by: 100))
        #expect(now.distance(to: now.advanced(by: -1)) == 0)
        #expect(Stride(14) == 14.6)
        #expect(Stride(-4) * Stride(5) == Stride(-20))
        #expect(Stride.seconds(1.2) == 0)
        #expect(ImmediateScheduler.shared.minimumTolerance == 0)
        var fired = 0
        ImmediateScheduler.shared.schedule(after: now) { fired += 1 }
        let token = ImmediateScheduler.shared.schedule(after: now, interval: 10) { fired += 1 }
        #expect(fired == 2)
        #expect("\(token)" == "Empty")
    }

    /// The doc comment examples of `Scheduler` and `VirtualTime.Stride`, as written.
    @Test func docExamples() {
        var lines: [String] = []
        let clock = VirtualTimeScheduler()
        clock.schedule(after: clock.now.advanced(by: .milliseconds(300))) { lines.append("late") }
        clock.schedule(after: clock.now.advanced(by: .milliseconds(100))) { lines.append("early") }
        clock.advance(by: .milliseconds(300))
        let half: VirtualTime.Stride = 0.5
        lines.append("\(half == .milliseconds(500)) \(half.duration)")
        #expect(lines == ["early", "late", "true 0.5 seconds"])
    }
}
