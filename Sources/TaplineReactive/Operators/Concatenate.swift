extension Publishers {
    /// Sends every value of `prefix`, then, once it finishes, every value of `suffix`.
    /// `append` and `prepend` make one, with a publisher or with values.
    ///
    /// ```swift
    /// Just(1).append(2, 3).prepend(Just(0)).sink { print($0) }
    /// // 0
    /// // 1
    /// // 2
    /// // 3
    /// ```
    public struct Concatenate<Prefix: Publisher, Suffix: Publisher>: Publisher
    where Prefix.Output == Suffix.Output, Prefix.Failure == Suffix.Failure {
        public typealias Output = Suffix.Output
        public typealias Failure = Suffix.Failure
        public let prefix: Prefix
        public let suffix: Suffix

        public init(prefix: Prefix, suffix: Suffix) {
            self.prefix = prefix
            self.suffix = suffix
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            prefix.subscribe(ConcatenateSubscription(downstream: subscriber, suffix: suffix).prefixSide)
        }
    }
}

extension Publisher {
    /// Sends `elements` after this publisher finishes.
    public func append(_ elements: Output...) -> Publishers.Concatenate<Self, Publishers.Sequence<[Output], Failure>> {
        append(Publishers.Sequence(sequence: elements))
    }

    /// Sends the elements of `elements` after this publisher finishes.
    public func append<S: Swift.Sequence>(_ elements: S) -> Publishers.Concatenate<Self, Publishers.Sequence<S, Failure>>
    where Output == S.Element {
        append(Publishers.Sequence(sequence: elements))
    }

    /// Subscribes to `publisher` once this one finishes, and sends its values.
    public func append<P: Publisher>(_ publisher: P) -> Publishers.Concatenate<Self, P>
    where P.Failure == Failure, P.Output == Output {
        Publishers.Concatenate(prefix: self, suffix: publisher)
    }

    /// Sends `elements` before this publisher's values.
    public func prepend(_ elements: Output...) -> Publishers.Concatenate<Publishers.Sequence<[Output], Failure>, Self> {
        prepend(Publishers.Sequence(sequence: elements))
    }

    /// Sends the elements of `elements` before this publisher's values.
    public func prepend<S: Swift.Sequence>(_ elements: S) -> Publishers.Concatenate<Publishers.Sequence<S, Failure>, Self>
    where Output == S.Element {
        prepend(Publishers.Sequence(sequence: elements))
    }

    /// Sends `publisher`'s values, then, once it finishes, subscribes to this one.
    public func prepend<P: Publisher>(_ publisher: P) -> Publishers.Concatenate<P, Self>
    where P.Failure == Failure, P.Output == Output {
        Publishers.Concatenate(prefix: publisher, suffix: self)
    }
}

/// The downstream's one subscription across both publishers. As in Combine, the downstream
/// gets it when the prefix subscribes; its requests go to whichever publisher is current;
/// the suffix is subscribed to when the prefix finishes, and asked then for the demand not
/// yet met. A prefix value that finds no demand is dropped.
final class ConcatenateSubscription<Suffix: Publisher, Downstream: Subscriber>: Subscription,
    CustomReflectable, CustomPlaygroundDisplayConvertible
