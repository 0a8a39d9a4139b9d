import Testing
import TaplineReactive

@Suite("multicast, makeConnectable, subscribe(subject)")
struct MulticastTests {
    /// Nothing flows before `connect()` or after its cancel; a second connect reconnects.
    /// Source: OpenCombine's MulticastTests.testMulticast (testGenericMulticast), run against
    /// Apple's Combine.
    @Test func publishesBetweenConnectAndCancel() {
        let upstream = ManualPublisher<Int, TestError>()
        let multicast = upstream.multicast { PassthroughSubject<Int, TestError>() }
        let recorder = IntRecorder()
        multicast.subscribe(recorder)
        upstream.send(0)
        #expect(recorder.events == [.subscription("Multicast")])
        var connection = multicast.connect()
        upstream.send(-1)
        upstream.send(42)
        connection.cancel()
        upstream.send(14)
        connection = multicast.connect()
        upstream.send(15)
        upstream.send(completion: .finished)
        upstream.send(completion: .finished)
        connection.cancel()
        #expect(recorder.events == [
            .subscription("Multicast"), .value(-1), .value(42), .value(15), .completion(.finished),
        ])
    }

    /// Each connect subscribes the subject once more. Source: OpenCombine's
    /// MulticastTests.testMulticastConnectTwice.
    @Test func connectingTwiceSubscribesTwice() {
        let source = PassthroughSubject<Int, TestError>()
        let multicast = source.multicast(subject: PassthroughSubject<Int, TestError>())
        let recorder = IntRecorder(demand: .max(10))
        multicast.subscribe(recorder)
        source.send(-1)
        let first = multicast.connect()
        let second = multicast.connect()
        source.send(42)
        source.send(completion: .finished)
        #expect(recorder.events == [.subscription("Multicast"), .value(42), .value(42), .completion(.finished)])
        first.cancel()
        second.cancel()
    }

    /// The subject is made once, on first use. Source: OpenCombine's
    /// MulticastTests.testLazySubjectCreation.
    @Test func theSubjectIsMadeOnce() {
        let source = PassthroughSubject<Int, TestError>()
        var made = 0
        let multicast = source.multicast { () -> PassthroughSubject<Int, TestError> in
            made += 1
            return PassthroughSubject()
        }
        #expect(made == 0)
        multicast.subscribe(IntRecorder())
        multicast.subscribe(IntRecorder())
        let connection = multicast.connect()
        #expect(made == 1)
        connection.cancel()
    }

    /// The demand a subscriber returns for a value goes to the subject, and its own requests
    /// are the subject's: a subscriber with max(1) gets one value. Source: OpenCombine's
    /// MulticastTests.testLateSubscriber.
    @Test func eachSubscriberHasItsOwnDemand() {
        let source = PassthroughSubject<Int, TestError>()
        let multicast = source.multicast { PassthroughSubject<Int, TestError>() }
        let one = IntRecorder(demand: .max(1))
        let two = IntRecorder(demand: .max(1), perValue: { _ in .max(1) })
        multicast.subscribe(one)
        multicast.subscribe(two)
        let connection = multicast.connect()
        source.send(1)
        source.send(2)
        #expect(one.values == [1])
        #expect(two.values == [1, 2])
        connection.cancel()
    }

    /// makeConnectable waits for connect; with autoconnect, the first subscriber connects.
    /// Source: OpenCombine's MakeConnectableTests.testMulticast, run against Apple's Combine.
    @Test func makeConnectableAndAutoconnect() {
        let source = PassthroughSubject<Int, Never>()
        let connectable = source.makeConnectable()
        let recorder = Recorder<Int, Never>()
        connectable.subscribe(recorder)
        source.send(1)
        let connection = connectable.connect()
        source.send(2)
        #expect(recorder.values == [2])
        connection.cancel()

        let auto = [1, 2, 3].publisher.makeConnectable().autoconnect()
        let autoRecorder = Recorder<Int, Never>()
        auto.subscribe(autoRecorder)
        #expect(autoRecorder.events == [.subscription("Multicast"), .value(1), .value(2), .value(3), .completion(.finished)])
    }

    /// A subject subscribed to a publisher passes everything on; released, the link cancels.
    @Test func aSubjectSubscribedToAPublisher() {
        let upstream = ManualPublisher<Int, TestError>()
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = IntRecorder()
        subject.subscribe(recorder)
        var link: AnyCancellable? = upstream.subscribe(subject)
        #expect(upstream.subscription.history == [.requested(.unlimited)])
        upstream.send(7)
        #expect(recorder.values == [7])
        link = nil
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
        upstream.send(8)
        #expect(recorder.values == [7])
        _ = link
    }
}
