import Testing
import TaplineReactive

@Suite("PassthroughSubject")
struct PassthroughSubjectTests {
    @Test func passthroughDropsAValueSentWithNoSubscriber() {
        let subject = PassthroughSubject<Int, TestError>()
        subject.send(1)
        let recorder = IntRecorder()
        subject.subscribe(recorder)
        subject.send(2)
        #expect(recorder.events == [.subscription("PassthroughSubject"), .value(2)])
    }

    @Test func passthroughDropsAValueSentToASubscriberWithNoDemand() {
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = IntRecorder(demand: .none)
        subject.subscribe(recorder)
        subject.send(1)
        recorder.request(.max(1))
        subject.send(2)
        subject.send(3)
        #expect(recorder.events == [.subscription("PassthroughSubject"), .value(2)])
    }

    @Test func demandReturnedFromAValueIsAdded() {
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = IntRecorder(demand: .max(1), perValue: { $0 == 1 ? .max(1) : .none })
        subject.subscribe(recorder)
        for value in 1...4 { subject.send(value) }
        #expect(recorder.values == [1, 2])
    }

    @Test func sendAfterCompletionIsIgnored() {
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = IntRecorder()
        subject.subscribe(recorder)
        subject.send(completion: .finished)
        subject.send(1)
        subject.send(completion: .failure(TestError()))
        #expect(recorder.events == [.subscription("PassthroughSubject"), .completion(.finished)])
    }

    @Test func aLateSubscriberReceivesTheCompletionAtOnce() {
        let subject = PassthroughSubject<Int, TestError>()
        subject.send(completion: .failure(TestError()))
        let recorder = IntRecorder()
        subject.subscribe(recorder)
        #expect(recorder.events == [.subscription("Empty"), .completion(.failure(TestError()))])
    }

    @Test func completionIsDeliveredWithoutDemand() {
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = IntRecorder(demand: .none)
        subject.subscribe(recorder)
        subject.send(completion: .finished)
        #expect(recorder.events == [.subscription("PassthroughSubject"), .completion(.finished)])
    }

    @Test func taplineDeliversToSubscribersInSubscriptionOrder() {
        // A documented difference: Combine promises no order.
        let subject = PassthroughSubject<Int, Never>()
        var log: [String] = []
        let tokens = ["a", "b", "c"].map { name in subject.sink { log.append("\(name)\($0)") } }
        subject.send(1)
        subject.send(2)
        #expect(log == ["a1", "b1", "c1", "a2", "b2", "c2"])
        _ = tokens
    }

    @Test func aCancelledSubscriberReceivesNothingMore() {
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = IntRecorder()
        subject.subscribe(recorder)
        subject.send(1)
        recorder.cancel()
        subject.send(2)
        subject.send(completion: .finished)
        #expect(recorder.events == [.subscription("PassthroughSubject"), .value(1)])
        #expect(subject.subscriberCount == 0)
    }

    @Test func releasingTheSinkTokenCancels() {
        let subject = PassthroughSubject<Int, Never>()
        var seen: [Int] = []
        var token: AnyCancellable? = subject.sink { seen.append($0) }
        subject.send(1)
        token = nil
        subject.send(2)
        #expect(seen == [1])
        #expect(token == nil)
    }

    @Test func aReentrantSendRecursesAsInCombine() {
        let subject = PassthroughSubject<Int, Never>()
        var seen: [Int] = []
        let token = subject.sink { value in
            seen.append(value)
            if value < 3 { subject.send(value + 1) }
        }
        subject.send(0)
        #expect(seen == [0, 1, 2, 3])
        _ = token
    }

    @Test func aRunawayResendIsStoppedAsAFeedbackLoop() {
        let subject = PassthroughSubject<Int, Never>()
        subject.feedback.limit = 50
        var loops = 0
        subject.feedback.onLoop = { loops += 1 }
        var deliveries = 0
        let token = subject.sink { value in
            deliveries += 1
            subject.send(value + 1)
            subject.send(value + 1)   // would be 2^50 deliveries without the guard
        }
        subject.send(0)
        #expect(loops == 1)
        #expect(deliveries == 50)
        #expect(subject.feedback.depth == 0)
        // Once unwound, the subject works again.
        subject.feedback.onLoop = nil
        token.cancel()
        var after: [Int] = []
        let again = subject.sink { after.append($0) }
        subject.send(7)
        #expect(after == [7])
        _ = again
    }

    @Test func aSubjectSubscribedToAPublisherRequestsUnlimited() {
        let upstream = ManualPublisher<Int, TestError>()
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = IntRecorder()
        subject.subscribe(recorder)
        upstream.subscribe(AnySubscriber(
            receiveSubscription: { subject.send(subscription: $0) },
            receiveValue: { subject.send($0); return .none },
            receiveCompletion: { subject.send(completion: $0) }))
        upstream.send(5)
        upstream.send(completion: .finished)
        #expect(upstream.subscription.history == [.requested(.unlimited)])
        #expect(recorder.events == [.subscription("PassthroughSubject"), .value(5), .completion(.finished)])
    }
}
