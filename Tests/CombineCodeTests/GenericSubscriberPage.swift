// Page 1: the seed's pattern. A view exposes its button's tap as a publisher; the view
// model subscribes with a hand-written Subscriber class. Written as for Apple's Combine:
// only `import TaplineReactive` stands where `import Combine` would.
import Testing
import TaplineReactive

/// A button as a UIKit view would wrap it: `tap` publishes `()` each time it is tapped.
final class DummyButton {
    let title: String
    private let tapSubject = PassthroughSubject<Void, Never>()
    var tap: AnyPublisher<Void, Never> { tapSubject.eraseToAnyPublisher() }

    init(title: String) { self.title = title }

    func sendTap() { tapSubject.send() }
}

/// The seed's GenericSubscriber: a closure per value, a fixed initial demand.
final class GenericSubscriber<Input>: Subscriber {
    typealias Failure = Never

    private let demand: Subscribers.Demand
    private let onValue: (Input) -> Void
    private let onCompletion: (Subscribers.Completion<Never>) -> Void
    private(set) var subscription: Subscription?

    init(
        demand: Subscribers.Demand = .unlimited,
        onValue: @escaping (Input) -> Void,
        onCompletion: @escaping (Subscribers.Completion<Never>) -> Void = { _ in }
    ) {
        self.demand = demand
        self.onValue = onValue
        self.onCompletion = onCompletion
    }

    func receive(subscription: Subscription) {
        self.subscription = subscription
        subscription.request(demand)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        onValue(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {
        onCompletion(completion)
        subscription = nil
    }
}

@Suite("Page 1: a hand-written Subscriber on a button's tap")
struct GenericSubscriberPage {
    @Test func theButtonWasTapped() {
        let console = Console()
        let dummy = DummyButton(title: "Dummy Button")
        let didTap = GenericSubscriber<Void>(onValue: { console.print("The button was tapped") })

        dummy.tap.subscribe(didTap)
        dummy.sendTap()

        #expect(console.lines == ["The button was tapped"])
    }

    @Test func aLimitedDemandIsRaisedByHand() {
        let console = Console()
        let numbers = PassthroughSubject<Int, Never>()
        let subscriber = GenericSubscriber<Int>(demand: .max(1), onValue: { console.print("got", $0) })

        numbers.subscribe(subscriber)
        numbers.send(1)
        numbers.send(2)                                // dropped: no demand left
        subscriber.subscription?.request(.max(1))
        numbers.send(3)

        #expect(console.lines == ["got 1", "got 3"])
    }

    @Test func aSubscriberHasAnIdentityAndCanBeErased() {
        let console = Console()
        let subscriber = GenericSubscriber<String>(onValue: { console.print($0) },
                                                   onCompletion: { console.print("done:", $0) })
        let erased = AnySubscriber(subscriber)

        #expect(erased.combineIdentifier == subscriber.combineIdentifier)
        #expect(subscriber.combineIdentifier == CombineIdentifier(subscriber))
        #expect(AnySubscriber<Int, Never>().combineIdentifier != AnySubscriber<Int, Never>().combineIdentifier)

        ["a", "b"].publisher.subscribe(erased)
        #expect(console.lines == ["a", "b", "done: finished"])
    }
}
