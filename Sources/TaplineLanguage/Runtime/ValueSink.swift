import TaplineReactive

/// `Subscribers.Sink` for the language's values, with the same contract: unlimited demand at
/// subscription, the upstream kept in an `UpstreamLink`, and its closures let go of (with all
/// they capture) once the stream ends by completion or cancel. Its closures are stored at
/// their concrete type: in the generic `Sink` every value reaches the closure through a
/// reabstraction thunk, and a sink is what nearly every chain ends in.
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

    private var receiveValueBody: (Value) -> Subscribers.Demand
    private var receiveCompletionBody: (Subscribers.Completion<ScriptFailure>) -> Void
    private var receiveResult: (() -> Void)?
    private var upstream = UpstreamLink()
    private var cancelled = false

    init(receiveCompletion: @escaping (Subscribers.Completion<ScriptFailure>) -> Void,
         receiveValue: @escaping (Value) -> Subscribers.Demand, receiveResult: (() -> Void)? = nil) {
        receiveCompletionBody = receiveCompletion
        receiveValueBody = receiveValue
        self.receiveResult = receiveResult
    }

    var description: String { "Sink" }

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
        let (result, body) = (receiveResult, receiveCompletionBody)
        releaseClosures()
        if let result, case .finished = completion {
            result()
            guard !cancelled else { return }
        }
        body(completion)
    }

    func cancel() {
        cancelled = true
        upstream.detach()?.cancel()
        releaseClosures()
    }

    private func releaseClosures() {
        // As `Subscribers.Sink`: the old closures are released only after every store, since
        // releasing what they capture can re-enter this sink.
        let old = (receiveValueBody, receiveCompletionBody, receiveResult)
        receiveValueBody = { _ in .none }
        receiveCompletionBody = { _ in }
        receiveResult = nil
        withExtendedLifetime(old) {}
    }
}
