/// A type-erased publisher, so a chain's concrete type need not be spelled out.
///
/// ```swift
/// let numbers: AnyPublisher<Int, Never> = [1, 2].publisher.map { $0 + 1 }.eraseToAnyPublisher()
/// numbers.sink { print($0) }   // 2, 3
/// ```
public struct AnyPublisher<Output, Failure: Error>: Publisher {
    private let box: PublisherBoxBase<Output, Failure>

    public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
        if let erased = publisher as? AnyPublisher<Output, Failure> {
            box = erased.box
        } else {
            box = PublisherBox(publisher)
        }
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        box.receive(subscriber: subscriber)
    }
}

extension Publisher {
    /// Hides this publisher's concrete type.
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> { AnyPublisher(self) }
}

// A class box keeps the subscriber's concrete type (no AnySubscriber on the event path).
class PublisherBoxBase<Output, Failure: Error> {
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        fatalError("abstract")
    }
}

final class PublisherBox<P: Publisher>: PublisherBoxBase<P.Output, P.Failure> {
    let publisher: P
    init(_ publisher: P) { self.publisher = publisher }
    override func receive<S: Subscriber>(subscriber: S) where S.Input == P.Output, S.Failure == P.Failure {
        publisher.receive(subscriber: subscriber)
    }
}

/// An erased publisher describes itself as "AnyPublisher", in a playground too, as Combine's does.
extension AnyPublisher: CustomStringConvertible, CustomPlaygroundDisplayConvertible {
    public var description: String { "AnyPublisher" }
    public var playgroundDescription: Any { description }
}
