import Foundation
import Testing
@testable import TaplineLanguage

/// The repository's root, where the docs checked against the language live.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Runs a program and returns what it printed and its rendered error (plain, file "t").
func run(_ program: String, feedbackLimit: Int = 1000, asScript: Bool = false) -> (output: String, error: String?) {
    var output = ""
    let interpreter = Interpreter(output: { output += $0 }, feedbackLimit: feedbackLimit)
    // As a script, `tapline FILE` ends it: the clock runs on while scheduled work waits.
    let diagnostic = asScript ? interpreter.runScript(program) : interpreter.run(program)
    let error = diagnostic.map { DiagnosticFormatter().format($0, source: interpreter.source, fileName: "t") }
    return (output, error)
}
