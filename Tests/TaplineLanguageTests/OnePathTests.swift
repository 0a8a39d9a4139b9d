import Testing
@testable import TaplineLanguage
import TaplineReactive
import TaplineTestSupport

/// What a program prints does not depend on how it runs: with fast paths on or off, with
/// recording on or off, each case below prints exactly its expected lines.
@Suite("One path")
struct OnePathTests {
    /// A program and the whole of what it prints, stdout then the error's message.
    struct Case: CustomTestStringConvertible, Sendable {
        let program: String
        let expected: String
        var testDescription: String { program.split(separator: "\n").dropFirst().first.map(String.init) ?? program }
    }

    @Test("the demand a dropped value gives back reaches the stages before it", arguments: [
        // A filter gives back `.max(1)` for the value it drops, and `print` logs a non-zero
        // demand returned from a value as `(synchronous)`. Sources: OpenCombine's FilterTests
        // (testFilterBasicBehavior: `send(1) == .max(1)`), run against Apple's Combine, and
        // Apple's `print` format (the Kodeco book's listings of `output(at:)`).
        Case(program: """
            subject n: Int
            n.print("p").filter { $0 > 1 }.sink { print("got", $0) }
            send n 1
            send n 2
            """, expected: """
            p: receive subscription: (PassthroughSubject)
            p: request unlimited
            p: receive value: (1)
            p: request max: (1) (synchronous)
            p: receive value: (2)
            got 2

            """),
        // compactMap likewise (OpenCombine's CompactMapTests: `send("a") == .max(1)`), seen by
        // handleEvents(receiveRequest:), which Combine calls for each demand passing up.
        Case(program: """
            subject s: String
            s.handleEvents(receiveRequest: { print("request", $0) }).compactMap { Int($0) }.sink { print("got", $0) }
            send s "x"
            send s "2"
            """, expected: """
            request unlimited
            request max(1)
            got 2

            """),
        // Before a reduce too: the reduce itself asks for nothing per value.
        Case(program: """
            subject n: Int
            n.print("p").filter { $0 % 2 == 0 }.map { $0 * 3 }.reduce(0) { $0 + $1 }.sink { print($0) }
            send n 1
            send n 2
            complete n
            """, expected: """
            p: receive subscription: (PassthroughSubject)
            p: request unlimited
            p: receive value: (1)
            p: request max: (1) (synchronous)
            p: receive value: (2)
            p: receive finished
            6

            """),
    ])
    func droppedValuesGiveBackDemand(_ example: Case) {
        expectSameEveryWay(example)
    }

    @Test("a stage whose closure fails forwards nothing", arguments: [
        // In Swift the division traps and nothing after it happens; here the error stops the
        // program at the statement, and the failed stage hands nothing on meanwhile.
        Case(program: """
            subject n: Int
            n.map { 10 / $0 }.print("p").sink { print("got", $0) }
            send n 0
            """, expected: """
            p: receive subscription: (PassthroughSubject)
            p: request unlimited
            t:2:9: error: division by zero
            """),
        // A failing scan neither emits nor keeps a new accumulator.
        Case(program: """
            subject n: Int
            n.scan(0) { $0 + 10 / $1 }.print("p").sink { print("got", $0) }
            send n 1
            send n 0
            """, expected: """
            p: receive subscription: (PassthroughSubject)
            p: request unlimited
            p: receive value: (10)
            got 10
            t:2:18: error: division by zero
            """),
        // A failing predicate drops nothing and asks for nothing.
        Case(program: """
            subject n: Int
            n.print("p").filter { 10 / $0 > 1 }.sink { print("got", $0) }
            send n 0
            """, expected: """
            p: receive subscription: (PassthroughSubject)
            p: request unlimited
            p: receive value: (0)
            t:2:23: error: division by zero
            """),
        // A try-operator's closure that fails (not by `throw`) does not fail the stream.
        Case(program: """
            subject n: Int
            n.tryMap { 10 / $0 }.print("p").sink(receiveCompletion: { print($0) }, receiveValue: { print("got", $0) })
            send n 0
            """, expected: """
            p: receive subscription: (TryMap)
            p: request unlimited
            t:2:12: error: division by zero
            """),
        // A `map` straight after `combineLatest` or `zip` (which the fast paths run inside
        // the junction, as `combineLatest(b) { … }`) fails: nothing is passed on. Map passes
        // its upstream's subscription down, so `print` names the junction (Apple's
        // `Publishers.Map`; OpenCombine's MapTests).
        Case(program: """
            subject a: Int
            subject b: Int
            a.combineLatest(b).map { 10 / ($0 - $1) }.print("p").sink { print("got", $0) }
            send a 3
            send b 1
            send b 3
            """, expected: """
            p: receive subscription: (CombineLatest)
            p: request unlimited
            p: receive value: (5)
            got 5
            t:3:26: error: division by zero
            """),
        Case(program: """
            subject a: Int
            subject b: Int
            a.zip(b).map { $0 * $1 }.print("z").sink { print("got", $0) }
            send a 2
            send b 3
            send a 9223372036854775807
            send b 2
            """, expected: """
            z: receive subscription: (Zip)
            z: request unlimited
            z: receive value: (6)
            got 6
            t:3:16: error: arithmetic overflow
            """),
        // handleEvents' closure fails: the value is not passed on.
        Case(program: """
            subject n: Int
            n.handleEvents(receiveOutput: { _ = 1 / $0 }).print("p").sink { _ in }
            send n 0
            """, expected: """
            p: receive subscription: (HandleEvents)
            p: request unlimited
            t:2:37: error: division by zero
            """),
    ])
    func failedStagesForwardNothing(_ example: Case) {
        expectSameEveryWay(example)
    }

