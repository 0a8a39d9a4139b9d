// Adapters between OpenCombine's test helpers (written against Combine's API) and
// TaplineReactive. Nothing here changes what a test asserts; each item supplies an
// API that the core lacks or spells differently, so that the helpers compile.

import Foundation
import TaplineReactive

// MARK: - ConnectablePublisher (the core has none; CustomPublisher.swift declares
// CustomConnectablePublisherBase: ConnectablePublisher, used by CommonTests/TestReflection)

protocol ConnectablePublisher: Publisher {
    func connect() -> Cancellable
}

// MARK: - Combine's Scheduler protocol, test-module-local, so that the helper
// VirtualTimeScheduler.swift compiles unchanged. (It shadows TaplineReactive.Scheduler
// inside this test module; the core's own protocol is spelled TaplineReactive.Scheduler.)

protocol SchedulerTimeIntervalConvertible {
    static func seconds(_ s: Int) -> Self
    static func seconds(_ s: Double) -> Self
    static func milliseconds(_ ms: Int) -> Self
    static func microseconds(_ us: Int) -> Self
    static func nanoseconds(_ ns: Int) -> Self
}

protocol Scheduler {
    associatedtype SchedulerTimeType: Strideable
        where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible
    associatedtype SchedulerOptions

    var now: SchedulerTimeType { get }
    var minimumTolerance: SchedulerTimeType.Stride { get }
    func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void)
    func schedule(after date: SchedulerTimeType,
                  tolerance: SchedulerTimeType.Stride,
                  options: SchedulerOptions?,
                  _ action: @escaping () -> Void)
    func schedule(after date: SchedulerTimeType,
                  interval: SchedulerTimeType.Stride,
                  tolerance: SchedulerTimeType.Stride,
                  options: SchedulerOptions?,
                  _ action: @escaping () -> Void) -> Cancellable
}

extension Scheduler {
    func schedule(_ action: @escaping () -> Void) { schedule(options: nil, action) }
}

/// A cancellation handle for a one-shot action scheduled through a bridge.
final class BridgeToken: Cancellable {
    private(set) var isCancelled = false
    func cancel() { isCancelled = true }
}

/// Presents the helper `VirtualTimeScheduler` (Combine-style) as a
/// `TaplineReactive.Scheduler`. The core asks for "run this after a duration and give me a
/// handle"; the nearest Combine call is `schedule(after: now + delay, tolerance:, options:)`
/// with a cancel flag. Tolerance is the operator's tolerance argument when it has one
/// (delay), otherwise the scheduler's minimumTolerance; options are the operator's.
final class VirtualTimeBridge: TaplineReactive.Scheduler {
    let target: VirtualTimeScheduler
    let tolerance: VirtualTimeScheduler.SchedulerTimeType.Stride?
    let options: VirtualTimeScheduler.SchedulerOptions?

    init(_ target: VirtualTimeScheduler,
         tolerance: VirtualTimeScheduler.SchedulerTimeType.Stride? = nil,
         options: VirtualTimeScheduler.SchedulerOptions? = nil) {
        self.target = target
        self.tolerance = tolerance
        self.options = options
    }

    var now: VirtualTime { VirtualTime(nanoseconds: Int64(target.now.time)) }

    @discardableResult
    func schedule(after delay: Duration, _ action: @escaping () -> Void) -> any Cancellable {
        let token = BridgeToken()
        let date = target.now + .nanoseconds(Int(delay.nanosecondsSaturated))
        target.schedule(after: date,
                        tolerance: tolerance ?? target.minimumTolerance,
                        options: options) {
            if !token.isCancelled { action() }
        }
        return token
    }
}

extension VirtualTimeScheduler.SchedulerTimeType.Stride {
    var duration: Duration { .nanoseconds(magnitude) }
}

// MARK: - Combine's ImmediateScheduler (the core has none): runs every action at once.

struct ImmediateScheduler {
    static let shared = ImmediateScheduler()

