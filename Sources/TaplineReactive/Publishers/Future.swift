/// A publisher that eventually produces one value and finishes, or fails.
///
/// The closure runs at once, when the Future is made; it is handed the promise to call
/// (now or later). Only the first call of the promise counts. A subscriber that comes
/// after the promise was kept gets the stored result. A value waits for demand; a failure
/// does not.
///
/// ```swift
/// let clock = VirtualTimeScheduler()
/// let answer = Future<Int, Never> { promise in
///     clock.schedule(after: .milliseconds(300)) { promise(.success(42)) }
/// }
/// let token = answer.sink { print($0) }
/// clock.advance(by: .milliseconds(300))
/// // 42
/// ```
public final class Future<Output, Failure: Error>: Publisher {
    public typealias Promise = (Result<Output, Failure>) -> Void

    /// What the promise was given, once it was called.
    private var outcome: Outcome?
    /// Subscriptions still waiting for the promise, in subscription order (a fixed order, as
    /// for the subjects: docs/REACTIVE.md), each a `FutureConduit<Output, Failure>`.
    private var waiting: [FutureWaiter] = []

    public init(_ attemptToFulfill: @escaping (@escaping Promise) -> Void) {
        // The promise holds the Future, as Combine's does: a promise kept for later (by a
        // scheduled action) keeps the Future to fulfil alive.
        attemptToFulfill { result in self.fulfill(result) }
    }

    /// Package API: a Future whose body is handed the Future itself, to call `fulfill(_:)`
    /// on, instead of a promise: a host whose promise is a value of its own (the language's
    /// holds the Future) makes no closure around each Future, and its body, which runs here
    /// and now, need not escape.
    package init(fulfilledBy body: (Future) -> Void) {
        body(self)
    }

    /// Package API: what calling the promise does. Only the first call counts.
    package func fulfill(_ result: Result<Output, Failure>) {
        guard outcome == nil else { return }
        let outcome = Outcome.of(result)
        self.outcome = outcome
        let conduits = waiting
        waiting.removeAll()
        for conduit in conduits { unsafeDowncast(conduit, to: FutureConduit<Output, Failure>.self).resolve(outcome) }
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let conduit = Conduit(future: self, downstream: subscriber)
        if outcome == nil { waiting.append(conduit) }
        subscriber.receive(subscription: conduit)
        if let outcome { conduit.resolve(outcome) }
    }

    fileprivate func forget(_ conduit: FutureConduit<Output, Failure>) {
        waiting.removeAll { $0 === conduit }
    }

    fileprivate var storedOutcome: Outcome? { outcome }

    /// Package API: the value the promise was kept with, if it was kept with one. A
    /// subscriber that asks for unlimited gets it then `.finished` at once, as from a `Just`
    /// (`InnerShortcut`).
    package var keptValue: Output? {
        guard let outcome, outcome.succeeded else { return nil }
        return unsafeDowncast(outcome, to: Kept.self).value
    }

    /// A promise's result, held in a class (as is a conduit's subscriber): this code runs
    /// unspecialised for a chain made at run time, where an optional reference costs nothing
    /// to read. The value is held in a `Kept`, the error in a `Broken`, each a field of one
    /// of the Future's own types: a field of `Result<Output, Failure>` has Swift look that
    /// type up each time it is read or let go.
    class Outcome {
        /// Told once: each delivery asks it first.
        let succeeded: Bool

        init(succeeded: Bool) { self.succeeded = succeeded }

        static func of(_ result: Result<Output, Failure>) -> Outcome {
            switch result {
            case .success(let value): Kept(value)
            case .failure(let error): Broken(error)
            }
        }
    }

    final class Kept: Outcome {
        let value: Output
        init(_ value: Output) {
            self.value = value
            super.init(succeeded: true)
        }
    }

    final class Broken: Outcome {
        let error: Failure
        init(_ error: Failure) {
            self.error = error
            super.init(succeeded: false)
        }
    }
}

/// What a Future lists of the subscriptions waiting for its promise: a class of no generic
/// type, so that its list is an array of a type known before the program runs (an array of a
/// generic type has Swift look that type up to let the list go, with every Future).
class FutureWaiter {}

/// The type-erased part of a Future's subscription, so the Future can list them.
class FutureConduit<Output, Failure: Error>: FutureWaiter {
    func resolve(_ outcome: Future<Output, Failure>.Outcome) {}
}

extension Future {
    final class Conduit<Downstream: Subscriber>: FutureConduit<Output, Failure>, Subscription, CustomReflectable,
        CustomPlaygroundDisplayConvertible
    where Downstream.Input == Output, Downstream.Failure == Failure {
        private var future: Future?
        /// The subscriber, until it is sent its completion or the conduit is cancelled (see
        /// `Boxed`).
        private var held: Boxed<Downstream>?
        private var demanded = false

        init(future: Future, downstream: Downstream) {
            self.future = future
            held = Boxed(downstream)
        }

        var description: String { "Future" }
        var customMirror: Mirror {
            // Apple's conduit names its Future twice: as its parent and as the subject it
            // watches; both read nil once the promise delivered to it or it was cancelled.
            Mirror(self, children: ["parent": future as Any, "downstream": held?.value as Any, "hasAnyDemand": demanded,
                                    "subject": future as Any])
        }
        var playgroundDescription: Any { description }

        /// A value is delivered once there is demand; a failure at once.
        override func resolve(_ outcome: Outcome) { deliver(outcome, keepingParent: false) }

        func request(_ demand: Subscribers.Demand) {
            guard ContractViolation.check(demand > 0, "Future: demand must be greater than zero") else { return }
            guard held != nil else { return }
            demanded = true
            if let outcome = future?.storedOutcome { deliver(outcome, keepingParent: true) }
        }

        /// The conduit keeps its Future while it delivers (a `dump` from the subscriber's
        /// closure still shows the parent) and lets it go after when the promise delivered,
        /// but not when a request did, as Apple's does (OpenCombine's FutureTests).
        private func deliver(_ outcome: Outcome, keepingParent: Bool) {
            guard let held else { return }
            if outcome.succeeded, !demanded { return }
            self.held = nil
            let downstream = held.value
            if outcome.succeeded {
                _ = downstream.receive(unsafeDowncast(outcome, to: Kept.self).value)
                downstream.receive(completion: .finished)
            } else {
                downstream.receive(completion: .failure(unsafeDowncast(outcome, to: Broken.self).error))
            }
            guard !keepingParent else { return }
            future?.forget(self)
            future = nil
        }

        func cancel() {
            guard held != nil else { return }
            held = nil
            future?.forget(self)
            future = nil
        }
    }
}
