import Testing
@testable import TaplineLanguage

/// `:reset` must free the old session: issue 14 found it kept alive by its own subscriptions.
@Suite("Session lifetime")
struct SessionLifetimeTests {
    /// Programs that hold the session in every way a subscription can: kept for the session,
    /// stored with `let`, in a bag, in a shown view, a custom subscriber, a timer on the clock.
    static let programs = [
        "subject s: Int\ns.sink { print($0) }\nsend s 1",
        "subject s: Int\nlet c = s.map { $0 + 1 }.sink { print($0) }",
        "subject s: Int\nvar bag = Set<AnyCancellable>()\ns.sink { print($0) }.store(in: &bag)",
        "published p = 1\nview V { on appear { $p.sink { print($0) } } }\nshow V",
        "published p = 1\nclass M: ObservableObject { @Published var n = 0 }\nlet m = M()\nview V { body { Text(\"\\(p) \\(m.n)\") } }\nshow V\nset p = 2; m.n = 1",
        "class M: ObservableObject { @Published var n = 0 }\nbutton b\nview V { @StateObject var m = M(); body { Text(\"\\(m.n)\") }; on appear { b.tap.sink { m.n += 1 } } }\nshow V\ntap b",
        "subject s: Int\nsubscriber w(demand: .unlimited) { print($0) }\ns.subscribe(w)",
        "Timer.publish(every: 1s).autoconnect().sink { print($0) }\nwait 1s",
        "subject s: Int\ns.debounce(for: 1s, scheduler: RunLoop.main).sink { print($0) }\nsend s 1",
        "button b { print(1) }\nb.tap.sink { tap b }",
        "view V {\n  func f() { f() }\n  on appear { print(1) }\n}",
        "Empty().zip(Just(3).dropFirst(0)).sink { print($0) }",
        "marbles\nEmpty<Int, Never>().zip(Just(1)).dropFirst(3).sink { print($0) }",
        "marbles\nEmpty<Int, Never>().merge(with: Empty()).dropFirst(3).sink { print($0) }",
        "marbles\nJust(3).prefix(while: { $0 < 1 }).buffer(size: 2, prefetch: .byRequest, whenFull: .dropOldest).sink { print($0) }",
        "trace on\nJust(5).share().sink { print($0) }",
        "trace on\nJust(3).map { Just($0) }.switchToLatest().sink { print($0) }",
        "[2].publisher.dropFirst(1).delay(for: 100ms, scheduler: RunLoop.main).sink { print($0) }\nwait 1s",
        "subject f: Int\nsubject stop: Int\nf.prefix(untilOutputFrom: stop).sink { print($0) }\nsend stop 0",
        "let c = Just(0).delay(for: 0ns, scheduler: RunLoop.main).share().sink { print($0) }",
        "subject s: Int\ns.collect(2).share().share().sink { print($0) }",
        "subject f: Int\nsubject go: Int\nf.drop(untilOutputFrom: go).sink { print($0) }\nsend go 0\nsend f 1",
        "class C { var x = 0; func bump() { x += 1; self.x += 1 } }\nlet c = C()\nc.bump()\nprint(c.x)",
    ]

    @Test("closing a session frees it", arguments: programs)
    func closingFreesTheSession(_ program: String) {
        Self.expectFreedAfterClosing(program, fails: false)
    }

    /// Runs `entry` in a new session (it must fail or not, as `fails` says), closes the
    /// session, and expects its runtime and recorder to be freed.
    static func expectFreedAfterClosing(_ entry: String, fails: Bool) {
        weak var runtime: Runtime?
        weak var recorder: Recorder?
        do {
            let interpreter = Interpreter(output: { _ in })
            #expect((interpreter.run(entry) != nil) == fails)
            runtime = interpreter.runtime
            recorder = interpreter.runtime.recorder
            interpreter.close()
        }
        #expect(runtime == nil)
        #expect(recorder == nil)   // what the recording taps hold
    }

    /// Entries that fail: to compile, after declaring a func that calls itself (its body
    /// holds it); as they run, before a view that hides itself is declared, or inside a
    /// delivery while recording, with a value still waiting on the clock. The session never
    /// gets what they declared, and must not keep it after it ends either.
    static let failingEntries = [
        "func f() { f() }\nfunc g() { button b }",
        "print(1 / 0)\nview V {\n  on appear { hide V }\n}",
        "marbles\nlet c1 = Just(1).receive(on: DispatchQueue.main).merge(with: Just(4)).sink { _ in print(2 / 0) }",
    ]

    @Test("a failed entry leaves nothing behind", arguments: failingEntries)
    func aFailedEntryLeavesNothingBehind(_ entry: String) {
        Self.expectFreedAfterClosing(entry, fails: true)
    }
}
