// Combine's three- and four-input forms of `combineLatest` and `zip`, the forms of both
// that take a closure, and `merge(with:)` over up to five publishers. They run on the
// same junctions as the two-input forms, so they keep the same demand and completion rules.

/// One value from one of up to four differently typed inputs (a three-input junction
/// leaves `D` unused).
enum OneOf<A, B, C, D> {
    case a(A), b(B), c(C), d(D)

    static func triple(_ values: [OneOf]) -> (A, B, C)? {
        guard case .a(let a) = values[0], case .b(let b) = values[1], case .c(let c) = values[2] else { return nil }
        return (a, b, c)
    }

    static func quadruple(_ values: [OneOf]) -> (A, B, C, D)? {
        guard let (a, b, c) = triple(values), case .d(let d) = values[3] else { return nil }
        return (a, b, c, d)
    }
}

extension Junction where Downstream.Failure: Error {
    /// Attaches three upstreams of different types.
    func start<A: Publisher, B: Publisher, C: Publisher, D>(_ a: A, _ b: B, _ c: C)
    where Element == OneOf<A.Output, B.Output, C.Output, D>,
        A.Failure == Failure, B.Failure == Failure, C.Failure == Failure {
        start([
            Slot<A.Output, Element, Failure, Downstream>.connect(a, at: 0, wrap: Element.a),
            Slot<B.Output, Element, Failure, Downstream>.connect(b, at: 1, wrap: Element.b),
            Slot<C.Output, Element, Failure, Downstream>.connect(c, at: 2, wrap: Element.c),
        ])
    }

    /// Attaches four upstreams of different types.
    func start<A: Publisher, B: Publisher, C: Publisher, D: Publisher>(_ a: A, _ b: B, _ c: C, _ d: D)
    where Element == OneOf<A.Output, B.Output, C.Output, D.Output>,
        A.Failure == Failure, B.Failure == Failure, C.Failure == Failure, D.Failure == Failure {
        start([
            Slot<A.Output, Element, Failure, Downstream>.connect(a, at: 0, wrap: Element.a),
            Slot<B.Output, Element, Failure, Downstream>.connect(b, at: 1, wrap: Element.b),
            Slot<C.Output, Element, Failure, Downstream>.connect(c, at: 2, wrap: Element.c),
            Slot<D.Output, Element, Failure, Downstream>.connect(d, at: 3, wrap: Element.d),
        ])
    }
}

