/// The engine behind `merge`, `combineLatest` and `zip`: several upstreams feeding one
/// downstream. Each upstream is attached through a `Slot`, which tags its events with the
/// upstream's index and wraps its values as `Element` (the upstreams' common type, or an
/// `Either` for two different ones); a subclass decides what the events become.
class Junction<Element, Downstream: Subscriber>: Subscription {
    typealias Failure = Downstream.Failure

    let downstream: Downstream
    var links: [UpstreamLink]
    var finished: [Bool]
    var demand = Subscribers.Demand.none
    var isDone = false
    let name: String
    /// `merge` passes each request on to every upstream; `combineLatest` and `zip` ask
    /// for everything once and hold back what downstream cannot take yet.
    var forwardsDemand = false
    /// The host's flag for a combining closure that failed (`Combination`): the combination
    /// it returned is not delivered, as a `map` after the junction would not deliver it.
    var stop: StopSignal?

    init(downstream: Downstream, count: Int, name: String) {
        self.downstream = downstream
        self.links = Array(repeating: UpstreamLink(), count: count)
        self.finished = Array(repeating: false, count: count)
        self.name = name
    }

    var description: String { name }

    /// Attaches every upstream, then hands the downstream its subscription. An upstream that
    /// finishes as it is subscribed can end the junction first (Combine's order, OpenCombine's
    /// Zip); the downstream then gets a subscription of the same name that holds nothing: a
    /// downstream that keeps a subscription after its completion (`dropFirst`, which keeps no
    /// end state) would otherwise hold the junction, and the junction it, for ever.
    func start(_ attach: [(Junction<Element, Downstream>) -> Void]) {
        for connect in attach { connect(self) }
        downstream.receive(subscription: isDone ? EmptySubscription(name) : self)
    }

    func accept(_ subscription: any Subscription, at index: Int) {
        guard !isDone else {
            subscription.cancel()
            return
        }
        _ = links[index].accept(subscription)
    }

    /// A value from upstream `index`; returns extra demand for that upstream.
    func receive(_ value: Element, at index: Int) -> Subscribers.Demand { .none }

    func receive(completion: Subscribers.Completion<Failure>, at index: Int) {
        guard !isDone, !finished[index] else { return }
        finished[index] = true
        switch completion {
        case .failure:
            // Every input is cancelled, the failed one too, as Combine does.
            finish(with: completion)
        case .finished:
            links[index].end()
            upstreamFinished(index)
        }
    }

    /// Called when one upstream finishes normally.
    func upstreamFinished(_ index: Int) {
        if !finished.contains(false) { finish(with: .finished) }
    }

    /// `finish(with: .finished)`, out of line: this code runs unspecialised, where Swift looks
    /// the completion's generic type up wherever a function makes one, and so on the path of
    /// every value in a function that may finish.
    @inline(never)
    func finishNormally() { finish(with: .finished) }

    /// Ends the junction: cancels the upstreams still running, then completes downstream.
    func finish(with completion: Subscribers.Completion<Failure>) {
        guard !isDone else { return }
        isDone = true
        for index in links.indices { links[index].detach()?.cancel() }
        downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > 0, !isDone else { return }
        self.demand += demand
        if forwardsDemand {
            for link in links { link.request(demand) }
        } else if !hasRequested {
            hasRequested = true
            for link in links { link.request(.unlimited) }
        }
        drain()
    }
    private var hasRequested = false

    /// Delivers what was held back while demand was zero.
    func drain() {}

    /// Hands one value downstream if there is demand; returns false if it must wait.
    func emit(_ value: Downstream.Input) -> Bool {
        guard demand > 0, !isDone else { return false }
        demand -= 1
        guard !stop.isRaised else { return true }
        demand += downstream.receive(value)
        return true
    }

    func cancel() {
        guard !isDone else { return }
        isDone = true
        for index in links.indices { links[index].detach()?.cancel() }
    }
}

