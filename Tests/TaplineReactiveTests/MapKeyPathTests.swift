import Testing
import TaplineReactive

@Suite("map(_:) with key paths")
struct MapKeyPathTests {
    struct Point: Equatable {
        var x: Int
        var y: Int
        var z: Int { x + y }
    }

    /// One, two and three key paths; the subscriber only passes events on, so the downstream
    /// gets the upstream's own subscription. Source: OpenCombine's MapKeyPathTests.testRange
    /// and testMapKeyPathReflection, run against Apple's Combine.
    @Test func readsEachValueThroughItsKeyPaths() {
        let subject = PassthroughSubject<Point, TestError>()
        let one = IntRecorder()
        subject.map(\.x).subscribe(one)
        var pairs: [String] = []
        let two = subject.map(\.x, \.y).sink(receiveCompletion: { _ in }, receiveValue: { pairs.append("\($0)") })
        var triples: [String] = []
        let three = subject.map(\.x, \.y, \.z).sink(receiveCompletion: { _ in }, receiveValue: { triples.append("\($0)") })
        subject.send(Point(x: 1, y: 2))
        subject.send(completion: .finished)
        #expect(one.events == [.subscription("PassthroughSubject"), .value(1), .completion(.finished)])
        #expect(pairs == ["(1, 2)"])
        #expect(triples == ["(1, 2, 3)"])
        two.cancel()
        three.cancel()
    }

    /// Named and reflected as Combine's: "ValueForKey" with its key path, "ValueForKeys" with
    /// theirs. Source: MapKeyPathTests.testMapKeyPathReflection.
    @Test func reflectsAsCombines() throws {
        let capture = CapturingPublisher<Point>()
        let one = capture.map(\.x).sink { _ in }
        let first = try #require(capture.subscriber)
        #expect("\(first)" == "ValueForKey")
        #expect(Mirror(reflecting: first).children.map(\.label) == ["keyPath"])
        let three = capture.map(\.x, \.y, \.z).sink { _ in }
        let second = try #require(capture.subscriber)
        #expect("\(second)" == "ValueForKeys")
        #expect(Mirror(reflecting: second).children.map(\.label) == ["keyPath0", "keyPath1", "keyPath2"])
        one.cancel()
        three.cancel()
    }
}

/// A publisher that keeps the last subscriber it is given and sends it nothing.
final class CapturingPublisher<Output>: Publisher {
    typealias Failure = Never
    private(set) var subscriber: Any?

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
        self.subscriber = subscriber
    }
}
