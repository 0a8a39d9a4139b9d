import Testing
import TaplineReactive

/// The doc comment examples of the operators added with `count` … `handleEvents`, run as
/// written, with what their comments say they print.
@Suite("doc examples: count … handleEvents")
struct DocExampleTests {
    final class Out {
        var lines: [String] = []
        func print(_ item: Any) { lines.append("\(item)") }
    }

    @Test func count() {
        let out = Out()
        let token = ["a", "b", "c"].publisher.count().sink { out.print($0) }
        #expect(out.lines == ["3"])
        token.cancel()
    }

    @Test func ignoreOutput() {
        let out = Out()
        let token = [1, 2, 3].publisher.ignoreOutput()
            .sink(receiveCompletion: { out.print($0) }, receiveValue: { _ in })
        #expect(out.lines == ["finished"])
        token.cancel()
    }

    @Test func output() {
        let out = Out()
        let subject = PassthroughSubject<String, Never>()
        let token = subject.output(in: 1...2).sink(receiveCompletion: { out.print($0) }, receiveValue: { out.print($0) })
        subject.send("a")
        subject.send("b")
        subject.send("c")
        #expect(out.lines == ["b", "c", "finished"])
        #expect(subject.subscriberCount == 0)
        token.cancel()
    }

    @Test func appendAndPrepend() {
        let out = Out()
        let token = Just(1).append(2, 3).prepend(Just(0)).sink { out.print($0) }
        #expect(out.lines == ["0", "1", "2", "3"])
        token.cancel()
    }

    @Test func replaceNil() {
        let out = Out()
        let token = [1, nil, 3].publisher.replaceNil(with: 0).sink { out.print($0) }
        #expect(out.lines == ["1", "0", "3"])
        token.cancel()
    }

    @Test func replaceEmpty() {
        let out = Out()
        let first = Empty<Int, Never>().replaceEmpty(with: 42).sink { out.print($0) }
        let second = [1, 2].publisher.replaceEmpty(with: 42).sink { out.print($0) }
        #expect(out.lines == ["42", "1", "2"])
        first.cancel()
        second.cancel()
    }

    @Test func dropUntilOutput() {
        let out = Out()
        let values = PassthroughSubject<Int, Never>()
        let start = PassthroughSubject<Void, Never>()
        let token = values.drop(untilOutputFrom: start).sink { out.print($0) }
        values.send(1)
        start.send(())
        values.send(2)
        #expect(out.lines == ["2"])
        token.cancel()
    }

    @Test func prefixUntilOutput() {
        let out = Out()
        let values = PassthroughSubject<Int, Never>()
        let stop = PassthroughSubject<Void, Never>()
        let token = values.prefix(untilOutputFrom: stop)
            .sink(receiveCompletion: { out.print($0) }, receiveValue: { out.print($0) })
        values.send(1)
        stop.send(())
        values.send(2)
        #expect(out.lines == ["1", "finished"])
        #expect(values.subscriberCount == 0)
        token.cancel()
    }

    @Test func handleEvents() {
        let out = Out()
        let token = [1, 2].publisher
            .handleEvents(receiveOutput: { out.print("saw \($0)") }, receiveCompletion: { out.print("end \($0)") })
            .sink { out.print($0) }
        #expect(out.lines == ["saw 1", "1", "saw 2", "2", "end finished"])
        token.cancel()
    }
}
