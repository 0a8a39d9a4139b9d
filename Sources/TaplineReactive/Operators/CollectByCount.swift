extension Publishers {
    /// Gathers values into arrays of `count`; on finish, a shorter last array if any are left.
    ///
    /// ```swift
    /// [1, 2, 3, 4, 5].publisher.collect(2).sink { print($0) }
    /// // [1, 2]
    /// // [3, 4]
    /// // [5]
    /// ```
    public struct CollectByCount<Upstream: Publisher>: Publisher {
        public typealias Output = [Upstream.Output]
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let count: Int

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, count: Swift.max(1, count)))
        }
    }
}

extension Publisher {
    /// Emits arrays of `count` values; each unit of downstream demand asks upstream for `count`.
    public func collect(_ count: Int) -> Publishers.CollectByCount<Self> {
        Publishers.CollectByCount(upstream: self, count: count)
    }
}

extension Publishers.CollectByCount {
    final class Inner<Downstream: Subscriber>: Relay<Upstream.Output, Downstream>
    where Downstream.Input == Output, Downstream.Failure == Failure {
        let count: Int
        var buffer: [Upstream.Output] = []

        init(downstream: Downstream, count: Int) {
            self.count = count
            // Reserving up front is taken on trust: a huge count would abort the process.
            buffer.reserveCapacity(Swift.min(count, 1024))
            super.init(downstream: downstream, name: "CollectByCount")
        }

        override func request(_ demand: Subscribers.Demand) {
            guard ContractViolation.check(demand > 0, "collect(\(count)): demand must be greater than zero") else { return }
            upstream.request(demand * count)
        }

        override var mirrorChildren: KeyValuePairs<String, Any> {
            ["downstream": downstream, "upstreamSubscription": upstream.subscription as Any,
             "buffer": buffer, "count": count]
        }

        override func relay(_ input: Upstream.Output) -> Subscribers.Demand {
            buffer.append(input)
            guard buffer.count == count else { return .none }
            let full = buffer
            buffer.removeAll(keepingCapacity: true)
            return downstream.receive(full) * count
        }

        /// As in Combine, a completion is passed on even after the end (a cancel drops what
        /// was buffered; values after the end are ignored).
        override func receive(completion: Subscribers.Completion<Failure>) {
            if upstream.isActive {
                super.receive(completion: completion)
            } else {
                buffer.removeAll()
                downstream.receive(completion: completion)
            }
        }

        override func cancel() {
            buffer.removeAll()
            super.cancel()
        }

        override func relay(completion: Subscribers.Completion<Failure>) {
            if case .finished = completion, !buffer.isEmpty {
                let rest = buffer
                buffer.removeAll()
                _ = downstream.receive(rest)
            }
            downstream.receive(completion: completion)
        }
    }
}
