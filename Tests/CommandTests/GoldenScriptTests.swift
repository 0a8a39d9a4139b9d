import Foundation
import Testing

/// Every script under `scripts/` runs through the real `tapline` binary: its stdout must
/// equal the `.out` beside it; a `*.error.tapline` must exit 1 with stderr equal to its `.err`.
@Suite("Golden scripts")
struct GoldenScriptTests {
    static var scripts: [String] {
        let base = Tapline.root.appendingPathComponent("scripts")
        guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".tapline") }.map { "scripts/" + $0 }.sorted()
    }

    @Test func thereAreScripts() {
        #expect(Self.scripts.count >= 20)
        #expect(Self.scripts.contains("scripts/examples/map-views.tapline"))
    }

    @Test("script output matches", arguments: scripts)
    func scriptOutputMatches(_ script: String) throws {
        let result = try Tapline.run([script])
        let base = Tapline.root.appendingPathComponent(String(script.dropLast(".tapline".count)))
        let expectedOut = try? String(contentsOf: base.appendingPathExtension("out"), encoding: .utf8)
        if script.hasSuffix(".error.tapline") {
            let expectedErr = try String(contentsOf: base.appendingPathExtension("err"), encoding: .utf8)
            #expect(result.status == 1)
            #expect(result.stderr == expectedErr)
            #expect(result.stdout == (expectedOut ?? ""))
        } else {
            #expect(result.status == 0, "stderr: \(result.stderr)")
            #expect(result.stdout == (expectedOut ?? ""))
            #expect(result.stderr == "")
        }
    }
}
