import TaplineReactive

/// `Subscribers.Sink` for the language's values: the same contract (unlimited demand at
/// subscription, an `UpstreamLink`), with its closures stored at their concrete type. In the
/// generic `Sink` every value reaches the closure through a reabstraction thunk, and a sink
/// is what nearly every chain ends in.
///
/// With `receiveResult`, it is also the `reduce` of a fused run before it (`FusedSteps`):
/// each value is accumulated by `receiveValue`, and when the upstream finishes the result goes
/// to the sink's value closure (`receiveResult`) and then the completion, as the core's
/// `Reduce` hands them to a sink. A value closure that cancels stops the completion, as the
/// cancelled sink ignores the completion the reduce sends after the result; a failure goes
/// straight to the completion, with no result.
final class ValueSink: Subscriber, Cancellable, CustomStringConvertible {
    typealias Input = Value
    typealias Failure = ScriptFailure

    private let receiveValueBody: (Value) -> Void
    private let receiveCompletionBody: (Subscribers.Completion<ScriptFailure>) -> Void
    private let receiveResult: (() -> Void)?
    private var upstream = UpstreamLink()
    private var cancelled = false

    init(receiveCompletion: @escaping (Subscribers.Completion<ScriptFailure>) -> Void, receiveValue: @escaping (Value) -> Void,
         receiveResult: (() -> Void)? = nil) {
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
        if !upstream.isEnded { receiveValueBody(input) }
        return .none
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
        upstream.cancel()
    }
}
