import TaplineReactive

// The run-time objects behind declarations. The compiler makes each when it compiles the
// declaration, and compiled code holds it directly, so nothing is looked up by name at run time.

/// `button NAME`: its title, its action, and the tap publisher (`NAME.tap`, Failure `Never`).
final class ButtonBox {
    let tap = PassthroughSubject<Value, Never>()
    var title: String = ""
    var action: Body?
}

/// `subscriber NAME(demand:)`: the custom subscriber, made when the declaration runs.
final class SubscriberBox {
    var subscriber: Subscribers.Custom<Value, ScriptFailure>?
    /// A subscriber takes one subscription; a second `.subscribe(NAME)` is an error.
    var isAttached = false
}

/// `func NAME()`: its body and the size of the frame each call gets.
final class FunctionBox {
    var body: Action?
    var frameSize = 0
}

/// `let NAME = chain` without a subscriber: the publisher, built once.
final class StreamBox {
    var publisher: AnyPublisher<Value, ScriptFailure>?
    let chain: SourceText

    init(chain: SourceText) { self.chain = chain }
}

/// `let NAME = chain.sink { … }`: the subscription, cancelled by `cancel NAME`.
final class SubscriptionBox {
    var token: AnyCancellable?
    let chain: SourceText

    init(chain: SourceText) { self.chain = chain }
}
