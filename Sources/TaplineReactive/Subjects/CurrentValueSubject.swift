/// A subject that holds a current value and gives it to each new subscriber.
///
/// The current value is delivered on a subscriber's first request and uses one unit of
/// its demand; values sent while its demand is zero collapse to the latest, delivered on
/// its next request. `value = x` stores first, then sends.
///
/// ```swift
/// let count = CurrentValueSubject<Int, Never>(1)
/// let token = count.sink { print($0) }      // 1
/// count.value = 2                           // 2
/// ```
public final class CurrentValueSubject<Output, Failure: Error>: Subject {
    private let core = Broadcast<Output, Failure>(name: "CurrentValueSubject", adoptsAtOnce: true, replays: true)
    private var stored: Output

    public init(_ value: Output) { stored = value }

    /// A released subject cancels the subscriptions it was given with `send(subscription:)`.
    deinit { core.cancelUpstreams() }

    /// The current value; setting it stores the new value (even after completion, as in
    /// Combine) and sends it (unless the subject has completed).
    public var value: Output {
        get { stored }
        set {
            stored = newValue
            core.send(newValue)
        }
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        // Held by the conduit until the stream ends, as Combine's conduit holds its subject.
        core.attach(subscriber, current: { self.stored })
    }

    public func send(_ value: Output) {
        guard !core.hasCompleted else { return core.droppedAfterCompletion(value) }
        stored = value
        core.send(value)
    }

    public func send(completion: Subscribers.Completion<Failure>) { core.send(completion: completion) }
    public func send(subscription: any Subscription) { core.adopt(subscription) }

    /// Not in Combine: lets go of every subscriber without telling it, for a host whose
    /// session has ended (see `Broadcast.releaseAll`).
    public func releaseAllSubscribers() { core.releaseAll() }
}

extension CurrentValueSubject {
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
