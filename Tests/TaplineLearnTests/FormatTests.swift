import Foundation
import Testing
@testable import TaplineLearn

/// The lesson file format, the plain-words differences `:check` reports, and the progress file.
@Suite struct FormatTests {
    static let sample = """
        # A title
        --- text
        Some text.
        --- demo
        print(1)
        --- exercise
        Do it.
        --- starter
        subject s: Int
        ___
        send s 1
        --- output
        got 1
        --- hint
        First hint,
        on two lines.

        Second hint.
        --- solution
        s.sink { print("got", $0) }
        """

    @Test func aLessonFileReadsIntoItsSections() throws {
        let lesson = try Lesson.parse(Self.sample, fileName: "lessons/07-a-sample.lesson")
        #expect(lesson.slug == "a-sample")
        #expect(lesson.title == "A title")
        #expect(lesson.starterBefore == "subject s: Int")
        #expect(lesson.starterAfter == "send s 1")
        #expect(lesson.hints == ["First hint,\non two lines.", "Second hint."])
        #expect(lesson.solutionProgram == "subject s: Int\ns.sink { print(\"got\", $0) }\nsend s 1")
        #expect(Checker.check(lesson, answer: [lesson.solution]).passed)
    }

    @Test func aFileWithWindowsLineEndingsReadsTheSame() throws {
        let windows = Self.sample.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
        #expect(try Lesson.parse(windows, fileName: "a.lesson") == Lesson.parse(Self.sample, fileName: "a.lesson"))
    }

    /// The answer runs as it ran in the REPL: a name declared again, a publisher on its own.
    @Test func theAnswerRunsAsTheREPLRanIt() throws {
        let lesson = try Lesson.parse(Self.sample, fileName: "sample.lesson")
        let answer = ["current n = 1", "current n = 2", "s.map { $0 }", lesson.solution]
        let result = Checker.check(lesson, answer: answer)
        #expect(result.passed, "\(result.problems) \(result.error ?? "")")
        #expect(result.output == "got 1\n")
    }

    @Test(arguments: [
        ("--- text\nx", "x.lesson:1: a lesson starts with its title: '# Title'"),
        ("# T\n--- texts\n", "x.lesson:2: unknown section 'texts'; sections are text, demo, exercise, starter, check, output, hint, mistakes, solution"),
        ("# T\n--- text\na\n--- text\nb", "x.lesson:4: a second '--- text' section"),
        ("# T\n--- text\na\n--- demo\nprint(1)\n--- exercise\ne\n--- starter\nprint(1)\n--- output\n1\n--- solution\nx",
         "x.lesson:1: the starter needs exactly one gap: a line that is only '___', where the learner's lines go"),
        ("# T\n--- text\na\n--- demo\nprint(1)\n--- exercise\ne\n--- starter\n___\n--- solution\nx",
         "x.lesson:1: a lesson needs a '--- check' section (expect lines) or an '--- output' section (what the program prints)"),
    ])
    func aMalformedLessonSaysWhatIsWrong(_ text: String, _ message: String) {
        #expect(throws: LessonError.self) { try Lesson.parse(text, fileName: "x.lesson") }
        do {
            _ = try Lesson.parse(text, fileName: "x.lesson")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test(arguments: [
        ("a\nb\n", "a\nb", [String]()),
        ("a\nc\n", "a\nb", ["Line 2 should be 'b', but your program printed 'c'."]),
        ("b\na\n", "a\nb", ["Line 1 should be 'a', but your program printed 'b' first: look at the order."]),
        ("a\nx\nb\n", "a\nb", ["Line 2 is 'x', which should not be printed at all; the line expected there is 'b'."]),
        ("a\n", "a\nb\nc", ["Your program stopped printing after 1 line; still missing: 'b', 'c'."]),
        ("", "a", ["Your program printed nothing; it should print 'a'."]),
        ("a\nb\n", "a", ["Everything expected was printed, then more: 'b'."]),
    ])
    func outputDifferencesInWords(_ output: String, _ expected: String, _ problems: [String]) {
        #expect(Checker.compare(output: output, expected: expected) == problems)
    }

    @Test(arguments: [
        (["expected: -a-b|", "actual:   -a--b|"], "At frame 3 (counting from 0) the check expects the value b, but your publisher sent nothing then."),
        (["expected: --a|", "actual:   (nothing arrived)"], "At frame 2 (counting from 0) the check expects the value a, but your publisher sent nothing then."),
        (["expected: -a|", "actual:   -(ab)|"], "At frame 1 (counting from 0) the check expects the value a, but your publisher sent the value a and the value b then."),
        (["expected: a|", "actual:   c|", "where c is 42"], "At frame 0 (counting from 0) the check expects the value a, but your publisher sent the value 42 then."),
        (["expected: a-|", "actual:   a#"], "At frame 1 (counting from 0) the check expects nothing, but your publisher sent a failure then."),
    ])
    func marbleDifferencesInWords(_ notes: [String], _ sentence: String) {
        #expect(MarbleDifference(notes: notes)?.sentence == sentence)
    }

    @Test func progressIsWrittenPrivatelyAndReadBack() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("tapline-progress-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let store = ProgressStore(directory: base.path + "/state/tapline")
        #expect(store.load() == Progress())
        let progress = Progress(passed: ["subjects", "demand"], opened: "demand")
        #expect(store.save(progress) == nil)
        #expect(store.load() == progress)
        let file = try FileManager.default.attributesOfItem(atPath: store.path)
        let folder = try FileManager.default.attributesOfItem(atPath: store.directory)
        #expect((file[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect((folder[.posixPermissions] as? NSNumber)?.intValue == 0o700)
        // Nothing is left beside it: the temporary file was renamed.
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory) == ["progress"])
    }

