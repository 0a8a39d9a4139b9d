import Testing
@testable import TaplineLanguage

/// The Swift exporter, one construct at a time: what a program becomes (lines the Swift file
/// must hold), and what cannot be exported (a located error). `CommandTests` compiles and
/// runs every script's export; these say what each construct is written as.
@Suite("Swift export")
struct SwiftExportUnitTests {
    static func export(_ program: String) -> Result<String, Diagnostic> {
        Interpreter(output: { _ in }).exportSwift(program, name: "test.tapline")
    }

    @Test("a construct becomes Combine's spelling", arguments: [
        ("subject s: Int\ns.sink { print($0) }\nsend s 1",
         ["let s = PassthroughSubject<Int, Never>()", "s.sink { print($0) }.store(in: &subscriptions)", "s.send(1)"]),
        ("subject s: Int\ns.sink { print($0) }\nfail s \"x\"",
         ["let s = PassthroughSubject<Int, Error>()", "s.sink(receiveCompletion: { _ in }, receiveValue: { print($0) })",
          "s.send(completion: .failure(AppError(\"x\")))"]),
        ("current c = 1\nset c = c + 1", ["let c = CurrentValueSubject<Int, Error>(1)", "c.value = c.value + 1"]),
        ("published p = \"a\"\n$p.sink { print($0, p) }\nset p = \"b\"",
         ["    @Published var p = \"a\"", "viewModel.$p.sink { print($0, viewModel.p) }", "viewModel.p = \"b\""]),
        ("subject q: String\nq.debounce(for: 300ms).sink { print($0) }\nwait 1.5s",
         ["q.debounce(for: .milliseconds(300), scheduler: scheduler)", "scheduler.advance(by: .milliseconds(1500))"]),
        ("subject s: Int\ns.receive(on: DispatchQueue.main).sink { print($0) }\nsend s 1",
         ["s.receive(on: scheduler)", "s.send(1)\nscheduler.drain()"]),
        ("subscriber w(demand: 2) { print($0) }\nsubject s: String\ns.subscribe(w)\nrequest w 1",
         ["final class WSubscriber: Subscriber {", "    typealias Input = String", "        subscription.request(.max(2))",
          "        print(input)", "w.subscription?.request(.max(1))"]),
        ("subscriber lazy(demand: 0) { print($0) }", ["    func receive(subscription: any Subscription) {\n        self.subscription = subscription\n    }"]),
        ("func f(_ x: Int) -> Int { if x < 0 { throw \"negative\" }; return x }\nJust(1).tryMap { f($0) }.sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })",
         ["func f(_ x: Int) throws -> Int {", "throw AppError(\"negative\")", ".tryMap { try f($0) }"]),
        ("subject q: String\nplay q \"-a-|\" [\"a\": \"sw\"]",
         ["// play q \"-a-|\"", "scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(100))) { q.send(\"sw\") }",
          "scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(300))) { q.send(completion: .finished) }"]),
        ("var bag = Set<AnyCancellable>()\nsubject s: Int\ns.sink { print($0) }.store(in: &bag)\ncancel bag",
         ["var bag = Set<AnyCancellable>()", "bag.forEach { $0.cancel() }; bag.removeAll()"]),
        ("print(1 + 2 * 3, (1 + 2) * 3)", ["print(1 + 2 * 3, (1 + 2) * 3)"]),
        ("[2, 4].publisher.allSatisfy { $0 % 2 == 0 }.sink { print($0) }", ["[2, 4].publisher.allSatisfy { $0 % 2 == 0 }.sink { print($0) }"]),
        ("print(Int(\"42\"), \"\\(Int(\"x\"))\")", ["print((Int(\"42\").map { \"\\($0)\" } ?? \"nil\"), \"\\((Int(\"x\").map { \"\\($0)\" } ?? \"nil\"))\")"]),
        ("subject s: Int\nview V {\n  on appear {\n    s.sink { _ in s.sink { print($0) } }\n  }\n}",
         ["        s.sink { _ in s.sink { print($0) }.store(in: &subscriptions) }.store(in: &bag)"]),
    ])
    func construct(_ program: String, _ lines: [String]) throws {
        let swift = try Self.export(program).get()
        for line in lines { #expect(swift.contains(line), "missing \(line) in:\n\(swift)") }
    }

    @Test("what has no Swift form is a located error", arguments: [
        ("subject q: Int\nexpect q \"-|\"", "2:1", "cannot export 'expect' to Swift"),
        ("func f(x) { print(x) }", "1:8", "cannot export a parameter with no type to Swift"),
        ("let t = Timer.publish(every: 1s).autoconnect()", "1:9", "cannot export 'Timer.publish' to Swift"),
        ("current t = now\nprint(now - t)", "2:7", "cannot export arithmetic on times and durations to Swift"),
        ("print(Just(1))", "1:7", "cannot export printing a publisher to Swift"),
    ])
    func cannotExport(_ program: String, _ location: String, _ message: String) {
        guard case .failure(let diagnostic) = Self.export(program) else {
            Issue.record("exported: \(program)")
            return
        }
        #expect(diagnostic.id == .cannotExport)
        #expect("\(diagnostic.range.start.line):\(diagnostic.range.start.column)" == location)
        #expect(diagnostic.message.hasPrefix(message), "\(diagnostic.message)")
    }

    @Test func aValueShownInTheREPLDoesNothingInSwift() throws {
        let swift = try Interpreter(output: { _ in }).exportSwift("published p = 1\n$p\np + 1", name: "session", echoes: true).get()
        #expect(swift.contains("_ = viewModel.$p\n_ = viewModel.p + 1\n"))
    }

    @Test func theProgramsOwnErrorComesFirst() {
        guard case .failure(let diagnostic) = Self.export("send nope 1") else {
            Issue.record("exported a program with an error")
            return
        }
        #expect(diagnostic.id == .unknownName)
    }
}
