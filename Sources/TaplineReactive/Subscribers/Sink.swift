extension Subscribers {
    /// Requests unlimited values at subscription and hands each to a closure.
    ///
    /// ```swift
    /// let token = [1, 2].publisher.sink(
    ///     receiveCompletion: { print($0) },
    ///     receiveValue: { print($0) })
    /// // 1
    /// // 2
    /// // finished
    /// ```
    public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible {
        private let receiveValueBody: (Input) -> Void
        private let receiveCompletionBody: (Subscribers.Completion<Failure>) -> Void
        private var upstream = UpstreamLink()

        public init(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Void
        ) {
            receiveCompletionBody = receiveCompletion
            receiveValueBody = receiveValue
        }

        public var description: String { "Sink" }

        public func receive(subscription: any Subscription) {
            guard upstream.accept(subscription) else { return }
            subscription.request(.unlimited)
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            guard !upstream.isEnded else { return .none }
            receiveValueBody(input)
            return .none
        }

        public func receive(completion: Subscribers.Completion<Failure>) {
            guard !upstream.isEnded else { return }
            upstream.end()
            receiveCompletionBody(completion)
        }

        public func cancel() { upstream.cancel() }
    }
}

extension Publisher {
    /// Subscribes with a `Sink`; the returned token cancels it when released.
    public func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        let sink = Subscribers.Sink<Output, Failure>(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        subscribe(sink)
        return AnyCancellable(sink)
    }
}

extension Publisher where Failure == Never {
    /// Subscribes with a `Sink` that only takes values (a publisher that cannot fail).
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
}
