import Foundation
import Testing
@testable import LineEditor

/// One editor at a time: libedit keeps process-wide state and is not thread-safe, and
/// swift-testing runs tests in parallel (two editors at once crashed in libedit in CI).
@Suite("libedit", .serialized)
struct LibeditTests {
    @Suite("LineEditor")
    struct LineEditorTests {
        @Test func commonPrefixOfCandidates() {
            #expect(LineEditor.commonPrefix(["combineLatest", "compactMap", "collect"]) == "co")
            #expect(LineEditor.commonPrefix(["filter"]) == "filter")
            #expect(LineEditor.commonPrefix([]) == "")
        }

        @Test func candidatesAreListedInColumnsDownThenAcross() {
            #expect(LineEditor.columns(["a", "bb", "c", "d", "e"], width: 12) == "a   c   e\nbb  d\n")
            #expect(LineEditor.columns(["one"], width: 1) == "one\n")
            // A terminal may report a width of 0 or 1: one word to a row.
            #expect(LineEditor.columns(["a", "b"], width: 0) == "a\nb\n")
            #expect(LineEditor.columns(["a", "b"], width: 1) == "a\nb\n")
        }

        @Test func historyIsSavedPrivatelyAndLoadsBack() throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent(".tapline_history").path
            do {
                let editor = try #require(LineEditor(program: "test", historyFile: file, historySize: 3))
                editor.addHistory("tap dummy")
                editor.addHistory("view V {\n  on appear { print(1) }\n}")
                editor.addHistory("view V {\n  on appear { print(1) }\n}")   // a repeat is kept once
                editor.addHistory("   ")                                      // blank: not kept
                #expect(editor.history == ["tap dummy", "view V {\n  on appear { print(1) }\n}"])
            }
            let attributes = try FileManager.default.attributesOfItem(atPath: file)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
            let reloaded = try #require(LineEditor(program: "test", historyFile: file, historySize: 3))
            #expect(reloaded.history == ["tap dummy", "view V {\n  on appear { print(1) }\n}"])
            reloaded.addHistory("a")
            reloaded.addHistory("b")
            reloaded.addHistory("c")
            #expect(reloaded.history == ["a", "b", "c"])   // capped at 3
        }
    }

    /// The history file loses nothing: issue 14's cases, each on a fresh directory.
    @Suite("History file safety")
    struct HistoryFileTests {
        /// A fresh directory and the history file's path in it; removed after `body`.
        private func inDirectory(_ body: (String, String) throws -> Void) throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            try body(directory, directory + "/.tapline_history")
        }

        private func editor(_ file: String, problems: ProblemLog? = nil) throws -> LineEditor {
            let editor = try #require(LineEditor(program: "test", historyFile: file, historySize: 100))
            if let problems { editor.reportHistoryProblem = { problems.messages.append($0) } }
            return editor
        }

        final class ProblemLog { var messages: [String] = [] }

        @Test func twoSessionsKeepEachOthersEntries() throws {
            try inDirectory { _, file in
                let first = try editor(file), second = try editor(file)
                first.addHistory("print(1)")
                second.addHistory("print(2)")
                first.addHistory("print(3)")
                #expect(try editor(file).history == ["print(1)", "print(2)", "print(3)"])
            }
        }

        @Test func aFileThatIsNotHistoryIsMovedAsideNotOverwritten() throws {
            try inDirectory { directory, file in
                try "my notes\n".write(toFile: file, atomically: true, encoding: .utf8)
                try "older notes\n".write(toFile: file + ".bad", atomically: true, encoding: .utf8)
                let problems = ProblemLog()
                let session = try editor(file, problems: problems)
                session.addHistory("tap b")
                #expect(try String(contentsOfFile: file + ".bad", encoding: .utf8) == "older notes\n")
                #expect(try String(contentsOfFile: file + ".bad.1", encoding: .utf8) == "my notes\n")
                #expect(problems.messages == ["history: \(file) is not a history file; moved it to \(file).bad.1"])
                #expect(try editor(file).history == ["tap b"])
            }
        }

        @Test func aSymbolicLinkIsNotFollowed() throws {
            try inDirectory { directory, file in
                let target = directory + "/precious"
                try "keep me\n".write(toFile: target, atomically: true, encoding: .utf8)
                try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: target)
                let problems = ProblemLog()
                let session = try editor(file, problems: problems)
                session.addHistory("tap b")
                session.addHistory("tap c")
                #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me\n")
                #expect(try FileManager.default.destinationOfSymbolicLink(atPath: file) == target)
                // Reported once, not after every entry; the session keeps its history in memory.
                #expect(problems.messages == ["history: not using \(file): it is a symbolic link, which Tapline does not follow"])
                #expect(session.history == ["tap b", "tap c"])
            }
        }

        @Test func aWriteThatFailsIsReportedAndTheEntryKept() throws {
            try inDirectory { directory, _ in
                let problems = ProblemLog()
                let session = try editor(directory + "/missing/.tapline_history", problems: problems)
                session.addHistory("tap b")
                #expect(problems.messages.count == 1)
                #expect(problems.messages.first?.hasPrefix("history not saved: ") == true)
                #expect(session.history == ["tap b"])
            }
        }

        @Test func savingLeavesNoTemporaryOrPartialFile() throws {
            try inDirectory { directory, file in
                let session = try editor(file)
                session.addHistory("view V {\n  on appear { print(1) }\n}")
                let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
                #expect(names == [".tapline_history", ".tapline_history.lock"])
                #expect(try String(contentsOfFile: file, encoding: .utf8).hasPrefix("_HiStOrY_V2_\n"))
            }
        }
    }
}
