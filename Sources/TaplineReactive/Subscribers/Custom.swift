extension Subscribers {
    /// A subscriber driven by closures, with an explicit initial demand that it can raise later —
    /// the language's `subscriber NAME(demand:)` and `request NAME N`.
    ///
    /// `.max(0)` makes no initial request (Combine forbids requesting zero); each value's
    /// closure returns how many more it wants; `request(_:)` adds demand.
    ///
    /// ```swift
    /// let subject = PassthroughSubject<Int, Never>()
    /// let two = Subscribers.Custom<Int, Never>(demand: .max(1), receiveValue: { print($0); return .none })
    /// subject.subscribe(two)
    /// subject.send(1)          // 1
    /// subject.send(2)          // dropped: no demand left
    /// two.request(.max(1))
    /// subject.send(3)          // 3
    /// ```
    public final class Custom<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible {
        public let initialDemand: Subscribers.Demand
        private let receiveValueBody: (Input) -> Subscribers.Demand
        private let receiveCompletionBody: (Subscribers.Completion<Failure>) -> Void
        private var upstream = UpstreamLink()
        public let name: String

        public init(
            name: String = "Custom",
            demand: Subscribers.Demand,
            receiveValue: @escaping (Input) -> Subscribers.Demand,
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void = { _ in }
        ) {
            self.name = name
            initialDemand = demand
            receiveValueBody = receiveValue
            receiveCompletionBody = receiveCompletion
        }

        public var description: String { name }

        /// True while subscribed and not yet completed or cancelled.
        public var isSubscribed: Bool { upstream.subscription != nil }

        public func receive(subscription: any Subscription) {
            guard upstream.accept(subscription) else { return }
            upstream.request(initialDemand)
        }

        public func receive(_ input: Input) -> Subscribers.Demand {
            guard !upstream.isEnded else { return .none }
            return receiveValueBody(input)
        }

        public func receive(completion: Subscribers.Completion<Failure>) {
            guard !upstream.isEnded else { return }
            upstream.end()
            receiveCompletionBody(completion)
        }

        /// Asks the subscription for `demand` more values. `.none` is ignored (see `Contract`).
        public func request(_ demand: Subscribers.Demand) { upstream.request(demand) }

        public func cancel() { upstream.detach()?.cancel() }
    }
}
