extension Publishers {
    /// Drops every value and passes on only the completion.
    ///
    /// ```swift
    /// [1, 2, 3].publisher.ignoreOutput()
    ///     .sink(receiveCompletion: { print($0) }, receiveValue: { _ in })
    /// // finished
    /// ```
    public struct IgnoreOutput<Upstream: Publisher>: Publisher {
        public typealias Output = Never
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream

        public init(upstream: Upstream) { self.upstream = upstream }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Never, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber))
        }
    }
}

extension Publisher {
    /// Ignores every value; the completion (finished or failure) is passed on.
    public func ignoreOutput() -> Publishers.IgnoreOutput<Self> {
        Publishers.IgnoreOutput(upstream: self)
    }
}

extension Publishers.IgnoreOutput {
    /// Only a subscriber, as in Combine: it hands the upstream's own subscription to the
    /// downstream (whose requests then go straight upstream, and mean nothing since no value
    /// comes), then asks it for unlimited itself. It keeps no state, so everything is passed
    /// on, a second subscription too.
    final class Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible, CustomReflectable,
        CustomPlaygroundDisplayConvertible
    where Downstream.Input == Never, Downstream.Failure == Failure {
        let downstream: Downstream

        init(downstream: Downstream) { self.downstream = downstream }

        var description: String { "IgnoreOutput" }
        var customMirror: Mirror { Mirror(self, children: [:]) }
        var playgroundDescription: Any { description }

        func receive(subscription: any Subscription) {
            downstream.receive(subscription: subscription)
            subscription.request(.unlimited)
        }

        func receive(_ input: Upstream.Output) -> Subscribers.Demand { .none }

        func receive(completion: Subscribers.Completion<Failure>) {
            downstream.receive(completion: completion)
        }
    }
}
