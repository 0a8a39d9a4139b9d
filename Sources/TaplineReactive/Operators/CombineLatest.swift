extension Publishers {
    /// Emits the latest value of each input whenever any of them emits — silent until every
    /// input has emitted once; finishes when all have finished, fails as soon as one fails.
    ///
    /// ```swift
    /// let a = PassthroughSubject<Int, Never>(), b = PassthroughSubject<String, Never>()
    /// let token = a.combineLatest(b).sink { print($0) }
    /// a.send(1)        // nothing yet: b has not emitted
    /// b.send("x")      // (1, "x")
    /// a.send(2)        // (2, "x")
    /// ```
    public struct CombineLatest<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
        public typealias Output = (A.Output, B.Output)
        public typealias Failure = A.Failure
        public let a: A
        public let b: B

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            LatestJunction<Either<A.Output, B.Output>, S>(downstream: subscriber, pair: Either.pair).start(a, b)
        }
    }

    /// `combineLatest` over any number of publishers of one type; emits arrays.
    ///
    /// ```swift
    /// let a = CurrentValueSubject<Int, Never>(1), b = CurrentValueSubject<Int, Never>(2)
    /// let token = Publishers.CombineLatestMany([a, b]).sink { print($0) }   // [1, 2]
    /// ```
    public struct CombineLatestMany<Upstream: Publisher>: Publisher {
        public typealias Output = [Upstream.Output]
        public typealias Failure = Upstream.Failure
        public let publishers: [Upstream]

        public init(_ publishers: [Upstream]) { self.publishers = publishers }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            LatestJunction<Upstream.Output, S>(downstream: subscriber, count: publishers.count) { $0 }.start(publishers)
        }
    }
}

extension Publisher {
    /// Pairs this publisher's latest value with `other`'s.
    public func combineLatest<P: Publisher>(_ other: P) -> Publishers.CombineLatest<Self, P> where P.Failure == Failure {
        Publishers.CombineLatest(a: self, b: other)
    }

    /// Combines the latest values with a closure.
    public func combineLatest<P: Publisher, T>(_ other: P, _ transform: @escaping (Output, P.Output) -> T)
        -> Publishers.Map<Publishers.CombineLatest<Self, P>, T> where P.Failure == Failure {
        combineLatest(other).map(transform)
    }
}

/// Keeps each input's latest value; while downstream has no demand, only the newest
/// combination is kept and delivered on the next request.
///
/// The latest values are held in raw memory, one slot per input, not in an array or a queue:
/// this class runs as unspecialised generic code (its downstream's type is known only at run
/// time), where every array mutation looks the array's type up and each generic copy is a
/// call; a new value is assigned over the one it replaces, one such call.
final class LatestJunction<Element, Downstream: Subscriber>: Junction<Element, Downstream> {
    private let latest: UnsafeMutablePointer<Element>
    /// Which slots hold a value (`Bool`s: an array of a concrete type costs no lookup).
    private var received: [Bool]
    /// How many inputs have not sent a value yet.
    private var missing: Int
    private var owed = false
    private let combine: ([Element]) -> Downstream.Input?
    /// For two inputs: the pair made of their latest values, with no array between.
    private let pair: ((Element, Element) -> Downstream.Input)?

    init(downstream: Downstream, count: Int, combine: @escaping ([Element]) -> Downstream.Input?) {
        latest = .allocate(capacity: count)
        received = Array(repeating: false, count: count)
        missing = count
        self.combine = combine
        pair = nil
        super.init(downstream: downstream, count: count, name: "CombineLatest")
    }

    /// Two inputs, whose latest values make a pair. An array of their values, made for each
    /// pair, would have Swift look its type up and allocate it each time.
    init(downstream: Downstream, pair: @escaping (Element, Element) -> Downstream.Input) {
        latest = .allocate(capacity: 2)
        received = [false, false]
        missing = 2
        combine = { pair($0[0], $0[1]) }
        self.pair = pair
        super.init(downstream: downstream, count: 2, name: "CombineLatest")
    }

    deinit {
        for index in received.indices where received[index] { latest.advanced(by: index).deinitialize(count: 1) }
        latest.deallocate()
    }

    override func receive(_ value: Element, at index: Int) -> Subscribers.Demand {
        guard !isDone else { return .none }
        if received[index] {
            latest[index] = value
        } else {
            latest.advanced(by: index).initialize(to: value)
            received[index] = true
            missing -= 1
        }
        guard missing == 0 else { return .none }
        owed = true
        drain()
        return .none
    }

    override func drain() {
        guard owed, demand > 0 else { return }
        if let pair {
            owed = false
            _ = emit(pair(latest[0], latest[1]))
            return
        }
        drainMany()
    }

    /// `drain` for more than two inputs. Out of line: unspecialised code looks the array's
    /// generic type up at the top of any function that makes one, so in `drain` it would be
    /// looked up for every pair too.
    @inline(never)
    private func drainMany() {
        // Made whole, in one allocation: an append at a time is a generic call each here.
        let values = [Element](unsafeUninitializedCapacity: received.count) { buffer, count in
            for input in received.indices { buffer.initializeElement(at: input, to: latest[input]) }
            count = received.count
        }
        guard let combined = combine(values) else { return }
        owed = false
        _ = emit(combined)
    }
}
