import Foundation
import Testing
import TaplineTestSupport
@testable import TaplineLanguage

/// The differential grid (`Differential`): every golden script, every docs example and a
/// thousand generated programs print the same, and end with the same error, with fast paths
/// on and off and recording on and off. (The lessons' demonstrations and solutions are in
/// TaplineLearnTests.)
@Suite("Differential grid")
struct DifferentialTests {
    static var scripts: [String] {
        let base = repositoryRoot.appendingPathComponent("scripts")
        guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".tapline") }.map { "scripts/" + $0 }.sorted()
    }

    @Test("a golden script prints the same every way", arguments: scripts)
    func script(_ path: String) throws {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
        let comparison = Differential.compare([(text, path)], budget: 20_000_000_000)
        if case .differs(let shown) = comparison { Issue.record("\(path):\n\(shown)") }
        #expect(comparison != .outOfBudget, "\(path) ran out of time")
    }

    @Test("a docs example prints the same every way", arguments: DocsTests.examples)
    func docsExample(_ example: DocsTests.Example) {
        let comparison = Differential.compare([(example.program, "example")])
        if case .differs(let shown) = comparison { Issue.record("LANGUAGE.md line \(example.line):\n\(shown)") }
        #expect(comparison != .outOfBudget)
    }

    /// The generated programs, in batches so a failure names its seed. At least this many
    /// must finish within the budget and so be compared.
    static let programs = 1_000
    static let batches = Array(0..<10)

    @Test("generated programs print the same every way", arguments: batches)
    func generated(_ batch: Int) {
        let perBatch = Self.programs / Self.batches.count
        var compared = 0
        var seed = UInt64(batch) << 32
        while compared < perBatch, seed < (UInt64(batch) << 32) + UInt64(perBatch * 2) {
            let program = ProgramGenerator.program(seed: seed)
            switch Differential.compare([(program, "generated")], budget: 1_000_000_000) {
            case .same: compared += 1
            case .differs(let shown): Issue.record("seed \(seed):\n\(program)\n\(shown)"); compared += 1
            case .outOfBudget: break
            }
            seed += 1
        }
        #expect(compared == perBatch, "only \(compared) of batch \(batch) finished in time")
    }
}
