extension Publishers {
    /// On failure, replaces the upstream with the publisher the handler returns: its values
    /// and completion go downstream, and the demand not yet met is requested from it.
    ///
    /// ```swift
    /// let subject = PassthroughSubject<Int, TestError>()
    /// let token = subject.catch { _ in Just(-1) }
    ///     .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    /// subject.send(1)
    /// subject.send(completion: .failure(TestError()))
    /// // 1
    /// // -1
    /// // finished
    /// ```
    public struct Catch<Upstream: Publisher, NewPublisher: Publisher>: Publisher
    where Upstream.Output == NewPublisher.Output {
        public typealias Output = Upstream.Output
        public typealias Failure = NewPublisher.Failure
        public let upstream: Upstream
        public let handler: (Upstream.Failure) -> NewPublisher

        public init(upstream: Upstream, handler: @escaping (Upstream.Failure) -> NewPublisher) {
            self.upstream = upstream
            self.handler = handler
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let handler = self.handler
            let core = CatchCore<Upstream, NewPublisher, S>(
                downstream: subscriber, name: "Catch", handler: { .success(handler($0)) }, mapFailure: { $0 })
            upstream.subscribe(CatchCore.Before(core: core))
        }
    }
}

extension Publisher {
    /// Handles a failure by switching to another publisher.
    public func `catch`<P: Publisher>(_ handler: @escaping (Failure) -> P) -> Publishers.Catch<Self, P>
    where P.Output == Output {
        Publishers.Catch(upstream: self, handler: handler)
    }
}

/// What `catch` and `tryCatch` share: the downstream's subscription, first relayed to the
/// upstream, then (after a failure) to the handler's publisher. It counts the demand the
/// upstream has not met, so that the new publisher is asked for exactly that.
final class CatchCore<Upstream: Publisher, NewPublisher: Publisher, Downstream: Subscriber>: Subscription,
    CustomReflectable, CustomPlaygroundDisplayConvertible
