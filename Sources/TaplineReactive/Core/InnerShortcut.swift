/// Package API for a host whose inner publishers can be values known before anything
/// subscribes to them (the Tapline language's `Just(x)`, `Deferred { Just(x) }`, a Future
/// whose promise was kept): how `flatMap` and `switchToLatest` take such a value without
/// subscribing.
///
/// It is given an inner publisher, a function that delivers one value as that inner's
/// subscription would, and one that subscribes the stage to a publisher in the inner's place.
/// When it can tell what subscribing to the inner would do, it does that with the two
/// functions, inside whatever the host wraps a subscription in, and returns true: it delivers
/// a `Just`'s value or a kept Future's, or nothing where the host would not have subscribed;
/// it runs a `Deferred`'s body and takes or subscribes to what that made. Otherwise it
/// returns false and the stage subscribes as always. A stage asks only when the inner would
/// be asked for its value at once, so nothing downstream can tell the two apart: such a
/// subscription has no other effect, and its name is printed only by stages inside the
/// inner, which make it a publisher of another kind.
package typealias InnerShortcut<Inner, Output> = (Inner, _ deliver: (Output) -> Void, _ subscribe: (Inner) -> Void) -> Bool

/// What a stage holds as the subscription of an inner taken by an `InnerShortcut` while its
/// value is delivered: a `Just`'s once it has sent, which a request or a cancel leaves as it is.
final class SpentSubscription: Subscription, Sendable {
    static let shared = SpentSubscription()

    func request(_ demand: Subscribers.Demand) {}
    func cancel() {}
}
