extension Publishers {
    /// Pairs the inputs' values in order: the first of each, then the second of each, …
    /// Finishes when an input has finished and none of its values are left to pair;
    /// fails as soon as one fails.
    ///
    /// ```swift
    /// let a = PassthroughSubject<Int, Never>(), b = PassthroughSubject<String, Never>()
    /// let token = a.zip(b).sink { print($0) }
    /// a.send(1); a.send(2)
    /// b.send("x")      // (1, "x")
    /// b.send("y")      // (2, "y")
    /// ```
    public struct Zip<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
        public typealias Output = (A.Output, B.Output)
        public typealias Failure = A.Failure
        public let a: A
        public let b: B

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            ZipJunction<Either<A.Output, B.Output>, S>(downstream: subscriber, count: 2, combine: Either.pair).start(a, b)
        }
    }

    /// `zip` over any number of publishers of one type; emits arrays.
    ///
    /// ```swift
    /// let token = Publishers.ZipMany([[1, 2].publisher, [3, 4].publisher]).sink { print($0) }
    /// // [1, 3]
    /// // [2, 4]
    /// ```
    public struct ZipMany<Upstream: Publisher>: Publisher {
        public typealias Output = [Upstream.Output]
        public typealias Failure = Upstream.Failure
        public let publishers: [Upstream]

        public init(_ publishers: [Upstream]) { self.publishers = publishers }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            ZipJunction<Upstream.Output, S>(downstream: subscriber, count: publishers.count) { $0 }.start(publishers)
        }
    }
}

extension Publisher {
    /// Pairs this publisher's values with `other`'s, in order.
    public func zip<P: Publisher>(_ other: P) -> Publishers.Zip<Self, P> where P.Failure == Failure {
        Publishers.Zip(a: self, b: other)
    }
}

/// One queue per input. Zip keeps no demand of its own, as in Combine: the downstream's requests go to every
/// input, a tuple is emitted as soon as each input has a value waiting (even beyond the
/// demand, if an input sends more than it was asked for), and the demand the downstream
/// returns for it goes back to the input whose value completed the tuple.
final class ZipJunction<Element, Downstream: Subscriber>: Junction<Element, Downstream> {
    private var queues: [[Element]]
    private let combine: ([Element]) -> Downstream.Input?
    /// The input whose value is being delivered, and what the downstream asked for meanwhile.
    private var sending: Int?
    private var askedWhileSending = Subscribers.Demand.none

    init(downstream: Downstream, count: Int, combine: @escaping ([Element]) -> Downstream.Input?) {
        queues = Array(repeating: [], count: count)
        self.combine = combine
        super.init(downstream: downstream, count: count, name: "Zip")
    }

    /// A request made while a value is delivered reaches the sending input through the
    /// value's returned demand instead (Combine's behaviour), and the others directly.
    override func request(_ demand: Subscribers.Demand) {
        guard ContractViolation.check(demand > 0, "Zip: demand must be greater than zero"), !isDone else { return }
        for index in links.indices {
            if index == sending { askedWhileSending += demand } else { links[index].request(demand) }
        }
    }

    override func receive(_ value: Element, at index: Int) -> Subscribers.Demand {
        guard !isDone else { return .none }
        queues[index].append(value)
        guard !queues.contains(where: \.isEmpty) else { return .none }
        let heads = queues.indices.map { queues[$0].removeFirst() }
        var more = Subscribers.Demand.none
        if let combined = combine(heads) {
            let outer = (sending, askedWhileSending)
            (sending, askedWhileSending) = (index, .none)
            more = downstream.receive(combined)
            more += askedWhileSending
            (sending, askedWhileSending) = outer
        }
        finishIfExhausted()
        return more
    }

    override func upstreamFinished(_ index: Int) { finishIfExhausted() }

    private func finishIfExhausted() {
        guard !isDone else { return }
        if queues.indices.contains(where: { finished[$0] && queues[$0].isEmpty }) {
            finish(with: .finished)
        }
    }
}