    /// A writer that crashed mid-write leaves only its temporary file, and someone may plant a
    /// link at a name a save could use: the progress is intact, the next save writes under a
    /// random name of its own, and the link's target is untouched.
    @Test func aLeftoverOrPlantedTemporaryFileChangesNothing() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("tapline-progress-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let store = ProgressStore(directory: base.path + "/state")
        let progress = Progress(passed: ["subjects"], opened: "subjects")
        #expect(store.save(progress) == nil)
        let leftover = URL(fileURLWithPath: store.directory).appendingPathComponent(".progress-\(getpid()).tmp")
        try "passed everyth".write(to: leftover, atomically: false, encoding: .utf8)
        let victim = base.appendingPathComponent("victim")
        try "keep me".write(to: victim, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: store.path + ".tmp-\(getpid())", withDestinationPath: victim.path)
        #expect(store.load() == progress)
        let more = Progress(passed: ["subjects", "demand"], opened: "demand")
        #expect(store.save(more) == nil)
        #expect(store.load() == more)
        #expect(try String(contentsOf: victim, encoding: .utf8) == "keep me")
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory).sorted()
            == [".progress-\(getpid()).tmp", "progress", "progress.tmp-\(getpid())"])
    }

    /// Line ends written by another system: "\r\n" is one Character in Swift.
    @Test func aProgressFileWithCRLFLineEndsReads() {
        let progress = Progress(text: "# Tapline lesson progress\r\npassed subjects\r\npassed demand\r\nopened demand\r\n")
        #expect(progress == Progress(passed: ["subjects", "demand"], opened: "demand"))
    }

    /// Only a regular file within the limit is read: a FIFO would block, `/dev/zero` would
    /// grow without end, and a link is not followed. Each says why, and is left as it is.
    @Test func aProgressFileThatIsNotAFileIsRefusedNotRead() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("tapline-progress-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        let store = ProgressStore(directory: base.path)
        #expect(mkfifo(store.path, 0o600) == 0)
        #expect(store.read() == .failure(.init(message: "your progress file \(store.path) cannot be read: it is not a regular file")))
        #expect(store.save(Progress(passed: ["subjects"])) != nil)
        try FileManager.default.removeItem(atPath: store.path)
        try FileManager.default.createSymbolicLink(atPath: store.path, withDestinationPath: "/dev/zero")
        #expect(store.read() == .failure(.init(message: "your progress file \(store.path) cannot be read: it is a symbolic link, which Tapline does not follow here")))
        try FileManager.default.removeItem(atPath: store.path)
        try String(repeating: "passed x\n", count: 200_000).write(toFile: store.path, atomically: false, encoding: .utf8)
        #expect(store.read() == .failure(.init(message: "your progress file \(store.path) cannot be read: progress file size limit: larger than 1048576 bytes (see docs/LIMITS.md)")))
    }
}
