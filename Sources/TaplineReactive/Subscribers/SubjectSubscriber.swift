extension Publisher {
    /// Subscribes `subject` to this publisher: the subject re-sends every value and the
    /// completion to its own subscribers (Combine's `subscribe(_:)` for subjects). The
    /// result cancels the subscription, and does so when it is released.
    ///
    /// ```swift
    /// let subject = PassthroughSubject<Int, Never>()
    /// let token = subject.sink { print($0) }
    /// let link = [1, 2].publisher.subscribe(subject)
    /// // 1
    /// // 2
    /// ```
    public func subscribe<S: Subject>(_ subject: S) -> AnyCancellable
    where S.Output == Output, S.Failure == Failure {
        let subscriber = SubjectSubscriber(subject)
        subscribe(subscriber)
        return AnyCancellable(subscriber)
    }
}

/// Stands between a publisher and a subject. It holds the subject weakly, as Combine's does:
/// a subscription must not keep alive the subject that its own subscribers hang on to
/// (OpenCombine's MulticastTests.testDeallocateConnectedMulticastBeforeCancelling).
final class SubjectSubscriber<Downstream: Subject>: Subscriber, Subscription, CustomReflectable,
    CustomPlaygroundDisplayConvertible {
    private weak var subject: Downstream?
    private var upstream: (any Subscription)?

    init(_ subject: Downstream) { self.subject = subject }

    var description: String { "Subject" }
    var customMirror: Mirror { Mirror(self, children: ["downstreamSubject": subject as Any]) }
    var playgroundDescription: Any { description }

    func receive(subscription: any Subscription) {
        guard upstream == nil, let subject else {
            subscription.cancel()
            return
        }
        upstream = subscription
        subject.send(subscription: self)
    }

    func receive(_ input: Downstream.Output) -> Subscribers.Demand {
        guard upstream != nil, let subject else { return .none }
        subject.send(input)
        return .none
    }

    /// After the completion the subject is let go, so nothing more reaches it.
    func receive(completion: Subscribers.Completion<Downstream.Failure>) {
        guard upstream != nil, let subject else { return }
        self.subject = nil
        subject.send(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) { upstream?.request(demand) }

    /// Does nothing once the subject is gone (completed, or released), as in Combine: a
    /// cancel after the completion does not reach the finished upstream.
    func cancel() {
        guard subject != nil, let current = upstream else { return }
        subject = nil
        upstream = nil
        current.cancel()
    }
}
