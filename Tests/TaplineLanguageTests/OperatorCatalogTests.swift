import Foundation
import Testing
@testable import TaplineLanguage

/// The catalogue of chain operators is the one place an operator is described: its example
/// must run as it says, completion must offer it, and docs/LANGUAGE.md's tables must be the
/// ones it generates.
/// The two table tests may rewrite the same file at once.
private let docsLock = NSLock()

@Suite("Operator catalogue")
struct OperatorCatalogTests {
    @Test func namesAreUniqueAndEveryEntryIsFilledIn() {
        let names = ChainOperator.all.map(\.name)
        #expect(Set(names).count == names.count)
        for entry in ChainOperator.all {
            #expect(!entry.forms.isEmpty && !entry.signature.isEmpty && !entry.summary.isEmpty, "\(entry.name)")
            let written = entry.name.split(separator: "(").first.map(String.init) ?? entry.name   // `subscribe(on:)` is written `subscribe`
            #expect(entry.usage.hasPrefix("'.\(written)"), "\(entry.name): \(entry.usage)")
            #expect(entry.completion.hasPrefix(written), "\(entry.name): \(entry.completion)")
        }
    }

    @Test("the example prints what the catalogue says", arguments: ChainOperator.all.map(\.name))
    func example(_ name: String) throws {
        let entry = try #require(ChainOperator.named(name))
        let result = run(entry.example)
        #expect(result.error == nil)
        #expect(result.output == entry.output)
    }

    @Test func completionAfterADotOffersEveryEntry() {
        let (_, candidates) = Completer.complete("x.", declarations: [])
        #expect(Set(candidates) == Set(ChainOperator.all.map(\.completion)))
    }

    @Test func aWrongCallQuotesTheUsageFromTheCatalogue() {
        let result = run("just(1).prefix(\"x\", 2).sink { _ in }")
        #expect(result.error?.contains("error: 'prefix' is used as '.prefix(3)'") == true, "\(result.error ?? "")")
    }

    /// The tables between the markers in docs/LANGUAGE.md, generated from the catalogue. After
    /// changing the catalogue, `UPDATE_DOCS=1 swift test --filter OperatorCatalogTests` writes them.
    @Test(arguments: [false, true])
    func docsTableIsTheCatalogues(subscribers: Bool) throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/LANGUAGE.md")
        let docs = try String(contentsOf: url, encoding: .utf8)
        let kind = subscribers ? "subscribers" : "operators"
        let begin = "<!-- \(kind) table: generated from ChainOperator.all, checked by OperatorCatalogTests -->\n"
        let end = "<!-- end of \(kind) table -->"
        let start = try #require(docs.range(of: begin), "docs/LANGUAGE.md has no \(kind) table marker")
        let stop = try #require(docs.range(of: end, range: start.upperBound..<docs.endIndex))
        let expected = Self.table(ChainOperator.all.filter { $0.isSubscriber == subscribers }, heading: subscribers ? "subscriber" : "operator")
        if ProcessInfo.processInfo.environment["UPDATE_DOCS"] != nil {
            try docsLock.withLock {
                let current = try String(contentsOf: url, encoding: .utf8)
                guard let from = current.range(of: begin), let to = current.range(of: end, range: from.upperBound..<current.endIndex) else { return }
                try current.replacingCharacters(in: from.upperBound..<to.lowerBound, with: expected).write(to: url, atomically: true, encoding: .utf8)
            }
            return
        }
        #expect(String(docs[start.upperBound..<stop.lowerBound]) == expected, "the table should be:\n\(expected)")
    }

    static func table(_ entries: [ChainOperator], heading: String) -> String {
        let rows = entries.map { entry in
            "| " + entry.forms.map { "`.\($0)`" }.joined(separator: ", ") + " | \(entry.summary) |\n"
        }
        return "| \(heading) | what it does |\n|---|---|\n" + rows.joined()
    }
}
