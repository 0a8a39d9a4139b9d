// Page 3: operator chains over subjects, as Combine code writes them, including the
// several-publisher overloads of merge, combineLatest and zip.
import Testing
import TaplineReactive

enum LoadError: Error, Equatable {
    case offline
}

@Suite("Page 3: subjects and operator chains")
struct OperatorsPage {
    @Test func mergeCombineLatestAndZipOfSeveralPublishers() {
        let console = Console()
        var cancellables = Set<AnyCancellable>()
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let c = PassthroughSubject<Int, Never>()

        a.merge(with: b, c)
            .sink { console.print("merge", $0) }
            .store(in: &cancellables)
        a.combineLatest(b, c)
            .sink { console.print("latest", $0, $1, $2) }
            .store(in: &cancellables)
        a.combineLatest(b) { $0 * $1 }
            .sink { console.print("product", $0) }
            .store(in: &cancellables)
        a.zip(b) { "\($0)-\($1)" }
            .sink { console.print("zip", $0) }
            .store(in: &cancellables)
        a.zip(b, c)
            .map { $0 + $1 + $2 }
            .sink { console.print("sum", $0) }
            .store(in: &cancellables)

        a.send(1)
        b.send(2)
        c.send(3)
        a.send(4)

        #expect(console.lines == [
            "merge 1",
            "merge 2", "product 2", "zip 1-2",
            "merge 3", "latest 1 2 3", "sum 6",
            "merge 4", "latest 4 2 3", "product 8",
        ])
    }

    @Test func fourPublishersAtOnce() {
        let console = Console()
        let letters = ["a", "b"].publisher
        let zipped = [1, 2].publisher.zip(letters, [true, false].publisher, [0.5, 1.5].publisher) { "\($0)\($1) \($2) \($3)" }
            .sink { console.print($0) }
        let latest = Just(1).combineLatest(Just("x"), Just(true), Just(2.0))
            .sink { console.print($0, $1, $2, $3) }
        #expect(console.lines == ["1a true 0.5", "2b false 1.5", "1 x true 2.0"])
        _ = (zipped, latest)
    }

    @Test func aSubjectSubscribesToAPublisher() {
        let console = Console()
        let relay = CurrentValueSubject<String, Never>("start")
        let token = relay.sink { console.print($0) }
        let feed = ["one", "two"].publisher.subscribe(relay)

        #expect(console.lines == ["start", "one", "two"])
        #expect(relay.value == "two")
        _ = (token, feed)
    }

    @Test func errorsAreCaughtReplacedOrFlatMapped() {
        let console = Console()
        var cancellables = Set<AnyCancellable>()
        let requests = PassthroughSubject<String, LoadError>()

        func load(_ id: String) -> AnyPublisher<String, LoadError> {
            id == "bad" ? Fail(error: .offline).eraseToAnyPublisher()
                        : Just("page \(id)").setFailureType(to: LoadError.self).eraseToAnyPublisher()
        }

        requests
            .flatMap { load($0).catch { _ in Just("cached").setFailureType(to: LoadError.self) } }
            .sink(receiveCompletion: { console.print("completion:", $0) },
                  receiveValue: { console.print("loaded", $0) })
            .store(in: &cancellables)

        requests.send("1")
        requests.send("bad")
        requests.send(completion: .finished)

        ["1", "x", "3"].publisher
            .tryMap { text -> Int in
                guard let number = Int(text) else { throw LoadError.offline }
                return number
            }
            .replaceError(with: -1)
            .collect()
            .sink { console.print("numbers", $0) }
            .store(in: &cancellables)

        #expect(console.lines == [
            "loaded page 1", "loaded cached", "completion: finished", "numbers [1, -1]",
        ])
    }

    @Test func futuresDeferredAndScan() {
        let console = Console()
        var attempts = 0
        let future = Deferred {
            Future<Int, Never> { promise in
                attempts += 1
                promise(.success(attempts * 10))
            }
        }

        let first = future.sink { console.print("future", $0) }
        let second = future.sink { console.print("future", $0) }
        let total = [1, 2, 3].publisher.scan(0, +).sink { console.print("running", $0) }

        #expect(console.lines == ["future 10", "future 20", "running 1", "running 3", "running 6"])
        _ = (first, second, total)
    }

    @Test func printWritesToATextOutputStream() {
        let console = Console()
        let subject = PassthroughSubject<String, Never>()
        let token = subject.print("tag", to: console).sink { _ in }
        subject.send("a")
        token.cancel()
        #expect(console.lines == [
            "tag: receive subscription: (PassthroughSubject)",
            "tag: request unlimited",
            "tag: receive value: (a)",
            "tag: receive cancel",
        ])
    }

    @Test func printWritesWhatSwiftsPrintWrites() {
        /// Records each write, to compare with what Combine's print writes: "", line, "\n".
        final class Writes: TextOutputStream {
            var all: [String] = []
            func write(_ string: String) { all.append(string) }
        }
        let writes = Writes()
        let token = Just(1).print(to: writes).sink { _ in }
        #expect(writes.all.prefix(3) == ["", "receive subscription: (Just)", "\n"])
        _ = token
    }
}
