/// A type-erased subscriber: forwards each call to the subscriber it wraps, or to closures.
///
/// ```swift
/// let printer = AnySubscriber<Int, Never>(
///     receiveSubscription: { $0.request(.unlimited) },
///     receiveValue: { print($0); return .none })
/// Just(7).subscribe(printer)   // 7
/// ```
public struct AnySubscriber<Input, Failure: Error>: Subscriber, CustomStringConvertible, CustomReflectable,
    CustomPlaygroundDisplayConvertible {
    private let receiveSubscriptionBody: (any Subscription) -> Void
    private let receiveValueBody: (Input) -> Subscribers.Demand
    private let receiveCompletionBody: (Subscribers.Completion<Failure>) -> Void
    /// The wrapped subscriber, or for closures the text that stands for them: what the
    /// description prints and `dump` reflects, as Apple's does.
    private let wrapped: Any
    /// The wrapped subscriber's identity, or a fresh one for closures, as in Combine.
    public let combineIdentifier: CombineIdentifier

    public init<S: Subscriber>(_ subscriber: S) where S.Input == Input, S.Failure == Failure {
        receiveSubscriptionBody = subscriber.receive(subscription:)
        receiveValueBody = subscriber.receive(_:)
        receiveCompletionBody = subscriber.receive(completion:)
        wrapped = subscriber
        combineIdentifier = subscriber.combineIdentifier
    }

    public init(
        receiveSubscription: @escaping (any Subscription) -> Void = { _ in },
        receiveValue: @escaping (Input) -> Subscribers.Demand = { _ in .none },
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void = { _ in }
    ) {
        receiveSubscriptionBody = receiveSubscription
        receiveValueBody = receiveValue
        receiveCompletionBody = receiveCompletion
        wrapped = "Anonymous AnySubscriber"
        combineIdentifier = CombineIdentifier()
    }

    /// A subscriber that feeds `subject`, as Combine's `AnySubscriber(_: Subject)` does: the
    /// subject is given one subscription, named "Subject", that stands for the upstream's;
    /// each value is sent on (asking for nothing more: the subject asks itself) until the
    /// first completion, which is sent on too.
    public init<S: Subject>(_ subject: S) where S.Output == Input, S.Failure == Failure {
        self.init(SubjectSubscriber(subject))
    }

    public var description: String { String(describing: wrapped) }
    public var customMirror: Mirror { Mirror(reflecting: wrapped) }
    /// What a playground shows: the description.
    public var playgroundDescription: Any { description }
    public func receive(subscription: any Subscription) { receiveSubscriptionBody(subscription) }
    public func receive(_ input: Input) -> Subscribers.Demand { receiveValueBody(input) }
    public func receive(completion: Subscribers.Completion<Failure>) { receiveCompletionBody(completion) }
}
