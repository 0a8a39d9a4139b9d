extension Publishers {
    /// Passes on only the values whose index (counting from 0) lies in `range`, then
    /// finishes and cancels the upstream right after the last of them. `prefix(_:)`,
    /// `output(at:)` and `output(in:)` all make one.
    ///
    /// ```swift
    /// let subject = PassthroughSubject<String, Never>()
    /// let token = subject.output(in: 1...2).sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    /// subject.send("a")   // (skipped)
    /// subject.send("b")   // b
    /// subject.send("c")   // c, then finished — and the subject has no subscriber left
    /// ```
    public struct Output<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let range: CountableRange<Int>

        /// As in Combine, a negative bound is a programmer error (reported; clamped to 0 when
        /// the host lets it go on).
        public init(upstream: Upstream, range: CountableRange<Int>) {
            ContractViolation.check(range.lowerBound >= 0, "output(in:): the range must not be negative")
            self.upstream = upstream
            self.range = Swift.max(0, range.lowerBound)..<Swift.max(0, range.upperBound)
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, range: range))
        }
    }
}

extension Publisher {
    /// Passes on only the value at `index` (from 0), then finishes.
    public func output(at index: Int) -> Publishers.Output<Self> {
        // Combine traps on `.max`: the range `index..<index + 1` would overflow.
        guard ContractViolation.check(index < Int.max, "output(at:): index must be less than Int.max") else {
            return Publishers.Output(upstream: self, range: index..<index)
        }
        return output(in: index...index)
    }

    /// Passes on only the values whose index (from 0) is in `range`, then finishes.
    public func output<R: RangeExpression>(in range: R) -> Publishers.Output<Self> where R.Bound == Int {
        Publishers.Output(upstream: self, range: range.relative(to: 0..<Int.max))
    }
}

extension Publishers.Output {
    final class Inner<Downstream: Subscriber>: Relay<Output, Downstream>
    where Downstream.Input == Output, Downstream.Failure == Failure {
        private var toSkip: Int
        private var remaining: Int

        init(downstream: Downstream, range: CountableRange<Int>) {
            toSkip = range.lowerBound
            remaining = range.count
            super.init(downstream: downstream, name: "Output")
        }

        /// An empty range wants nothing: finish at once (`prefix(0)`). Unless the stream has
        /// already ended: a synchronous upstream (a sequence) may have sent every value, and
        /// this operator's completion, while the downstream was taking its subscription.
        override func didSubscribe() {
            if remaining == 0, upstream.isActive { finishEarly() }
        }

        override func relay(_ input: Output) -> Subscribers.Demand {
            if toSkip > 0 {
                // A skipped value used one unit of the downstream's demand: ask for it again.
                toSkip -= 1
                return .max(1)
            }
            guard remaining > 0 else {
                // Only an empty range gets here, with a value sent during the subscription.
                finishEarly()
                return .none
            }
            remaining -= 1
            guard remaining == 0 else { return downstream.receive(input) }
            // As Combine: the value, then the upstream's cancel, then the completion (the Kodeco
            // book's `output(at:)` listing prints the sink's line before `receive cancel`). The
            // link is ended first, so a value sent re-entrantly meanwhile is not taken.
            let subscription = upstream.detach()
            let demand = downstream.receive(input)
            subscription?.cancel()
            downstream.receive(completion: .finished)
            return demand
        }
    }
}
