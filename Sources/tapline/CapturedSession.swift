import TaplineLanguage

/// A session whose program output, warnings and view drawings are kept for a reply instead of
/// written to a terminal: the one `tapline --machine` serves, and each browser tab's in the
/// playground. Recording for `marbles` is always on, as in the REPL and notebooks (DESIGN §8).
final class CapturedSession {
    let interpreter: Interpreter
    private let kept = Kept()

    /// What the run under way has given so far.
    private final class Kept {
        var output = ""
        var warnings: [Diagnostic] = []
        /// The last drawing of each view, in the order they first drew (a notebook or a page
        /// shows each in one panel, updated in place).
        var drawings: [ViewDrawing] = []
    }

    /// What one run gave.
    struct Outcome {
        /// `ok`, `error`, or `interrupted`.
        let status: String
        let output: String
        /// The warnings, then the error, each with the text `format` writes.
        let diagnostics: [(diagnostic: Diagnostic, rendered: String)]
        let drawings: [ViewDrawing]
    }

    init() {
        let kept = self.kept
        interpreter = Interpreter(output: { kept.output += $0 }, echoes: true)
        interpreter.echo = { kept.output += $0 + "\n" }
        // A reply holds a request's output whole: a printing loop must not grow it without end.
        interpreter.outputLimit = Limits.requestOutputBytes
        interpreter.recordsEvents = true
        interpreter.warn = { kept.warnings.append($0) }
        interpreter.drawViews { drawing in
            if let index = kept.drawings.firstIndex(where: { $0.name == drawing.name }) {
                kept.drawings[index] = drawing
            } else {
                kept.drawings.append(drawing)
            }
        }
    }

    /// Runs pieces of code as REPL entries, in order, until one fails (`checking`: checks
    /// them, running nothing).
    func run(_ pieces: [(code: String, name: String)], checking: Bool = false) -> Outcome {
        (kept.output, kept.warnings, kept.drawings) = ("", [], [])
        var error: Diagnostic?
        for piece in pieces {
            error = checking ? interpreter.check(piece.code, name: piece.name) : interpreter.run(piece.code, name: piece.name)
            if error != nil { break }
        }
        let diagnostics = kept.warnings + (error.map { [$0] } ?? [])
        let outcome = Outcome(status: error == nil ? "ok" : error?.id == .interrupted ? "interrupted" : "error", output: kept.output,
                              diagnostics: diagnostics.map { ($0, interpreter.format($0)) }, drawings: kept.drawings)
        (kept.output, kept.warnings, kept.drawings) = ("", [], [])
        return outcome
    }

    /// A diagnostic as data: lines and columns within its own piece of text (1-based;
    /// columns count characters), the message id, and the text `format` writes.
    func describe(_ diagnostic: Diagnostic, rendered: String) -> JSON {
        let (name, local, noteNames) = interpreter.locate(diagnostic)
        let notes: [JSON] = zip(local.notes, noteNames).map { note, file in
            var members: [(String, JSON)] = [("id", .string(note.id.rawValue)), ("message", .string(note.message))]
            if let range = note.range {
                members += [("file", .string(file)), ("line", .integer(range.start.line)), ("column", .integer(range.start.column))]
            }
            return .object(members)
        }
        return .object([
            ("severity", .string(local.severity.rawValue)), ("id", .string(local.id.rawValue)),
            ("message", .string(local.message)), ("file", .string(name)),
            ("line", .integer(local.range.start.line)), ("column", .integer(local.range.start.column)),
            ("end_line", .integer(local.range.end.line)), ("end_column", .integer(local.range.end.column)),
            ("notes", .array(notes)), ("rendered", .string(rendered)),
        ])
    }


    /// A view's drawing as data: its name, whether it is shown, its box of text (null once
    /// dismantled) and its HTML.
    static func viewData(_ drawing: ViewDrawing) -> JSON {
        .object([("name", .string(drawing.name)), ("shown", .bool(drawing.pieces != nil)),
                 ("text", drawing.text.map(JSON.string) ?? .null), ("html", .string(drawing.html))])
    }

    func close() { interpreter.close() }
}
