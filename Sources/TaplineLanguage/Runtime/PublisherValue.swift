import TaplineReactive

/// A publisher held as a value: what `Just(1)`, a chain stored with `let` or a func's result
/// is. Subscribing to it subscribes to the publisher it holds, as in Combine: a cold one
/// (`Just`, a sequence) starts afresh for each subscriber.
public final class PublisherValue: Equatable {
    let stream: AnyPublisher<Value, ScriptFailure>
    /// Its Output and Failure, as far as the compiler knew them.
    let output: SType
    let failure: SType
    /// How Swift describes it when printed: `Just<Int>(output: 1)`, `AnyPublisher<Int, Never>`.
    let description: String

    init(_ stream: AnyPublisher<Value, ScriptFailure>, output: SType, failure: SType, description: String? = nil) {
        self.stream = stream
        self.output = output
        self.failure = failure
        self.description = description ?? SType.publisher(output: output, failure: failure).name
    }

    /// Two publisher values are the same when they are the same publisher.
    public static func == (left: PublisherValue, right: PublisherValue) -> Bool { left === right }
}

/// A promise as a value: the `promise` a `Future`'s closure is given, called as
/// `promise(.success(value))` or `promise(.failure("message"))`. Only its first call counts.
public final class PromiseValue: Equatable {
    let fulfill: (Result<Value, ScriptFailure>) -> Void

    init(_ fulfill: @escaping (Result<Value, ScriptFailure>) -> Void) { self.fulfill = fulfill }

    public static func == (left: PromiseValue, right: PromiseValue) -> Bool { left === right }
}
