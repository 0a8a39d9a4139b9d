extension Publishers {
    /// Calls the given closures as events pass, and passes every event on unchanged.
    ///
    /// ```swift
    /// [1, 2].publisher
    ///     .handleEvents(receiveOutput: { print("saw", $0) }, receiveCompletion: { print("end", $0) })
    ///     .sink { print($0) }
    /// // saw 1
    /// // 1
    /// // saw 2
    /// // 2
    /// // end finished
    /// ```
    public struct HandleEvents<Upstream: Publisher>: Publisher, Stoppable {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public var receiveSubscription: ((any Subscription) -> Void)?
        public var receiveOutput: ((Upstream.Output) -> Void)?
        public var receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Void)?
        public var receiveCancel: (() -> Void)?
        public var receiveRequest: ((Subscribers.Demand) -> Void)?
        package var stop: StopSignal?

        public init(upstream: Upstream, receiveSubscription: ((any Subscription) -> Void)? = nil,
                    receiveOutput: ((Upstream.Output) -> Void)? = nil,
                    receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Void)? = nil,
                    receiveCancel: (() -> Void)? = nil, receiveRequest: ((Subscribers.Demand) -> Void)?) {
            self.upstream = upstream
            self.receiveSubscription = receiveSubscription
            self.receiveOutput = receiveOutput
            self.receiveCompletion = receiveCompletion
            self.receiveCancel = receiveCancel
            self.receiveRequest = receiveRequest
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(self, downstream: subscriber))
        }
    }
}

extension Publisher {
    /// Runs side effects on each kind of event; the events themselves pass unchanged.
    public func handleEvents(
        receiveSubscription: ((any Subscription) -> Void)? = nil,
        receiveOutput: ((Output) -> Void)? = nil,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil,
        receiveCancel: (() -> Void)? = nil,
        receiveRequest: ((Subscribers.Demand) -> Void)? = nil
    ) -> Publishers.HandleEvents<Self> {
        Publishers.HandleEvents(
            upstream: self, receiveSubscription: receiveSubscription, receiveOutput: receiveOutput,
            receiveCompletion: receiveCompletion, receiveCancel: receiveCancel, receiveRequest: receiveRequest)
    }
}

extension Publishers.HandleEvents {
    /// Follows Apple's as OpenCombine's HandleEventsTests record it. It owns its subscription
    /// (a second one is cancelled, after `receiveSubscription` has seen it) but, like
    /// `print`, keeps no end state for events: values and completions are passed on even
    /// after a completion or a cancel. The closures are let go at the end, so they are not
    /// called then. A request is passed upstream as asked (`.none` too), `receiveRequest`
    /// also seeing the demand a value returns; a cancel before the subscription is seen
    /// by `receiveCancel`, and the subscription is then cancelled when it comes.
    final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomReflectable,
        CustomPlaygroundDisplayConvertible
    where Downstream.Input == Output, Downstream.Failure == Failure {
        private let downstream: Downstream
        private var upstream: (any Subscription)?
        private var awaiting = true
        private var receiveSubscription: ((any Subscription) -> Void)?
        private var receiveOutput: ((Output) -> Void)?
        private var receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?
        private var receiveCancel: (() -> Void)?
        private var receiveRequest: ((Subscribers.Demand) -> Void)?
        private let stop: StopSignal?

        init(_ events: Publishers.HandleEvents<Upstream>, downstream: Downstream) {
            self.downstream = downstream
            stop = events.stop
            receiveSubscription = events.receiveSubscription
            receiveOutput = events.receiveOutput
            receiveCompletion = events.receiveCompletion
            receiveCancel = events.receiveCancel
            receiveRequest = events.receiveRequest
        }

        var description: String { "HandleEvents" }
        var customMirror: Mirror { Mirror(self, children: [:]) }
        var playgroundDescription: Any { description }

        func receive(subscription: any Subscription) {
            receiveSubscription?(subscription)
            guard awaiting else {
                subscription.cancel()
                return
            }
            awaiting = false
            upstream = subscription
            downstream.receive(subscription: self)
        }

        func receive(_ input: Output) -> Subscribers.Demand {
            receiveOutput?(input)
            if stop.isRaised { return .none }
            let demand = downstream.receive(input)
            if demand > 0 { receiveRequest?(demand) }
            return demand
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            receiveCompletion?(completion)
            if stop.isRaised { return }
            terminate()
            downstream.receive(completion: completion)
        }

        func request(_ demand: Subscribers.Demand) {
            receiveRequest?(demand)
            if stop.isRaised { return }
            upstream?.request(demand)
        }

        func cancel() {
            receiveCancel?()
            awaiting = false
            guard let current = upstream else { return }
            terminate()
            current.cancel()
        }

        /// Lets go of the upstream and of the closures (and what they capture).
        private func terminate() {
            upstream = nil
            awaiting = false
            receiveSubscription = nil
            receiveOutput = nil
            receiveCompletion = nil
            receiveCancel = nil
            receiveRequest = nil
        }
    }
}
