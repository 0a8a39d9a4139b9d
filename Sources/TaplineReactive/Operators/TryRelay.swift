// What the try-variants share (`tryFilter`, `tryLast(where:)`, …) and what their plain
// twins reuse. One relay per family takes a closure that throws `E`: the try-variant
// passes `any Error`, the plain operator `Never`, so its closure is the very same
// non-throwing function and the catch branch is dead code the compiler drops.

/// Turns an impossible error into any type: the plain operators' `failure` conversion.
func absurd<T>(_ never: Never) -> T {}

extension Relay {
    /// Ends the stream with `error`: cancels upstream first, then fails downstream, as
    /// Combine does when a try-closure throws.
    func failEarly(_ error: Failure) {
        upstream.detach()?.cancel()
        downstream.receive(completion: .failure(error))
    }
}

/// Stands between a try-variant's relay and its upstream, whose `Failure` is concrete,
/// so that the relay sees `any Error` (Combine erases the upstream's failure the same
/// way). It hands the upstream's subscription straight on, so it never shows in `print`.
/// To the upstream it is the relay itself: the same identity, and a subscription whose
/// requests and cancel are the relay's, as a Combine try-variant is one object that is
/// both its upstream's subscriber and its downstream's subscription.
struct FailureEraser<Target: Subscriber & Subscription, UpstreamFailure: Error>: Subscriber, Subscription,
    CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
where Target.Failure == any Error {
    typealias Input = Target.Input
    typealias Failure = UpstreamFailure
    let relay: Target
    // Stands for the subscriber it relays to (a struct has no identity of its own).
    var combineIdentifier: CombineIdentifier { relay.combineIdentifier }

    var description: String { "\(relay)" }
    // `dump` and a playground's sidebar show the relay, as they show Combine's one object.
    var customMirror: Mirror { Mirror(reflecting: relay) }
    var playgroundDescription: Any { (relay as? CustomPlaygroundDisplayConvertible)?.playgroundDescription ?? description }

    func request(_ demand: Subscribers.Demand) { relay.request(demand) }
    func cancel() { relay.cancel() }

    func receive(subscription: any Subscription) { relay.receive(subscription: subscription) }
    func receive(_ input: Input) -> Subscribers.Demand { relay.receive(input) }
    func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        switch completion {
        case .finished: relay.receive(completion: .finished)
        case .failure(let error): relay.receive(completion: .failure(error))
        }
    }
}

/// What a filter-like step makes of one value.
enum FilterStep<Output> {
    /// Pass this on.
    case emit(Output)
    /// Drop the value and ask upstream for one more.
    case skip
    /// Finish now, cancelling upstream (`prefix(while:)`).
    case finish
}

/// Combine's filter-like operators that own their subscription (`tryFilter`,
/// `tryCompactMap`, `tryRemoveDuplicates`, `prefix(while:)`, `tryPrefix(while:)`): each value
/// goes through a step that may throw; a throw cancels upstream and fails downstream.
/// Like Combine's, they report an event or a request before their subscription (Combine
/// traps), and cancel a subscription that arrives after an early cancel.
class FilteringRelay<Input, StepFailure: Error, Downstream: Subscriber>: Relay<Input, Downstream> {
    private let failure: (StepFailure) -> Downstream.Failure
    private let operatorName: String

    init(downstream: Downstream, name: String, failure: @escaping (StepFailure) -> Downstream.Failure) {
        self.failure = failure
        operatorName = name
        super.init(downstream: downstream, name: name)
    }

    /// What to do with one value.
    func step(_ input: Input) throws(StepFailure) -> FilterStep<Downstream.Input> { .skip }

    override var cancelsLateSubscription: Bool { true }
    override var mirrorChildren: KeyValuePairs<String, Any> { ["downstream": downstream] }

    override func receive(_ input: Input) -> Subscribers.Demand {
        guard ContractViolation.check(!awaitingSubscription, "\(operatorName): value before subscription") else { return .none }
        return super.receive(input)
    }

    override func receive(completion: Subscribers.Completion<Failure>) {
        guard ContractViolation.check(!awaitingSubscription, "\(operatorName): completion before subscription") else { return }
        super.receive(completion: completion)
    }

    override func request(_ demand: Subscribers.Demand) {
        guard ContractViolation.check(!awaitingSubscription, "\(operatorName): request before subscription") else { return }
        super.request(demand)
    }

    override func relay(_ input: Input) -> Subscribers.Demand {
        do throws(StepFailure) {
            let next = try step(input)
            if isStopped { return .none }
            switch next {
            case .emit(let output): return downstream.receive(output)
            case .skip: return .max(1)
            case .finish: finishEarly()
            }
        } catch {
            if !isStopped { failEarly(failure(error)) }
        }
        return .none
    }
}

/// Combine's reduce-like operators (`tryReduce`, `last(where:)`, `contains`, `allSatisfy`,
/// `min`/`max`, …): they request unlimited, emit one result on finish (or early, cancelling
/// upstream), and a throw from the closure cancels upstream and fails downstream at once,
/// whatever the downstream's demand.
class ReducingRelay<Input, FoldFailure: Error, Downstream: Subscriber>: AccumulatingRelay<Input, Downstream> {
    private let failure: (FoldFailure) -> Downstream.Failure
    private var thrown: FoldFailure?

    init(downstream: Downstream, name: String, failure: @escaping (FoldFailure) -> Downstream.Failure) {
        self.failure = failure
        super.init(downstream: downstream, name: name)
    }

    /// Folds one value in; returns true when the result is known early.
    /// Folds one value in; a fold that calls a closure changes nothing when `isStopped`
    /// after the call.
    func fold(_ input: Input) throws(FoldFailure) -> Bool { false }

    // `AccumulatingRelay` folds without throwing; the error is kept here and acted on in
    // `relay(_:)` below, once the fold has returned.
    override final func accumulate(_ input: Input) -> Bool {
        do throws(FoldFailure) {
            return try fold(input)
        } catch {
            if !isStopped { thrown = error }
            return false
        }
    }

    override final func relay(_ input: Input) -> Subscribers.Demand {
        let demand = super.relay(input)
        if let error = thrown {
            thrown = nil
            failEarly(failure(error))
        }
        return demand
    }
}
