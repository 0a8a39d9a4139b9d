extension Publishers {
    /// Sends `output` if the upstream finishes without sending a value; otherwise passes
    /// everything on unchanged.
    ///
    /// ```swift
    /// Empty<Int, Never>().replaceEmpty(with: 42).sink { print($0) }
    /// // 42
    /// [1, 2].publisher.replaceEmpty(with: 42).sink { print($0) }
    /// // 1
    /// // 2
    /// ```
    public struct ReplaceEmpty<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let output: Upstream.Output
        public let upstream: Upstream

        public init(upstream: Upstream, output: Output) {
            self.upstream = upstream
            self.output = output
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, output: output))
        }
    }
}

extension Publisher {
    /// Sends `output`, then finished, when the upstream finishes empty.
    public func replaceEmpty(with output: Output) -> Publishers.ReplaceEmpty<Self> {
        Publishers.ReplaceEmpty(upstream: self, output: output)
    }
}

extension Publishers.ReplaceEmpty {
    /// Combine's `replaceEmpty` asks the upstream for unlimited once the downstream has its
    /// subscription, and also forwards the downstream's requests; values are passed on as
    /// they come, demand or not (OpenCombine's ReplaceEmptyTests.testDemand, run against
    /// Apple's). Only the replacement waits for a request.
    final class Inner<Downstream: Subscriber>: Relay<Output, Downstream>
    where Downstream.Input == Output, Downstream.Failure == Failure {
        private let output: Output
        private var sawValue = false
        private var requested = false
        private var finishedEmpty = false

        init(downstream: Downstream, output: Output) {
            self.output = output
            super.init(downstream: downstream, name: "ReplaceEmpty")
        }

        override func didSubscribe() { upstream.request(.unlimited) }

        override func relay(_ input: Output) -> Subscribers.Demand {
            sawValue = true
            return downstream.receive(input)
        }

        override func relay(completion: Subscribers.Completion<Failure>) {
            guard !sawValue, case .finished = completion else {
                downstream.receive(completion: completion)
                return
            }
            finishedEmpty = true
            deliverIfRequested()
        }

        override func request(_ demand: Subscribers.Demand) {
            guard ContractViolation.check(demand > 0, "ReplaceEmpty: demand must be greater than zero") else { return }
            requested = true
            if finishedEmpty { deliverIfRequested() } else { upstream.request(demand) }
        }

        /// A cancel also drops a replacement still waiting for a request.
        /// A cancel before the upstream has subscribed is ignored, as in Combine: the
        /// subscription, when it comes, is used (ReplaceEmptyTests.testReplaceEmptyCancelBeforeSubscription).
        override func cancel() {
            guard !upstream.isAwaiting else { return }
            finishedEmpty = false
            super.cancel()
        }

        private func deliverIfRequested() {
            guard requested, finishedEmpty else { return }
            finishedEmpty = false
            _ = downstream.receive(output)
            downstream.receive(completion: .finished)
        }
    }
}
