extension Publishers {
    /// Passes on the first `maxLength` values, then finishes and cancels the upstream at once.
    /// (Combine calls this publisher `Publishers.Output`, and so does its subscription.)
    ///
    /// ```swift
    /// let subject = PassthroughSubject<Int, Never>()
    /// let token = subject.prefix(2).sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    /// subject.send(1)   // 1
    /// subject.send(2)   // 2, then finished — and the subject has no subscriber left
    /// ```
    public struct Prefix<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let maxLength: Int

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, remaining: Swift.max(0, maxLength)))
        }
    }
}

extension Publisher {
    /// Finishes right after the `maxLength`-th value, cancelling the upstream.
    public func prefix(_ maxLength: Int) -> Publishers.Prefix<Self> {
        ContractViolation.check(maxLength >= 0, "prefix: maxLength must not be negative")
        return Publishers.Prefix(upstream: self, maxLength: maxLength)
    }
}

extension Publishers.Prefix {
    final class Inner<Downstream: Subscriber>: Relay<Output, Downstream>
    where Downstream.Input == Output, Downstream.Failure == Failure {
        var remaining: Int

        init(downstream: Downstream, remaining: Int) {
            self.remaining = remaining
            super.init(downstream: downstream, name: "Output")
        }

        override func didSubscribe() {
            if remaining == 0 { finishEarly() }
        }

        override func relay(_ input: Output) -> Subscribers.Demand {
            remaining -= 1
            if remaining == 0 {
                // Cancel before delivering, so a re-entrant send cannot reach us again.
                upstream.detach()?.cancel()
                _ = downstream.receive(input)
                downstream.receive(completion: .finished)
                return .none
            }
            return downstream.receive(input)
        }
    }
}
