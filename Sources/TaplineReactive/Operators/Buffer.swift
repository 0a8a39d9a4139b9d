extension Publishers {
    /// When `buffer` asks its upstream for values: `keepFull` asks for `size` at once and one
    /// more for each value delivered; `byRequest` asks for unlimited at once.
    public enum PrefetchStrategy: Equatable, Hashable, Sendable {
        case keepFull
        case byRequest
    }

    /// What `buffer` does with a value that finds it full.
    public enum BufferingStrategy<Failure: Error> {
        case dropNewest
        case dropOldest
        case customError(() -> Failure)
    }

    /// Holds up to `size` values the downstream has not asked for yet and delivers them as
    /// demand arrives; a finish is delivered once the buffer is empty and the downstream has
    /// demand (so a downstream that asked for nothing gets it with its next request), a
    /// failure as soon as there is no demand (values still held are then dropped).
    ///
    /// ```swift
    /// let subject = PassthroughSubject<Int, Never>()
    /// let slow = Subscribers.Custom<Int, Never>(demand: .none, receiveValue: { print($0); return .none })
    /// subject.buffer(size: 2, prefetch: .byRequest, whenFull: .dropOldest).subscribe(slow)
    /// subject.send(1); subject.send(2); subject.send(3)
    /// slow.request(.max(2))
    /// // 2
    /// // 3
    /// ```
    public struct Buffer<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let size: Int
        public let prefetch: PrefetchStrategy
        public let whenFull: BufferingStrategy<Failure>

        public init(upstream: Upstream, size: Int, prefetch: PrefetchStrategy, whenFull: BufferingStrategy<Failure>) {
            self.upstream = upstream
            self.size = size
            self.prefetch = prefetch
            self.whenFull = whenFull
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, size: Swift.max(0, size), prefetch: prefetch,
                                     whenFull: whenFull))
        }
    }
}

extension Publisher {
    /// Buffers up to `size` values ahead of the downstream's demand.
    public func buffer(size: Int, prefetch: Publishers.PrefetchStrategy,
                       whenFull: Publishers.BufferingStrategy<Failure>) -> Publishers.Buffer<Self> {
        Publishers.Buffer(upstream: self, size: size, prefetch: prefetch, whenFull: whenFull)
    }
}

extension Publishers.Buffer {
    /// Combine's model (OpenCombine's BufferTests, run against Apple's): the upstream is asked
    /// before the downstream has its subscription; with `.customError` a value that finds the
    /// buffer full cancels the upstream and the failure goes out at the next drain (a request).
    final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomReflectable,
        CustomPlaygroundDisplayConvertible
    where Downstream.Input == Output, Downstream.Failure == Failure {
        private let downstream: Downstream
        private let size: Int
        private let prefetch: Publishers.PrefetchStrategy
        private let whenFull: Publishers.BufferingStrategy<Failure>
        private var upstream = UpstreamLink()
        /// The upstream's subscription, kept after its completion (and after `.customError`
        /// cancelled it) until that is delivered: as in Combine, values delivered meanwhile
        /// (`keepFull`) still ask it for more.
        private var kept: (any Subscription)?
        private var values: [Output] = []
        private var demand = Subscribers.Demand.none
        /// The completion to deliver once the buffer allows (a failure: as soon as there is no demand).
        private var terminal: Subscribers.Completion<Failure>?
        /// True while values are being delivered: a request made meanwhile only adds demand.
        private var draining = false
        /// Set once the completion went out or the downstream cancelled.
        private var ended = false

        init(downstream: Downstream, size: Int, prefetch: Publishers.PrefetchStrategy,
             whenFull: Publishers.BufferingStrategy<Failure>) {
            self.downstream = downstream
            self.size = size
            self.prefetch = prefetch
            self.whenFull = whenFull
        }

        var description: String { "Buffer" }
        var customMirror: Mirror {
            Mirror(self, children: ["values": values, "state": ended ? "terminal" : upstream.mirrorStatus,
                                    "downstreamDemand": demand, "terminal": terminal as Any])
        }
        var playgroundDescription: Any { description }

        func receive(subscription: any Subscription) {
            guard upstream.accept(subscription) else { return }
            kept = subscription
            subscription.request(prefetch == .keepFull ? .max(size) : .unlimited)
            downstream.receive(subscription: self)
        }

        func receive(_ input: Output) -> Subscribers.Demand {
            // Combine's buffer makes the error under its lock: a value sent from inside
            // `customError` deadlocks there (BufferTests.testDeadlockWhenErroringOnFullBuffer).
            guard ContractViolation.check(!makingError, "Buffer: a value sent from inside its customError closure"),
                  !ended, upstream.subscription != nil || terminal != nil else { return .none }
            if case .failure = terminal { return .none }
            if values.count >= size {
                switch whenFull {
                case .dropNewest:
                    return drain()
                case .dropOldest:
                    if !values.isEmpty { values.removeFirst() }
                case .customError(let makeError):
                    makingError = true
                    let error = makeError()
                    makingError = false
                    terminal = .failure(error)
                    upstream.detach()?.cancel()
                    return .none
                }
            }
            values.append(input)
            return drain()
        }

        /// Set while `customError`'s closure runs.
        private var makingError = false

        func receive(completion: Subscribers.Completion<Failure>) {
            guard upstream.isActive, terminal == nil else { return }
            upstream.end()
            terminal = completion
            _ = drain()
        }

        func request(_ more: Subscribers.Demand) {
            guard !ended, more > 0 else { return }
            demand += more
            guard !draining else { return }
            // Read first: the values delivered before a completion still ask for more.
            let subscription = kept
            let upstreamDemand = drain()
            if upstreamDemand > 0 { subscription?.request(upstreamDemand) }
        }

        /// A cancel before the upstream has subscribed is ignored, as in Combine: the
        /// subscription, when it comes, is asked as usual (BufferTests.testBuffer…CancelBeforeSubscription).
        func cancel() {
            guard !ended, !upstream.isAwaiting else { return }
            ended = true
            values.removeAll()
            kept = nil
            upstream.detach()?.cancel()
        }

        /// Delivers what the demand allows; returns what to ask the upstream for (`keepFull`:
        /// one per value delivered). A finish goes out when nothing is left to deliver and there
        /// is demand; a failure when nothing is left or there is no demand.
        private func drain() -> Subscribers.Demand {
            var upstreamDemand = Subscribers.Demand.none
            while !ended {
                guard demand > 0, !values.isEmpty else {
                    deliverCompletionIfDue()
                    return upstreamDemand
                }
                let batch = Array(values.prefix(demand.max ?? values.count))
                values.removeFirst(batch.count)
                demand -= batch.count
                draining = true
                var returned = Subscribers.Demand.none
                for value in batch { returned += downstream.receive(value) }
                draining = false
                if prefetch == .keepFull { upstreamDemand += batch.count }
                demand += returned
            }
            return upstreamDemand
        }

        private func deliverCompletionIfDue() {
            guard let terminal else { return }
            let due: Bool
            if case .failure = terminal { due = demand == 0 || values.isEmpty } else { due = values.isEmpty && demand > 0 }
            guard due else { return }
            ended = true
            values.removeAll()
            kept = nil
            downstream.receive(completion: terminal)
        }
    }
}
