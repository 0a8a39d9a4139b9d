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
            LatestJunction<Either<A.Output, B.Output>, S>(downstream: subscriber, count: 2, combine: Either.pair).start(a, b)
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
final class LatestJunction<Element, Downstream: Subscriber>: Junction<Element, Downstream> {
    private var latest: [Element?]
    private var missing: Int
    /// Every input's latest value, once each has emitted (updated in place from then on).
    private var values: [Element] = []
    private var owed = false
    private let combine: ([Element]) -> Downstream.Input?

    init(downstream: Downstream, count: Int, combine: @escaping ([Element]) -> Downstream.Input?) {
        latest = Array(repeating: nil, count: count)
        missing = count
        self.combine = combine
        super.init(downstream: downstream, count: count, name: "CombineLatest")
    }

    override func receive(_ value: Element, at index: Int) -> Subscribers.Demand {
        guard !isDone else { return .none }
        if missing > 0 {
            guard firstValue(value, at: index) else { return .none }
        } else {
            values[index] = value
        }
        owed = true
        drain()
        return .none
    }

    /// A value that comes before every input has sent one; true when it completes the set.
    /// Out of line: the optionals it reads are generic, and unspecialised code looks their
    /// types up wherever a function uses them, so on the path every later value takes too.
    @inline(never)
    private func firstValue(_ value: Element, at index: Int) -> Bool {
        if latest[index] == nil { missing -= 1 }
        latest[index] = value
        guard missing == 0 else { return false }
        values.reserveCapacity(latest.count)
        for element in latest {
            if let element { values.append(element) }
        }
        latest.removeAll()
        return true
    }

    override func drain() {
        guard owed, demand > 0, let combined = combine(values) else { return }
        owed = false
        _ = emit(combined)
    }
}