where Downstream.Input == Suffix.Output, Downstream.Failure == Suffix.Failure {
    typealias Output = Suffix.Output
    typealias Failure = Suffix.Failure

    private let downstream: Downstream
    private var suffix: Suffix?
    private var prefixLink = UpstreamLink()
    private var suffixLink = UpstreamLink()
    private var pending = Subscribers.Demand.none

    init(downstream: Downstream, suffix: Suffix) {
        self.downstream = downstream
        self.suffix = suffix
    }

    var description: String { "Concatenate" }
    var customMirror: Mirror { Mirror(self, children: [:]) }
    var playgroundDescription: Any { description }

    var prefixSide: Side { Side(owner: self, isPrefix: true) }

    /// A request for nothing still goes to the prefix, as Combine's does
    /// (ConcatenateTests.testBackpressure); the suffix is asked only for real demand.
    func request(_ demand: Subscribers.Demand) {
        pending += demand
        if prefixLink.isActive { prefixLink.requestAsIs(demand) } else { suffixLink.request(demand) }
    }

    func cancel() {
        // Let go of the suffix too: it may hold resources (Combine releases it here).
        suffix = nil
        let current = prefixLink.detach() ?? suffixLink.detach()
        prefixLink.end()
        suffixLink.end()
        current?.cancel()
    }

    fileprivate func prefixReceive(subscription: any Subscription) {
        guard prefixLink.accept(subscription) else { return }
        downstream.receive(subscription: self)
    }

    fileprivate func prefixReceive(_ input: Output) -> Subscribers.Demand {
        guard prefixLink.isActive, pending > 0 else { return .none }
        pending -= 1
        let more = downstream.receive(input)
        pending += more
        return more
    }

    fileprivate func prefixReceive(completion: Subscribers.Completion<Failure>) {
        guard prefixLink.isActive else { return }
        prefixLink.end()
        switch completion {
        case .finished:
            let next = suffix
            suffix = nil
            next?.subscribe(Side(owner: self, isPrefix: false))
        case .failure:
            // The suffix will never be subscribed to: let it go now.
            suffix = nil
            suffixLink.end()
            downstream.receive(completion: completion)
        }
    }

    fileprivate func suffixReceive(subscription: any Subscription) {
        guard suffixLink.accept(subscription) else { return }
        suffixLink.request(pending)
    }

    fileprivate func suffixReceive(_ input: Output) -> Subscribers.Demand {
        guard suffixLink.isActive else { return .none }
        return downstream.receive(input)
    }

    fileprivate func suffixReceive(completion: Subscribers.Completion<Failure>) {
        guard suffixLink.isActive else { return }
        suffixLink.end()
        downstream.receive(completion: completion)
    }

    /// The subscriber given to the prefix or to the suffix; both feed the one subscription.
    struct Side: Subscriber, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
        typealias Input = Output
        let owner: ConcatenateSubscription
        let isPrefix: Bool
        // A struct has no identity of its own: it stands for the object it forwards to, as Combine's inner subscribers do.
        var combineIdentifier: CombineIdentifier { CombineIdentifier(owner) }

        var description: String { owner.description }
        var customMirror: Mirror { owner.customMirror }
        var playgroundDescription: Any { owner.playgroundDescription }

        func receive(subscription: any Subscription) {
            if isPrefix { owner.prefixReceive(subscription: subscription) } else { owner.suffixReceive(subscription: subscription) }
        }

        func receive(_ input: Output) -> Subscribers.Demand {
            isPrefix ? owner.prefixReceive(input) : owner.suffixReceive(input)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            if isPrefix { owner.prefixReceive(completion: completion) } else { owner.suffixReceive(completion: completion) }
        }
    }
}

/// Combine's own overloads for a sequence publisher over a collection that can grow: the
/// result is again a `Publishers.Sequence` (so `print` shows the joined values, not
/// `Concatenate`), with the same values in the same order.
extension Publishers.Sequence where Elements: RangeReplaceableCollection {
    public func append(_ elements: Output...) -> Publishers.Sequence<Elements, Failure> {
        append(elements)
    }

    public func append<S: Swift.Sequence>(_ elements: S) -> Publishers.Sequence<Elements, Failure>
    where Elements.Element == S.Element {
        var joined = sequence
        joined.append(contentsOf: elements)
        return Publishers.Sequence(sequence: joined)
    }

    public func append(_ publisher: Publishers.Sequence<Elements, Failure>) -> Publishers.Sequence<Elements, Failure> {
        append(publisher.sequence)
    }

    public func prepend(_ elements: Output...) -> Publishers.Sequence<Elements, Failure> {
        prepend(elements)
    }

    public func prepend<S: Swift.Sequence>(_ elements: S) -> Publishers.Sequence<Elements, Failure>
    where Elements.Element == S.Element {
        var joined = Elements(elements)
        joined.append(contentsOf: sequence)
        return Publishers.Sequence(sequence: joined)
    }

    public func prepend(_ publisher: Publishers.Sequence<Elements, Failure>) -> Publishers.Sequence<Elements, Failure> {
        prepend(publisher.sequence)
    }
}
