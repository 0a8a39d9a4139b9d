extension Result {
    /// A publisher of this result: the success's value and then finished, or the failure at
    /// once (Combine's `Result.Publisher`).
    ///
    /// ```swift
    /// Result<Int, TestError>.success(1).publisher.sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    /// // 1
    /// // finished
    /// ```
    public var publisher: Publisher { Publisher(self) }

    /// Combine's `Result.Publisher`. A success is sent on the first request by a
    /// subscription named "Once" (the publisher's old name in Combine); a failure goes at
    /// once, after `Subscriptions.empty`, whatever the demand.
    public struct Publisher: TaplineReactive.Publisher {
        public typealias Output = Success
        public let result: Result<Success, Failure>

        public init(_ result: Result<Success, Failure>) { self.result = result }
        public init(_ output: Success) { result = .success(output) }
        public init(_ failure: Failure) { result = .failure(failure) }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Success, S.Failure == Failure {
            switch result {
            case .success(let output):
                subscriber.receive(subscription: JustSubscription(output: output, downstream: subscriber, name: "Once"))
            case .failure(let error):
                subscriber.receive(subscription: Subscriptions.empty)
                subscriber.receive(completion: .failure(error))
            }
        }
    }
}

extension Result.Publisher: Equatable where Success: Equatable, Failure: Equatable {}
