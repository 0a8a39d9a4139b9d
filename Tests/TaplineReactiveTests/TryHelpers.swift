import TaplineReactive

/// What a try-closure throws in the tests; prints as `thrown`.
struct Thrown: Error, Equatable, CustomStringConvertible {
    var description: String { "thrown" }
}

/// A failure of type `any Error`, recorded by what it prints (`oops` from the upstream's
/// `TestError`, `thrown` from a try-closure), so that histories can be compared.
struct ErrorName: Error, Equatable, CustomStringConvertible {
    let description: String
    static let oops = ErrorName(description: "oops")
    static let thrown = ErrorName(description: "thrown")
}

typealias TryRecorder<Input: Equatable> = Recorder<Input, ErrorName>

/// Lets a `Recorder` subscribe to a try-variant (whose `Failure` is `any Error`): it hands
/// the subscription straight on (the recorder sees the operator's own), and names the failure.
struct NamingFailures<Input: Equatable>: Subscriber {
    typealias Failure = any Error
    let recorder: TryRecorder<Input>
    // A struct subscriber names an identity, as in Combine: the recorder's it stands for.
    var combineIdentifier: CombineIdentifier { recorder.combineIdentifier }

    init(_ recorder: TryRecorder<Input>) { self.recorder = recorder }

    func receive(subscription: any Subscription) { recorder.receive(subscription: subscription) }
    func receive(_ input: Input) -> Subscribers.Demand { recorder.receive(input) }
    func receive(completion: Subscribers.Completion<any Error>) {
        switch completion {
        case .finished: recorder.receive(completion: .finished)
        case .failure(let error): recorder.receive(completion: .failure(ErrorName(description: "\(error)")))
        }
    }
}

extension Publisher where Failure == any Error {
    /// Subscribes `recorder` through `NamingFailures`.
    func subscribe<Value: Equatable>(_ recorder: TryRecorder<Value>) where Output == Value {
        subscribe(NamingFailures(recorder))
    }

    /// Brings a try-variant back to the contract table's `TestError` failure, passing the
    /// subscription straight through so the operator under test is what the recorder sees.
    func failingAsTestError() -> AnyPublisher<Output, TestError> {
        AsTestError(upstream: self).eraseToAnyPublisher()
    }
}

private struct AsTestError<Upstream: Publisher>: Publisher where Upstream.Failure == any Error {
    typealias Output = Upstream.Output
    typealias Failure = TestError
    let upstream: Upstream

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == TestError {
        upstream.subscribe(Inner(downstream: subscriber))
    }

    struct Inner<Downstream: Subscriber>: Subscriber where Downstream.Input == Output, Downstream.Failure == TestError {
        typealias Input = Output
        typealias Failure = any Error
        let downstream: Downstream
        // A struct subscriber names an identity, as in Combine: the one it forwards to.
        var combineIdentifier: CombineIdentifier { downstream.combineIdentifier }

        func receive(subscription: any Subscription) { downstream.receive(subscription: subscription) }
        func receive(_ input: Output) -> Subscribers.Demand { downstream.receive(input) }
        func receive(completion: Subscribers.Completion<any Error>) {
            switch completion {
            case .finished: downstream.receive(completion: .finished)
            case .failure: downstream.receive(completion: .failure(TestError()))
            }
        }
    }
}
