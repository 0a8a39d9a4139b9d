import Foundation
import Testing
import TaplineHost
@testable import TaplineLanguage

/// A long entry is parsed on a second thread while it compiles (`StatementSource`). It must
/// change nothing a program can see: the same output, and the same first error at the same
/// place, as when one thread reads and compiles in turn (`Interpreter.readsAhead`).
@Suite("Reading ahead")
struct ReadAheadTests {
    /// What a program prints and its first error, read ahead or not, run or only checked.
    private func outcome(_ program: String, readsAhead: Bool, execute: Bool = true) -> (output: String, error: String?) {
        var output = ""
        let interpreter = Interpreter(output: { output += $0 })
        interpreter.readsAhead = readsAhead
        interpreter.longEntryHost = .threadsOnly
        let diagnostic = execute ? interpreter.run(program) : interpreter.check(program)
        let error = diagnostic.map { DiagnosticFormatter().format($0, source: interpreter.source, fileName: "t") }
        return (output, error)
    }

    private func expectSame(_ program: String, execute: Bool = true, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let alone = outcome(program, readsAhead: false, execute: execute)
        let ahead = outcome(program, readsAhead: true, execute: execute)
        #expect(ahead.output == alone.output, sourceLocation: sourceLocation)
        #expect(ahead.error == alone.error, sourceLocation: sourceLocation)
    }

    /// `count` statements that each declare or print something, so every batch is seen.
    private static func program(_ count: Int) -> String {
        (0..<count).map { i in
            switch i % 4 {
            case 0: return "subject s\(i): Int"
            case 1: return "published p\(i) = \(i)"
            case 2: return "s\(i - 2).map { $0 * 2 }.sink { print(\"s\(i - 2)\", $0) }"
            default: return "send s\(i - 3) \(i)"
            }
        }.joined(separator: "\n")
    }

    @Test("every golden script prints and fails the same", arguments: scriptFiles())
    func goldenScripts(_ file: URL) throws {
        let program = try String(contentsOf: file, encoding: .utf8)
        expectSame(program)
        expectSame(program, execute: false)
    }

    /// Blank and comment lines are newline tokens, which the parser lets go of as it skips
    /// them: long runs of them at the start, between statements and at the end.
    @Test func longRunsOfBlankAndCommentLines() {
        let run = String(repeating: "// a comment\n\n;\n", count: 2_000)
        let program = run + "subject s: Int\n" + run + "s.sink { print($0) }; send s 1\n" + run + "send s 2" + run
        #expect(outcome(program, readsAhead: true).output == "1\n2\n")
        expectSame(program)
        expectSame(program + "\nsend s )", execute: false)
    }

    @Test func aLongProgramRunsTheSame() {
        let program = Self.program(1_000)
        #expect(outcome(program, readsAhead: true).output.split(separator: "\n").count == 250)
        expectSame(program)
        expectSame(program, execute: false)
    }

    /// Batches hold 120 statements: an error just before, at and after their edges, and in
    /// the last, short batch.
    @Test("a syntax error anywhere is the one reported", arguments: [0, 1, 119, 120, 121, 239, 240, 500, 998, 999])
    func aSyntaxErrorAnywhere(at index: Int) {
        var lines = Self.program(1_000).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[index] = "send s0 )"
        expectSame(lines.joined(separator: "\n"))
        expectSame(lines.joined(separator: "\n"), execute: false)
    }

    /// The entry is read on after a compile error; a syntax error later on still wins, as when
    /// the whole entry was parsed first.
    @Test func aLaterSyntaxErrorBeatsACompileError() {
        var lines = Self.program(1_000).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[10] = "send nowhere 1"
        let compileError = lines.joined(separator: "\n")
        lines[900] = "published p1"
        let both = lines.joined(separator: "\n")
        #expect(outcome(compileError, readsAhead: true).error?.contains("nowhere") == true)
        #expect(outcome(both, readsAhead: true).error?.contains("nowhere") == false)
        expectSame(compileError)
        expectSame(both)
    }

    @Test func anUnterminatedStringAtTheEnd() {
        expectSame(Self.program(400) + "\nprint(\"never closed")
    }

    /// Ctrl-C stops a long read on the compiling thread, and the session goes on.
    @Test func anInterruptStopsTheReading() {
        var output = ""
        let interpreter = Interpreter(output: { output += $0 })
        interpreter.readsAhead = true
        interpreter.longEntryHost = .threadsOnly
        var polls = 0
        interpreter.isInterrupted = {
            polls += 1
            return polls >= 2
        }
        let diagnostic = interpreter.check(Self.program(2_000))
        #expect(diagnostic?.message == "interrupted")
        interpreter.isInterrupted = { false }
        #expect(interpreter.run("print(\"still here\")") == nil)
        #expect(output == "still here\n")
    }

    /// Each long entry starts and ends its own reading thread; none is left behind.
    @Test func manyLongEntriesInOneSession() {
        var output = ""
        let interpreter = Interpreter(output: { output += $0 })
        let entry = String(repeating: "// a long comment to make the entry long enough to read ahead\n", count: 600) + "print(1)"
        #expect(entry.count >= StatementSource.readAheadLength)
        for _ in 0..<50 { #expect(interpreter.run(entry) == nil) }
        #expect(output == String(repeating: "1\n", count: 50))
    }

    /// The examples, rules and robustness cases under `scripts/`.
    static func scriptFiles() -> [URL] {
        let scripts = repositoryRoot.appendingPathComponent("scripts")
        guard let files = FileManager.default.enumerator(at: scripts, includingPropertiesForKeys: nil) else { return [] }
        return files.compactMap { $0 as? URL }.filter { $0.pathExtension == "tapline" }
            .sorted { $0.path < $1.path }
    }
}
