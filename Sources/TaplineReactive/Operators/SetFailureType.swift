extension Publishers {
    /// Gives a publisher that cannot fail a failure type, so it can be combined with ones that can.
    ///
    /// ```swift
    /// let taps = PassthroughSubject<Void, Never>()
    /// let typed: AnyPublisher<Void, MyError> = taps.setFailureType(to: MyError.self).eraseToAnyPublisher()
    /// ```
    public struct SetFailureType<Upstream: Publisher, Failure: Error>: Publisher where Upstream.Failure == Never {
        public typealias Output = Upstream.Output
        public let upstream: Upstream

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber))
        }
    }
}

extension Publisher where Failure == Never {
    /// Changes the (never used) failure type; the subscription keeps the upstream's name.
    public func setFailureType<E: Error>(to failureType: E.Type) -> Publishers.SetFailureType<Self, E> {
        Publishers.SetFailureType(upstream: self)
    }
}

extension Publishers.SetFailureType {
    final class Inner<Downstream: Subscriber>: Subscriber, Subscription
    where Downstream.Input == Output, Downstream.Failure == Failure {
        let downstream: Downstream
        var upstream = UpstreamLink()
        var upstreamName = ""

        init(downstream: Downstream) { self.downstream = downstream }

        var description: String { upstreamName }

        func receive(subscription: any Subscription) {
            guard upstream.accept(subscription) else { return }
            upstreamName = subscription.description
            downstream.receive(subscription: self)
        }

        func receive(_ input: Output) -> Subscribers.Demand {
            upstream.isEnded ? .none : downstream.receive(input)
        }

        func receive(completion: Subscribers.Completion<Never>) {
            guard !upstream.isEnded else { return }
            upstream.end()
            downstream.receive(completion: .finished)
        }

        func request(_ demand: Subscribers.Demand) { upstream.request(demand) }
        func cancel() { upstream.cancel() }
    }
}
