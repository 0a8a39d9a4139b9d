import Foundation
import Testing

/// The REPL end to end, one behaviour per test: the real binary on its own pseudo-terminal
/// with its own empty HOME, typed at as a person would. Every step waits for something the
/// program shows (a prompt, an echo, an output), never for a fixed time.
///
/// Expected outputs are built with `+` in the typed code (`"sa" + "ved"`), so the terminal's
/// echo of the typed line can never be mistaken for them.
@Suite("REPL on a terminal", .serialized,
       .enabled(if: PseudoTerminal.isAvailable, "no pseudo-terminal can be opened here"))
struct REPLTests {
    static let prompt = "tapline> "

    @Test func aReactionPrints() throws {
        try withSession { terminal, _ in
            try declareSubjectAndSink(terminal)
            #expect(terminal.enter("send s 5", expecting: "got 5"), "screen: \(terminal.screen)")
        }
    }

    /// `marbles` draws what the session did, as wide as the terminal; `trace on` prints events.
    @Test func marblesDrawsTheSessionAndTraceShowsEvents() throws {
        try withSession { terminal, _ in
            try declareSubjectAndSink(terminal)
            try #require(terminal.enter("play s \"-1-2|\"", expecting: nil), "screen: \(terminal.screen)")
            try #require(terminal.enter("wait 1s", expecting: "got 2"), "screen: \(terminal.screen)")
            #expect(terminal.enter("marbles", expecting: "s     ^1-2|"), "screen: \(terminal.screen)")
            #expect(terminal.enter("trace on"), "screen: \(terminal.screen)")
            #expect(terminal.enter("send s 3", expecting: "dropped: (3) after completion"), "screen: \(terminal.screen)")
        }
    }

    /// A pasted chain whose next lines start with `.` is one entry, as in a script.
    @Test func aPastedChainWithDotLinesIsOneEntry() throws {
        try withSession { terminal, _ in
            try #require(terminal.enter("subject q: Int"), "screen: \(terminal.screen)")
            terminal.type("q\r  .map { $0 * 2 }\r  .sink { print(\"twice\", $0) }\r")
            #expect(terminal.expectPrompt(), "screen: \(terminal.screen)")
            #expect(terminal.enter("send q 21", expecting: "twice 42"), "screen: \(terminal.screen)")
            #expect(!terminal.screen.contains("error"), "screen: \(terminal.screen)")
        }
    }

    @Test func anErrorKeepsWhatWasDeclared() throws {
        try withSession { terminal, _ in
            try declareSubjectAndSink(terminal)
            #expect(terminal.enter("tap nothing", expecting: "error: unknown name 'nothing'"), "screen: \(terminal.screen)")
            #expect(terminal.enter("send s 6", expecting: "got 6"), "screen: \(terminal.screen)")
        }
    }

    /// `:type` shows the exact Combine type a shorthand stands for (DESIGN §9), and what an
    /// operator makes of it, without running anything.
    @Test func typeShowsTheSwiftType() throws {
        try withSession { terminal, _ in
            try #require(terminal.enter("subject s: Int"), "screen: \(terminal.screen)")
            #expect(terminal.enter(":type s", expecting: "PassthroughSubject<Int, Never>"), "screen: \(terminal.screen)")
            #expect(terminal.enter(":type s.tryMap { $0 }", expecting: "AnyPublisher<Int, Error>"), "screen: \(terminal.screen)")
            #expect(terminal.enter(":type s.sink { _ in }", expecting: "AnyCancellable"), "screen: \(terminal.screen)")
        }
    }

    @Test func swiftExportsTheEntriesThatRan() throws {
        try withSession { terminal, home in
            try declareSubjectAndSink(terminal)
            #expect(terminal.enter("tap nothing", expecting: "error: unknown name 'nothing'"), "screen: \(terminal.screen)")
            let file = home.appendingPathComponent("session.swift")
            #expect(terminal.enter(":swift \(file.path)", expecting: "wrote the session as Swift"), "screen: \(terminal.screen)")
            let swift = try String(contentsOf: file, encoding: .utf8)
            #expect(swift.contains("let s = PassthroughSubject<Int, Never>()\ns.sink { print(\"got\", $0) }.store(in: &subscriptions)\n"))
            #expect(!swift.contains("nothing"), "an entry that failed is not part of the program")
        }
    }

