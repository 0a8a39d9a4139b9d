import TaplineLanguage

/// One browser tab's session in the playground: a captured session (`CapturedSession`, as
/// `--machine`'s) that writes no files and whose runs stop at the playground's time limit as
/// well as the language's.
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

    private let session = CapturedSession()
    var lastUse = 0

    init() {
        // A page must not write files on the machine that serves it.
        session.interpreter.writesFiles = false
    }

    /// A stop that comes `Playground.requestSeconds` of wall time from now.
    static func deadline() -> () -> Bool {
        let end = HTTPServer.seconds() + Playground.requestSeconds
        return { HTTPServer.seconds() > end }
    }

    /// Runs pieces of code as REPL entries, in order, until one fails; the editor's piece is
    /// named `editorName`, and only its diagnostics are placed in the editor.
    func run(_ pieces: [(code: String, name: String)]) -> Result {
        session.interpreter.isInterrupted = PlaygroundSession.deadline()
        return PlaygroundSession.result(session, session.run(pieces.filter { !$0.code.allSatisfy(\.isWhitespace) }))
    }

    /// The located errors and warnings of code, checked without running it (as the editor
    /// shows them while it is typed).
    static func check(_ code: String) -> [JSON] {
        let session = CapturedSession()
        defer { session.close() }
        session.interpreter.isInterrupted = deadline()
        return result(session, session.run([(code, editorName)], checking: true)).diagnostics
    }

    private static func result(_ session: CapturedSession, _ outcome: CapturedSession.Outcome) -> Result {
        let placed = outcome.diagnostics.map { session.describe($0.diagnostic, rendered: $0.rendered) }
        return Result(status: outcome.status, output: outcome.output, stderr: outcome.diagnostics.map(\.rendered).joined(),
                      diagnostics: placed.filter { $0["file"]?.string == editorName },
                      views: outcome.drawings.map(CapturedSession.viewData))
    }

    /// Where the clock stands.
    var time: String { session.interpreter.clockTime }

    /// What the program declared, as `:list` shows it: the page draws its buttons, subjects,
    /// published values and views from this.
    var world: [JSON] {
        session.interpreter.declarations.map { declaration in
            .object([
                ("keyword", .string(declaration.keyword)), ("name", .string(declaration.name)),
                ("type", declaration.type.map(JSON.string) ?? .null), ("detail", .string(declaration.detail)),
            ])
        }
    }

    var svg: String? { session.interpreter.marblesSVG }

    func close() { session.close() }
}
