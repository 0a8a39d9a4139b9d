import Testing
import TaplineReactive

@Suite("Sink, Assign, Custom, AnyCancellable")
struct SubscriberTests {
    @Test func sinkRequestsUnlimitedAtSubscription() {
        let upstream = ManualPublisher<Int, TestError>()
        var log: [String] = []
        let token = upstream.sink(receiveCompletion: { log.append("\($0)") }, receiveValue: { log.append("\($0)") })
        upstream.send(1)
        upstream.send(completion: .failure(TestError()))
        upstream.send(2)
        #expect(upstream.subscription.history == [.requested(.unlimited)])
        #expect(log == ["1", "failure(oops)"])
        _ = token
    }

    @Test func sinkCancelsASecondSubscription() {
        let upstream = ManualPublisher<Int, Never>()
        let token = upstream.sink { _ in }
        let extra = RecordingSubscription()
        upstream.send(subscription: extra)
        #expect(extra.history == [.cancelled])
        _ = token
    }

    @Test func anyCancellableCancelsOnceAndOnRelease() {
        var count = 0
        var token: AnyCancellable? = AnyCancellable { count += 1 }
        token?.cancel()
        token?.cancel()
        token = nil
        #expect(count == 1)
        var bag = Set<AnyCancellable>()
        AnyCancellable { count += 1 }.store(in: &bag)
        bag.removeAll()
        #expect(count == 2)
    }

    @Test func assignWritesEachValue() {
        final class Label { var text = "" }
        let label = Label()
        let subject = PassthroughSubject<String, Never>()
        let token = subject.assign(to: \.text, on: label)
        subject.send("a")
        subject.send("b")
        #expect(label.text == "b")
        _ = token
    }

    @Test func assignToAPublishedValueRepublishes() {
        let source = PassthroughSubject<Int, Never>()
        // `var`: Combine's assign(to:) takes the publisher `inout`, as in `assign(to: &$x)`.
        var target = PublishedSubject(0)
        var seen: [Int] = []
        let token = target.sink { seen.append($0) }
        source.assign(to: &target)
        source.send(4)
        #expect(seen == [0, 4])
        #expect(target.value == 4)
        _ = token
    }

    @Test func aCustomSubscribersDemandIsHonouredExactly() {
        let subject = PassthroughSubject<Int, Never>()
        var seen: [Int] = []
        let custom = Subscribers.Custom<Int, Never>(demand: .max(2), receiveValue: { seen.append($0); return .none })
        subject.subscribe(custom)
        for value in 1...4 { subject.send(value) }
        #expect(seen == [1, 2])
        custom.request(.max(1))
        subject.send(5)
        subject.send(6)
        #expect(seen == [1, 2, 5])
    }

    @Test func demandZeroMakesNoInitialRequest() {
        let upstream = ManualPublisher<Int, Never>()
        let custom = Subscribers.Custom<Int, Never>(demand: .none, receiveValue: { _ in .none })
        upstream.subscribe(custom)
        #expect(upstream.subscription.history == [])
        custom.request(.none)   // Combine forbids requesting zero: ignored (see Contract)
        #expect(upstream.subscription.history == [])
        custom.request(.max(2))
        #expect(upstream.subscription.history == [.requested(.max(2))])
    }

    @Test func demandArithmeticSaturatesAtUnlimited() {
        let subject = PassthroughSubject<Int, Never>()
        var count = 0
        let custom = Subscribers.Custom<Int, Never>(demand: .unlimited, receiveValue: { _ in count += 1; return .max(1) })
        subject.subscribe(custom)
        custom.request(.max(Int.max - 1))
        for value in 1...100 { subject.send(value) }
        #expect(count == 100)
    }

    @Test func aCustomSubscribersCompletionRuns() {
        let subject = PassthroughSubject<Int, TestError>()
        var log: [String] = []
        let custom = Subscribers.Custom<Int, TestError>(
            demand: .unlimited, receiveValue: { _ in .none }, receiveCompletion: { log.append("\($0)") })
        subject.subscribe(custom)
        subject.send(completion: .failure(TestError()))
        #expect(log == ["failure(oops)"])
        #expect(!custom.isSubscribed)
    }

    @Test func anySubscriberForwards() {
        let recorder = Recorder<Int, Never>()
        Just(3).subscribe(AnySubscriber(recorder))
        #expect(recorder.events == [.subscription("Just"), .value(3), .completion(.finished)])
    }
}
