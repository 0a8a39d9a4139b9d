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

        public init(upstream: Upstream) { self.upstream = upstream }

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
    /// Only a subscriber, as in Combine: the upstream's subscription goes straight to the
    /// downstream, and every event is passed on (the upstream cannot fail). A class rather
    /// than Combine's struct: through type-erased stages the event path runs unspecialised,
    /// and copying a class reference is far cheaper than copying a nested generic struct.
    final class Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible, CustomReflectable,
        CustomPlaygroundDisplayConvertible
    where Downstream.Input == Output, Downstream.Failure == Failure {
        let downstream: Downstream

        init(downstream: Downstream) { self.downstream = downstream }

        var description: String { "SetFailureType" }
        var customMirror: Mirror { Mirror(self, children: [:]) }
        var playgroundDescription: Any { description }

        func receive(subscription: any Subscription) { downstream.receive(subscription: subscription) }
        func receive(_ input: Output) -> Subscribers.Demand { downstream.receive(input) }
        func receive(completion: Subscribers.Completion<Never>) { downstream.receive(completion: .finished) }
    }
}

extension Publishers.SetFailureType {
    /// A second `setFailureType` replaces the first, as in Combine (one stage, not two).
    public func setFailureType<E: Error>(to failureType: E.Type) -> Publishers.SetFailureType<Upstream, E> {
        Publishers.SetFailureType(upstream: upstream)
    }
}
