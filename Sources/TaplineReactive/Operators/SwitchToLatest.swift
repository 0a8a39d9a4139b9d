extension Publishers {
    /// Follows the latest publisher the upstream emitted: a new one cancels the previous
    /// one's subscription. The downstream's demand goes to the current inner publisher. It
    /// finishes when the upstream and the current inner have finished; any failure fails it.
    ///
    /// ```swift
    /// let queries = PassthroughSubject<String, Never>()
    /// let answers = PassthroughSubject<String, Never>()
    /// let token = queries.map { q in answers.map { "\(q): \($0)" } }.switchToLatest().sink { print($0) }
    /// queries.send("a")
    /// answers.send("1")
    /// queries.send("b")
    /// answers.send("2")
    /// // a: 1
    /// // b: 2
    /// ```
    public struct SwitchToLatest<P: Publisher, Upstream: Publisher>: Publisher
    where P == Upstream.Output, P.Failure == Upstream.Failure {
        public typealias Output = P.Output
        public typealias Failure = P.Failure
        public let upstream: Upstream
        /// Package API: how to take an inner that is only a value (`InnerShortcut`).
        package var shortcut: InnerShortcut<P, Output>?

        public init(upstream: Upstream) { self.upstream = upstream }

        /// The downstream gets its subscription before the upstream is subscribed to, as in
        /// Combine.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let outer = Outer(downstream: subscriber, shortcut: shortcut)
            subscriber.receive(subscription: outer)
            upstream.subscribe(outer)
        }
    }
}

extension Publisher where Output: Publisher, Output.Failure == Failure {
    /// Subscribes to each publisher the upstream emits, dropping the one before.
    public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
        Publishers.SwitchToLatest(upstream: self)
    }
}

extension Publisher where Output: Publisher, Failure == Never {
    /// An upstream that cannot fail is given the inner publishers' failure type.
    public func switchToLatest() -> Publishers.SwitchToLatest<Output, Publishers.SetFailureType<Self, Output.Failure>> {
        setFailureType(to: Output.Failure.self).switchToLatest()
    }
}

extension Publisher where Output: Publisher, Failure == Never, Output.Failure == Never {
    /// Neither side can fail.
    public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
        Publishers.SwitchToLatest(upstream: self)
    }
}

extension Publisher where Output: Publisher, Output.Failure == Never {
    /// Inner publishers that cannot fail are given the upstream's failure type.
    public func switchToLatest() -> Publishers.SwitchToLatest<Publishers.SetFailureType<Output, Failure>,
        Publishers.Map<Self, Publishers.SetFailureType<Output, Failure>>> {
        map { $0.setFailureType(to: Failure.self) }.switchToLatest()
    }
}

extension Publishers.SwitchToLatest {
    /// Each inner gets an index; events from an inner that is no longer the latest are
    /// dropped. The downstream's demand is counted, so that a new inner is asked for what
    /// is still wanted.
    final class Outer<Downstream: Subscriber>: Subscriber, Subscription, CustomReflectable,
        CustomPlaygroundDisplayConvertible
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Upstream.Output

        private let downstream: Downstream
        private let shortcut: InnerShortcut<P, Output>?
        private var upstream = UpstreamLink()
        /// The current inner's subscription, in a class: it is tested and stored at every
        /// inner, and an optional existential is copied through its type's value witnesses
        /// where a reference is retained.
        private var inner: SubscriptionLink?
        /// What stands for an inner taken by the shortcut while its value is delivered.
        private lazy var spent = SubscriptionLink(SpentSubscription.shared)
        private var latest = 0
        private var awaitingInnerSubscription = false
        /// The upstream failed while the latest inner's subscription had not come: as in
        /// Combine, that subscription is still asked for the demand when it comes
        /// (OpenCombine's SwitchToLatestTests.testSwitchToLatestOuterReceiveCompletionWhile
        /// WaitingForInnerSubscription, run against Apple's), though nothing more goes down.
        private var failedAwaitingInner = false
        private var upstreamFinished = false
        private var ended = false
        private var demand = Subscribers.Demand.none

        init(downstream: Downstream, shortcut: InnerShortcut<P, Output>?) {
            self.downstream = downstream
            self.shortcut = shortcut
        }

        var description: String { "SwitchToLatest" }
        var customMirror: Mirror { Mirror(self, children: [:]) }
        var playgroundDescription: Any { description }

        func receive(subscription: any Subscription) {
            guard !ended, upstream.accept(subscription) else {
                if ended { subscription.cancel() }
                return
            }
            upstream.request(.unlimited)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            guard upstream.isActive, !ended else { return .none }
            let previous = inner
            inner = nil
            previous?.subscription.cancel()
            latest += 1
            awaitingInnerSubscription = true
            let index = latest
            // An inner is asked for its value at once when the downstream has demand.
            if let shortcut, demand > 0, !ended,
               shortcut(input, { value in innerTaken(value, index: index) }, { made in made.subscribe(Side(outer: self, index: index)) }) {
                return .none
            }
            input.subscribe(Side(outer: self, index: index))
            return .none
        }

