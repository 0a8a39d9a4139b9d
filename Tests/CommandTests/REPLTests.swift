import Foundation
import Testing

/// The REPL end to end: the real binary on a pseudo-terminal, typed at as a person would.
@Suite("REPL on a terminal", .serialized)
struct REPLTests {
    @Test("a session: reaction, error, history, completion, blocks, Ctrl-C, Ctrl-D",
          .enabled(if: PseudoTerminal.isAvailable, "no pseudo-terminal can be opened here"))
    func session() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("repl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let terminal = try #require(PseudoTerminal(arguments: ["-q"], home: home.path))
        #expect(terminal.expect("tapline> "), "no prompt: \(terminal.screen)")

        // A reaction prints.
        terminal.type("subject s: Int\r")
        terminal.type("s.sink { print(\"got\", $0) }\r")
        terminal.type("send s 5\r")
        #expect(terminal.expect("got 5"))
        #expect(terminal.expect("tapline> "))

        // An error keeps what was declared.
        terminal.type("tap nothing\r")
        #expect(terminal.expect("error: unknown name 'nothing'"))
        terminal.type("send s 6\r")
        #expect(terminal.expect("got 6"))
        #expect(terminal.expect("tapline> "))

        // Up recalls the last entry.
        terminal.type("\u{1B}[A")
        terminal.type("\r")
        #expect(terminal.expect("got 6"))
        #expect(terminal.expect("tapline> "))

        // TAB completes a keyword, then a declared name.
        // (Outputs are built with `+` so the echo of the typed line never matches them.)
        terminal.type("button save { print(\"sa\" + \"ved\") }\r")
        #expect(terminal.expect("tapline> "))
        terminal.type("ta\t")
        terminal.type("sa\t\r")
        #expect(terminal.expect("saved"))
        #expect(terminal.expect("tapline> "))

        // A multi-line view block runs as one entry.
        terminal.type("view V {\r")
        #expect(terminal.expect("...> "))
        terminal.type("on appear { print(\"sh\" + \"own\") }\r")
        terminal.type("}\r")
        #expect(terminal.expect("tapline> "))
        terminal.type("show V\r")
        #expect(terminal.expect("shown"))
        #expect(terminal.expect("tapline> "))

        // Ctrl-C discards the line being typed.
        terminal.type("print(12345 + 1)")
        _ = terminal.settle(0.3)
        terminal.type("\u{3}")
        // The terminal discards what was typed ahead of a Ctrl-C: wait for the new prompt.
        #expect(terminal.expect("tapline> "))
        terminal.type("print(\"after\", 1)\r")
        #expect(terminal.expect("after 1"), "screen: \(terminal.screen)")
        #expect(!terminal.screen.contains("12346"))

        // Ctrl-C interrupts a running loop, and the session goes on.
        terminal.type("print(\"sta\" + \"rted\"); repeat 1000000000 { }\r")
        // Only once the loop is known to run does Ctrl-C go in (a busy machine may lag).
        #expect(terminal.expect("started"))
        _ = terminal.settle(0.2)
        terminal.type("\u{3}")
        #expect(terminal.expect("interrupted"), "screen: \(terminal.screen)")
        #expect(terminal.expect("tapline> "))
        terminal.type("send s 7\r")
        #expect(terminal.expect("got 7"))

        // Ctrl-D on an empty line exits with status 0.
        terminal.type("\u{4}")
        #expect(terminal.exitStatus() == 0)

        // The history file is private and holds one entry per complete input.
        let history = home.appendingPathComponent(".tapline_history").path
        let attributes = try FileManager.default.attributesOfItem(atPath: history)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }
}
