import TaplineReactive

/// `Subscribers.Sink` for the language's values: the same contract (unlimited demand at
/// subscription, an `UpstreamLink`), with its closures stored at their concrete type. In the
/// generic `Sink` every value reaches the closure through a reabstraction thunk, and a sink
/// is what nearly every chain ends in.
final class ValueSink: Subscriber, Cancellable, CustomStringConvertible {
    typealias Input = Value
    typealias Failure = ScriptFailure

    private let receiveValueBody: (Value) -> Void
    private let receiveCompletionBody: (Subscribers.Completion<ScriptFailure>) -> Void
    private var upstream = UpstreamLink()

    init(receiveCompletion: @escaping (Subscribers.Completion<ScriptFailure>) -> Void, receiveValue: @escaping (Value) -> Void) {
        receiveCompletionBody = receiveCompletion
        receiveValueBody = receiveValue
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
        receiveCompletionBody(completion)
    }

    func cancel() { upstream.cancel() }
}
