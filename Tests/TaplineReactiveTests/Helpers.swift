import TaplineReactive

/// The error every failing test publisher uses; prints as `oops`.
struct TestError: Error, Equatable, CustomStringConvertible {
    var description: String { "oops" }
}

/// A subscriber that records everything it receives, OpenCombine-style: tests compare the
/// whole history at once.
final class Recorder<Input: Equatable, Failure: Error & Equatable>: Subscriber {
    enum Event: Equatable, CustomStringConvertible {
        case subscription(String)
        case value(Input)
        case completion(Subscribers.Completion<Failure>)

        var description: String {
            switch self {
            case .subscription(let name): return "subscription(\(name))"
            case .value(let value): return "value(\(value))"
            case .completion(let completion): return "\(completion)"
            }
        }
    }

    private(set) var events: [Event] = []
    private(set) var subscription: (any Subscription)?
    private let initialDemand: Subscribers.Demand
    private let demandPerValue: (Input) -> Subscribers.Demand

    /// `demand` is requested at subscription (`.none`: nothing); each value returns `perValue`.
    init(demand: Subscribers.Demand = .unlimited, perValue: @escaping (Input) -> Subscribers.Demand = { _ in .none }) {
        initialDemand = demand
        demandPerValue = perValue
    }

    var values: [Input] {
        events.compactMap { if case .value(let value) = $0 { return value } else { return nil } }
    }

    func receive(subscription: any Subscription) {
        events.append(.subscription(subscription.description))
        self.subscription = subscription
        if initialDemand > 0 { subscription.request(initialDemand) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        events.append(.value(input))
        return demandPerValue(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        events.append(.completion(completion))
    }

    func request(_ demand: Subscribers.Demand) { subscription?.request(demand) }
    func cancel() { subscription?.cancel() }
}

/// A subscription that records what is asked of it.
final class RecordingSubscription: Subscription {
    enum Event: Equatable {
        case requested(Subscribers.Demand)
        case cancelled
    }

    private(set) var history: [Event] = []
    let description: String

    init(_ description: String = "RecordingSubscription") { self.description = description }

    /// Run after each request or cancel is written down, to re-enter the operator.
    var onRequest: ((Subscribers.Demand) -> Void)?
    var onCancel: (() -> Void)?

    func request(_ demand: Subscribers.Demand) {
        history.append(.requested(demand))
        onRequest?(demand)
    }

    func cancel() {
        history.append(.cancelled)
        onCancel?()
    }
}

/// A publisher the test drives by hand: it hands each subscriber a `RecordingSubscription`
/// and lets the test push values and completions regardless of demand, to check how an
/// operator copes.
final class ManualPublisher<Output, Failure: Error>: Publisher {
    let subscription = RecordingSubscription()
    private var subscriber: AnySubscriber<Output, Failure>?

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        self.subscriber = AnySubscriber(subscriber)
        subscriber.receive(subscription: subscription)
    }

    @discardableResult
    func send(_ value: Output) -> Subscribers.Demand { subscriber?.receive(value) ?? .none }
    func send(completion: Subscribers.Completion<Failure>) { subscriber?.receive(completion: completion) }
    /// Hands the subscriber another subscription (a contract violation it must survive).
    func send(subscription: any Subscription) { subscriber?.receive(subscription: subscription) }
}

typealias IntRecorder = Recorder<Int, TestError>
typealias IntsRecorder = Recorder<[Int], TestError>
