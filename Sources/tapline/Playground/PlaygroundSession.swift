#if canImport(Glibc)
import Glibc
#endif
import TaplineLanguage

/// One browser tab's session in the playground: an interpreter that records for `marbles`,
/// as the REPL's does, whose output, diagnostics and view drawings are kept apart for the
/// page, and whose runs stop at the playground's time limit as well as the language's.
final class PlaygroundSession {
    /// What one run gave the page.
    struct Result {
        var status: String
        var output: String
        var stderr: String
        /// The errors and warnings in the editor's code, with their places in it.
        var diagnostics: [JSON]
        var views: [JSON]
    }

    /// The name the editor's code runs under.
    static let editorName = "playground"

    private final class Capture {
        var text = ""
        var drawings: [ViewDrawing] = []
    }

    private let interpreter: Interpreter
    private let capture = Capture()
    var lastUse = 0

    init() {
        let capture = self.capture
        interpreter = Interpreter(output: { capture.text += $0 }, echoes: true)
        interpreter.echo = { capture.text += $0 + "\n" }
        interpreter.outputLimit = Limits.requestOutputBytes
        interpreter.recordsEvents = true
        // A page must not write files on the machine that serves it.
        interpreter.writesFiles = false
        interpreter.drawViews { drawing in
            if let index = capture.drawings.firstIndex(where: { $0.name == drawing.name }) {
                capture.drawings[index] = drawing
            } else {
                capture.drawings.append(drawing)
            }
        }
    }

    /// A stop that comes `Playground.requestSeconds` of wall time from now.
    static func deadline() -> () -> Bool {
        let end = HTTPServer.seconds() + Playground.requestSeconds
        return { HTTPServer.seconds() > end }
    }

    /// Runs pieces of code as REPL entries, in order, until one fails; the editor's piece is
    /// named `editorName`, and only its diagnostics are placed in the editor.
    func run(_ pieces: [(code: String, name: String)]) -> Result {
        capture.text = ""
        capture.drawings = []
        var warnings: [Diagnostic] = []
        interpreter.warn = { warnings.append($0) }
        interpreter.isInterrupted = PlaygroundSession.deadline()
        var error: Diagnostic?
        for piece in pieces where !piece.code.allSatisfy(\.isWhitespace) {
            error = interpreter.run(piece.code, name: piece.name)
            if error != nil { break }
        }
        let all = warnings + (error.map { [$0] } ?? [])
        let status = error == nil ? "ok" : error?.id == .interrupted ? "interrupted" : "error"
        let views: [JSON] = capture.drawings.map { drawing in
            .object([("name", .string(drawing.name)), ("shown", .bool(drawing.pieces != nil)), ("html", .string(drawing.html))])
        }
        return Result(status: status, output: capture.text, stderr: all.map { interpreter.format($0) }.joined(),
                      diagnostics: all.compactMap { PlaygroundSession.place($0, in: interpreter) }, views: views)
    }

    /// A diagnostic with its place in the editor (lines and columns from 1), if it is there.
    private static func place(_ diagnostic: Diagnostic, in interpreter: Interpreter) -> JSON? {
        let (name, local, _) = interpreter.locate(diagnostic)
        guard name == editorName else { return nil }
        return .object([
            ("severity", .string(local.severity.rawValue)), ("id", .string(local.id.rawValue)), ("message", .string(local.message)),
            ("line", .number(Double(local.range.start.line))), ("column", .number(Double(local.range.start.column))),
            ("end_line", .number(Double(local.range.end.line))), ("end_column", .number(Double(local.range.end.column))),
            ("rendered", .string(interpreter.format(diagnostic))),
        ])
    }

    /// The located errors and warnings of code, checked without running it (as the editor
    /// shows them while it is typed).
    static func check(_ code: String) -> [JSON] {
        let interpreter = Interpreter(output: { _ in })
        defer { interpreter.close() }
        var warnings: [Diagnostic] = []
        interpreter.warn = { warnings.append($0) }
        interpreter.isInterrupted = deadline()
        let error = interpreter.check(code, name: editorName)
        return (warnings + (error.map { [$0] } ?? [])).compactMap { place($0, in: interpreter) }
    }

    /// Where the clock stands.
    var time: String { interpreter.clockTime }

    /// What the program declared, as `:list` shows it: the page draws its buttons, subjects,
    /// published values and views from this.
    var world: [JSON] {
        interpreter.declarations.map { declaration in
            .object([
                ("keyword", .string(declaration.keyword)), ("name", .string(declaration.name)),
                ("type", declaration.type.map(JSON.string) ?? .null), ("detail", .string(declaration.detail)),
            ])
        }
    }

    var svg: String? { interpreter.marblesSVG }

    func close() { interpreter.close() }
}
