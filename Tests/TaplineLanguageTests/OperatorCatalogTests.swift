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

    /// The words that are an operator's name and also something else, and the files where they
    /// are that other thing: no other file of the language writes an operator's name.
    static let homonyms: [String: (files: Set<String>, meaning: String)] = [
        "assign": (["Entity.swift", "Declarations.swift", "Commands.swift", "UserMembers.swift"], "the verb of a type-mismatch message"),
        "catch": (["Parser.swift", "ASTPrinter.swift"], "Swift's do/catch statement"),
        "contains": (["Builtins.swift"], "String's and Array's method"),
        "count": (["Builtins.swift"], "String's and Array's property"),
        "first": (["Builtins.swift"], "Array's property"),
        "last": (["Builtins.swift"], "Array's property"),
        "min": (["Builtins.swift", "Lexer.swift", "AST.swift"], "Swift's min(_:_:), the unit of a duration, and a one-sided range's open end"),
        "max": (["Builtins.swift", "Calls.swift", "AST.swift"], "Swift's max(_:_:), Demand's .max(n), and a one-sided range's open end"),
        "print": (["Builtins.swift", "ExportCalls.swift", "ExportScan.swift"], "Swift's print(_:)"),
        "output": (["FuturePublishers.swift"], "Record's output: label"),
        "receive": (["Recorder.swift"], "a word of print's lines"),
    ]

    /// One operator, one place: outside comments, an operator's name as a string of its own
    /// is written only in its family file (and in the files of its homonyms above).
    @Test func anOperatorsNameIsWrittenInOneFile() throws {
        let sources = repositoryRoot.appendingPathComponent("Sources/TaplineLanguage")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        var found: [String: Set<String>] = [:]
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
            for entry in ChainOperator.all where code.contains("\"\(entry.method)\"") {
                found[entry.method, default: []].insert((file as NSString).lastPathComponent)
            }
        }
        for (name, where_) in found {
            let others = where_.filter { !$0.hasPrefix("Operators/") && !Self.familyFiles.contains($0) }
                .subtracting(Self.homonyms[name]?.files ?? [])
            #expect(others.isEmpty, "'\(name)' is also written in \(others.sorted())")
            #expect(where_.intersection(Self.familyFiles).count <= 1, "'\(name)' is in \(where_.sorted())")
        }
    }

    static let familyFiles: Set<String> = ["Transforming.swift", "Filtering.swift", "Reducing.swift", "Combining.swift", "Timing.swift",
                                           "DebuggingAndSharing.swift", "TryVariants.swift", "ErrorHandling.swift", "HigherOrder.swift",
                                           "Sequencing.swift", "Scheduling.swift", "Subscribers.swift"]

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
