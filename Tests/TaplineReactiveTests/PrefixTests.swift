import Testing
import TaplineReactive

@Suite("prefix")
struct PrefixTests {
    @Test func prefixFinishesAndCancelsUpstreamRightAfterTheNthValue() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder()
        upstream.prefix(2).subscribe(recorder)
        upstream.send(1)
        #expect(upstream.subscription.history == [.requested(.unlimited)])
        upstream.send(2)
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
        upstream.send(3)
        #expect(recorder.events == [.subscription("Output"), .value(1), .value(2), .completion(.finished)])
    }

    @Test func theSubjectLosesItsSubscriberAtOnce() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        subject.prefix(1).subscribe(recorder)
        subject.send(1)
        #expect(subject.subscriberCount == 0)
    }

    @Test func prefixZeroFinishesAtOnce() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = IntRecorder()
        upstream.prefix(0).subscribe(recorder)
        #expect(recorder.events == [.subscription("Output"), .completion(.finished)])
        #expect(upstream.subscription.history.contains(.cancelled))
    }
}