        /// A completion that comes before the upstream's subscription is taken too: the
        /// downstream already has its subscription (SwitchToLatestTests.
        /// testSwitchToLatestOuterReceiveCompletionBeforeSubscription, run against Apple's).
        func receive(completion: Subscribers.Completion<Failure>) {
            guard upstream.isActive || upstream.isAwaiting else { return }
            upstream.end()
            upstreamFinished = true
            guard !ended else { return }
            switch completion {
            case .finished:
                if !awaitingInnerSubscription, inner == nil { end(with: .finished) }
            case .failure:
                let current = inner
                inner = nil
                current?.subscription.cancel()
                failedAwaitingInner = awaitingInnerSubscription
                end(with: completion)
            }
        }

        func request(_ demand: Subscribers.Demand) {
            guard ContractViolation.check(demand > 0, "SwitchToLatest: demand must be greater than zero") else { return }
            self.demand += demand
            inner?.subscription.request(demand)
        }

        func cancel() {
            ended = true
            let current = inner
            inner = nil
            current?.subscription.cancel()
            upstream.detach()?.cancel()
        }

        /// Whether the subscription became the current inner's.
        @discardableResult
        fileprivate func innerSubscribed(_ link: SubscriptionLink, index: Int) -> Bool {
            if failedAwaitingInner, index == latest {
                failedAwaitingInner = false
                if demand > 0 { link.subscription.request(demand) }
                return false
            }
            guard index == latest, !ended, inner == nil else {
                link.subscription.cancel()
                return false
            }
            inner = link
            awaitingInnerSubscription = false
            if demand > 0 { link.subscription.request(demand) }
            return true
        }

        /// An inner's value beyond the demand, or its completion before its subscription,
        /// breaks the contract (Combine traps: SwitchToLatestTests.testCrashesWhenReceiving
        /// UnwantedValueFromNestedPublisher, testSwitchToLatestInnerReceiveCompletionBeforeSubscription).
        fileprivate func innerValue(_ value: Output, index: Int) -> Subscribers.Demand {
            guard index == latest, !ended else { return .none }
            guard ContractViolation.check(demand > 0, "SwitchToLatest: value without demand") else { return .none }
            demand -= 1
            let more = downstream.receive(value)
            demand += more
            return more
        }

        fileprivate func innerCompleted(_ completion: Subscribers.Completion<Failure>, index: Int) {
            guard case .failure = completion else { return innerFinished(index: index) }
            guard mayComplete(index: index) else { return }
            inner = nil
            awaitingInnerSubscription = false
            upstream.detach()?.cancel()
            end(with: completion)
        }

        /// An inner's `.finished`, on its own so that an inner taken by the shortcut ends
        /// without making a completion value: unspecialised code looks the completion's
        /// generic type up wherever a function makes one.
        private func innerFinished(index: Int) {
            guard mayComplete(index: index) else { return }
            inner = nil
            awaitingInnerSubscription = false
            if upstreamFinished { sendFinished() }
        }

        private func mayComplete(index: Int) -> Bool {
            guard index == latest, !ended else { return false }
            return ContractViolation.check(inner != nil || !awaitingInnerSubscription,
                                           "SwitchToLatest: completion before subscription")
        }

        /// The value of an inner taken by the shortcut: what its subscription would have
        /// made happen, less the subscription, which a spent one stands for meanwhile.
        private func innerTaken(_ value: Output, index: Int) {
            guard innerSubscribed(spent, index: index) else { return }
            _ = innerValue(value, index: index)
            innerFinished(index: index)
        }

        @inline(never)
        private func sendFinished() { end(with: .finished) }

        private func end(with completion: Subscribers.Completion<Failure>) {
            ended = true
            downstream.receive(completion: completion)
        }
    }

    /// One inner publisher's subscriber.
    struct Side<Downstream: Subscriber>: Subscriber, CustomStringConvertible, CustomReflectable,
        CustomPlaygroundDisplayConvertible
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = P.Output
        typealias Failure = P.Failure
        let outer: Outer<Downstream>
        let index: Int
        // Each inner subscriber is one of its own to the publisher it subscribes to, as in
        // Combine, and its mirror names the operator's subscription it reports to.
        let combineIdentifier = CombineIdentifier()
        var description: String { "SwitchToLatest" }
        var customMirror: Mirror { Mirror(self, children: ["parentSubscription": CombineIdentifier(outer)]) }
        var playgroundDescription: Any { description }
        func receive(subscription: any Subscription) { outer.innerSubscribed(SubscriptionLink(subscription), index: index) }
        func receive(_ input: Input) -> Subscribers.Demand { outer.innerValue(input, index: index) }
        func receive(completion: Subscribers.Completion<Failure>) { outer.innerCompleted(completion, index: index) }
    }
}

/// A subscription held in a class, for a stage that tests and stores an optional one at
/// every value (switchToLatest's current inner).
fileprivate final class SubscriptionLink {
    let subscription: any Subscription

    init(_ subscription: any Subscription) { self.subscription = subscription }
}
