extension Publishers {
    /// On failure, subscribes to the upstream again, up to `retries` times (nil or a negative
    /// count: for ever, as Combine counts down to zero), then passes the failure on.
    /// `retry(0)` passes the first failure on at once.
    ///
    /// The downstream keeps its one subscription across attempts; each new upstream
    /// subscription is asked for the demand the downstream still has.
    ///
    /// ```swift
    /// var attempt = 0
    /// let flaky = Deferred { () -> AnyPublisher<Int, TestError> in
    ///     attempt += 1
    ///     return attempt < 3 ? Fail(error: TestError()).eraseToAnyPublisher()
    ///                        : Just(attempt).setFailureType(to: TestError.self).eraseToAnyPublisher()
    /// }
    /// flaky.retry(2).sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    /// // 3
    /// // finished
    /// ```
    public struct Retry<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let retries: Int?

        public init(upstream: Upstream, retries: Int?) {
            self.upstream = upstream
            self.retries = retries
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(parent: self, downstream: subscriber))
        }
    }
}

extension Publisher {
    /// Resubscribes to this publisher up to `retries` times after a failure.
    public func retry(_ retries: Int) -> Publishers.Retry<Self> {
        Publishers.Retry(upstream: self, retries: retries)
    }
}

extension Publishers.Retry {
    final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomReflectable,
        CustomPlaygroundDisplayConvertible
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Upstream.Output

        private let parent: Publishers.Retry<Upstream>
        /// Let go once the stream ends or is cancelled: the downstream usually holds this
        /// subscription, and neither would be freed otherwise.
        private var downstream: Downstream?
        private var current: (any Subscription)?
        private var ended = false
        private var remaining: Int?
        private var downstreamSubscribed = false
        private var demand = Subscribers.Demand.none
        /// A publisher that fails while being subscribed to (`Fail`) would otherwise recurse
        /// once per retry; the loop in `resubscribe` runs those attempts one after another.
        private var resubscribing = false
        private var resubscribeAgain = false

        init(parent: Publishers.Retry<Upstream>, downstream: Downstream) {
            self.parent = parent
            self.downstream = downstream
            self.remaining = parent.retries
        }

        var description: String { "Retry" }
        var customMirror: Mirror { Mirror(self, children: [:]) }
        var playgroundDescription: Any { description }

        func receive(subscription: any Subscription) {
            guard !ended, current == nil else { return subscription.cancel() }
            current = subscription
            // The demand so far is read first: what the downstream asks for while receiving
            // its subscription goes to `current` by `request`, and must not be asked twice.
            let outstanding = demand
            if !downstreamSubscribed {
                downstreamSubscribed = true
                downstream?.receive(subscription: self)
            }
            if outstanding > 0 { subscription.request(outstanding) }
        }

        /// Extra demand goes to the current upstream subscription from here, not by the
        /// return value, as in Combine.
        /// A value before the first subscription or beyond the demand breaks the contract
        /// (Combine traps: RetryTests.testCrashesOnUnwantedValue,
        /// testRetryReceiveValueBeforeSubscription); one that comes while a retry subscribes
        /// is taken (testRecurseAndReceiveValue).
        func receive(_ input: Input) -> Subscribers.Demand {
            guard !ended else { return .none }
            guard ContractViolation.check(downstreamSubscribed, "Retry: value before subscription"),
                  ContractViolation.check(demand > 0, "Retry: value without demand") else { return .none }
            demand -= 1
            guard let more = downstream?.receive(input), more > 0 else { return .none }
            demand += more
            current?.request(more)
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            guard !ended else { return }
            if case .failure = completion, remaining != 0 {
                current = nil
                if let count = remaining, count > 0 { remaining = count - 1 }
                return resubscribe()
            }
            ended = true
            current = nil
            let downstream = self.downstream
            self.downstream = nil
            downstream?.receive(completion: completion)
        }

        private func resubscribe() {
            if resubscribing {
                resubscribeAgain = true
                return
            }
            repeat {
                resubscribing = true
                resubscribeAgain = false
                parent.upstream.subscribe(self)
                resubscribing = false
            } while resubscribeAgain
        }

        func request(_ demand: Subscribers.Demand) {
            guard ContractViolation.check(demand > 0, "Retry: demand must be greater than zero") else { return }
            guard !ended else { return }
            self.demand += demand
            current?.request(demand)
        }

        func cancel() {
            guard !ended else { return }
            ended = true
            let subscription = current
            current = nil
            downstream = nil
            subscription?.cancel()
        }
    }
}
