import TaplineReactive

/// A publisher held as a value: what `Just(1)`, a chain stored with `let` or a func's result
/// is. Subscribing to it subscribes to the publisher it holds, as in Combine: a cold one
/// (`Just`, a sequence) starts afresh for each subscriber.
public final class PublisherValue: Equatable {
    /// The publisher, or less where that is all it is: `Just(x)`'s x, `Deferred { … }`'s body,
    /// `Future { … }` not yet erased.
    /// These are made into the publisher each time it is subscribed to, and `flatMap` and
    /// `switchToLatest` take them without subscribing (`Compiler.innerShortcut`), so a `Just`
    /// made for every value allocates nothing but this object.
    let held: Held
    /// Its Output and Failure, as far as the compiler knew them.
    let output: SType
    let failure: SType
    /// How Swift describes it when printed, made when it is printed: a publisher made for
    /// every value (`flatMap { Just($0) }`) is seldom shown.
    private let describe: (() -> String)?
    /// What it can be sent, when it is a subject made inside a func or closure.
    let subject: SubjectHandle?

    enum Held {
        case stream(AnyPublisher<Value, ScriptFailure>)
        /// A `Just`'s output, and the type Swift names it by (`Just<Int>`).
        case just(Value, named: String)
        /// A `Deferred`'s body, and the frame around it where it was made.
        case deferred(DeferredBody, parent: Frame?)
        /// A Future, and how Swift prints it.
        case future(Future<Value, ScriptFailure>, description: String)
    }

    init(_ stream: AnyPublisher<Value, ScriptFailure>, output: SType, failure: SType, description: String? = nil,
         subject: SubjectHandle? = nil) {
        self.held = .stream(stream)
        self.output = output
        self.failure = failure
        self.describe = description.map { text in { text } }
        self.subject = subject
    }

    /// One whose description is made from what its arguments were (`Just<Int>(output: 1)`).
    init(_ stream: AnyPublisher<Value, ScriptFailure>, output: SType, failure: SType, describe: (() -> String)?) {
        self.held = .stream(stream)
        self.output = output
        self.failure = failure
        self.describe = describe
        self.subject = nil
    }

    /// One held as less than a stream (`Held`): `Just(x)`'s output, `Deferred`'s body, a Future.
    init(_ held: Held, output: SType, failure: SType) {
        self.held = held
        self.output = output
        self.failure = failure
        self.describe = nil
        self.subject = nil
    }

    /// The publisher it holds.
    var stream: AnyPublisher<Value, ScriptFailure> {
        switch held {
        case .stream(let stream): stream
        case .just(let output, _): TypedJust<Value, ScriptFailure>(output).eraseToAnyPublisher()
        case .deferred(let body, let parent): body.stream(in: parent)
        case .future(let future, _): future.eraseToAnyPublisher()
        }
    }

    /// x, when it is `Just(x)`.
    var justOutput: Value? {
        guard case .just(let output, _) = held else { return nil }
        return output
    }

    /// How Swift describes it when printed: `Just<Int>(output: 1)`, `AnyPublisher<Int, Never>`.
    var description: String {
        switch held {
        case .just(let output, let name): return Self.justDescription(name, output)
        case .future(_, let description): return description
        case .stream, .deferred: return describe?() ?? SType.publisher(output: output, failure: failure).name
        }
    }

    /// How Swift prints `Just(output)` named `name`.
    static func justDescription(_ name: String, _ output: Value) -> String { "\(name)(output: \(output.debugDescription))" }

    /// Two publisher values are the same when they are the same publisher.
    public static func == (left: PublisherValue, right: PublisherValue) -> Bool { left === right }
}

/// A subject's side for senders: `send(_:)`, `send(completion:)` and, for a current value
/// subject, `value`.
final class SubjectHandle {
    let send: (Value) -> Void
    let complete: (Subscribers.Completion<ScriptFailure>) -> Void
    let read: (() -> Value)?

    init(_ subject: PassthroughSubject<Value, ScriptFailure>) {
        send = { subject.send($0) }
        complete = { subject.send(completion: $0) }
        read = nil
    }

    init(_ subject: CurrentValueSubject<Value, ScriptFailure>) {
        send = { subject.send($0) }
        complete = { subject.send(completion: $0) }
        read = { subject.value }
    }
}

/// A promise as a value: the `promise` a `Future`'s closure is given, called as
/// `promise(.success(value))` or `promise(.failure("message"))`. Only its first call counts.
/// A struct around the Future, not an object of its own: one is made for every Future.
public struct PromiseValue: Equatable {
    /// The Future it answers, held as Combine's promise holds it: a promise kept for later
    /// (by a scheduled action) keeps the Future alive.
    let future: Future<Value, ScriptFailure>

    init(_ future: Future<Value, ScriptFailure>) { self.future = future }

    func fulfill(_ result: Result<Value, ScriptFailure>) { future.fulfill(result) }

    /// Two promises are the same when they answer the same Future.
    public static func == (left: PromiseValue, right: PromiseValue) -> Bool { left.future === right.future }
}

/// A closure or a function as a value: what a parameter of function type holds, called as
/// `action()` or `transform(1)`. Its arguments come as an array; a closure that takes one
/// value gets a tuple spread over `$0, $1…` as a chain's closures do.
public final class FunctionValue: Equatable {
    let arity: Int
    let call: ([Value]) throws -> Value

    init(arity: Int, _ call: @escaping ([Value]) throws -> Value) {
        self.arity = arity
        self.call = call
    }

    public static func == (left: FunctionValue, right: FunctionValue) -> Bool { left === right }
}

/// An `AnyCancellable` held as a value: `var cancellable: AnyCancellable?`, a subscription
/// made inside a func or a closure, an element of a `Set<AnyCancellable>`. The token cancels
/// its subscription when this, its only holder, is let go (Swift's `AnyCancellable.deinit`),
/// so `cancellable = nil` cancels, and so does leaving the func that held it.
public final class CancellableValue: Equatable {
    let token: AnyCancellable
    /// The chain's text, for `:list` and messages.
    let chain: String

    init(_ token: AnyCancellable, chain: String) {
        self.token = token
        self.chain = chain
    }

    public static func == (left: CancellableValue, right: CancellableValue) -> Bool { left === right }
}
