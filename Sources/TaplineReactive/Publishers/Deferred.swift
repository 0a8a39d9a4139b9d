/// Makes a new publisher for each subscriber, when it subscribes.
///
/// ```swift
/// var made = 0
/// let fresh = Deferred { () -> Just<Int> in made += 1; return Just(made) }
/// fresh.sink { print($0) }   // 1
/// fresh.sink { print($0) }   // 2
/// ```
public struct Deferred<DeferredPublisher: Publisher>: Publisher {
    public typealias Output = DeferredPublisher.Output
    public typealias Failure = DeferredPublisher.Failure
    public let createPublisher: () -> DeferredPublisher

    public init(createPublisher: @escaping () -> DeferredPublisher) {
        self.createPublisher = createPublisher
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        createPublisher().subscribe(subscriber)
    }
}
