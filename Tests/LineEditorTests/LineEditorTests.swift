import Foundation
import Testing
@testable import LineEditor

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
