import Foundation
import Testing
@testable import TaplineLanguage

/// docs/REACTIVE.md's coverage table of Combine's API: every row a script can use has a
/// one-line example, which must run and print what the table says.
@Suite("Coverage of Combine's API")
struct CoverageTests {
    struct Row: CustomTestStringConvertible, Sendable {
        var item: String
        var example: String
        var prints: String
        var testDescription: String { item }
    }

    static var rows: [Row] {
        let url = repositoryRoot.appendingPathComponent("docs/REACTIVE.md")
        guard let text = try? String(contentsOf: url, encoding: .utf8),
              let start = text.range(of: "<!-- coverage table: checked by CoverageTests -->"),
              let end = text.range(of: "<!-- end of coverage table -->") else { return [] }
        return text[start.upperBound..<end.lowerBound].split(separator: "\n").compactMap { line -> Row? in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 6, cells[3] == "yes" else { return nil }
            func code(_ cell: String) -> String { String(cell.dropFirst().dropLast()) }   // the backticks
            return Row(item: code(cells[2]), example: code(cells[4]), prints: code(cells[5]))
        }
    }

    @Test func everyItemHasARow() {
        let text = (try? String(contentsOf: repositoryRoot.appendingPathComponent("docs/REACTIVE.md"), encoding: .utf8)) ?? ""
        let section = text.components(separatedBy: "<!-- coverage table: checked by CoverageTests -->").last ?? ""
        #expect(section.components(separatedBy: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| area") }.count == 126)
        #expect(Self.rows.count >= 110)
    }

    @Test("the example prints what the table says", arguments: rows)
    func example(_ row: Row) {
        let result = run(row.example)
        #expect(result.error == nil, "\(result.error ?? "")")
        let printed = result.output.isEmpty ? "(nothing)" : result.output.split(separator: "\n", omittingEmptySubsequences: false)
            .dropLast().joined(separator: " / ")
        #expect(printed == row.prints)
    }
}