extension Publishers {
    /// `combineLatest` of three inputs: emits `(a, b, c)` once each has emitted.
    ///
    /// ```swift
    /// let token = Just(1).combineLatest(Just("x"), Just(true)).sink { print($0) }   // (1, "x", true)
    /// ```
    public struct CombineLatest3<A: Publisher, B: Publisher, C: Publisher>: Publisher
    where A.Failure == B.Failure, B.Failure == C.Failure {
        public typealias Output = (A.Output, B.Output, C.Output)
        public typealias Failure = A.Failure
        public let a: A
        public let b: B
        public let c: C

        public init(_ a: A, _ b: B, _ c: C) { (self.a, self.b, self.c) = (a, b, c) }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            typealias Element = OneOf<A.Output, B.Output, C.Output, Never>
            LatestJunction<Element, S>(downstream: subscriber, count: 3, combine: Element.triple).start(a, b, c)
        }
    }

    /// `combineLatest` of four inputs: emits `(a, b, c, d)` once each has emitted.
    public struct CombineLatest4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
    where A.Failure == B.Failure, B.Failure == C.Failure, C.Failure == D.Failure {
        public typealias Output = (A.Output, B.Output, C.Output, D.Output)
        public typealias Failure = A.Failure
        public let a: A
        public let b: B
        public let c: C
        public let d: D

        public init(_ a: A, _ b: B, _ c: C, _ d: D) { (self.a, self.b, self.c, self.d) = (a, b, c, d) }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            typealias Element = OneOf<A.Output, B.Output, C.Output, D.Output>
            LatestJunction<Element, S>(downstream: subscriber, count: 4, combine: Element.quadruple).start(a, b, c, d)
        }
    }

    /// `zip` of three inputs: the first of each, then the second of each, …
    ///
    /// ```swift
    /// let token = [1, 2].publisher.zip(["a", "b"].publisher, [true, false].publisher).sink { print($0) }
    /// // (1, "a", true)
    /// // (2, "b", false)
    /// ```
    public struct Zip3<A: Publisher, B: Publisher, C: Publisher>: Publisher
    where A.Failure == B.Failure, B.Failure == C.Failure {
        public typealias Output = (A.Output, B.Output, C.Output)
        public typealias Failure = A.Failure
        public let a: A
        public let b: B
        public let c: C

        public init(_ a: A, _ b: B, _ c: C) { (self.a, self.b, self.c) = (a, b, c) }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            typealias Element = OneOf<A.Output, B.Output, C.Output, Never>
            ZipJunction<Element, S>(downstream: subscriber, count: 3, combine: Element.triple).start(a, b, c)
        }
    }

    /// `zip` of four inputs.
    public struct Zip4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
    where A.Failure == B.Failure, B.Failure == C.Failure, C.Failure == D.Failure {
        public typealias Output = (A.Output, B.Output, C.Output, D.Output)
        public typealias Failure = A.Failure
        public let a: A
        public let b: B
        public let c: C
        public let d: D

        public init(_ a: A, _ b: B, _ c: C, _ d: D) { (self.a, self.b, self.c, self.d) = (a, b, c, d) }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            typealias Element = OneOf<A.Output, B.Output, C.Output, D.Output>
            ZipJunction<Element, S>(downstream: subscriber, count: 4, combine: Element.quadruple).start(a, b, c, d)
        }
    }
}

extension Publisher {
    /// The latest values of this publisher and two others.
    public func combineLatest<P: Publisher, Q: Publisher>(_ publisher1: P, _ publisher2: Q)
        -> Publishers.CombineLatest3<Self, P, Q> where Failure == P.Failure, P.Failure == Q.Failure {
        Publishers.CombineLatest3(self, publisher1, publisher2)
    }

