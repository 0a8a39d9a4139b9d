// Page 4: a hand-written Publisher and Subscription, as Combine's documentation shows them:
// the subscription honours demand, and needs no `description` nor `combineIdentifier`.
import Testing
import TaplineReactive

/// Counts down from `start` to 1, as fast as the subscriber asks.
struct Countdown: Publisher {
    typealias Output = Int
    typealias Failure = Never

    let start: Int

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        subscriber.receive(subscription: CountdownSubscription(next: start, subscriber: subscriber))
    }
}

private final class CountdownSubscription<S: Subscriber>: Subscription where S.Input == Int, S.Failure == Never {
    private var next: Int
    private var subscriber: S?

    init(next: Int, subscriber: S) {
        self.next = next
        self.subscriber = subscriber
    }

    func request(_ demand: Subscribers.Demand) {
        var demand = demand
        while demand > 0, next > 0, let subscriber {
            demand -= 1
            demand += subscriber.receive(next)
            next -= 1
        }
        if next == 0, let subscriber {
            self.subscriber = nil
            subscriber.receive(completion: .finished)
        }
    }

    func cancel() { subscriber = nil }
}

@Suite("Page 4: a hand-written Publisher and Subscription")
struct CustomPublisherPage {
    @Test func itHonoursDemand() {
        let console = Console()
        let subscriber = GenericSubscriber<Int>(demand: .max(2), onValue: { console.print($0) },
                                                onCompletion: { console.print("liftoff:", $0) })
        Countdown(start: 3).subscribe(subscriber)
        #expect(console.lines == ["3", "2"])

        subscriber.subscription?.request(.max(5))
        #expect(console.lines == ["3", "2", "1", "liftoff: finished"])
    }

    @Test func itWorksWithOperatorsAndPrint() {
        let console = Console()
        let token = Countdown(start: 2)
            .print("countdown", to: console)
            .map { $0 * 100 }
            .sink { console.print($0) }
        // The subscription gave no description: print shows its type, whose generic
        // arguments (the operators' inner subscribers) are the core's own business.
        #expect(console.lines.first?.hasPrefix("countdown: receive subscription: (CountdownSubscription<") == true)
        #expect(console.lines.dropFirst() == [
            "countdown: request unlimited",
            "countdown: receive value: (2)",
            "200",
            "countdown: receive value: (1)",
            "100",
            "countdown: receive finished",
        ])
        _ = token
    }
}