    /// The REPL goes on after an error: a stage that failed kept nothing of the failed value.
    @Test func aFailedStageKeepsNoStateForTheSessionAfterIt() {
        for way in Differential.ways {
            var output = ""
            let interpreter = Interpreter(output: { output += $0 })
            interpreter.fastPaths = way.fastPaths
            interpreter.recordsEvents = way.records
            for entry in ["subject n: Int", "n.map { 10 / $0 }.collect().sink { print($0) }",
                          "n.scan(0) { $0 + 10 / $1 }.sink { print(\"sum\", $0) }",
                          "n.drop(while: { 10 / $0 > 1 }).sink { print(\"after\", $0) }",
                          "send n 5", "send n 0", "send n 20", "complete n"] {
                _ = interpreter.run(entry)
            }
            #expect(output == "sum 2\nsum 2\nafter 20\n[2, 0]\n", "\(way)")
        }
    }

    private func expectSameEveryWay(_ example: Case) {
        for way in Differential.ways {
            var output = ""
            let interpreter = Interpreter(output: { output += $0 })
            interpreter.fastPaths = way.fastPaths
            interpreter.recordsEvents = way.records
            if let diagnostic = interpreter.run(example.program) {
                output += DiagnosticFormatter().format(diagnostic, source: interpreter.source, fileName: "t")
                    .split(separator: "\n").first.map(String.init) ?? ""
            }
            #expect(output == example.expected, "\(way)")
        }
    }
}

