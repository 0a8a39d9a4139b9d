import Foundation
import Testing
@testable import TaplineLanguage

/// Every ```tapline block in docs/LANGUAGE.md runs, and prints exactly the ```text block
/// that follows it: the reference cannot drift from the language.
@Suite("docs/LANGUAGE.md examples")
struct DocsTests {
    struct Example: CustomTestStringConvertible, Sendable {
        var line: Int
        var program: String
        var output: String
        var testDescription: String { "LANGUAGE.md line \(line)" }
    }

    static var examples: [Example] {
        let url = repositoryRoot.appendingPathComponent("docs/LANGUAGE.md")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        let lines = text.components(separatedBy: "\n")
        var examples: [Example] = []
        var index = 0
        func block(from start: Int) -> (String, Int) {
            var end = start
            while end < lines.count, lines[end] != "```" { end += 1 }
            return (lines[start..<end].joined(separator: "\n"), end + 1)
        }
        while index < lines.count {
            if lines[index] == "```tapline" {
                let (program, next) = block(from: index + 1)
                var output = ""
                var after = next
                if after < lines.count, lines[after] == "```text" {
                    (output, after) = block(from: after + 1)
                    if !output.isEmpty { output += "\n" }
                }
                examples.append(Example(line: index + 1, program: program, output: output))
                index = after
            } else {
                index += 1
            }
        }
        return examples
    }

    @Test func thereAreExamples() {
        #expect(Self.examples.count >= 10)
    }

    @Test("example runs and prints what the docs say", arguments: examples)
    func example(_ example: Example) {
        let result = run(example.program, asScript: true)
        #expect(result.error == nil)
        #expect(result.output == example.output)
    }
}
