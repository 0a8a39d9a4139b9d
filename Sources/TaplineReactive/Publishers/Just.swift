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

/// Package API for a host that gives every publisher one failure type (the Tapline language):
/// `Just(output)` whose subscriber's failure type is `Failure`. It sends what
/// `Just(output).setFailureType(to: Failure.self)` sends, and its subscription is named
/// "Just" as that one's is, with one stage less between the value and the subscriber.
package struct TypedJust<Output, Failure: Error>: Publisher {
    package let output: Output

    package init(_ output: Output) { self.output = output }

    package func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscriber.receive(subscription: JustSubscription(output: output, downstream: subscriber))
    }
}

/// One value on the first request, then finished: the subscription of `Just`, and of
/// `Optional.Publisher` and `Result.Publisher` when they have a value (named as Combine
/// names each: "Just", "Optional", "Once").
final class JustSubscription<S: Subscriber>: Subscription, CustomReflectable, CustomPlaygroundDisplayConvertible {
    /// The value and the subscriber, until the value is sent or the subscription cancelled.
    /// Held in a class: an optional reference has one layout for every subscriber type, where
    /// an optional `S` or `S.Input` makes unspecialised code look up its metadata at each use.
    private var pending: Pending?
    let description: String

    private final class Pending {
        let output: S.Input
        let downstream: S

        init(output: S.Input, downstream: S) {
            self.output = output
            self.downstream = downstream
        }
    }

    init(output: S.Input, downstream: S, name: String = "Just") {
        pending = Pending(output: output, downstream: downstream)
        description = name
    }

    var customMirror: Mirror { Mirror(self, unlabeledChildren: pending.map { [$0.output] } ?? []) }
    var playgroundDescription: Any { description }

    func request(_ demand: Subscribers.Demand) {
        guard ContractViolation.check(demand > 0, "\(description): demand must be greater than zero") else { return }
        guard demand > 0, let pending else { return }
        self.pending = nil
        _ = pending.downstream.receive(pending.output)
        pending.downstream.receive(completion: .finished)
    }

    func cancel() { pending = nil }
}

extension Just: Equatable where Output: Equatable {}
