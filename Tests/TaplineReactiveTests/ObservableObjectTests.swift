import Testing
import TaplineReactive

/// `ObservableObject` and `ObservableObjectPublisher` as Apple documents them: the object's
/// publisher emits before any `@Published` property changes ("A type of object with a
/// publisher that emits before the object has changed"), and its subscriptions are switched
/// on by any request rather than counting demand (OpenCombine's ObservableObjectTests).
@Suite("ObservableObject")
struct ObservableObjectTests {
    class Contact: ObservableObject {
        @Published var name = "John"
        @Published var age = 40
        var nickname = "J"                               // not @Published: not watched
    }

    final class Employee: Contact {
        @Published var team = "core"
    }

    final class Plain: ObservableObject {}

    /// Everything, in order, with the value stored at that moment.
    final class Log {
        var lines: [String] = []
    }

    @Test func objectWillChangeFiresBeforeEachPublishedChangeAndBeforeItsOwnPublisher() {
        let log = Log()
        let john = Contact()
        let tokens = [
            john.objectWillChange.sink { log.lines.append("will change (age \(john.age))") },
            john.$age.sink { log.lines.append("$age \($0) (age \(john.age))") },
        ]
        john.age += 1
        john.name = "Johnny"
        john.nickname = "Jo"
        #expect(log.lines == [
            "$age 40 (age 40)",
            "will change (age 40)", "$age 41 (age 40)",
            "will change (age 41)",
        ])
        _ = tokens
    }

    @Test func theObjectHandsOutOnePublisher() {
        let john = Contact()
        #expect(john.objectWillChange === john.objectWillChange)
        #expect(Contact().objectWillChange !== john.objectWillChange)
    }

    @Test func aSubclassesPublishedPropertiesAndItsSuperclassesAreWatched() {
        let log = Log()
        let ann = Employee()
        let token = ann.objectWillChange.sink { log.lines.append("will change") }
        ann.team = "ui"
        ann.age = 30
        #expect(log.lines == ["will change", "will change"])
        token.cancel()
    }

    @Test func anObjectWithNoPublishedPropertyCanStillBeToldByHand() {
        let log = Log()
        let plain = Plain()
        let changes = plain.objectWillChange
        let token = changes.sink { log.lines.append("will change") }
        changes.send()
        #expect(log.lines == ["will change"])
        token.cancel()
    }

    @Test func anObjectMayDeclareItsOwnPublisher() {
        final class Counter: ObservableObject {
            let objectWillChange = PassthroughSubject<Int, Never>()
            var count = 0 {
                willSet { objectWillChange.send(newValue) }
            }
        }
        let log = Log()
        let counter = Counter()
        let token = counter.objectWillChange.sink { log.lines.append("will be \($0)") }
        counter.count = 2
        #expect(log.lines == ["will be 2"])
        token.cancel()
    }
}

@Suite("ObservableObjectPublisher")
struct ObservableObjectPublisherTests {
    /// Records a Void stream, which `Recorder` cannot (Void is not Equatable).
    final class VoidRecorder: Subscriber {
        typealias Input = Void
        typealias Failure = Never
        var events: [String] = []
        var subscription: (any Subscription)?

        func receive(subscription: any Subscription) {
            events.append("subscription(\(subscription))")
            self.subscription = subscription
        }
        func receive(_ input: Void) -> Subscribers.Demand {
            events.append("value")
            return .none
        }
        func receive(completion: Subscribers.Completion<Never>) { events.append("\(completion)") }
    }

    @Test func nothingArrivesBeforeTheFirstRequest() {
        let publisher = ObservableObjectPublisher()
        let recorder = VoidRecorder()
        publisher.subscribe(recorder)
        publisher.send()
        #expect(recorder.events == ["subscription(ObservableObjectPublisher)"])
    }

    @Test func anyRequestTurnsTheSubscriptionOnForEverySend() {
        let publisher = ObservableObjectPublisher()
        let recorder = VoidRecorder()
        publisher.subscribe(recorder)
        recorder.subscription?.request(.max(1))
        publisher.send()
        publisher.send()
        publisher.send()
        #expect(recorder.events == ["subscription(ObservableObjectPublisher)", "value", "value", "value"])
    }

    @Test func aZeroRequestDoesNotTurnItOn() {
        let publisher = ObservableObjectPublisher()
        let recorder = VoidRecorder()
        publisher.subscribe(recorder)
        recorder.subscription?.request(.none)
        publisher.send()
        #expect(recorder.events == ["subscription(ObservableObjectPublisher)"])
    }

    @Test func cancellingDetachesTheSubscriber() {
        let publisher = ObservableObjectPublisher()
        let recorder = VoidRecorder()
        publisher.subscribe(recorder)
        recorder.subscription?.request(.unlimited)
        #expect(publisher.subscriberCount == 1)
        recorder.subscription?.cancel()
        recorder.subscription?.cancel()
        publisher.send()
        #expect(publisher.subscriberCount == 0)
        #expect(recorder.events == ["subscription(ObservableObjectPublisher)"])
    }

    @Test func theDocExampleRunsAsWritten() {
        var lines: [String] = []
        let changes = ObservableObjectPublisher()
        let token = changes.sink { lines.append("will change") }
        changes.send()
        #expect(lines == ["will change"])
        token.cancel()
    }
}
