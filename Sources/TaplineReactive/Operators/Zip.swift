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
    private var queues: [ZipQueue<Element>]
    private let combine: ([Element]) -> Downstream.Input?
    /// The input whose value is being delivered, and what the downstream asked for meanwhile.
    private var sending: Int?
    private var askedWhileSending = Subscribers.Demand.none

    init(downstream: Downstream, count: Int, combine: @escaping ([Element]) -> Downstream.Input?) {
        queues = Array(repeating: ZipQueue(), count: count)
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
        // Plain counted loops, no key path (`\.isEmpty`), no tuples: this class runs as
        // unspecialised generic code (its downstream's type is known only at run time), where
        // each of those looks its types up anew at every value.
        let count = queues.count
        for input in 0..<count where queues[input].isEmpty { return .none }
        var heads: [Element] = []
        heads.reserveCapacity(count)
        for input in 0..<count { heads.append(queues[input].removeFirst()) }
        var more = Subscribers.Demand.none
        if let combined = combine(heads) {
            let (outerSending, outerAsked) = (sending, askedWhileSending)
            sending = index
            askedWhileSending = .none
            more = downstream.receive(combined)
            more += askedWhileSending
            sending = outerSending
            askedWhileSending = outerAsked
        }
        finishIfExhausted()
        return more
    }

    override func upstreamFinished(_ index: Int) { finishIfExhausted() }

    private func finishIfExhausted() {
        guard !isDone else { return }
        for input in 0..<queues.count where finished[input] && queues[input].isEmpty {
            return finish(with: .finished)
        }
    }
}

/// One input's values waiting for a partner, first in first out: taking the first moves a
/// head index (an array's `removeFirst` moves every value behind it, which made a long queue
/// cost its length per pair), and the taken slots are dropped once they are half the storage.
struct ZipQueue<Element> {
    private var storage: [Element] = []
    private var head = 0

    var isEmpty: Bool { head == storage.count }

    mutating func append(_ value: Element) { storage.append(value) }

    /// The first waiting value; the queue must not be empty.
    mutating func removeFirst() -> Element {
        let value = storage[head]
        head += 1
        if head == storage.count {
            storage.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 32, head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return value
    }
}
