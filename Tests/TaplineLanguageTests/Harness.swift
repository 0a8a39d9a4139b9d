import Foundation
import Testing
@testable import TaplineLanguage

/// The repository's root, where the docs checked against the language live.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Runs a program and returns what it printed and its rendered error (plain, file "t").
func run(_ program: String, feedbackLimit: Int = 1000, asScript: Bool = false) -> (output: String, error: String?) {
    var output = ""
    let interpreter = Interpreter(output: { output += $0 }, feedbackLimit: feedbackLimit)
    // As `tapline FILE` ends a script: the clock runs on while scheduled work waits.
    let diagnostic = interpreter.run(program) ?? (asScript ? interpreter.runUntilQuiet() : nil)
    let error = diagnostic.map { DiagnosticFormatter().format($0, source: interpreter.source, fileName: "t") }
    return (output, error)
}
