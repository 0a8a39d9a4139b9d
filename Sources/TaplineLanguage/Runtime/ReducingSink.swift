import TaplineReactive

/// The sink of a fused chain that ends in `reduce` (`FusedSteps`): what the core's `Reduce`
/// followed by a `ValueSink` do, as one concrete subscriber.
///
/// It asks for unlimited demand at once, as the sink does (so the reduce's result is always
/// wanted). Each value is accumulated. When the upstream finishes, the result goes to the
/// sink's value closure and then the completion to its completion closure; a value closure
/// that cancels the subscription stops the completion, as the sink, cancelled, ignores the
/// completion the reduce sends after the result. A failure goes straight to the completion
/// closure, with no result. After a cancel nothing more is delivered.
final class ReducingSink: Subscriber, Cancellable, CustomStringConvertible {
    typealias Input = Value
    typealias Failure = ScriptFailure

    private let receiveValue: (Value) -> Void
    private let receiveResult: () -> Void
    private let receiveCompletion: (Subscribers.Completion<ScriptFailure>) -> Void
    private var upstream = UpstreamLink()
    private var cancelled = false

    init(receiveValue: @escaping (Value) -> Void, receiveResult: @escaping () -> Void,
         receiveCompletion: @escaping (Subscribers.Completion<ScriptFailure>) -> Void) {
        self.receiveValue = receiveValue
        self.receiveResult = receiveResult
        self.receiveCompletion = receiveCompletion
    }

    var description: String { "Sink" }

    func receive(subscription: any Subscription) {
        guard upstream.accept(subscription) else { return }
        subscription.request(.unlimited)
    }

    func receive(_ input: Value) -> Subscribers.Demand {
        if !upstream.isEnded { receiveValue(input) }
        return .none
    }

    func receive(completion: Subscribers.Completion<ScriptFailure>) {
        guard !upstream.isEnded else { return }
        upstream.end()
        if case .finished = completion {
            receiveResult()
            guard !cancelled else { return }
        }
        receiveCompletion(completion)
    }

    func cancel() {
        cancelled = true
        upstream.cancel()
    }
}
