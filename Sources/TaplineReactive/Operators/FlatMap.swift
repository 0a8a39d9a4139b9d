extension Publishers {
    /// Turns each upstream value into a publisher and merges what those publishers emit.
    ///
    /// At most `maxPublishers` inner publishers are subscribed to at once: that is the
    /// demand asked of the upstream, and one more is asked each time an inner finishes.
    /// Inner values go downstream as its demand allows (the rest wait, in arrival order);
    /// any failure fails the stream and cancels the other inners. It finishes when the
    /// upstream and every inner have finished and nothing is waiting.
    ///
    /// ```swift
    /// let queries = PassthroughSubject<String, Never>()
    /// let token = queries.flatMap { q in [q, q.uppercased()].publisher }.sink { print($0) }
    /// queries.send("a")
    /// queries.send("b")
    /// // a
    /// // A
    /// // b
    /// // B
    /// ```
    public struct FlatMap<NewPublisher: Publisher, Upstream: Publisher>: Publisher
    where NewPublisher.Failure == Upstream.Failure {
        public typealias Output = NewPublisher.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let maxPublishers: Subscribers.Demand
        public let transform: (Upstream.Output) -> NewPublisher
        /// Package API: how to take an inner that is only a value (`InnerShortcut`).
        package var shortcut: InnerShortcut<NewPublisher, Output>?

        public init(upstream: Upstream, maxPublishers: Subscribers.Demand,
                    transform: @escaping (Upstream.Output) -> NewPublisher) {
            self.upstream = upstream
            self.maxPublishers = maxPublishers
            self.transform = transform
        }

        /// The downstream gets its subscription before the upstream is subscribed to, as in
        /// Combine.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let outer = Outer(downstream: subscriber, maxPublishers: maxPublishers, transform: transform,
                              shortcut: shortcut)
            subscriber.receive(subscription: outer)
            upstream.subscribe(outer)
        }
    }
}

extension Publisher {
    /// Maps each value to a publisher and merges their values, at most `maxPublishers` at once.
    public func flatMap<T, P>(maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P)
        -> Publishers.FlatMap<P, Self> where T == P.Output, P: Publisher, Self.Failure == P.Failure {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
    }

    /// Inner publishers that cannot fail are given this publisher's failure type.
    public func flatMap<P>(maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P)
        -> Publishers.FlatMap<Publishers.SetFailureType<P, Failure>, Self> where P: Publisher, P.Failure == Never {
        flatMap(maxPublishers: maxPublishers) { transform($0).setFailureType(to: Failure.self) }
    }
}

extension Publisher where Failure == Never {
    /// An upstream that cannot fail is given the inner publishers' failure type.
    public func flatMap<P>(maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P)
        -> Publishers.FlatMap<P, Publishers.SetFailureType<Self, P.Failure>> where P: Publisher {
        setFailureType(to: P.Failure.self).flatMap(maxPublishers: maxPublishers, transform)
    }

    /// Neither side can fail.
    public func flatMap<P>(maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P)
        -> Publishers.FlatMap<P, Self> where P: Publisher, P.Failure == Never {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
    }
}

extension Publishers.FlatMap {
    /// The upstream's subscriber and the downstream's subscription. Combine's model, which
    /// OpenCombine's FlatMapTests check against Apple's: with unlimited downstream demand,
    /// inners are asked for unlimited; otherwise each inner is asked for one value at a time,
    /// and one more each time one of its values is delivered.
    final class Outer<Downstream: Subscriber>: Subscriber, Subscription, CustomReflectable,
        CustomPlaygroundDisplayConvertible
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Upstream.Output

        private let downstream: Downstream
        private let maxPublishers: Subscribers.Demand
        private let transform: (Upstream.Output) -> NewPublisher
        private let shortcut: InnerShortcut<NewPublisher, Output>?
        private var upstream = UpstreamLink()
        private var upstreamFinished = false
        /// Cancelled, failed or finished: nothing more goes downstream.
        private var ended = false
        private var demand = Subscribers.Demand.none
        private var inners: [Int: any Subscription] = [:]
        private var awaitingInnerSubscriptions = 0
        private var nextIndex = 0
        /// Inner values waiting for demand, with the index of the inner that sent each.
        private let waiting = Waiting()
        /// Set while a value is delivered: a request made meanwhile only adds demand.
        private var delivering = false
        /// Set while an inner is asked for one more: a value it sends at once must wait.
        private var askingInner = false

