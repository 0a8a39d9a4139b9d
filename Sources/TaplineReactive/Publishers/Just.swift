/// Emits one value on the first request, then finishes.
///
/// ```swift
/// Just("hi").print("j").sink { _ in }
/// // j: receive subscription: (Just)
/// // j: request unlimited
/// // j: receive value: (hi)
/// // j: receive finished
/// ```
public struct Just<Output>: Publisher {
    public typealias Failure = Never
    public let output: Output

    public init(_ output: Output) { self.output = output }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
        subscriber.receive(subscription: JustSubscription(output: output, downstream: subscriber))
    }
}

/// One value on the first request, then finished: the subscription of `Just`, and of
/// `Optional.Publisher` and `Result.Publisher` when they have a value (named as Combine
/// names each: "Just", "Optional", "Once").
final class JustSubscription<S: Subscriber>: Subscription, CustomReflectable, CustomPlaygroundDisplayConvertible {
    private var output: S.Input?
    private var downstream: S?
    let description: String

    init(output: S.Input, downstream: S, name: String = "Just") {
        self.output = output
        self.downstream = downstream
        description = name
    }

    var customMirror: Mirror { Mirror(self, unlabeledChildren: output.map { [$0] } ?? []) }
    var playgroundDescription: Any { description }

    func request(_ demand: Subscribers.Demand) {
        guard ContractViolation.check(demand > 0, "\(description): demand must be greater than zero") else { return }
        guard demand > 0, let downstream, let output else { return }
        self.downstream = nil
        self.output = nil
        _ = downstream.receive(output)
        downstream.receive(completion: .finished)
    }

    func cancel() {
        downstream = nil
        output = nil
    }
}

extension Just: Equatable where Output: Equatable {}
