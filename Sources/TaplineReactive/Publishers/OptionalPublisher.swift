extension Optional {
    /// A publisher of this optional's value: the value and then finished, or, for nil,
    /// finished at once (Combine's `Optional.Publisher`).
    ///
    /// ```swift
    /// Int("42").publisher.sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    /// // 42
    /// // finished
    /// Int("x").publisher.sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    /// // finished
    /// ```
    public var publisher: Publisher { Publisher(self) }

    /// Combine's `Optional.Publisher`: at most one value, never a failure. Its subscription
    /// is named "Optional"; with nothing to send it is `Subscriptions.empty`.
    public struct Publisher: TaplineReactive.Publisher {
        public typealias Output = Wrapped
        public typealias Failure = Never
        public let output: Wrapped?

        public init(_ output: Wrapped?) { self.output = output }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Wrapped, S.Failure == Never {
            guard let output else {
                subscriber.receive(subscription: Subscriptions.empty)
                subscriber.receive(completion: .finished)
                return
            }
            subscriber.receive(subscription: JustSubscription(output: output, downstream: subscriber, name: "Optional"))
        }
    }
}

extension Optional.Publisher: Equatable where Wrapped: Equatable {}
