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
    public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible,
        CustomReflectable, CustomPlaygroundDisplayConvertible {
        // Replaced by no-ops once the stream ends (completion or cancel), as Combine does:
        // the closures, and whatever they capture, are let go, and late events do nothing.
        private var receiveValueBody: (Input) -> Void
        private var receiveCompletionBody: (Subscribers.Completion<Failure>) -> Void
        private var upstream = UpstreamLink()

        public init(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Void
        ) {
            receiveCompletionBody = receiveCompletion
            receiveValueBody = receiveValue
        }

        public var description: String { "Sink" }
        public var customMirror: Mirror { Mirror(self, children: [:]) }
        public var playgroundDescription: Any { description }

        public func receive(subscription: any Subscription) {
            guard upstream.accept(subscription) else { return }
            subscription.request(.unlimited)
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            receiveValueBody(input)
            return .none
        }

        public func receive(completion: Subscribers.Completion<Failure>) {
            let body = receiveCompletionBody
            upstream.end()
            releaseClosures()
            body(completion)
        }

        /// Without a subscription there is nothing to cancel, and the closures stay (as in Combine).
        public func cancel() {
            guard let subscription = upstream.detach() else { return }
            subscription.cancel()
            releaseClosures()
        }

        private func releaseClosures() {
            // The old closures are released only after both stores: releasing what they
            // capture can re-enter this sink (an object whose deinit completes it).
            let old = (receiveValueBody, receiveCompletionBody)
            receiveValueBody = { _ in }
            receiveCompletionBody = { _ in }
            withExtendedLifetime(old) {}
        }
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
