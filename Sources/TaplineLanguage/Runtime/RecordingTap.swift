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

    /// The subscription half of a tap: it records what the downstream asks and passes it on.
    /// `Inner` is one with the downstream added. The downstream gets a copy of its own, which
    /// holds no downstream, in one case: the upstream completed before it subscribed (a `zip`
    /// or `merge` whose inputs finish as they are subscribed, Combine's order), and a
    /// downstream that keeps a subscription after its completion (`dropFirst`, which keeps
    /// no end state) would otherwise hold the tap, and the tap it, for ever.
    private class Link: Subscription, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
        final weak var recorder: Recorder?
        final let lane: Int
        final let number: Int
        final var upstream: (any Subscription)?
        /// The wrapped subscription's description, kept after the stream lets it go.
        final var name = "RecordingTap"
        /// What downstream may still be sent, to show the demand left after each value.
        final var demand = Subscribers.Demand.none

        init(recorder: Recorder?, lane: Int, number: Int) {
            self.recorder = recorder
            self.lane = lane
            self.number = number
        }

        /// The late copy, with what `link` has seen.
        init(copying link: Link) {
            (recorder, lane, number) = (link.recorder, link.lane, link.number)
            (upstream, name, demand) = (link.upstream, link.name, link.demand)
        }

        final var description: String { name }
        final var customMirror: Mirror { upstream.map { Mirror(reflecting: $0) } ?? Mirror(self, children: [:]) }
        final var playgroundDescription: Any { description }

        final func request(_ demand: Subscribers.Demand) {
            self.demand += demand
            record(.request(demand, demandLeft: self.demand))
            upstream?.request(demand)
        }

        final func cancel() {
            record(.cancel)
            let subscription = upstream
            upstream = nil
            subscription?.cancel()
        }

        final func record(_ event: Recorder.Event) {
            recorder?.record(event, lane: lane, subscription: number)
        }
    }

    private final class Inner<Downstream: Subscriber>: Link, Subscriber
    where Downstream.Input == Value, Downstream.Failure == ScriptFailure {
        private let downstream: Downstream
        private let sendsOwnValues: Bool
        /// Whether the upstream has subscribed yet, or completed first (see `Link`).
        private var stage = Stage.waiting
        private enum Stage { case waiting, completedFirst, subscribed }

        init(_ tap: RecordingTap, downstream: Downstream) {
            self.downstream = downstream
            sendsOwnValues = tap.sendsOwnValues
            super.init(recorder: tap.recorder, lane: tap.lane, number: tap.recorder?.newSubscription() ?? 0)
        }

        /// A late subscription is held by the copy alone: held here too, it would hold the
        /// upstream that holds this tap for ever (`buffer` completes its downstream before
        /// it hands over its subscription).
        func receive(subscription: any Subscription) {
            name = String(describing: subscription)
            record(.subscribe(name))
            let late = stage == .completedFirst
            stage = .subscribed
            guard late else {
                upstream = subscription
                return downstream.receive(subscription: self)
            }
            let copy = Link(copying: self)
            copy.upstream = subscription
            downstream.receive(subscription: copy)
        }

        func receive(_ input: Value) -> Subscribers.Demand {
            if demand > 0 { demand -= 1 }
            if !sendsOwnValues { record(.value(input, demandLeft: demand)) }
            let more = downstream.receive(input)
            demand += more
            return more
        }

        func receive(completion: Subscribers.Completion<ScriptFailure>) {
            switch completion {
            case _ where sendsOwnValues: record(.ended)
            case .finished: record(.finished)
            case .failure(let failure): record(.failed(failure.message))
            }
            if stage == .waiting { stage = .completedFirst }
            upstream = nil
            downstream.receive(completion: completion)
        }
    }
}