        init(downstream: Downstream, maxPublishers: Subscribers.Demand,
             transform: @escaping (Upstream.Output) -> NewPublisher, shortcut: InnerShortcut<NewPublisher, Output>?) {
            self.downstream = downstream
            self.maxPublishers = maxPublishers
            self.transform = transform
            self.shortcut = shortcut
        }

        var description: String { "FlatMap" }
        var customMirror: Mirror { Mirror(self, children: [:]) }
        var playgroundDescription: Any { description }

        // MARK: The upstream

        func receive(subscription: any Subscription) {
            guard !ended, upstream.accept(subscription) else {
                if ended { subscription.cancel() }
                return
            }
            // As it is, even `.none` (Combine's flatMap asks for `.max(0)`: FlatMapTests.
            // testSendsSubscriptionDownstreamBeforeSubscribingToUpstream, run against Apple's).
            upstream.requestAsIs(maxPublishers)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            guard upstream.isActive, !ended else { return .none }
            let index = nextIndex
            nextIndex += 1
            awaitingInnerSubscriptions += 1
            let inner = transform(input)
            // An inner is asked for unlimited at once when the downstream's demand is.
            if let shortcut, demand == .unlimited, !ended,
               shortcut(inner, { value in innerTaken(value) }, { made in made.subscribe(Side(outer: self, index: index)) }) {
                return .none
            }
            inner.subscribe(Side(outer: self, index: index))
            return .none
        }

        /// A completion that comes before the upstream's subscription is taken too: the
        /// downstream already has its subscription (FlatMapTests.
        /// testFlatMapReceiveCompletionBeforeSubscription, run against Apple's).
        ///
        /// Combine's flatMap cancels its inner subscriptions under its lock: an upstream
        /// completion sent from inside one of those cancels traps there
        /// (FlatMapTests.testCrashesWhenUpstreamFailsDuringChildCancellation).
        func receive(completion: Subscribers.Completion<Failure>) {
            guard ContractViolation.check(!completing, "FlatMap: a completion from the upstream while it handles one"),
                  upstream.isActive || upstream.isAwaiting else { return }
            completing = true
            defer { completing = false }
            upstream.end()
            upstreamFinished = true
            switch completion {
            case .finished:
                finishIfDone()
            case .failure:
                fail(completion, except: nil)
            }
        }

        /// Set while the upstream's completion is handled.
        private var completing = false

        // MARK: The downstream

        func request(_ demand: Subscribers.Demand) {
            guard ContractViolation.check(demand > 0, "FlatMap: demand must be greater than zero") else { return }
            if delivering {
                self.demand += demand
                return
            }
            guard !ended else { return }
            if demand == .unlimited {
                self.demand = .unlimited
                for (_, value) in waiting.takeAll() { deliver(value) }
                for index in inners.keys.sorted() { inners[index]?.request(.unlimited) }
            } else {
                self.demand += demand
                deliverWaiting()
            }
            finishIfDone()
        }

        func cancel() {
            guard !ended else { return }
            ended = true
            waiting.removeAll()
            cancelInners(except: nil)
            upstream.detach()?.cancel()
        }

        // MARK: The inners

        fileprivate func innerSubscribed(_ subscription: any Subscription, index: Int) {
            guard !ended else { return subscription.cancel() }
            awaitingInnerSubscriptions -= 1
            inners[index] = subscription
            subscription.request(demand == .unlimited ? .unlimited : .max(1))
        }

        fileprivate func innerValue(_ value: Output, index: Int) -> Subscribers.Demand {
            guard !ended else { return .none }
            if demand == .unlimited {
                deliver(value)
                return .none
            }
            if demand == .none || askingInner {
                waiting.append(index, value)
                return .none
            }
            demand -= 1
            demand += deliver(value)
            return .max(1)
        }

