// Adapters between OpenCombine's test helpers (written against Combine's API) and
// TaplineReactive. Nothing here changes what a test asserts; each item supplies an
// API that the core lacks or spells differently, so that the helpers compile.

import Foundation
import TaplineReactive

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

    /// The core's "as soon as possible" (its Scheduler.schedule(_:), which the core documents
    /// as Combine's `Scheduler.schedule(_:)`) is Combine's `schedule(options:)`; without this
    /// the protocol's default would make it `schedule(after: now)`.
    func schedule(_ action: @escaping () -> Void) {
        target.schedule(options: options, action)
    }

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

// MARK: - Combine's spellings of the time operators (the core takes a Duration and
// `any TaplineReactive.Scheduler`, with no tolerance or options).

extension Publisher {
    func debounce(for dueTime: VirtualTimeScheduler.SchedulerTimeType.Stride,
                  scheduler: VirtualTimeScheduler,
                  options: VirtualTimeScheduler.SchedulerOptions? = nil)
        -> Publishers.Debounce<Self> {
        debounce(for: dueTime.duration, scheduler: VirtualTimeBridge(scheduler, options: options))
    }

    func delay(for interval: VirtualTimeScheduler.SchedulerTimeType.Stride,
               tolerance: VirtualTimeScheduler.SchedulerTimeType.Stride? = nil,
               scheduler: VirtualTimeScheduler,
               options: VirtualTimeScheduler.SchedulerOptions? = nil)
        -> Publishers.Delay<Self> {
        delay(for: interval.duration,
              scheduler: VirtualTimeBridge(scheduler, tolerance: tolerance, options: options))
    }

    func throttle(for interval: VirtualTimeScheduler.SchedulerTimeType.Stride,
                  scheduler: VirtualTimeScheduler,
                  latest: Bool) -> Publishers.Throttle<Self> {
        throttle(for: interval.duration, scheduler: VirtualTimeBridge(scheduler), latest: latest)
    }

    // The operators with a scheduler and no `debounce`-style shim above:

    func timeout(_ interval: VirtualTimeScheduler.SchedulerTimeType.Stride,
                 scheduler: VirtualTimeScheduler,
                 options: VirtualTimeScheduler.SchedulerOptions? = nil,
                 customError: (() -> Failure)? = nil) -> Publishers.Timeout<Self> {
        timeout(interval.duration, scheduler: VirtualTimeBridge(scheduler, options: options),
                customError: customError)
    }

    func measureInterval(using scheduler: VirtualTimeScheduler,
                         options: VirtualTimeScheduler.SchedulerOptions? = nil)
        -> Publishers.MeasureInterval<Self> {
        measureInterval(using: VirtualTimeBridge(scheduler, options: options))
    }

    func receive(on scheduler: VirtualTimeScheduler,
                 options: VirtualTimeScheduler.SchedulerOptions? = nil) -> Publishers.ReceiveOn<Self> {
        receive(on: VirtualTimeBridge(scheduler, options: options))
    }

    func subscribe(on scheduler: VirtualTimeScheduler,
                   options: VirtualTimeScheduler.SchedulerOptions? = nil) -> Publishers.SubscribeOn<Self> {
        subscribe(on: VirtualTimeBridge(scheduler, options: options))
    }
}

// MARK: - The core's ImmediateScheduler (TaplineReactive.ImmediateScheduler) is used as it
// is: `.nanoseconds(n)`, `.seconds(n)` are Durations. Combine's ImmediateScheduler stride is
// also written as a bare literal (`delay(for: 0, …)`, `delay(for: 0.35, …)`), which a
// Duration cannot be; these overloads take the literal (seconds) and pass the Duration on.

struct ImmediateStrideLiteral: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    var duration: Duration
    init(integerLiteral value: Int) { duration = .seconds(value) }
    init(floatLiteral value: Double) { duration = .seconds(value) }
}

extension Publisher {
    func debounce(for dueTime: ImmediateStrideLiteral, scheduler: ImmediateScheduler)
        -> Publishers.Debounce<Self> {
        debounce(for: dueTime.duration, scheduler: scheduler)
    }

    func delay(for interval: ImmediateStrideLiteral, scheduler: ImmediateScheduler)
        -> Publishers.Delay<Self> {
        delay(for: interval.duration, scheduler: scheduler)
    }

    func throttle(for interval: ImmediateStrideLiteral, scheduler: ImmediateScheduler,
                  latest: Bool) -> Publishers.Throttle<Self> {
        throttle(for: interval.duration, scheduler: scheduler, latest: latest)
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

// MARK: - Published(initialValue:) is Combine's older spelling.


extension Published {
    init(initialValue: Value) { self.init(wrappedValue: initialValue) }
}

// MARK: - Combine's spellings of what the core spells otherwise.

// Combine's Fail(outputType:failure:) (the core spells it Fail(error:)); CatchTests uses it.
extension Fail {
    init(outputType: Output.Type, failure: Failure) {
        self.init(error: failure)
    }
}
