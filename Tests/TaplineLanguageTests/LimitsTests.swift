import Foundation
import Testing
import TaplineHost
@testable import TaplineLanguage

/// docs/LIMITS.md's table, one program past each limit: a located error with the limit's id,
/// and the session still usable after it (issue 14).
@Suite("Limits")
struct LimitsTests {
    static let ring = (0..<50).map { "subject s\($0): Int" }.joined(separator: "\n") + "\n"
        + (0..<50).map { "s\($0).sink { send s\(($0 + 1) % 50) $0 }" }.joined(separator: "\n") + "\nsend s0 1"

    static let cases: [(program: String, id: MessageID)] = [
        (String(repeating: " ", count: Limits.scriptBytes + 1), .scriptTooLarge),
        ("current s = \"ab\"\nrepeat 40 { s.value = s.value + s.value }", .valueTooLarge),
        ("current a: Any = 1\nrepeat 2000 { a.value = [a.value] }", .valueTooLarge),
        // 16 MiB exactly, then one letter more by interpolation (its two-piece form).
        ("current s = \"ab\"\nrepeat 23 { s.value = s.value + s.value }\nprint(\"x\\(s.value)\")", .valueTooLarge),
        ("button b { tap b }\ntap b", .recursionDepthLimit),
        (ring, .recursionDepthLimit),
        ("view V { on appear { hide V; show V } }\nshow V", .recursionDepthLimit),
        ("subject e: Int\ne.receive(on: DispatchQueue.main).sink { send e $0 }\nsend e 1", .eventsPerInstantLimit),
        ("print(" + Array(repeating: "1", count: Limits.chainLength + 2).joined(separator: "+") + ")", .chainTooLong),
        ("Just(1)" + String(repeating: ".map { $0 }", count: Limits.chainLength + 1) + ".sink { _ in }", .chainTooLong),
        // The clock's end (issue 27): a wait past it, work scheduled past it, and a timer
        // whose next tick would fall past it, which saturated at the end and ticked there.
        ("wait 9223372036854775000ns\nwait 1ms", .clockEnd),
        ("wait 9223372036854775000ns\nschedule(after: 1s) { print(\"early\") }", .clockEnd),
        ("wait 9223372036854775000ns\nTimer.publish(every: 1ns).autoconnect().sink { print($0) }\nwait 800ns", .clockEnd),
        ("subject s: Int\ns.delay(for: 300ms, scheduler: RunLoop.main).sink { print($0) }\nwait 9223372036854775000ns\nsend s 1", .clockEnd),
        // A catch whose recovery fails into itself: each re-subscription counts.
        ("func again() -> AnyPublisher<Int, Error> {\n    return Fail(error: \"x\").catch { _ in again() }.eraseToAnyPublisher()\n}\nagain().sink(receiveCompletion: { _ in }, receiveValue: { _ in })", .recursionDepthLimit),
    ]

    @Test("each limit is a located error, and the session goes on", arguments: cases.indices)
    func limitIsALocatedError(_ index: Int) {
        let (program, id) = Self.cases[index]
        var output = ""
        let interpreter = Interpreter(output: { output += $0 }, echoes: true)
        let diagnostic = interpreter.run(program)
        #expect(diagnostic?.id == id, "\(diagnostic.map { interpreter.format($0) } ?? "no error")")
        #expect(diagnostic?.range.start.line ?? 0 >= 1)
        output = ""
        #expect(interpreter.run("print(\"still \" + \"here\")") == nil)
        #expect(output == "still here\n")
    }

