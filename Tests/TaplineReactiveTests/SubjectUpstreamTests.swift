import Testing
import TaplineReactive

/// A subject used as a subscriber (`send(subscription:)`, `subscribe(subject)`).
@Suite("Subjects as subscribers, and after completion")
struct SubjectUpstreamTests {
    /// A subscription handed to a subject is asked for unlimited only once some subscriber
    /// has demand, and at once after that; each hand-over asks again.
    /// Source: OpenCombine's PassthroughSubjectTests.testSendSubscription, run against Apple's Combine.
    @Test func adoptedSubscriptionsWaitForDemand() {
        let subject = PassthroughSubject<Int, TestError>()
        let first = RecordingSubscription()
        subject.send(subscription: first)
        #expect(first.history == [])
        let recorder = IntRecorder(demand: .none)
        subject.subscribe(recorder)
        #expect(first.history == [])
        recorder.request(.max(1))
        #expect(first.history == [.requested(.unlimited)])
        recorder.request(.max(1))
        subject.send(subscription: first)
        #expect(first.history == [.requested(.unlimited), .requested(.unlimited)])
        let second = RecordingSubscription()
        subject.send(subscription: second)
        #expect(second.history == [.requested(.unlimited)])
        #expect(recorder.events == [.subscription("PassthroughSubject")])
    }

    /// A released subject cancels the subscriptions it was given; a `CurrentValueSubject`
    /// requests from them at once. Source: OpenCombine's CurrentValueSubjectTests.testSendSubscription.
    /// Source: OpenCombine's PassthroughSubjectTests.testCancelsUpstreamSubscriptionsOnDeinit
    /// and CurrentValueSubjectTests.testCancelsUpstreamSubscriptionsOnDeinit, run against Apple's Combine.
    @Test func aReleasedSubjectCancelsWhatItWasGiven() {
        let passed = RecordingSubscription()
        let current = RecordingSubscription()
        do {
            let passthrough = PassthroughSubject<Int, TestError>()
            let value = CurrentValueSubject<Int, TestError>(0)
            passthrough.send(subscription: passed)
            value.send(subscription: current)
        }
        #expect(passed.history == [.cancelled])
        // A current-value subject asks for unlimited at once (it always has a value to give).
        #expect(current.history == [.requested(.unlimited), .cancelled])
    }

    /// `value = x` stores x even after the subject has completed (nothing is sent), while
    /// `send(x)` after completion is ignored. Source: OpenCombine's
    /// CurrentValueSubjectTests.testChangeValueAfterCompletion and testSendValueAfterCompletion,
    /// run against Apple's Combine.
    @Test func settingTheValueAfterCompletionStillStoresIt() {
        let subject = CurrentValueSubject<Int, TestError>(0)
        let recorder = IntRecorder()
        subject.subscribe(recorder)
        subject.send(completion: .finished)
        subject.value = 42
        #expect(subject.value == 42)
        subject.send(7)
        #expect(subject.value == 42)
        #expect(recorder.events == [.subscription("CurrentValueSubject"), .value(0), .completion(.finished)])
    }
}

@Suite("Operator fusion")
struct FusionTests {
    /// `filter { }.filter { }` is one `Filter` whose predicate runs both, in order;
    /// `map { }.map { }` is one `Map`. Source: OpenCombine's
    /// FilterTests.testFilterOperatorSpecializationForFilter, run against Apple's Combine.
    @Test func filterAfterFilterIsOneFilter() {
        let subject = PassthroughSubject<Int, TestError>()
        var asked: [String] = []
        let fused = subject
            .filter { asked.append("first \($0)"); return $0 > 1 }
            .filter { asked.append("second \($0)"); return $0 < 3 }
        #expect(type(of: fused) == Publishers.Filter<PassthroughSubject<Int, TestError>>.self)
        let mapped = subject.map { $0 + 1 }.map { $0 * 10 }
        #expect(type(of: mapped) == Publishers.Map<PassthroughSubject<Int, TestError>, Int>.self)
        let recorder = IntRecorder()
        fused.subscribe(recorder)
        for value in [1, 2, 3] { subject.send(value) }
        #expect(asked == ["first 1", "first 2", "second 2", "first 3", "second 3"])
        #expect(recorder.events == [.subscription("PassthroughSubject"), .value(2)])
    }
}

@Suite("Subscription names and reflection")
struct NamingTests {
    /// `first(where:)`'s subscription is `TryFirst`, `first()`'s is `First`.
    /// Source: OpenCombine's FirstTests.testFirstWhereFinishesAndReturnsFirstMatchingItem,
    /// run against Apple's Combine.
    @Test func firstWhereIsTryFirst() {
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = IntRecorder()
        subject.first { $0 > 1 }.subscribe(recorder)
        subject.send(1)
        subject.send(2)
        #expect(recorder.events == [.subscription("TryFirst"), .value(2), .completion(.finished)])
        let plain = IntRecorder()
        Just(1).setFailureType(to: TestError.self).first().subscribe(plain)
        #expect(plain.events == [.subscription("First"), .value(1), .completion(.finished)])
    }

    /// A sequence's subscription is named after the sequence while it runs and `Sequence`
    /// once it has finished or been cancelled. Source: OpenCombine's SequenceTests.testLifecycle
    /// and testCancelOnSubscription, run against Apple's Combine.
    @Test func aFinishedSequenceSubscriptionIsNamedSequence() {
        let recorder = Recorder<Int, Never>(demand: .max(1))
        [1, 2].publisher.subscribe(recorder)
        #expect(recorder.events == [.subscription("[1, 2]"), .value(1)])
        #expect(recorder.subscription?.description == "[1, 2]")
        recorder.request(.max(1))
        #expect(recorder.events == [.subscription("[1, 2]"), .value(1), .value(2), .completion(.finished)])
        #expect(recorder.subscription?.description == "Sequence")
    }

    /// A subscriber that comes after a shared publisher has finished gets a subscription
    /// named `Multicast`, then the completion. Source: OpenCombine's ShareTests.testLateSubscriber,
    /// run against Apple's Combine.
    @Test func aLateShareSubscriberSeesMulticast() {
        let subject = PassthroughSubject<Int, TestError>()
        let shared = subject.share()
        let first = IntRecorder()
        shared.subscribe(first)
        subject.send(completion: .finished)
        let late = IntRecorder()
        shared.subscribe(late)
        #expect(late.events == [.subscription("Multicast"), .completion(.finished)])
    }

    /// Subscriptions describe themselves to debuggers and playgrounds as Combine's do: the
    /// name as playground description, and Combine's fields as mirror children.
    /// Source: OpenCombine's JustTests.testReflection, ScanTests.testScanReflection and
    /// EmptySubscriptionTests.testReflection, run against Apple's Combine.
    @Test func reflection() {
        let recorder = Recorder<Int, Never>(demand: .none)
        Just(42).subscribe(recorder)
        let just = recorder.subscription.flatMap { $0 as? any CustomReflectable }
        #expect(just?.customMirror.children.map { "\($0.value)" } == ["42"])
        #expect((recorder.subscription as? any CustomPlaygroundDisplayConvertible)?.playgroundDescription as? String == "Just")
        let empty = Subscriptions.empty as? any CustomReflectable
        #expect(empty?.customMirror.children.isEmpty == true)
    }
}
