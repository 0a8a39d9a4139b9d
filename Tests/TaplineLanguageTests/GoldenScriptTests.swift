import Foundation
import Testing

/// Every script under `scripts/` runs through the real `tapline` binary: its stdout must
/// equal the `.out` beside it; a `*.error.tapline` must exit 1 with stderr equal to its `.err`.
@Suite("Golden scripts")
struct GoldenScriptTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var scripts: [String] {
        let base = root.appendingPathComponent("scripts")
        guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".tapline") }.map { "scripts/" + $0 }.sorted()
    }

    /// The `tapline` binary that `swift test` built beside the test bundle.
    static var binary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tapline")
    }

    @Test func thereAreScripts() {
        #expect(Self.scripts.count >= 20)
        #expect(Self.scripts.contains("scripts/examples/map-views.tapline"))
    }

    @Test("script output matches", arguments: scripts)
    func scriptOutputMatches(_ script: String) throws {
        let result = try Self.runBinary([script])
        let base = Self.root.appendingPathComponent(String(script.dropLast(".tapline".count)))
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

    struct Result {
        var stdout: String
        var stderr: String
        var status: Int32
    }

    static func runBinary(_ arguments: [String], stdin: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = root
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Read both pipes before waiting, so a large output cannot block the child.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self),
                      status: process.terminationStatus)
    }
}
