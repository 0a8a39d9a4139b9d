/// Something that can be cancelled: a subscription, a sink, a scheduled action.
///
/// ```swift
/// let token = subject.sink { print($0) }
/// token.cancel()          // the sink receives nothing more
/// ```
public protocol Cancellable {
    func cancel()
}

/// The link between one publisher and one subscriber, through which the subscriber asks for values.
///
/// Its `description` is what `.print()` shows after `receive subscription:`
/// (`PassthroughSubject`, `Just`, …), as in Combine. Combine's protocol does not ask for
/// one, so a hand-written subscription gets its type's name by default.
public protocol Subscription: Cancellable, CustomCombineIdentifierConvertible, CustomStringConvertible {
    /// Asks for up to `demand` more values. Requesting `.none` is a contract violation (see `Contract`).
    func request(_ demand: Subscribers.Demand)
}

extension Subscription {
    /// The type's name, which is what Combine's `print` shows for a subscription that
    /// describes itself no other way. The core's own subscriptions give their own.
    public var description: String { "\(type(of: self))" }
}

/// Receives a subscription, then values (each returning how many more it wants), then at most one completion.
///
/// ```swift
/// final class Printer: Subscriber {
///     func receive(subscription: any Subscription) { subscription.request(.unlimited) }
///     func receive(_ input: Int) -> Subscribers.Demand { print(input); return .none }
///     func receive(completion: Subscribers.Completion<Never>) { print(completion) }
/// }
/// Just(1).subscribe(Printer())   // 1, then finished
/// ```
public protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
    associatedtype Input
    associatedtype Failure: Error
    func receive(subscription: any Subscription)
    func receive(_ input: Input) -> Subscribers.Demand
    func receive(completion: Subscribers.Completion<Failure>)
}

/// Something that hands values of `Output` to subscribers, then possibly a completion.
///
/// ```swift
/// [1, 2, 3].publisher.map { $0 * 10 }.sink { print($0) }   // 10, 20, 30
/// ```
public protocol Publisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error
    /// Attaches `subscriber`; the publisher must then call its `receive(subscription:)`.
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
}

extension Publisher {
    /// Attaches `subscriber` to this publisher (Combine's spelling of `receive(subscriber:)`).
    @inlinable
    public func subscribe<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
        receive(subscriber: subscriber)
    }
}

/// A publisher you can push values into.
///
/// ```swift
/// let subject = PassthroughSubject<String, Never>()
/// subject.sink { print($0) }.store(in: &bag)
/// subject.send("a")        // a
/// ```
public protocol Subject<Output, Failure>: AnyObject, Publisher {
    func send(_ value: Output)
    func send(completion: Subscribers.Completion<Failure>)
    /// Lets the subject act as a subscriber to another publisher: it requests unlimited.
    func send(subscription: any Subscription)
}

extension Subject where Output == Void {
    /// Sends `()`, as a button's tap publisher does.
    public func send() { send(()) }
}

extension Subscriptions {
    /// A subscription that does nothing, handed to a subscriber that is then completed at once.
    ///
    /// ```swift
    /// print(Subscriptions.empty)   // Empty
    /// ```
    public static var empty: any Subscription { EmptySubscription.shared }
}

/// Also what an operator that ended before it could hand over its subscription hands over
/// instead, under its own name (`Junction.start`): it holds nothing, as the ended operator
/// would do nothing with a request or a cancel.
struct EmptySubscription: Subscription, CustomReflectable, CustomPlaygroundDisplayConvertible {
    let description: String
    init(_ description: String = "Empty") { self.description = description }
    // Each one is new, but `Subscriptions.empty` is one instance, as Apple's is.
    let combineIdentifier = CombineIdentifier()
    static let shared = EmptySubscription()
    var customMirror: Mirror { Mirror(self, children: [:]) }
    var playgroundDescription: Any { description }
    func request(_ demand: Subscribers.Demand) {}
    func cancel() {}
}