    /// A publisher that re-subscribes itself through the core (`catch`, `Deferred`, `flatMap`)
    /// is stopped by the depth count, not by the stack guard: with the guard switched off, on
    /// a stack with room for far more than the budget, the limit still trips (before each
    /// such subscription counted, this ran until the stack overflowed).
    @Test("the count stops a publisher that re-subscribes itself", arguments: [
        "func again() -> AnyPublisher<Int, Error> {\n    return Fail(error: \"x\").catch { _ in again() }.eraseToAnyPublisher()\n}\nagain().sink(receiveCompletion: { _ in }, receiveValue: { _ in })",
        "func again() -> AnyPublisher<Int, Never> { return Deferred { again() }.eraseToAnyPublisher() }\nagain().sink { _ in }",
        "func count(_ n: Int) -> AnyPublisher<Int, Never> { return Just(n).flatMap { count($0 + 1) }.eraseToAnyPublisher() }\ncount(0).sink { _ in }",
    ])
    func theCountStopsAPublisherThatResubscribesItself(_ program: String) {
        final class Outcome: @unchecked Sendable { var id: MessageID? }
        let outcome = Outcome()
        let work = {
            let interpreter = Interpreter(output: { _ in })
            interpreter.runtime.stack = .unlimited
            outcome.id = interpreter.run(program)?.id
        }
        if let thread = LargeStackThread.start(stackSize: 512 << 20, work) { pthread_join(thread, nil) } else { work() }
        #expect(outcome.id == .recursionDepthLimit)
    }

    /// Output past `outputLimit` (`tapline --machine` sets one) is cut at the limit, on a
    /// character's boundary, and stops the entry wherever it was written: a loop at the top
    /// level, a sink, an echo.
    @Test("the output limit cuts the output and stops the entry", arguments: [
        "repeat 1000 { print(\"abcdéfghi\") }",
        "subject s: Int\ns.sink { _ in print(\"abcdéfghi\") }\nrepeat 1000 { send s 1 }",
        "current s = \"é\"\nrepeat 10 { s.value = s.value + s.value }\ns.value",
    ])
    func outputLimit(_ program: String) {
        var output = ""
        let interpreter = Interpreter(output: { output += $0 }, echoes: true)
        interpreter.outputLimit = 100
        let diagnostic = interpreter.run(program)
        #expect(diagnostic?.id == .outputTooLarge, "\(diagnostic.map { interpreter.format($0) } ?? "no error")")
        #expect(diagnostic?.range.start.line ?? 0 >= 1)
        #expect(output.utf8.count <= 100 && output.utf8.count > 90, "\(output.utf8.count) bytes")
        output = ""
        #expect(interpreter.run("print(\"still \" + \"here\")") == nil)
        #expect(output == "still here\n")
    }

    /// What `:list` and TAB completion show of a value is cut short, at a cost the cut
    /// bounds: describing every declaration whole made each completion on a session holding
    /// a megabyte string cost a megabyte of quoting.
    @Test func aListingShowsALongValueCutShort() {
        let interpreter = Interpreter(output: { _ in })
        #expect(interpreter.run("current s = \"a\\\"b\"\nrepeat 20 { s.value = s.value + s.value }\nlet list = [[1, 2], [3]]") == nil)
        let details = interpreter.declarations.map(\.detail)
        #expect(details.first?.hasPrefix("= \"a\\\"ba\\\"b") == true)
        #expect(details.allSatisfy { $0.count < 200 }, "\(details.map(\.count))")
        #expect(details.last == "= [[1, 2], [3]]")
    }

    /// Every limit's error names it as LIMITS.md's table does.
    @Test func theDocumentedTableNamesEveryLimit() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let table = try String(contentsOf: root.appendingPathComponent("docs/LIMITS.md"), encoding: .utf8)
        let messages = [
            Messages.scriptTooLarge(1), Messages.valueTooLarge(2, 1), Messages.valueNestedTooDeeply(1),
            Messages.recursionDepthLimit(1), Messages.eventsPerInstantLimit(1, at: "0ms"), Messages.chainTooLong(1),
            Messages.clockEnd(waiting: true),
            Messages.outputTooLarge(1),
        ]
        for message in messages {
            let name = String(message.text.prefix { $0 != ":" })
            #expect(table.contains("`\(name)`"), "LIMITS.md does not name '\(name)'")
        }
    }
}
