import Foundation
import Testing

/// `tapline learn` and the REPL's lesson commands, through the built binary. Each test has
/// its own empty state folder, so the progress it reads and writes is its own.
@Suite("lessons", .serialized)
struct LearnTests {
    @Test func learnListsTheLessonsWithTheNextMarked() throws {
        try withTemporaryDirectory { state in
            let result = try Tapline.run(["learn"], environment: ["XDG_STATE_HOME": state.path])
            #expect(result.status == 0, "stderr: \(result.stderr)")
            #expect(result.stdout.hasPrefix("Tapline lessons: 0 of "), "\(result.stdout)")
            #expect(result.stdout.contains("  ▸  1  Subjects: hot and cold, now and later\n"), "\(result.stdout)")
        }
    }

    @Test func learnWithoutATerminalPrintsTheLesson() throws {
        let result = try Tapline.run(["learn", "2"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Lesson 2 of "))
        // The demonstration has run.
        #expect(result.stdout.contains("It prints:\nThe button was tapped\nThe button was tapped\n"), "\(result.stdout)")
        #expect(result.stdout.contains("Open the lesson on a terminal ('tapline learn 2')"))
    }

    @Test(arguments: ["0", "99", "x"])
    func anUnknownLessonIsAUsageError(_ argument: String) throws {
        let result = try Tapline.run(["learn", argument])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("tapline: there is no lesson '\(argument)'; the lessons are 1 to "), "\(result.stderr)")
    }

    @Test func withoutLessonsLearnSaysWhereToPointIt() throws {
        let result = try Tapline.run(["learn"], environment: ["TAPLINE_LESSONS": "/nonexistent"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("tapline: no lessons found"))
    }
}

/// A learner in the REPL, on a pseudo-terminal: open a lesson, answer wrongly, get the
/// difference and a hint, answer again, pass; the progress file records it privately.
@Suite("lessons in the REPL", .serialized,
       .enabled(if: PseudoTerminal.isAvailable, "no pseudo-terminal can be opened here"))
struct LearnREPLTests {
    @Test func aWrongAnswerGetsTheDifferenceAndAHintThenTheRightOnePasses() throws {
        try withTemporaryDirectory { home in
            let terminal = try #require(PseudoTerminal(arguments: ["-q"], home: home.path))
            try #require(terminal.expectPrompt(), "no prompt: \(terminal.screen)")
            #expect(terminal.enter(":learn 1", expecting: "Lesson 1 of "), "screen: \(terminal.screen)")
            // A PassthroughSubject drops "online": the first line differs.
            #expect(terminal.enter("subject status: String"), "screen: \(terminal.screen)")
            terminal.type(":check\r")
            #expect(terminal.expect("✗ Not yet. Line 1 should be 'status: online', but your program printed 'status: offline'."),
                    "screen: \(terminal.screen)")
            // The lesson knows this mistake: its hint says why, before the general hints.
            #expect(terminal.expect("Why: A PassthroughSubject (`subject`) keeps nothing"), "screen: \(terminal.screen)")
            #expect(terminal.expectPrompt(), "screen: \(terminal.screen)")
            #expect(terminal.enter(":hint", expecting: "Hint 1 of 2: The subscriber comes after"), "screen: \(terminal.screen)")
            #expect(terminal.enter(":undo", expecting: "dropped: subject status: String"), "screen: \(terminal.screen)")
            #expect(terminal.enter("current status = \"connecting\""), "screen: \(terminal.screen)")
            #expect(terminal.enter(":check", expecting: "✓ Passed. Lesson 1 is done. ':next' opens lesson 2"), "screen: \(terminal.screen)")
            #expect(terminal.enter(":next", expecting: "Lesson 2 of "), "screen: \(terminal.screen)")
            // `:swift` exports this lesson's session: lesson 1's answer is not in it.
            #expect(terminal.enter(":swift", expecting: "exported by Tapline as Swift"), "screen: \(terminal.screen)")
            #expect(!terminal.screen.contains("CurrentValueSubject<String, Never>(\"connecting\")"), "screen: \(terminal.screen)")
            terminal.type("\u{4}")
            try #require(terminal.exitStatus() == 0, "screen: \(terminal.screen)")

            let folder = home.appendingPathComponent(".local/state/tapline")
            let file = folder.appendingPathComponent("progress")
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(text.contains("passed subjects\n"))
            #expect(text.contains("opened tap-button\n"))
            let mode = { (url: URL) in (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue }
            #expect(try mode(file) == 0o600)
            #expect(try mode(folder) == 0o700)
        }
    }

    /// Issue 31: in a window narrower than the lessons' 80 columns, their prose is wrapped
    /// again to fit, and the headings' rules end at the window's edge.
    @Test func aLessonReflowsToANarrowWindow() throws {
        try withTemporaryDirectory { home in
            let terminal = try #require(PseudoTerminal(arguments: ["-q"], home: home.path))
            try #require(terminal.expectPrompt(), "no prompt: \(terminal.screen)")
            try #require(terminal.resize(columns: 60, rows: 30), "screen: \(terminal.screen)")
            terminal.type(":learn 4\r")
            #expect(terminal.expect("is not\r\nflooded."), "screen: \(terminal.screen)")
            #expect(terminal.expect("── Exercise " + String(repeating: "─", count: 47) + "\r\n"), "screen: \(terminal.screen)")
            #expect(terminal.expectPrompt(), "screen: \(terminal.screen)")
            terminal.type("\u{4}")
            try #require(terminal.exitStatus() == 0, "screen: \(terminal.screen)")
        }
    }

    @Test func aMarbleCheckSaysAtWhichFrameItDiffers() throws {
        try withTemporaryDirectory { home in
            let terminal = try #require(PseudoTerminal(arguments: ["-q"], home: home.path))
            try #require(terminal.expectPrompt(), "no prompt: \(terminal.screen)")
            #expect(terminal.enter(":learn 7", expecting: "Lesson 7 of "), "screen: \(terminal.screen)")
            #expect(terminal.enter("let search = typed"), "screen: \(terminal.screen)")
            #expect(terminal.enter(":check", expecting: "✗ Not yet. At frame 1 (counting from 0) the check expects nothing, but your publisher sent the value s then."),
                    "screen: \(terminal.screen)")
        }
    }

    @Test func lessonCommandsWithoutALessonSayHowToOpenOne() throws {
        try withTemporaryDirectory { home in
            let terminal = try #require(PseudoTerminal(arguments: ["-q"], home: home.path))
            try #require(terminal.expectPrompt(), "no prompt: \(terminal.screen)")
            #expect(terminal.enter(":check", expecting: "error: no lesson is open; ':learn' lists the lessons and ':learn 1' opens the first"),
                    "screen: \(terminal.screen)")
        }
    }
}