extension Publishers {
    /// `zip` or `combineLatest` of publishers of one type, emitting what the caller makes of
    /// each set of values: `pair` makes it from two inputs' values, `combine` from more.
    /// `ZipMany` and `CombineLatestMany` emit arrays; a host whose own values hold tuples
    /// (the language's) makes its tuple here directly, with no array between for two inputs
    /// and no `map` stage after, or runs its combining closure here on the inputs' values,
    /// with no tuple at all. A closure that fails raises `stop` (see `StopSignal`): what it
    /// returned is dropped as a `map` after the junction drops it, the demand it took spent.
    /// Package API.
    ///
    /// ```swift
    /// let pairs = Publishers.Combination(.zip, [[1, 2].publisher, [3, 4].publisher],
    ///                                    pair: { "\($0)+\($1)" }, combine: { "\($0)" })
    /// let token = pairs.sink { print($0) }   // 1+3, then 2+4
    /// ```
    package struct Combination<Upstream: Publisher, Output>: Publisher, Stoppable {
        package typealias Failure = Upstream.Failure

        /// Which operator the combination is.
        package enum Rule: Sendable { case zip, combineLatest }

        let rule: Rule
        let publishers: [Upstream]
        let pair: (Upstream.Output, Upstream.Output) -> Output
        let combine: ([Upstream.Output]) -> Output
        package var stop: StopSignal?

        package init(_ rule: Rule, _ publishers: [Upstream], pair: @escaping (Upstream.Output, Upstream.Output) -> Output,
                     combine: @escaping ([Upstream.Output]) -> Output) {
            (self.rule, self.publishers, self.pair, self.combine) = (rule, publishers, pair, combine)
        }

        package func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let combine = self.combine
            let junction: Junction<Upstream.Output, S> = switch (rule, publishers.count == 2) {
            case (.zip, true): ZipJunction(downstream: subscriber, pair: pair)
            case (.zip, false): ZipJunction(downstream: subscriber, count: publishers.count) { combine($0) }
            case (.combineLatest, true): LatestJunction(downstream: subscriber, pair: pair)
            case (.combineLatest, false): LatestJunction(downstream: subscriber, count: publishers.count) { combine($0) }
            }
            junction.stop = stop
            junction.start(publishers)
        }
    }
}

/// Attaches one upstream to a junction, tagging its events with `index`.
struct Slot<Input, Element, Failure: Error, Downstream: Subscriber>: Subscriber where Downstream.Failure == Failure {
    let junction: Junction<Element, Downstream>
    let index: Int
    // A struct has no identity of its own: it stands for the object it forwards to, as Combine's inner subscribers do.
    var combineIdentifier: CombineIdentifier { CombineIdentifier(junction) }
    let wrap: (Input) -> Element

    func receive(subscription: any Subscription) { junction.accept(subscription, at: index) }
    func receive(_ input: Input) -> Subscribers.Demand { junction.receive(wrap(input), at: index) }
    func receive(completion: Subscribers.Completion<Failure>) { junction.receive(completion: completion, at: index) }

    /// A connector that subscribes `publisher` through a slot.
    static func connect<P: Publisher>(_ publisher: P, at index: Int, wrap: @escaping (Input) -> Element)
        -> (Junction<Element, Downstream>) -> Void where P.Output == Input, P.Failure == Failure {
        { junction in publisher.subscribe(Slot(junction: junction, index: index, wrap: wrap)) }
    }
}

/// `Slot` for an upstream of the junction's own element type (`merge`, and `zip` and
/// `combineLatest` of one type): its values go in as they are, with no wrapping closure to
/// call (through a thunk, in unspecialised code) at every value.
struct PlainSlot<Element, Failure: Error, Downstream: Subscriber>: Subscriber where Downstream.Failure == Failure {
    let junction: Junction<Element, Downstream>
    let index: Int
    var combineIdentifier: CombineIdentifier { CombineIdentifier(junction) }

    func receive(subscription: any Subscription) { junction.accept(subscription, at: index) }
    func receive(_ input: Element) -> Subscribers.Demand { junction.receive(input, at: index) }
    func receive(completion: Subscribers.Completion<Failure>) { junction.receive(completion: completion, at: index) }
}

/// One value from either of two upstreams of different types.
enum Either<A, B> {
    case first(A)
    case second(B)

    /// The pair a two-input junction emits, from its two latest (or queued) values: a `.first`
    /// and a `.second`, as `start(_:_:)` wraps them.
    static func pair(_ first: Either, _ second: Either) -> (A, B) {
        guard case .first(let a) = first, case .second(let b) = second else {
            preconditionFailure("a two-input junction's inputs are wrapped as .first and .second")
        }
        return (a, b)
    }
}

extension Junction where Downstream.Failure: Error {
    /// Attaches two upstreams of different types, as `.first` and `.second`.
    func start<A: Publisher, B: Publisher>(_ a: A, _ b: B) where Element == Either<A.Output, B.Output>,
        A.Failure == Downstream.Failure, B.Failure == Downstream.Failure {
        start([
            Slot<A.Output, Element, Failure, Downstream>.connect(a, at: 0, wrap: Element.first),
            Slot<B.Output, Element, Failure, Downstream>.connect(b, at: 1, wrap: Element.second),
        ])
    }

    /// Attaches any number of upstreams of one type; with none, finishes at once.
    func start<P: Publisher>(_ publishers: [P]) where Element == P.Output, P.Failure == Downstream.Failure {
        start(publishers.enumerated().map { index, publisher in
            { junction in publisher.subscribe(PlainSlot(junction: junction, index: index)) }
        })
        if publishers.isEmpty { finish(with: .finished) }
    }
}