    /// The latest values of this publisher and two others, combined by a closure.
    public func combineLatest<P: Publisher, Q: Publisher, T>(
        _ publisher1: P, _ publisher2: Q, _ transform: @escaping (Output, P.Output, Q.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest3<Self, P, Q>, T> where Failure == P.Failure, P.Failure == Q.Failure {
        combineLatest(publisher1, publisher2).map(transform)
    }

    /// The latest values of this publisher and three others.
    public func combineLatest<P: Publisher, Q: Publisher, R: Publisher>(_ publisher1: P, _ publisher2: Q, _ publisher3: R)
        -> Publishers.CombineLatest4<Self, P, Q, R>
    where Failure == P.Failure, P.Failure == Q.Failure, Q.Failure == R.Failure {
        Publishers.CombineLatest4(self, publisher1, publisher2, publisher3)
    }

    /// The latest values of this publisher and three others, combined by a closure.
    public func combineLatest<P: Publisher, Q: Publisher, R: Publisher, T>(
        _ publisher1: P, _ publisher2: Q, _ publisher3: R,
        _ transform: @escaping (Output, P.Output, Q.Output, R.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest4<Self, P, Q, R>, T>
    where Failure == P.Failure, P.Failure == Q.Failure, Q.Failure == R.Failure {
        combineLatest(publisher1, publisher2, publisher3).map(transform)
    }

    /// Pairs this publisher's values with `other`'s, in order, combined by a closure.
    public func zip<P: Publisher, T>(_ other: P, _ transform: @escaping (Output, P.Output) -> T)
        -> Publishers.Map<Publishers.Zip<Self, P>, T> where Failure == P.Failure {
        zip(other).map(transform)
    }

    /// Zips this publisher with two others.
    public func zip<P: Publisher, Q: Publisher>(_ publisher1: P, _ publisher2: Q)
        -> Publishers.Zip3<Self, P, Q> where Failure == P.Failure, P.Failure == Q.Failure {
        Publishers.Zip3(self, publisher1, publisher2)
    }

    /// Zips this publisher with two others, combined by a closure.
    public func zip<P: Publisher, Q: Publisher, T>(
        _ publisher1: P, _ publisher2: Q, _ transform: @escaping (Output, P.Output, Q.Output) -> T
    ) -> Publishers.Map<Publishers.Zip3<Self, P, Q>, T> where Failure == P.Failure, P.Failure == Q.Failure {
        zip(publisher1, publisher2).map(transform)
    }

    /// Zips this publisher with three others.
    public func zip<P: Publisher, Q: Publisher, R: Publisher>(_ publisher1: P, _ publisher2: Q, _ publisher3: R)
        -> Publishers.Zip4<Self, P, Q, R> where Failure == P.Failure, P.Failure == Q.Failure, Q.Failure == R.Failure {
        Publishers.Zip4(self, publisher1, publisher2, publisher3)
    }

    /// Zips this publisher with three others, combined by a closure.
    public func zip<P: Publisher, Q: Publisher, R: Publisher, T>(
        _ publisher1: P, _ publisher2: Q, _ publisher3: R,
        _ transform: @escaping (Output, P.Output, Q.Output, R.Output) -> T
    ) -> Publishers.Map<Publishers.Zip4<Self, P, Q, R>, T>
    where Failure == P.Failure, P.Failure == Q.Failure, Q.Failure == R.Failure {
        zip(publisher1, publisher2, publisher3).map(transform)
    }
}

extension Publisher {
    /// Merges this publisher with two to four others of the same type, as Combine's
    /// `Merge3` … `Merge5` do (here all are a `MergeMany`, which behaves the same).
    public func merge<B: Publisher, C: Publisher>(with b: B, _ c: C)
        -> Publishers.MergeMany<AnyPublisher<Output, Failure>>
    where B.Output == Output, B.Failure == Failure, C.Output == Output, C.Failure == Failure {
        Publishers.MergeMany([eraseToAnyPublisher(), b.eraseToAnyPublisher(), c.eraseToAnyPublisher()])
    }

    public func merge<B: Publisher, C: Publisher, D: Publisher>(with b: B, _ c: C, _ d: D)
        -> Publishers.MergeMany<AnyPublisher<Output, Failure>>
    where B.Output == Output, B.Failure == Failure, C.Output == Output, C.Failure == Failure,
        D.Output == Output, D.Failure == Failure {
        Publishers.MergeMany([eraseToAnyPublisher(), b.eraseToAnyPublisher(), c.eraseToAnyPublisher(),
                              d.eraseToAnyPublisher()])
    }

    public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher>(with b: B, _ c: C, _ d: D, _ e: E)
        -> Publishers.MergeMany<AnyPublisher<Output, Failure>>
    where B.Output == Output, B.Failure == Failure, C.Output == Output, C.Failure == Failure,
        D.Output == Output, D.Failure == Failure, E.Output == Output, E.Failure == Failure {
        Publishers.MergeMany([eraseToAnyPublisher(), b.eraseToAnyPublisher(), c.eraseToAnyPublisher(),
                              d.eraseToAnyPublisher(), e.eraseToAnyPublisher()])
    }
}

extension Publishers.MergeMany {
    /// Combine's variadic form: `Publishers.MergeMany(a, b, c)`.
    public init(_ upstream: Upstream...) { self.init(upstream) }

    /// Merges one more publisher of the same type into this one.
    public func merge(with other: Upstream) -> Publishers.MergeMany<Upstream> {
        Publishers.MergeMany(publishers + [other])
    }
}