        fileprivate func innerCompleted(_ completion: Subscribers.Completion<Failure>, index: Int) {
            guard !ended else { return }
            switch completion {
            case .finished:
                inners[index] = nil
                if !finishIfDone(), maxPublishers != .unlimited { upstream.request(.max(1)) }
            case .failure:
                // Combine leaves the upstream subscribed here (OpenCombine's
                // FlatMapTests.testAllSubscriptionsReleasedOnChildFailure, run against Apple's).
                inners[index] = nil
                fail(completion, except: index)
            }
        }

        /// The value of an inner taken by the shortcut: what its subscription, asked for
        /// unlimited, would have made happen, less the subscription. Until its value has been
        /// delivered it counts as awaiting its subscription, which keeps an upstream
        /// completion sent meanwhile from finishing, as the subscription would have.
        private func innerTaken(_ value: Output) {
            guard !ended else { return }
            deliver(value)
            awaitingInnerSubscriptions -= 1
            guard !ended else { return }
            if !finishIfDone(), maxPublishers != .unlimited { upstream.request(.max(1)) }
        }

        // MARK: Helpers

        @discardableResult
        private func deliver(_ value: Output) -> Subscribers.Demand {
            delivering = true
            let more = downstream.receive(value)
            delivering = false
            return more
        }

        /// Delivers waiting values while there is demand, asking each one's inner for the next.
        private func deliverWaiting() {
            while !waiting.isEmpty, demand > 0, !ended {
                let (index, value) = waiting.takeFirst()
                demand -= 1
                demand += deliver(value)
                askingInner = true
                inners[index]?.request(.max(1))
                askingInner = false
            }
        }

        @discardableResult
        private func finishIfDone() -> Bool {
            guard !ended, upstreamFinished, waiting.isEmpty, inners.isEmpty, awaitingInnerSubscriptions == 0
            else { return false }
            ended = true
            sendFinished()
            return true
        }

        /// Out of line: Swift looks the completion's generic type up wherever a function makes
        /// one (this code runs unspecialised), and `finishIfDone` is asked at every inner's end.
        @inline(never)
        private func sendFinished() { downstream.receive(completion: .finished) }

        private func fail(_ completion: Subscribers.Completion<Failure>, except index: Int?) {
            guard !ended else { return }
            ended = true
            waiting.removeAll()
            cancelInners(except: index)
            downstream.receive(completion: completion)
        }

        private func cancelInners(except index: Int?) {
            let current = inners
            inners.removeAll()
            for key in current.keys.sorted() where key != index { current[key]?.cancel() }
        }
    }

    /// The values that wait for demand, in a class: whether any wait is asked at every inner's
    /// completion, and a flag stored in an object is read with no metadata, where asking an
    /// array of `(Int, Output)` tuples has unspecialised code look up the tuple's and the
    /// array's types each time.
    final class Waiting {
        private var values: [(index: Int, value: Output)] = []
        private(set) var isEmpty = true

        func append(_ index: Int, _ value: Output) {
            values.append((index, value))
            isEmpty = false
        }

        func takeFirst() -> (index: Int, value: Output) {
            let first = values.removeFirst()
            isEmpty = values.isEmpty
            return first
        }

        func takeAll() -> [(index: Int, value: Output)] {
            defer { removeAll() }
            return values
        }

        func removeAll() {
            values.removeAll()
            isEmpty = true
        }
    }

    /// One inner publisher's subscriber.
    struct Side<Downstream: Subscriber>: Subscriber, CustomStringConvertible, CustomReflectable,
        CustomPlaygroundDisplayConvertible
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = NewPublisher.Output
        typealias Failure = NewPublisher.Failure
        let outer: Outer<Downstream>
        let index: Int
        // Each inner subscriber is one of its own to the publisher it subscribes to, as in
        // Combine, and its mirror names the operator's subscription it reports to.
        let combineIdentifier = CombineIdentifier()
        var description: String { "FlatMap" }
        var customMirror: Mirror { Mirror(self, children: ["parentSubscription": CombineIdentifier(outer)]) }
        var playgroundDescription: Any { description }
        func receive(subscription: any Subscription) { outer.innerSubscribed(subscription, index: index) }
        func receive(_ input: Input) -> Subscribers.Demand { outer.innerValue(input, index: index) }
        func receive(completion: Subscribers.Completion<Failure>) { outer.innerCompleted(completion, index: index) }
    }
}
