extension Publishers {
    /// Emits a sequence's elements as demand allows, then finishes.
    ///
    /// Its subscription prints as the sequence does, as in Combine:
    /// ```swift
    /// [1, 2, 3].publisher.print("s").sink { _ in }
    /// // s: receive subscription: ([1, 2, 3])
    /// // s: request unlimited
    /// // s: receive value: (1)
    /// // s: receive value: (2)
    /// // s: receive value: (3)
    /// // s: receive finished
    /// ```
    public struct Sequence<Elements: Swift.Sequence, Failure: Error>: Publisher {
        public typealias Output = Elements.Element
        public let sequence: Elements

        public init(sequence: Elements) { self.sequence = sequence }

        /// What the subscription calls itself, as Combine's does: a sequence that describes
        /// itself (`[1, 2]`, `1...9`) by that description, any other as `Sequence` (the Kodeco
        /// book's `allSatisfy` listing prints `receive subscription: (Sequence)` for a `stride`).
        static func name(of sequence: Elements) -> String {
            (sequence as? any CustomStringConvertible)?.description ?? "Sequence"
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            var iterator = sequence.makeIterator()
            guard let first = iterator.next() else {
                subscriber.receive(subscription: Subscriptions.empty)
                subscriber.receive(completion: .finished)
                return
            }
            let subscription = SequenceSubscription(
                name: Self.name(of: sequence), first: first, rest: iterator, downstream: subscriber)
            subscriber.receive(subscription: subscription)
        }
    }
}

extension Sequence {
    /// A publisher of this sequence's elements.
    public var publisher: Publishers.Sequence<Self, Never> { Publishers.Sequence(sequence: self) }
}

final class SequenceSubscription<Iterator: IteratorProtocol, S: Subscriber>: Subscription,
    CustomReflectable, CustomPlaygroundDisplayConvertible
where S.Input == Iterator.Element {
    private let name: String
    /// The element to send next, read ahead so that the last one is followed by the
    /// completion at once; nil once the sequence has run out. Its box is reused for each
    /// element (see `Boxed`), as is the subscriber's, held until it is finished or cancelled.
    private var next: Boxed<Iterator.Element>?
    private var rest: Iterator
    private var downstream: Boxed<S>?
    private var demand = Subscribers.Demand.none
    private var emitting = false

    init(name: String, first: Iterator.Element, rest: Iterator, downstream: S) {
        self.name = name
        self.next = Boxed(first)
        self.rest = rest
        self.downstream = Boxed(downstream)
    }

    /// The sequence's own description while it runs; `Sequence` once it has finished or been
    /// cancelled (as Combine names it then).
    var description: String { downstream == nil ? "Sequence" : name }
    var customMirror: Mirror { Mirror(self, children: ["sequence": description]) }
    var playgroundDescription: Any { description }

    func request(_ demand: Subscribers.Demand) {
        guard demand > 0, downstream != nil else { return }
        self.demand += demand
        // A request made from inside receive(_:) only raises the demand; the loop below serves it.
        guard !emitting else { return }
        emitting = true
        defer { emitting = false }
        while self.demand > 0, let downstream, let next {
            self.demand -= 1
            let value = next.value
            advance(next)
            let more = downstream.value.receive(value)
            self.demand += more
        }
        if next == nil, let downstream {
            self.downstream = nil
            downstream.value.receive(completion: .finished)
        }
    }

    /// Reads the element after the one in `box` into it, or notes the end.
    private func advance(_ box: Boxed<Iterator.Element>) {
        if let element = rest.next() { box.value = element } else { next = nil }
    }

    func cancel() { downstream = nil }
}
extension Publishers.Sequence: Equatable where Elements: Equatable {}
