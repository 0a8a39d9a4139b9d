/// Fails at once with the given error.
///
/// ```swift
/// struct Oops: Error {}
/// Fail<Int, Oops>(error: Oops()).sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
/// // failure(Oops())
/// ```
public struct Fail<Output, Failure: Error>: Publisher {
    public let error: Failure

    public init(error: Failure) { self.error = error }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscriber.receive(subscription: Subscriptions.empty)
        subscriber.receive(completion: .failure(error))
    }
}
