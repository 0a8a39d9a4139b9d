/// A subject that broadcasts each value to the subscribers that have demand at that moment.
///
/// A value sent with no subscriber, or to a subscriber with no demand, is dropped. After
/// completion `send` is ignored, and a late subscriber receives the completion at once.
///
/// ```swift
/// let taps = PassthroughSubject<String, Never>()
/// taps.send("lost")                          // nobody is listening: dropped
/// let token = taps.sink { print($0) }
/// taps.send("a")                             // a
/// ```
public final class PassthroughSubject<Output, Failure: Error>: Subject {
    private let core = Broadcast<Output, Failure>(name: "PassthroughSubject")

    public init() {}

    /// A released subject cancels the subscriptions it was given with `send(subscription:)`.
    deinit { core.cancelUpstreams() }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        core.attach(subscriber, current: nil)
    }

    public func send(_ value: Output) { core.send(value) }
    public func send(completion: Subscribers.Completion<Failure>) { core.send(completion: completion) }
    public func send(subscription: any Subscription) { core.adopt(subscription) }

    /// Not in Combine: lets go of every subscriber without telling it, for a host whose
    /// session has ended (see `Broadcast.releaseAll`).
    public func releaseAllSubscribers() { core.releaseAll() }
}

extension PassthroughSubject {
    /// Bounds re-entrant sends into this subject (see `FeedbackGuard`).
    public var feedback: FeedbackGuard { core.feedback }
    /// How many subscribers are attached now.
    public var subscriberCount: Int { core.subscriberCount }
    /// How the subject ended, once it has.
    public var completion: Subscribers.Completion<Failure>? { core.completion }
    /// Told what the subject is sent and drops, for traces and diagrams (not in Combine).
    public var monitor: SubjectMonitor<Output, Failure>? {
        get { core.monitor }
        set { core.monitor = newValue }
    }
}
