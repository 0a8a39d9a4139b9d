import Testing
import TaplineReactive

/// The exact lines Combine's `print` writes (DESIGN §3).
@Suite("print")
struct PrintTests {
    @Test func printWritesCombinesLinesForAPassthroughSubject() {
        var lines: [String] = []
        let subject = PassthroughSubject<String, TestError>()
        let token = subject.print("tag", to: { lines.append($0) }).sink(receiveCompletion: { _ in }, receiveValue: { _ in })
        subject.send("a")
        subject.send(completion: .finished)
        #expect(lines == [
            "tag: receive subscription: (PassthroughSubject)",
            "tag: request unlimited",
            "tag: receive value: (a)",
            "tag: receive finished",
        ])
        _ = token
    }

    @Test func printShowsLimitedRequestsErrorsAndCancel() {
        var lines: [String] = []
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = IntRecorder(demand: .max(3))
        subject.print("p", to: { lines.append($0) }).subscribe(recorder)
        subject.send(completion: .failure(TestError()))
        #expect(lines == ["p: receive subscription: (PassthroughSubject)", "p: request max: (3)", "p: receive error: (oops)"])

        lines.removeAll()
        let other = PassthroughSubject<Int, TestError>()
        let second = IntRecorder()
        other.print("p", to: { lines.append($0) }).subscribe(second)
        second.cancel()
        #expect(lines == ["p: receive subscription: (PassthroughSubject)", "p: request unlimited", "p: receive cancel"])
    }

    @Test func printShowsSynchronousDemandOnlyWhenItIsNotZero() {
        var lines: [String] = []
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = IntRecorder(demand: .max(1), perValue: { $0 == 1 ? .max(1) : .none })
        subject.print("s", to: { lines.append($0) }).subscribe(recorder)
        subject.send(1)
        subject.send(2)
        #expect(lines == [
            "s: receive subscription: (PassthroughSubject)",
            "s: request max: (1)",
            "s: receive value: (1)",
            "s: request max: (1) (synchronous)",
            "s: receive value: (2)",
        ])
    }

    @Test func withoutATagTheLinesHaveNoPrefix() {
        var lines: [String] = []
        let token = Just(1).print(to: { lines.append($0) }).sink { _ in }
        #expect(lines == ["receive subscription: (Just)", "request unlimited", "receive value: (1)", "receive finished"])
        _ = token
    }

    @Test func mapAndFilterPassTheUpstreamsNameThrough() {
        var lines: [String] = []
        let published = PublishedSubject("x")
        let token = published.map { $0 }.filter { _ in true }.print("m", to: { lines.append($0) }).sink { _ in }
        #expect(lines.first == "m: receive subscription: (PublishedSubject)")
        #expect(lines.last == "m: receive value: (x)")
        _ = token
    }

    @Test func subscriptionNamesAreCombines() {
        func name<P: Publisher>(_ publisher: P) -> String where P.Failure == Never {
            var first = ""
            let token = publisher.print(to: { if first.isEmpty { first = $0 } }).sink { _ in }
            _ = token
            return first
        }
        #expect(name(PassthroughSubject<Int, Never>()) == "receive subscription: (PassthroughSubject)")
        #expect(name(CurrentValueSubject<Int, Never>(0)) == "receive subscription: (CurrentValueSubject)")
        #expect(name(PublishedSubject(0)) == "receive subscription: (PublishedSubject)")
        #expect(name(Just(0)) == "receive subscription: (Just)")
        #expect(name(Empty<Int, Never>()) == "receive subscription: (Empty)")
        #expect(name([1, 2, 3].publisher) == "receive subscription: ([1, 2, 3])")
    }
}
