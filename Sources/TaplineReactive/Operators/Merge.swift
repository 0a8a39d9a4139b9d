extension Publishers {
    /// Interleaves the values of several publishers of one type; finishes when all have
    /// finished, fails as soon as one fails.
    ///
    /// ```swift
    /// let a = PassthroughSubject<Int, Never>(), b = PassthroughSubject<Int, Never>()
    /// let token = a.merge(with: b).sink { print($0) }
    /// a.send(1); b.send(2); a.send(3)
    /// // 1
    /// // 2
    /// // 3
    /// ```
    public struct MergeMany<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let publishers: [Upstream]

        public init(_ publishers: [Upstream]) { self.publishers = publishers }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let junction = Inner(downstream: subscriber, count: publishers.count, name: "Merge")
            junction.forwardsDemand = true
            junction.start(publishers)
        }
    }
}

extension Publisher {
    /// Merges this publisher with another of the same type.
    public func merge<P: Publisher>(with other: P) -> Publishers.MergeMany<AnyPublisher<Output, Failure>>
    where P.Output == Output, P.Failure == Failure {
        Publishers.MergeMany([eraseToAnyPublisher(), other.eraseToAnyPublisher()])
    }
}

extension Publishers.MergeMany {
    /// Values that arrive while demand is zero wait here, in arrival order.
    final class Inner<Downstream: Subscriber>: Junction<Output, Downstream>
    where Downstream.Input == Output, Downstream.Failure == Failure {
        var waiting: [Output] = []
        var waitingHead = 0

        override func receive(_ value: Output, at index: Int) -> Subscribers.Demand {
            guard !isDone else { return .none }
            if waitingHead == waiting.count, emit(value) { return .none }
            waiting.append(value)
            return .none
        }

        override func drain() {
            while waitingHead < waiting.count, emit(waiting[waitingHead]) { waitingHead += 1 }
            if waitingHead == waiting.count {
                waiting.removeAll()
                waitingHead = 0
                if !finished.contains(false) { finish(with: .finished) }
            }
        }

        override func upstreamFinished(_ index: Int) {
            if waitingHead == waiting.count { super.upstreamFinished(index) }
        }
    }
}
