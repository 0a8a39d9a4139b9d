import Testing
import TaplineReactive

@Suite("CurrentValueSubject")
struct CurrentValueSubjectTests {
    @Test func theCurrentValueIsDeliveredOnTheFirstRequest() {
        let subject = CurrentValueSubject<Int, TestError>(1)
        let recorder = IntRecorder(demand: .none)
        subject.subscribe(recorder)
        #expect(recorder.events == [.subscription("CurrentValueSubject")])
        recorder.request(.max(1))
        #expect(recorder.events == [.subscription("CurrentValueSubject"), .value(1)])
    }

    @Test func theCurrentValueUsesOneUnitOfDemand() {
        let subject = CurrentValueSubject<Int, TestError>(1)
        let recorder = IntRecorder(demand: .max(2))
        subject.subscribe(recorder)
        subject.send(2)
        subject.send(3)
        #expect(recorder.values == [1, 2])
    }

    @Test func valuesSentWhileDemandIsZeroCollapseToTheLatest() {
        let subject = CurrentValueSubject<Int, TestError>(1)
        let recorder = IntRecorder(demand: .max(1))
        subject.subscribe(recorder)
        subject.send(2)
        subject.send(3)
        subject.send(4)
        recorder.request(.max(5))
        #expect(recorder.values == [1, 4])
        subject.send(5)
        #expect(recorder.values == [1, 4, 5])
    }

    @Test func settingValueStoresThenSends() {
        let subject = CurrentValueSubject<String, Never>("a")
        var seen: [String] = []
        let token = subject.sink { _ in seen.append(subject.value) }
        subject.value = "b"
        #expect(seen == ["a", "b"])
        _ = token
    }

    @Test func afterCompletionSendIsIgnoredAndLateSubscribersGetTheCompletion() {
        let subject = CurrentValueSubject<Int, TestError>(1)
        subject.send(completion: .finished)
        subject.send(2)
        #expect(subject.value == 1)
        let recorder = IntRecorder()
        subject.subscribe(recorder)
        #expect(recorder.events == [.subscription("Empty"), .completion(.finished)])
    }
}

@Suite("@Published")
struct PublishedTests {
    @Test func publishedEmitsBeforeTheStoredValueChanges() {
        let name = PublishedSubject("aaa")
        var log: [String] = []
        let token = name.sink { log.append("\($0) while value is \(name.value)") }
        name.value = "bbb"
        #expect(log == ["aaa while value is aaa", "bbb while value is aaa"])
        #expect(name.value == "bbb")
        _ = token
    }

    @Test func publishedReplaysItsCurrentValueToANewSubscriber() {
        let name = PublishedSubject(1)
        let recorder = Recorder<Int, Never>()
        name.subscribe(recorder)
        #expect(recorder.events == [.subscription("PublishedSubject"), .value(1)])
    }

    @Test func assigningAnEqualValueEmitsAgain() {
        let name = PublishedSubject(1)
        let recorder = Recorder<Int, Never>()
        name.subscribe(recorder)
        name.value = 1
        name.value = 1
        #expect(recorder.values == [1, 1, 1])
    }

    @Test func thePropertyWrapperProjectsItsPublisher() {
        final class Model {
            @Published var company = "apple"
        }
        let model = Model()
        var seen: [String] = []
        let token = model.$company.sink { seen.append($0) }
        model.company = "google"
        #expect(seen == ["apple", "google"])
        #expect(model.company == "google")
        _ = token
    }

    /// Apple: assign(to:) "manages the life cycle of the subscription, canceling the
    /// subscription automatically when the Published instance deinitializes" (OpenCombine's
    /// testAssignToPublished checks the upstream sees `cancel`).
    @Test func assignToPublishedEndsWithTheObject() {
        final class Model { @Published var state = 0 }
        let upstream = PassthroughSubject<Int, Never>()
        var model: Model? = Model()
        if let model { upstream.assign(to: &model.$state) }
        upstream.send(5)
        #expect(model?.state == 5)
        #expect(upstream.subscriberCount == 1)
        model = nil
        #expect(upstream.subscriberCount == 0)
    }

    /// The projected value's setter exists for `inout` and changes nothing (OpenCombine's
    /// testProjectedValueSetter, run against Apple's Combine).
    @Test func settingTheProjectedValueChangesNothing() {
        final class Model {
            @Published var state: Int
            init(_ state: Int) { self.state = state }
        }
        let one = Model(1)
        let two = Model(2)
        one.$state = two.$state
        #expect(one.state == 1)
        #expect(two.state == 2)
        two.state = 3
        #expect(one.state == 1)
    }

    @Test func publishedValuesSentWithoutDemandCollapse() {
        let name = PublishedSubject(1)
        let recorder = Recorder<Int, Never>(demand: .none)
        name.subscribe(recorder)
        name.value = 2
        name.value = 3
        recorder.request(.max(1))
        #expect(recorder.values == [3])
    }
}