    struct SchedulerTimeType {
        struct Stride: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, Comparable {
            var nanoseconds: Int64
            init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }
            init(integerLiteral value: Int) { self = .seconds(value) }
            init(floatLiteral value: Double) { self = .seconds(value) }
            static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
            static func seconds(_ s: Int) -> Stride { Stride(nanoseconds: Int64(s) * 1_000_000_000) }
            static func seconds(_ s: Double) -> Stride { Stride(nanoseconds: Int64(s * 1_000_000_000)) }
            static func milliseconds(_ ms: Int) -> Stride { Stride(nanoseconds: Int64(ms) * 1_000_000) }
            static func microseconds(_ us: Int) -> Stride { Stride(nanoseconds: Int64(us) * 1_000) }
            static func nanoseconds(_ ns: Int) -> Stride { Stride(nanoseconds: Int64(ns)) }
            var duration: Duration { .nanoseconds(nanoseconds) }
        }
    }
    typealias SchedulerOptions = Never
}

final class ImmediateBridge: TaplineReactive.Scheduler {
    var now: VirtualTime { .zero }
    @discardableResult
    func schedule(after delay: Duration, _ action: @escaping () -> Void) -> any Cancellable {
        action()
        return BridgeToken()
    }
}

// MARK: - Combine's spellings of the time operators (the core takes a Duration and
// `any TaplineReactive.Scheduler`, with no tolerance or options).

extension Publisher {
    func debounce(for dueTime: VirtualTimeScheduler.SchedulerTimeType.Stride,
                  scheduler: VirtualTimeScheduler,
                  options: VirtualTimeScheduler.SchedulerOptions? = nil)
        -> Publishers.Debounce<Self> {
        debounce(for: dueTime.duration, scheduler: VirtualTimeBridge(scheduler, options: options))
    }

    func debounce(for dueTime: ImmediateScheduler.SchedulerTimeType.Stride,
                  scheduler: ImmediateScheduler,
                  options: ImmediateScheduler.SchedulerOptions? = nil)
        -> Publishers.Debounce<Self> {
        debounce(for: dueTime.duration, scheduler: ImmediateBridge())
    }

    func delay(for interval: VirtualTimeScheduler.SchedulerTimeType.Stride,
               tolerance: VirtualTimeScheduler.SchedulerTimeType.Stride? = nil,
               scheduler: VirtualTimeScheduler,
               options: VirtualTimeScheduler.SchedulerOptions? = nil)
        -> Publishers.Delay<Self> {
        delay(for: interval.duration,
              scheduler: VirtualTimeBridge(scheduler, tolerance: tolerance, options: options))
    }

    func delay(for interval: ImmediateScheduler.SchedulerTimeType.Stride,
               tolerance: ImmediateScheduler.SchedulerTimeType.Stride? = nil,
               scheduler: ImmediateScheduler,
               options: ImmediateScheduler.SchedulerOptions? = nil)
        -> Publishers.Delay<Self> {
        delay(for: interval.duration, scheduler: ImmediateBridge())
    }

    func throttle(for interval: VirtualTimeScheduler.SchedulerTimeType.Stride,
                  scheduler: VirtualTimeScheduler,
                  latest: Bool) -> Publishers.Throttle<Self> {
        throttle(for: interval.duration, scheduler: VirtualTimeBridge(scheduler), latest: latest)
    }

    func throttle(for interval: ImmediateScheduler.SchedulerTimeType.Stride,
                  scheduler: ImmediateScheduler,
                  latest: Bool) -> Publishers.Throttle<Self> {
        throttle(for: interval.duration, scheduler: ImmediateBridge(), latest: latest)
    }
}

// MARK: - Combine's print(_:to: TextOutputStream?) (the core takes a closure per line).
// Each line is written as Swift.print(line, to: &stream) would: the text, then "\n".

extension Publisher {
    func print(_ prefix: String = "", to stream: TextOutputStream?) -> Publishers.Print<Self> {
        guard let stream = stream else { return print(prefix) }
        return print(prefix, to: { line in
            var target = stream
            target.write(line)
            target.write("\n")
        })
    }
}

// MARK: - Combine's Subscriber.receive() for Void input.

extension Subscriber where Input == Void {
    func receive() -> Subscribers.Demand { receive(()) }
}

// MARK: - Combine's assign(to:on:) has no `Root: AnyObject` constraint; the helper
// AutomaticallyFinish.swift declares a generic forwarding method without it. This overload
// still subscribes the core's Subscribers.Assign, through a box that writes the key path.

