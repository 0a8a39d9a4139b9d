import Foundation
import Testing
@testable import TaplineLanguage

/// The operator pages at the end of docs/LANGUAGE.md and their pictures in docs/diagrams/ are
/// generated from the catalogue and the timelines: each page's program runs (DocsTests checks
/// that it prints the diagram shown), and its SVG is drawn by `marbles save`'s renderer from
/// the same run. After a change, `scripts/update-docs.sh` writes them again.
@Suite("Operator pages in the docs")
struct OperatorPagesTests {
    static let docs = repositoryRoot.appendingPathComponent("docs/LANGUAGE.md")
    static let diagrams = repositoryRoot.appendingPathComponent("docs/diagrams")
    static let begin = "<!-- operator pages: generated from ChainOperator.all by scripts/update-docs.sh, checked by OperatorPagesTests -->\n"
    static let end = "<!-- end of operator pages -->"
    static var updating: Bool { ProcessInfo.processInfo.environment["UPDATE_DOCS"] != nil }

    /// The file a diagram is kept in: `debounce.svg`, `subscribe-on.svg`.
    static func fileName(_ name: String) -> String {
        name.replacingOccurrences(of: "(", with: "-").replacingOccurrences(of: ":)", with: "")
            .replacingOccurrences(of: ")", with: "") + ".svg"
    }

    /// One operator's page: its forms, two sentences, other libraries' names, its program with
    /// the diagram `marbles` prints, and the same diagram as a picture.
    static func page(_ entry: ChainOperator, _ timeline: OperatorTimeline) -> String {
        var output = ""
        let interpreter = Interpreter(output: { output += $0 })
        interpreter.recordsEvents = true
        _ = interpreter.run(timeline.program + "\nmarbles")
        let elsewhere = [("RxSwift", timeline.rxSwift), ("RxJS", timeline.rxJS)]
            .compactMap { name, other in other.map { "\(name): `\($0)`" } }
        return """
            ### \(entry.forms.map { "`.\($0)`" }.joined(separator: ", "))

            \(timeline.about)\(elsewhere.isEmpty ? "" : " (" + elsewhere.joined(separator: "; ") + ")")

            ```tapline
            \(timeline.program)
            marbles
            ```
            ```text
            \(output.hasSuffix("\n") ? String(output.dropLast()) : output)
            ```

            ![\(entry.name) on the clock: what marbles draws for the program above](diagrams/\(fileName(entry.name)))


            """
    }

    static var pages: String {
        ChainOperator.all.map { entry in page(entry, entry.timeline) }.joined()
    }

    @Test func thePagesAreTheCataloguesAndTheirPrograms() throws {
        let text = try String(contentsOf: Self.docs, encoding: .utf8)
        let start = try #require(text.range(of: Self.begin), "docs/LANGUAGE.md has no operator pages marker")
        let stop = try #require(text.range(of: Self.end, range: start.upperBound..<text.endIndex))
        let expected = Self.pages
        if Self.updating {
            try text.replacingCharacters(in: start.upperBound..<stop.lowerBound, with: expected)
                .write(to: Self.docs, atomically: true, encoding: .utf8)
            return
        }
        #expect(String(text[start.upperBound..<stop.lowerBound]) == expected, "run scripts/update-docs.sh")
    }

    @Test func everyOperatorHasItsPictureAndNoOtherIsThere() throws {
        let manager = FileManager.default
        if Self.updating {
            try? manager.removeItem(at: Self.diagrams)
            try manager.createDirectory(at: Self.diagrams, withIntermediateDirectories: true)
        }
        var expected: Set<String> = []
        for entry in ChainOperator.all {
            let timeline = entry.timeline
            let svg = try #require(Diagrams.svg(of: timeline.program))
            let file = Self.diagrams.appendingPathComponent(Self.fileName(entry.name))
            expected.insert(file.lastPathComponent)
            if Self.updating {
                try svg.write(to: file, atomically: true, encoding: .utf8)
            } else {
                #expect((try? String(contentsOf: file, encoding: .utf8)) == svg, "\(file.lastPathComponent) is not current: run scripts/update-docs.sh")
            }
        }
        let present = Set(try manager.contentsOfDirectory(atPath: Self.diagrams.path))
        #expect(present == expected, "docs/diagrams has other files: \(present.subtracting(expected))")
    }
}
