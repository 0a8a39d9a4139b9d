extension ConnectablePublisher {
    /// Connects when the first subscriber subscribes, and cancels the connection when the
    /// last one cancels.
    public func autoconnect() -> Publishers.Autoconnect<Self> {
        Publishers.Autoconnect(upstream: self)
    }
}

extension Publishers {
    /// Connects its upstream on the first subscription (after that subscriber is attached)
    /// and cancels the connection when every subscriber has cancelled, as Combine's does;
    /// a later subscriber connects again.
    ///
    /// ```swift
    /// let clock = VirtualTimeScheduler()
    /// let token = VirtualTimer.publish(every: .seconds(1), on: clock).autoconnect().sink { print($0) }
    /// clock.advance(by: .seconds(2))
    /// // 1000ms
    /// // 2000ms
    /// ```
    public final class Autoconnect<Upstream: ConnectablePublisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public final let upstream: Upstream
        private var connection: (any Cancellable)?
        private var subscribers = 0

        public init(upstream: Upstream) { self.upstream = upstream }

        /// Whether to connect is read before subscribing, as Combine does: a subscriber that
        /// subscribes re-entrantly (from the first one's `receive(subscription:)`) connects,
        /// and so does the first on its return, the count starting again at one
        /// (OpenCombine's AutoconnectTests.testReentranceWhenConnecting, run against Apple's).
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let connected = connection != nil
            upstream.subscribe(Inner(parent: self, downstream: subscriber))
            if connected {
                subscribers += 1
            } else {
                subscribers = 1
                connection = upstream.connect()
            }
        }

        /// A completion does not count: only cancels disconnect, as in Combine.
        fileprivate func subscriberCancelled() {
            guard subscribers > 0 else { return }
            subscribers -= 1
            guard subscribers == 0, let connection else { return }
            self.connection = nil
            connection.cancel()
        }
    }
}

extension Publishers.Autoconnect {
    /// Passes everything through; wraps the subscription to see the cancel.
    struct Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible, CustomReflectable,
        CustomPlaygroundDisplayConvertible
    where Downstream.Input == Output, Downstream.Failure == Failure {
        let parent: Publishers.Autoconnect<Upstream>
        let downstream: Downstream
        var description: String { "Autoconnect" }
        var customMirror: Mirror { Mirror(self, children: ["parent": parent, "downstream": downstream]) }
        var playgroundDescription: Any { description }
        // Stands for the subscriber it wraps (a struct has no identity of its own).
        var combineIdentifier: CombineIdentifier { downstream.combineIdentifier }

        func receive(subscription: any Subscription) {
            downstream.receive(subscription: Watched(parent: parent, upstream: subscription))
        }

        func receive(_ input: Output) -> Subscribers.Demand { downstream.receive(input) }
        func receive(completion: Subscribers.Completion<Failure>) { downstream.receive(completion: completion) }
    }

    /// The upstream's subscription, named as it is and with its identity, as Combine's
    /// wrapper is; its first cancel lowers the count.
    final class Watched: Subscription, CustomPlaygroundDisplayConvertible {
        private let parent: Publishers.Autoconnect<Upstream>
        private let upstream: any Subscription
        private var counted = true

        init(parent: Publishers.Autoconnect<Upstream>, upstream: any Subscription) {
            self.parent = parent
            self.upstream = upstream
        }

        var description: String { upstream.description }
        var playgroundDescription: Any { description }
        var combineIdentifier: CombineIdentifier { upstream.combineIdentifier }

        func request(_ demand: Subscribers.Demand) { upstream.request(demand) }

        /// Every cancel reaches the upstream (as in Combine); only the first is counted.
        func cancel() {
            if counted {
                counted = false
                parent.subscriberCancelled()
            }
            upstream.cancel()
        }
    }
}
