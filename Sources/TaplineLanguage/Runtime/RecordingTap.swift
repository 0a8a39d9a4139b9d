import TaplineReactive

/// A stage the compiler puts after each publisher and operator when recording is on: it
/// passes every event through unchanged and tells the `Recorder` about it, as a `.print()`
/// there would print it. Like `print`, it keeps no end state of its own, so it changes
/// nothing a program can see: its subscription describes and reflects itself as the one it
/// wraps (`receive subscription: (PassthroughSubject)` still).
///
/// After a subject (`sendsOwnValues`), values and completions are left to the subject's
/// monitor, which sees each send once however many subscribers there are.
struct RecordingTap: Publisher {
    typealias Output = Value
    typealias Failure = ScriptFailure

    let upstream: AnyPublisher<Value, ScriptFailure>
    /// Weak: the recorder keeps the values it saw, and a value can be a publisher with taps
    /// of its own (`map { Just($0) }`), which would hold the recorder in a cycle.
    weak var recorder: Recorder?
    let lane: Int
    let sendsOwnValues: Bool

    func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == ScriptFailure {
        upstream.subscribe(Inner(self, downstream: subscriber))
    }

    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
        CustomReflectable, CustomPlaygroundDisplayConvertible
    where Downstream.Input == Value, Downstream.Failure == ScriptFailure {
        /// Let go of in one case only: an upstream that completed before it subscribed (a
        /// `zip` or `merge` whose inputs finish as they are subscribed, Combine's order) is
        /// over once it has handed its subscription on, and a downstream that keeps a
        /// subscription after a completion (`dropFirst`) would hold this stage in a cycle.
        private var downstream: Downstream?
        private var subscribed = false
        private var completedFirst = false
        private weak var recorder: Recorder?
        private let lane: Int
        private let sendsOwnValues: Bool
        private let number: Int
        private var upstream: (any Subscription)?
        /// The wrapped subscription's description, kept after the stream lets it go.
        private var name = "RecordingTap"
        /// What downstream may still be sent, to show the demand left after each value.
        private var demand = Subscribers.Demand.none

        init(_ tap: RecordingTap, downstream: Downstream) {
            self.downstream = downstream
            recorder = tap.recorder
            lane = tap.lane
            sendsOwnValues = tap.sendsOwnValues
            number = tap.recorder?.newSubscription() ?? 0
        }

        var description: String { name }
        var customMirror: Mirror { upstream.map { Mirror(reflecting: $0) } ?? Mirror(self, children: [:]) }
        var playgroundDescription: Any { description }

        func receive(subscription: any Subscription) {
            upstream = subscription
            name = String(describing: subscription)
            subscribed = true
            record(.subscribe(name))
            downstream?.receive(subscription: self)
            if completedFirst { downstream = nil }
        }

        func receive(_ input: Value) -> Subscribers.Demand {
            if demand > 0 { demand -= 1 }
            if !sendsOwnValues { record(.value(input, demandLeft: demand)) }
            let more = downstream?.receive(input) ?? .none
            demand += more
            return more
        }

        func receive(completion: Subscribers.Completion<ScriptFailure>) {
            switch completion {
            case _ where sendsOwnValues: record(.ended)
            case .finished: record(.finished)
            case .failure(let failure): record(.failed(failure.message))
            }
            if !subscribed { completedFirst = true }
            upstream = nil
            downstream?.receive(completion: completion)
        }

        func request(_ demand: Subscribers.Demand) {
            self.demand += demand
            record(.request(demand, demandLeft: self.demand))
            upstream?.request(demand)
        }

        func cancel() {
            record(.cancel)
            let subscription = upstream
            upstream = nil
            subscription?.cancel()
        }

        private func record(_ event: Recorder.Event) {
            recorder?.record(event, lane: lane, subscription: number)
        }
    }
}