final class AssignBox<Root, Value> {
    let object: Root
    let keyPath: ReferenceWritableKeyPath<Root, Value>
    init(_ object: Root, _ keyPath: ReferenceWritableKeyPath<Root, Value>) {
        self.object = object
        self.keyPath = keyPath
    }
    var value: Value {
        get { object[keyPath: keyPath] }
        set { object[keyPath: keyPath] = newValue }
    }
}

extension Publisher where Failure == Never {
    func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>,
                      on object: Root) -> AnyCancellable {
        let box = AssignBox(object, keyPath)
        let assign = Subscribers.Assign(object: box, keyPath: \AssignBox<Root, Output>.value)
        subscribe(assign)
        return AnyCancellable(assign)
    }
}

// MARK: - Combine's Empty(completeImmediately:outputType:failureType:).

extension Empty {
    init(completeImmediately: Bool = true, outputType: Output.Type, failureType: Failure.Type) {
        self.init(completeImmediately: completeImmediately)
    }
}

// MARK: - Combine's zip(_:_:) with a transform (Combine defines it as zip(other).map(transform)),
// and Zip3/Zip4 for publishers of one output type, on the core's n-ary ZipMany.

extension Publisher {
    func zip<P: Publisher, T>(_ other: P, _ transform: @escaping (Output, P.Output) -> T)
        -> Publishers.Map<Publishers.Zip<Self, P>, T> where P.Failure == Failure {
        zip(other).map(transform)
    }

    func zip<P: Publisher, Q: Publisher>(_ p: P, _ q: Q)
        -> Publishers.Map<Publishers.ZipMany<AnyPublisher<Output, Failure>>, (Output, Output, Output)>
        where P.Output == Output, Q.Output == Output, P.Failure == Failure, Q.Failure == Failure {
        Publishers.ZipMany([eraseToAnyPublisher(), p.eraseToAnyPublisher(), q.eraseToAnyPublisher()])
            .map { ($0[0], $0[1], $0[2]) }
    }

    func zip<P: Publisher, Q: Publisher, T>(_ p: P, _ q: Q,
                                            _ transform: @escaping (Output, Output, Output) -> T)
        -> Publishers.Map<Publishers.ZipMany<AnyPublisher<Output, Failure>>, T>
        where P.Output == Output, Q.Output == Output, P.Failure == Failure, Q.Failure == Failure {
        Publishers.ZipMany([eraseToAnyPublisher(), p.eraseToAnyPublisher(), q.eraseToAnyPublisher()])
            .map { transform($0[0], $0[1], $0[2]) }
    }

    func zip<P: Publisher, Q: Publisher, R: Publisher>(_ p: P, _ q: Q, _ r: R)
        -> Publishers.Map<Publishers.ZipMany<AnyPublisher<Output, Failure>>,
                          (Output, Output, Output, Output)>
        where P.Output == Output, Q.Output == Output, R.Output == Output,
              P.Failure == Failure, Q.Failure == Failure, R.Failure == Failure {
        Publishers.ZipMany([eraseToAnyPublisher(), p.eraseToAnyPublisher(),
                            q.eraseToAnyPublisher(), r.eraseToAnyPublisher()])
            .map { ($0[0], $0[1], $0[2], $0[3]) }
    }

    func zip<P: Publisher, Q: Publisher, R: Publisher, T>(
        _ p: P, _ q: Q, _ r: R, _ transform: @escaping (Output, Output, Output, Output) -> T)
        -> Publishers.Map<Publishers.ZipMany<AnyPublisher<Output, Failure>>, T>
        where P.Output == Output, Q.Output == Output, R.Output == Output,
              P.Failure == Failure, Q.Failure == Failure, R.Failure == Failure {
        Publishers.ZipMany([eraseToAnyPublisher(), p.eraseToAnyPublisher(),
                            q.eraseToAnyPublisher(), r.eraseToAnyPublisher()])
            .map { transform($0[0], $0[1], $0[2], $0[3]) }
    }
}

// MARK: - Declarations only, so PublishedTests.swift's private TestObject compiles: the core has
// no ObservableObject; these have no behaviour, and a test that uses objectWillChange does
// not compile (and is dropped). Published(initialValue:) is Combine's older spelling.


extension Published {
    init(initialValue: Value) { self.init(wrappedValue: initialValue) }
}
