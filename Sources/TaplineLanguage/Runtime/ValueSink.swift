import TaplineReactive

/// `Subscribers.Sink` for the language's values, with the same contract: unlimited demand at
/// subscription, the upstream kept in an `UpstreamLink`, and its closures let go of (with all
/// they capture) once the stream ends by completion or cancel. Its closures are stored at
/// their concrete type: in the generic `Sink` every value reaches the closure through a
/// reabstraction thunk, and a sink is what nearly every chain ends in.
///
/// How the closures are let go of: the sink is held by its upstream (through the subscription
/// it keeps, which holds it in turn) and by nothing else — its `token` holds it weakly — so
/// when the stream ends and the link is cut, the sink goes, closures and all. Closures kept in
/// `var`s to be replaced by no-ops, as `Subscribers.Sink` does, are retained and released
/// around every call, more work than the rest of a delivery to a sink.
///
/// The value closure returns the demand to give back, as a subscriber's `receive(_:)` does: a
/// plain sink gives `.none`; a fused run (`FusedSteps`) gives `.max(1)` for a value one of its
/// steps dropped, exactly what that step's own stage would have asked upstream for.
///
/// With `receiveResult`, it is also the `reduce` of a fused run before it: each value is
/// accumulated by `receiveValue`, and when the upstream finishes the result goes to the sink's
/// value closure (`receiveResult`) and then the completion, as the core's `Reduce` hands them to
/// a sink. A value closure that cancels stops the completion, as the cancelled sink ignores the
/// completion the reduce sends after the result; a failure goes straight to the completion,
/// with no result.
final class ValueSink: Subscriber, Cancellable, CustomStringConvertible {
    typealias Input = Value
    typealias Failure = ScriptFailure

    private let receiveValueBody: (Value) -> Subscribers.Demand
    private let receiveCompletionBody: (Subscribers.Completion<ScriptFailure>) -> Void
    private let receiveResult: (() -> Void)?
    private var upstream = UpstreamLink()
    private var cancelled = false

    init(receiveCompletion: @escaping (Subscribers.Completion<ScriptFailure>) -> Void,
         receiveValue: @escaping (Value) -> Subscribers.Demand, receiveResult: (() -> Void)? = nil) {
        receiveCompletionBody = receiveCompletion
        receiveValueBody = receiveValue
        self.receiveResult = receiveResult
    }

    var description: String { "Sink" }

    /// Whether the stream ended here, by completion or cancel.
    var hasEnded: Bool { upstream.isEnded }

    /// What keeps the subscription for the program: it cancels the sink, without keeping it.
    var token: AnyCancellable { AnyCancellable { [weak self] in self?.cancel() } }

    func receive(subscription: any Subscription) {
        guard upstream.accept(subscription) else { return }
        subscription.request(.unlimited)
    }

    func receive(_ input: Value) -> Subscribers.Demand {
        upstream.isEnded ? .none : receiveValueBody(input)
    }

    func receive(completion: Subscribers.Completion<ScriptFailure>) {
        guard !upstream.isEnded else { return }
        upstream.end()
        if let receiveResult, case .finished = completion {
            receiveResult()
            guard !cancelled else { return }
        }
        receiveCompletionBody(completion)
    }

    func cancel() {
        cancelled = true
        upstream.detach()?.cancel()
    }
}
