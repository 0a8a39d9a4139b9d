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
    /// for the subjects: docs/REACTIVE.md).
    private var waiting: [FutureConduit<Output, Failure>] = []

    public init(_ attemptToFulfill: @escaping (@escaping Promise) -> Void) {
        // The promise holds the Future, as Combine's does: a promise kept for later (by a
        // scheduled action) keeps the Future to fulfil alive.
        attemptToFulfill { result in self.fulfill(result) }
    }

    private func fulfill(_ result: Result<Output, Failure>) {
        guard outcome == nil else { return }
        let outcome = Outcome(result)
        self.outcome = outcome
        let conduits = waiting
        waiting.removeAll()
        for conduit in conduits { conduit.resolve(outcome) }
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
        guard let outcome, case .success(let value) = outcome.result else { return nil }
        return value
    }

    /// A promise's result, held in a class (as is a conduit's subscriber): this code runs
    /// unspecialised for a chain made at run time, where an optional reference costs nothing
    /// to read and an optional `Result` or subscriber has Swift look its type up at each use.
    final class Outcome {
        let result: Result<Output, Failure>
        /// Told once: each delivery asks it first, and telling a generic `Result`'s cases
        /// apart looks its type up.
        let succeeded: Bool

        init(_ result: Result<Output, Failure>) {
            self.result = result
            if case .success = result { succeeded = true } else { succeeded = false }
        }
    }
}

/// The type-erased part of a Future's subscription, so the Future can list them.
class FutureConduit<Output, Failure: Error> {
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
            switch outcome.result {
            case .success(let value):
                _ = downstream.receive(value)
                downstream.receive(completion: .finished)
            case .failure(let error):
                downstream.receive(completion: .failure(error))
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
