extension Publishers {
    /// Skips values while a predicate holds; from the first value that fails it on, passes
    /// everything on (each skipped value asks upstream for one more).
    ///
    /// ```swift
    /// [1, 2, 5, 1].publisher.drop { $0 < 3 }.sink { print($0) }
    /// // 5
    /// // 1
    /// ```
    public struct DropWhile<Upstream: Publisher>: Publisher, Stoppable {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let predicate: (Upstream.Output) -> Bool
        package var stop: StopSignal?

        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(DropWhileInner(downstream: subscriber, name: "DropWhile", predicate: predicate, failure: absurd).honouring(stop))
        }
    }

    /// `drop(while:)` with a predicate that may throw; a throw (only while still dropping)
    /// fails the stream with that error and cancels the upstream.
    ///
    /// ```swift
    /// struct Negative: Error {}
    /// [1, -2, 3].publisher
    ///     .tryDrop { value in
    ///         guard value >= 0 else { throw Negative() }
    ///         return value < 2
    ///     }
    ///     .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    /// // failure(Negative())
    /// ```
    public struct TryDropWhile<Upstream: Publisher>: Publisher, Stoppable {
        public typealias Output = Upstream.Output
        public typealias Failure = any Error
        public let upstream: Upstream
        public let predicate: (Upstream.Output) throws -> Bool
        package var stop: StopSignal?

        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let inner = DropWhileInner(downstream: subscriber, name: "TryDropWhile", predicate: predicate, failure: { $0 }).honouring(stop)
            upstream.subscribe(FailureEraser<DropWhileInner<any Error, S>, Upstream.Failure>(relay: inner))
        }
    }
}

extension Publisher {
    /// Skips values until `predicate` is false for one, then passes everything on.
    public func drop(while predicate: @escaping (Output) -> Bool) -> Publishers.DropWhile<Self> {
        Publishers.DropWhile(upstream: self, predicate: predicate)
    }

    /// Skips values until `predicate` is false for one, then passes everything on; a throw fails.
    public func tryDrop(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryDropWhile<Self> {
        Publishers.TryDropWhile(upstream: self, predicate: predicate)
    }
}

/// `drop(while:)` and `tryDrop(while:)`: one relay, whose predicate throws `Never` for the
/// plain operator. Like Combine's, it drops what comes before its subscription or after
/// its end, and a late subscription after an early cancel is refused, not cancelled.
final class DropWhileInner<PredicateFailure: Error, Downstream: Subscriber>: Relay<Downstream.Input, Downstream> {
    let predicate: (Downstream.Input) throws(PredicateFailure) -> Bool
    private let failure: (PredicateFailure) -> Downstream.Failure
    private var dropping = true

    init(downstream: Downstream, name: String, predicate: @escaping (Downstream.Input) throws(PredicateFailure) -> Bool,
         failure: @escaping (PredicateFailure) -> Downstream.Failure) {
        self.predicate = predicate
        self.failure = failure
        super.init(downstream: downstream, name: name)
    }

    /// A request for nothing breaks the contract (Combine traps): OpenCombine's
    /// DropWhileTests.testDropWhileCrashesOnZeroRequest, run against Apple's Combine.
    override func request(_ demand: Subscribers.Demand) {
        guard ContractViolation.check(demand > 0, "\(description): demand must be greater than zero") else { return }
        super.request(demand)
    }

    override func relay(_ input: Downstream.Input) -> Subscribers.Demand {
        if dropping {
            do throws(PredicateFailure) {
                let drops = try predicate(input)
                if isStopped { return .none }
                if drops { return .max(1) }
                dropping = false
            } catch {
                if !isStopped { failEarly(failure(error)) }
                return .none
            }
        }
        return downstream.receive(input)
    }
}