    /// `:swift FILE` writes as `marbles save` does: never through a link, and it says when it
    /// replaces a file the session did not write (and not when it writes its own again).
    @Test func swiftToAFileNeverFollowsALinkAndSaysWhatItReplaced() throws {
        try withSession { terminal, home in
            try declareSubjectAndSink(terminal)
            let victim = home.appendingPathComponent("victim")
            try "secret".write(to: victim, atomically: false, encoding: .utf8)
            let link = home.appendingPathComponent("link.swift")
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: victim)
            #expect(terminal.enter(":swift \(link.path)", expecting: "it is a symbolic link"), "screen: \(terminal.screen)")
            #expect(try String(contentsOf: victim, encoding: .utf8) == "secret")
            let old = home.appendingPathComponent("old.swift")
            try "mine".write(to: old, atomically: false, encoding: .utf8)
            #expect(terminal.enter(":swift \(old.path)", expecting: "wrote the session as Swift to \(old.path), replacing the file that was there\r\n"), "screen: \(terminal.screen)")
            #expect(terminal.enter(":swift \(old.path)", expecting: "wrote the session as Swift to \(old.path)\r\n"), "screen: \(terminal.screen)")
            #expect(try String(contentsOf: old, encoding: .utf8).contains("PassthroughSubject"))
        }
    }

    @Test func upRecallsTheLastEntry() throws {
        try withSession { terminal, _ in
            #expect(terminal.enter("print(\"up\" + \"per\")", expecting: "upper"), "screen: \(terminal.screen)")
            terminal.type("\u{1B}[A\r")
            #expect(terminal.expect("upper"), "screen: \(terminal.screen)")
        }
    }

    @Test func tabCompletesAKeywordThenADeclaredName() throws {
        try withSession { terminal, _ in
            #expect(terminal.enter("button save { print(\"sa\" + \"ved\") }"), "screen: \(terminal.screen)")
            // Only `tap save` prints: "ta" must have become the keyword, "sa" the button.
            terminal.type("ta\tsa\t\r")
            #expect(terminal.expect("saved"), "screen: \(terminal.screen)")
        }
    }

    @Test func aMultiLineBlockIsOneEntryWithAContinuationPrompt() throws {
        try withSession { terminal, _ in
            try enterBlock(terminal, ["view V {", "on appear { print(\"sh\" + \"own\") }", "}"])
            #expect(terminal.enter("show V", expecting: "shown"), "screen: \(terminal.screen)")
        }
    }

    @Test func ctrlCDiscardsTheLineBeingTyped() throws {
        try withSession { terminal, _ in
            try interruptTyping(terminal, "print(12345 + 1)")
            #expect(terminal.enter("print(\"after\", 1)", expecting: "after 1"), "screen: \(terminal.screen)")
            #expect(!terminal.screen.contains("12346"))
        }
    }

    @Test func ctrlCInterruptsARunningLoopAndTheSessionGoesOn() throws {
        try withSession { terminal, _ in
            try declareSubjectAndSink(terminal)
            terminal.type("print(\"sta\" + \"rted\"); repeat 1000000000 { }\r")
            // Only once the loop is known to run does Ctrl-C go in (a busy machine may lag).
            try #require(terminal.expect("started"), "screen: \(terminal.screen)")
            terminal.type("\u{3}")
            #expect(terminal.expect("interrupted"), "screen: \(terminal.screen)")
            #expect(terminal.expectPrompt(), "screen: \(terminal.screen)")
            #expect(terminal.enter("send s 7", expecting: "got 7"), "screen: \(terminal.screen)")
        }
    }

    /// Issue 14: hitting a limit is an error like any other; the session keeps everything.
    @Test func aLimitKeepsWhatWasDeclared() throws {
        try withSession { terminal, _ in
            try declareSubjectAndSink(terminal)
            #expect(terminal.enter("button again { tap again }"), "screen: \(terminal.screen)")
            #expect(terminal.enter("tap again", expecting: "error: recursion depth limit"), "screen: \(terminal.screen)")
            #expect(terminal.enter(":load /dev/zero", expecting: "script size limit"), "screen: \(terminal.screen)")
            #expect(terminal.enter("send s 8", expecting: "got 8"), "screen: \(terminal.screen)")
        }
    }

    @Test func ctrlDOnAnEmptyLineExitsWithStatus0() throws {
        try withSession { terminal, _ in
            terminal.type("\u{4}")
            #expect(terminal.exitStatus() == 0, "screen: \(terminal.screen)")
        }
    }

    /// Typed while a command runs, Ctrl-D reaches the terminal in cooked mode, which keeps it
    /// as a NUL byte until the editor reads it: it must still end the session.
    @Test func ctrlDTypedAheadWhileACommandRunsExitsWithStatus0() throws {
        try withSession { terminal, _ in
            terminal.type("print(\"bu\" + \"sy\"); repeat 20000000 { }\r")
            try #require(terminal.expect("busy"), "screen: \(terminal.screen)")
            terminal.type("\u{4}")
            #expect(terminal.exitStatus() == 0, "screen: \(terminal.screen)")
        }
    }

    @Test func theHistoryFileIsPrivateWithOneEntryPerCompleteInput() throws {
        try withSession { terminal, home in
            try enterBlock(terminal, ["view V {", "on appear { print(1) }", "}"])
            #expect(terminal.enter("print(\"on\" + \"e\")", expecting: "one"), "screen: \(terminal.screen)")
            // Neither a discarded line nor an empty one is an entry.
            try interruptTyping(terminal, "print(2)")
            #expect(terminal.enter(""), "screen: \(terminal.screen)")
            terminal.type("\u{4}")
            try #require(terminal.exitStatus() == 0, "screen: \(terminal.screen)")

            let history = home.appendingPathComponent(".tapline_history").path
            let attributes = try FileManager.default.attributesOfItem(atPath: history)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
            // libedit's format: a header, then one line per entry, spaces and newlines escaped.
            let lines = try String(contentsOfFile: history, encoding: .utf8).split(separator: "\n")
            #expect(lines == [
                "_HiStOrY_V2_",
                #"view\040V\040{\012on\040appear\040{\040print(1)\040}\012}"#,
                #"print("on"\040+\040"e")"#,
            ])
        }
    }

    /// Issue 27: libedit lays a terminal of one column out as 80 columns, and it kept its cursor
    /// where the old layout had it across a resize in the middle of a line; a cursor outside
    /// the new layout made the next key write outside libedit's screen buffers (a crash).
    @Test func narrowingToOneColumnAndWideningAgainKeepsTheSession() throws {
        try withSession { terminal, _ in
            // The cursor at column 82 of 100, past the 80 that one column becomes.
            let past80 = "print(\"na\" + \"rrow\"" + String(repeating: " ", count: 54)
            terminal.type(past80)
            try #require(terminal.expect(past80), "screen: \(terminal.screen)")
            try #require(terminal.resize(columns: 1, rows: 30), "screen: \(terminal.screen)")
            terminal.type(")")
            try #require(terminal.expect(")"), "screen: \(terminal.screen)")
            try #require(terminal.resize(columns: 100, rows: 30), "screen: \(terminal.screen)")
            #expect(terminal.enter("", expecting: "narrow"), "screen: \(terminal.screen)")
            #expect(terminal.enter("print(\"wi\" + \"de\")", expecting: "wide"), "screen: \(terminal.screen)")
            try expectCleanExit(terminal)
        }
    }

    /// The same with the cursor on a row the resized terminal no longer has.
    @Test func shrinkingToOneColumnAndOneRowAndBackKeepsTheSession() throws {
        try withSession { terminal, _ in
            let wrapped = "print(\"on\" + \"e\"," + String(repeating: " ", count: 100) + "\"row\""
            terminal.type(wrapped)
            try #require(terminal.expect("\"row\""), "screen: \(terminal.screen)")
            try #require(terminal.resize(columns: 1, rows: 1), "screen: \(terminal.screen)")
            terminal.type(")")
            try #require(terminal.expect(")"), "screen: \(terminal.screen)")
            // Some terminals report a size of 0 while they are being resized.
            try #require(terminal.resize(columns: 0, rows: 0), "screen: \(terminal.screen)")
            try #require(terminal.resize(columns: 200, rows: 30), "screen: \(terminal.screen)")
            #expect(terminal.enter("", expecting: "one row"), "screen: \(terminal.screen)")
            try expectCleanExit(terminal)
        }
    }

    /// Issue 31: `marbles` draws as wide as the terminal is when it runs, so a diagram drawn
    /// after the window narrows is folded into blocks that fit the new width.
    @Test func marblesFollowsAResizedWindow() throws {
        try withSession { terminal, _ in
            try declareSubjectAndSink(terminal)
            try #require(terminal.enter("for i in 0..<9 { send s i; wait 700ms }"), "screen: \(terminal.screen)")
            #expect(terminal.enter("marbles", expecting: "6s"), "screen: \(terminal.screen)")
            try #require(terminal.resize(columns: 50, rows: 30), "screen: \(terminal.screen)")
            #expect(terminal.enter("marbles", expecting: "time  4s"), "screen: \(terminal.screen)")
            try expectCleanExit(terminal)
        }
    }

    // MARK: - Steps

    /// Starts `tapline -q` on a new terminal with a new empty HOME and waits for its prompt.
    private func withSession(_ body: (PseudoTerminal, URL) throws -> Void) throws {
        try withTemporaryDirectory { home in
            let terminal = try #require(PseudoTerminal(arguments: ["-q"], home: home.path))
            try #require(terminal.expectPrompt(), "no prompt: \(terminal.screen)")
            try body(terminal, home)
        }
    }

    /// Declares subject `s` and a sink that prints each value as `got N`.
    private func declareSubjectAndSink(_ terminal: PseudoTerminal) throws {
        try #require(terminal.enter("subject s: Int"), "screen: \(terminal.screen)")
        try #require(terminal.enter("s.sink { print(\"got\", $0) }"), "screen: \(terminal.screen)")
    }

    /// Types an entry line by line: each line but the last must get the continuation prompt.
    private func enterBlock(_ terminal: PseudoTerminal, _ lines: [String]) throws {
        for line in lines.dropLast() {
            terminal.type(line + "\r")
            try #require(terminal.expectPrompt("...> "), "screen: \(terminal.screen)")
        }
        try #require(terminal.enter(lines.last ?? ""), "screen: \(terminal.screen)")
    }

    /// Ctrl-D, and the program ends with status 0: a write outside libedit's buffers may only
    /// show when they are freed.
    private func expectCleanExit(_ terminal: PseudoTerminal) throws {
        terminal.type("\u{4}")
        #expect(terminal.exitStatus() == 0, "screen: \(terminal.screen)")
    }

    /// Types `text` without Enter, then Ctrl-C, and waits for the fresh prompt.
    private func interruptTyping(_ terminal: PseudoTerminal, _ text: String) throws {
        terminal.type(text)
        // Once the echo is back the editor holds the text; a Ctrl-C sent sooner would only
        // flush the terminal's queue, and the editor's discarding would go untested.
        try #require(terminal.expect(text), "screen: \(terminal.screen)")
        terminal.type("\u{3}")
        try #require(terminal.expectPrompt(), "screen: \(terminal.screen)")
    }
}

extension PseudoTerminal {
    /// Types `line` and Enter, then waits for `output` (when given) and the next prompt.
    func enter(_ line: String, expecting output: String? = nil) -> Bool {
        type(line + "\r")
        if let output, !expect(output) { return false }
        return expectPrompt()
    }

    /// Waits for `prompt` and for the line editor to take the terminal, so typing may start.
    func expectPrompt(_ prompt: String = REPLTests.prompt) -> Bool {
        expect(prompt) && expectEditing()
    }
}
