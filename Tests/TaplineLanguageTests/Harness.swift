import Testing
@testable import TaplineLanguage

/// Runs a program and returns what it printed and its rendered error (plain, file "t").
func run(_ program: String, feedbackLimit: Int = 1000) -> (output: String, error: String?) {
    var output = ""
    let interpreter = Interpreter(output: { output += $0 }, feedbackLimit: feedbackLimit)
    let diagnostic = interpreter.run(program)
    let error = diagnostic.map { DiagnosticFormatter().format($0, source: interpreter.source, fileName: "t") }
    return (output, error)
}