/// Combine's behaviour in cases a corpus of published snippets found wrong, each with its
/// source. (The core's side of each is in TaplineReactiveTests.)
@Suite("Combine as published")
struct PublishedSnippetTests {
    @Test("each prints what Combine prints", arguments: [
        // The Kodeco book, chapter 7, `output(at:)`: the value reaches the sink before the
        // upstream is cancelled.
        OnePathTests.Case(program: """
            let publisher = ["A", "B", "C"].publisher
            publisher.print("publisher").output(at: 1).sink(receiveValue: { print("Value at index 1 is \\($0)") })
            """, expected: """
            publisher: receive subscription: (["A", "B", "C"])
            publisher: request unlimited
            publisher: receive value: (A)
            publisher: request max: (1) (synchronous)
            publisher: receive value: (B)
            Value at index 1 is B
            publisher: receive cancel

            """),
        // prefix(n) is output(in: 0..<n): the same order (Neuburg, "Understanding Combine",
        // prefix: "passes along the first n values … then cancels the upstream and sends a
        // .finished completion").
        OnePathTests.Case(program: """
            (1...10).publisher.print("p").prefix(2).sink(receiveCompletion: { print("Completed with: \\($0)") }, receiveValue: { print($0) })
            """, expected: """
            p: receive subscription: (1...10)
            p: request unlimited
            p: receive value: (1)
            1
            p: receive value: (2)
            2
            p: receive cancel
            Completed with: finished

            """),
        // The Kodeco book, chapter 4, `first(where:)`: a range describes itself as Swift does.
        OnePathTests.Case(program: """
            let numbers = (1...9).publisher
            numbers.print("numbers").first(where: { $0 % 2 == 0 }).sink(receiveCompletion: { print("Completed with: \\($0)") }, receiveValue: { print($0) })
            """, expected: """
            numbers: receive subscription: (1...9)
            numbers: request unlimited
            numbers: receive value: (1)
            numbers: receive value: (2)
            numbers: receive cancel
            2
            Completed with: finished

            """),
        OnePathTests.Case(program: "(0..<2).publisher.print(\"r\").sink { _ in }", expected: """
            r: receive subscription: (0..<2)
            r: request unlimited
            r: receive value: (0)
            r: receive value: (1)
            r: receive finished

            """),
        // The Kodeco book, chapter 5, `append(Sequence)` and `prepend(Sequence)`: an array
        // of the stream's values is a sequence of them.
        OnePathTests.Case(program: """
            [1, 2, 3].publisher.append([4, 5]).sink { print($0) }
            [5, 6, 7].publisher.prepend([3, 4]).collect().sink { print($0) }
            """, expected: "1\n2\n3\n4\n5\n[3, 4, 5, 6, 7]\n"),
        // A publisher of arrays appends an array as one value (`append(_ elements: Output...)`).
        OnePathTests.Case(program: "[[1], [2]].publisher.append([3]).collect().sink { print($0) }", expected: "[[1], [2], [3]]\n"),
        // Both fail with Never, as Swift types `CurrentValueSubject<Int, Never>`; the current
        // value is delivered at once.
        OnePathTests.Case(program: """
            let cvs = CurrentValueSubject<Int, Never>(0)
            Just(1).combineLatest(cvs).sink { print($0) }
            cvs.send(5)
            """, expected: "(1, 0)\n(1, 5)\n"),
    ])
    func printsWhatCombinePrints(_ example: OnePathTests.Case) {
        #expect(run(example.program).output == example.expected)
        #expect(run(example.program).error == nil)
    }

    @Test("what Swift would refuse is an error", arguments: [
        ("let s = PassthroughSubject<Int, Never>()\nfail s \"x\"", "t:2:6: error: 's' is a subject whose Failure is Never: it cannot fail; to fail it, declare it with its Failure ('subject s: Int, Error', as Swift writes 'PassthroughSubject<Int, Error>()')"),
        ("[1].publisher.append(\"x\").sink { print($0) }", "t:1:22: error: 'append' needs a value like the stream's, of type 'Int', not 'String'"),
    ])
    func refused(_ program: String, _ message: String) {
        #expect(run(program).error?.split(separator: "\n").first.map(String.init) == message)
    }
}

/// The language's sink keeps Combine's `Sink` contract: its closures, and what they capture,
/// are let go of when the stream completes or is cancelled, though the program still holds
/// the subscription (OpenCombine's SinkTests, run against Apple's Combine:
/// testReleasesClosuresAfterFinishingWithSubscription and
/// testReleasesClosuresAfterCancellationWithSubscription).
@Suite("The language's sink")
struct ValueSinkTests {
    final class Captured {}

    @Test(arguments: [true, false])
    func closuresAreLetGoOfWhenTheStreamEnds(byCompletion: Bool) {
        let subject = PassthroughSubject<Value, ScriptFailure>()
        weak var watched: Captured?
        var token: AnyCancellable?
        do {
            let captured = Captured()
            watched = captured
            let sink = ValueSink(receiveCompletion: { _ in _ = captured }, receiveValue: { _ in
                _ = captured
                return .none
            })
            subject.subscribe(sink)
            token = sink.token
        }
        subject.send(.int(1))
        #expect(watched != nil, "alive while subscribed")
        if byCompletion { subject.send(completion: .finished) } else { token?.cancel() }
        #expect(watched == nil, "let go of while the token is still held")
        withExtendedLifetime(token) {}
    }
}
