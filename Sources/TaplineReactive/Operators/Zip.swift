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
            ZipJunction<Either<A.Output, B.Output>, S>(downstream: subscriber, pair: Either.pair).start(a, b)
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
    /// The inputs' queues. This class runs as unspecialised generic code (its downstream's type
    /// is known only at run time), where an array of a generic type has Swift look that type
    /// up at each read: the array is of the queues' non-generic base class, and each queue
    /// keeps its count in a plain integer.
    private let queues: [ZipQueueBase]
    private let combine: ([Element]) -> Downstream.Input?
    /// For two inputs: the pair made of their first values, with no array between.
    private let pair: ((Element, Element) -> Downstream.Input)?
    /// The input whose value is being delivered, and what the downstream asked for meanwhile.
    private var sending: Int?
    private var askedWhileSending = Subscribers.Demand.none

    init(downstream: Downstream, count: Int, combine: @escaping ([Element]) -> Downstream.Input?) {
        queues = (0..<count).map { _ in ZipQueue<Element>() }
        self.combine = combine
        pair = nil
        super.init(downstream: downstream, count: count, name: "Zip")
    }

    /// Two inputs, whose first values make a pair. An array of their values, made for each pair,
    /// would have Swift look its type up and allocate it each time (this code runs unspecialised).
    init(downstream: Downstream, pair: @escaping (Element, Element) -> Downstream.Input) {
        queues = [ZipQueue<Element>(), ZipQueue<Element>()]
        combine = { pair($0[0], $0[1]) }
        self.pair = pair
        super.init(downstream: downstream, count: 2, name: "Zip")
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
        queue(index).append(value)
        // Plain counted loops, no key path (`\.isEmpty`), no tuples: this class runs as
        // unspecialised generic code (its downstream's type is known only at run time), where
        // each of those looks its types up anew at every value.
        for input in queues.indices where queue(input).count == 0 { return .none }
        return emitHeads(completedBy: index)
    }

    /// Takes the first value of every queue and sends them on as one; `index` is the input
    /// whose value completed them.
    private func emitHeads(completedBy index: Int) -> Subscribers.Demand {
        let more = if let pair {
            deliver(pair(queue(0).removeFirst(), queue(1).removeFirst()), completedBy: index)
        } else {
            emitHeadsOfMany(completedBy: index)
        }
        finishIfExhausted()
        return more
    }

    /// `emitHeads` for more than two inputs, out of line: unspecialised code looks up the
    /// generic types a function uses (the array of heads, the optional combination) at its
    /// top, so in `emitHeads` they would be looked up for every pair too.
    @inline(never)
    private func emitHeadsOfMany(completedBy index: Int) -> Subscribers.Demand {
        // Made whole, in one allocation, as `LatestJunction.drainMany` makes its values.
        let heads = [Element](unsafeUninitializedCapacity: queues.count) { buffer, count in
            for input in queues.indices { buffer.initializeElement(at: input, to: queue(input).removeFirst()) }
            count = queues.count
        }
        guard let combined = combine(heads) else { return .none }
        return deliver(combined, completedBy: index)
    }

    /// Sends one combination on, with what the downstream asks for meanwhile going back to
    /// input `index` through the returned demand; one whose closure failed (`stop`), nowhere.
    private func deliver(_ combined: Downstream.Input, completedBy index: Int) -> Subscribers.Demand {
        guard !stop.isRaised else { return .none }
        let (outerSending, outerAsked) = (sending, askedWhileSending)
        sending = index
        askedWhileSending = .none
        var more = downstream.receive(combined)
        more += askedWhileSending
        sending = outerSending
        askedWhileSending = outerAsked
        return more
    }

    override func upstreamFinished(_ index: Int) { finishIfExhausted() }

    private func queue(_ index: Int) -> ZipQueue<Element> { unsafeDowncast(queues[index], to: ZipQueue<Element>.self) }

    private func finishIfExhausted() {
        guard !isDone else { return }
        for input in queues.indices where finished[input] && queue(input).count == 0 {
            return finishNormally()
        }
    }
}

/// What `ZipJunction` keeps its queues as (see there).
class ZipQueueBase {}

/// One input's values waiting for a partner, first in first out, in a ring of slots that
/// doubles when full. The slots are raw memory, not an array: this code runs unspecialised
/// (see `ZipJunction`), where every array mutation looks the array's type up, and a slot of
/// raw memory needs only the element's own type, which the queue's metadata holds. A value
/// taken is moved out of its slot, so the queue keeps no value it has handed on.
final class ZipQueue<Element>: ZipQueueBase {
    private var slots: UnsafeMutablePointer<Element>
    private var capacity = 4
    private var head = 0
    private(set) var count = 0

    override init() {
        slots = .allocate(capacity: capacity)
    }

    deinit {
        for offset in 0..<count { slot(offset).deinitialize(count: 1) }
        slots.deallocate()
    }

    func append(_ value: Element) {
        if count == capacity { grow() }
        slot(count).initialize(to: value)
        count += 1
    }

    /// The first waiting value; the queue must not be empty.
    func removeFirst() -> Element {
        let value = slots.advanced(by: head).move()
        head = head + 1 == capacity ? 0 : head + 1
        count -= 1
        return value
    }

    /// The slot `offset` places after the head.
    private func slot(_ offset: Int) -> UnsafeMutablePointer<Element> {
        slots.advanced(by: (head + offset) % capacity)
    }

    private func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        for offset in 0..<count { larger.advanced(by: offset).moveInitialize(from: slot(offset), count: 1) }
        slots.deallocate()
        slots = larger
        head = 0
        capacity *= 2
    }
}
