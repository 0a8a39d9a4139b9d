extension Publishers {
    /// Replaces a failure with one value, then finishes.
    ///
    /// If the downstream has no demand left when the failure comes, the value waits for its
    /// next request, as in Combine (OpenCombine's ReplaceErrorTests, run against Apple's).
    ///
    /// ```swift
    /// let subject = PassthroughSubject<Int, TestError>()
    /// let token = subject.replaceError(with: 0)
    ///     .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    /// subject.send(1)
    /// subject.send(completion: .failure(TestError()))
    /// // 1
    /// // 0
    /// // finished
    /// ```
    public struct ReplaceError<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Never
        public let output: Upstream.Output
        public let upstream: Upstream

        public init(upstream: Upstream, output: Output) {
            self.upstream = upstream
            self.output = output
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
            upstream.subscribe(Inner(downstream: subscriber, output: output))
        }
    }
}

extension Publisher {
    /// Replaces any failure with `output`, then finishes.
    public func replaceError(with output: Output) -> Publishers.ReplaceError<Self> {
        Publishers.ReplaceError(upstream: self, output: output)
    }
}

extension Publishers.ReplaceError {
    final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomReflectable,
        CustomPlaygroundDisplayConvertible
    where Downstream.Input == Output, Downstream.Failure == Never {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private let downstream: Downstream
        private let output: Output
        private var upstream = UpstreamLink()
        private var demand = Subscribers.Demand.none
        /// The upstream failed while the downstream had no demand: the value waits.
        private var replacementWaiting = false

        init(downstream: Downstream, output: Output) {
            self.downstream = downstream
            self.output = output
        }

        var description: String { "ReplaceError" }
        var customMirror: Mirror { Mirror(self, children: [:]) }
        var playgroundDescription: Any { description }

        func receive(subscription: any Subscription) {
            guard upstream.accept(subscription, cancellingLate: false) else { return }
            downstream.receive(subscription: self)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            guard upstream.isActive else { return .none }
            // Combine traps (ReplaceErrorTests.testCrashOnReceiveValueWithZeroPendingDemand).
            guard ContractViolation.check(demand > 0, "ReplaceError: value without demand") else { return .none }
            demand -= 1
            let more = downstream.receive(input)
            demand += more
            return more
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            guard upstream.isActive else { return }
            upstream.end()
            switch completion {
            case .finished:
                downstream.receive(completion: .finished)
            case .failure:
                if demand > 0 { deliverReplacement() } else { replacementWaiting = true }
            }
        }

        func request(_ demand: Subscribers.Demand) {
            guard ContractViolation.check(demand > 0, "ReplaceError: demand must be greater than zero") else { return }
            if replacementWaiting { return deliverReplacement() }
            self.demand += demand
            upstream.request(demand)
        }

        func cancel() {
            replacementWaiting = false
            upstream.detach()?.cancel()
        }

        private func deliverReplacement() {
            replacementWaiting = false
            _ = downstream.receive(output)
            downstream.receive(completion: .finished)
        }
    }
}