where Downstream.Input == Upstream.Output, NewPublisher.Output == Upstream.Output {
    private enum State {
        case awaitingUpstream
        case upstream(any Subscription)
        case awaitingNew
        case new(any Subscription)
        case ended
    }

    private let downstream: Downstream
    private let name: String
    private let handler: (Upstream.Failure) -> Result<NewPublisher, Downstream.Failure>
    private let mapFailure: (NewPublisher.Failure) -> Downstream.Failure
    private var state = State.awaitingUpstream
    private var demand = Subscribers.Demand.none

    init(downstream: Downstream, name: String,
         handler: @escaping (Upstream.Failure) -> Result<NewPublisher, Downstream.Failure>,
         mapFailure: @escaping (NewPublisher.Failure) -> Downstream.Failure) {
        self.downstream = downstream
        self.name = name
        self.handler = handler
        self.mapFailure = mapFailure
    }

    var description: String { name }
    var customMirror: Mirror { Mirror(self, children: ["downstream": downstream, "demand": demand]) }
    var playgroundDescription: Any { description }

    func request(_ demand: Subscribers.Demand) {
        guard ContractViolation.check(demand > 0, "\(name): demand must be greater than zero") else { return }
        switch state {
        case .awaitingUpstream, .ended:
            return
        case .upstream(let subscription):
            self.demand += demand
            subscription.request(demand)
        case .awaitingNew:
            self.demand += demand
        case .new(let subscription):
            subscription.request(demand)
        }
    }

    /// A cancel that arrives while the recovery publisher is being subscribed to is lost, as
    /// in Combine: that publisher's subscription is still asked for the demand and its events
    /// still go downstream (OpenCombine's CatchTests.testCatchCancelPendingPost, run against
    /// Apple's Combine).
    func cancel() {
        switch state {
        case .upstream(let subscription), .new(let subscription):
            state = .ended
            subscription.cancel()
        case .awaitingUpstream:
            state = .ended
        case .awaitingNew, .ended:
            return
        }
    }

    // MARK: The upstream's side

    fileprivate func upstreamSubscribed(_ subscription: any Subscription) {
        guard case .awaitingUpstream = state else { return subscription.cancel() }
        state = .upstream(subscription)
        downstream.receive(subscription: self)
    }

    /// A value before the subscription or beyond the demand breaks the contract (Combine
    /// traps: CatchTests.testCatchCrashesOnUnwantedInput, testCatchReceiveValueBeforeSubscription).
    fileprivate func upstreamValue(_ input: Upstream.Output) -> Subscribers.Demand {
        if case .awaitingUpstream = state {
            ContractViolation.report("\(name): value before subscription")
            return .none
        }
        guard case .upstream = state else { return .none }
        guard ContractViolation.check(demand > 0, "\(name): value without demand") else { return .none }
        demand -= 1
        let more = downstream.receive(input)
        demand += more
        return more
    }

    /// A second completion from the upstream after it failed breaks the contract (Combine
    /// traps: CatchTests.testCatchUpstreamFailsTwice).
    fileprivate func upstreamCompleted(_ completion: Subscribers.Completion<Upstream.Failure>) {
        switch state {
        case .awaitingNew, .new: ContractViolation.report("\(name): upstream completed twice")
        default: break
        }
        guard case .upstream = state else { return }
        switch completion {
        case .finished:
            state = .ended
            downstream.receive(completion: .finished)
        case .failure(let error):
            state = .awaitingNew
            switch handler(error) {
            case .success(let publisher): publisher.subscribe(After(core: self))
            case .failure(let thrown):
                state = .ended
                downstream.receive(completion: .failure(thrown))
            }
        }
    }

    // MARK: The new publisher's side

    fileprivate func newSubscribed(_ subscription: any Subscription) {
        guard case .awaitingNew = state else { return subscription.cancel() }
        state = .new(subscription)
        if demand > 0 { subscription.request(demand) }
    }

    fileprivate func newValue(_ input: NewPublisher.Output) -> Subscribers.Demand {
        guard case .new = state else { return .none }
        return downstream.receive(input)
    }

    fileprivate func newCompleted(_ completion: Subscribers.Completion<NewPublisher.Failure>) {
        guard case .new = state else { return }
        state = .ended
        switch completion {
        case .finished: downstream.receive(completion: .finished)
        case .failure(let error): downstream.receive(completion: .failure(mapFailure(error)))
        }
    }

    /// The upstream's subscriber.
    struct Before: Subscriber, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure
        let core: CatchCore
        // A struct has no identity of its own: it stands for the object it forwards to, as Combine's inner subscribers do.
        var combineIdentifier: CombineIdentifier { CombineIdentifier(core) }
        var description: String { core.description }
        var customMirror: Mirror { core.customMirror }
        var playgroundDescription: Any { core.playgroundDescription }
        func receive(subscription: any Subscription) { core.upstreamSubscribed(subscription) }
        func receive(_ input: Input) -> Subscribers.Demand { core.upstreamValue(input) }
        func receive(completion: Subscribers.Completion<Failure>) { core.upstreamCompleted(completion) }
    }

    /// The handler's publisher's subscriber.
    struct After: Subscriber, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
        typealias Input = NewPublisher.Output
        typealias Failure = NewPublisher.Failure
        let core: CatchCore
        // A struct has no identity of its own: it stands for the object it forwards to, as Combine's inner subscribers do.
        var combineIdentifier: CombineIdentifier { CombineIdentifier(core) }
        var description: String { core.description }
        var customMirror: Mirror { core.customMirror }
        var playgroundDescription: Any { core.playgroundDescription }
        func receive(subscription: any Subscription) { core.newSubscribed(subscription) }
        func receive(_ input: Input) -> Subscribers.Demand { core.newValue(input) }
        func receive(completion: Subscribers.Completion<Failure>) { core.newCompleted(completion) }
    }
}
