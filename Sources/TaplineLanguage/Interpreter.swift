import TaplineReactive

/// Runs Tapline programs: a whole script, or a REPL session one entry at a time.
///
/// The whole pipeline is `run(_:)`: parse, compile (resolving names and checking types
/// before anything runs), then run each top-level statement. Declarations persist across
/// entries; an entry that fails leaves what was declared before it intact.
public final class Interpreter {
    /// What the session has been given so far, so that every location — including one inside
    /// a closure from an earlier REPL entry — can be shown with its line.
    public private(set) var source: [Character] = []
    private var end = SourceLocation(line: 1, column: 1, offset: 0)
    private var globals: [String: Entity] = [:]
    private let runtime: Runtime
    private let echoes: Bool

    /// - Parameters:
    ///   - output: receives program output (`print`, `.print("tag")`), as raw text.
    ///   - echoes: whether an expression on its own prints its value (the REPL).
    ///   - feedbackLimit: how deeply a subject's sends may nest before a "feedback loop" error.
    public init(output: @escaping (String) -> Void, echoes: Bool = false, feedbackLimit: Int = 1000) {
        runtime = Runtime(output: output, feedbackLimit: feedbackLimit)
        self.echoes = echoes
    }

    /// The script's arguments, visible to it as `arguments` (`tapline FILE ARGS…`).
    public var arguments: [String] {
        get { runtime.arguments }
        set { runtime.arguments = newValue }
    }

    /// Polled at safe points while a program runs; return true to stop it ("interrupted").
    public var isInterrupted: () -> Bool {
        get { runtime.isInterrupted }
        set { runtime.isInterrupted = newValue }
    }

    /// Runs `text` (a script, or one REPL entry). Returns the first error, if any.
    @discardableResult
    public func run(_ text: String) -> Diagnostic? {
        run(text, execute: true)
    }

    /// Parses and compiles `text` without running it (`tapline --check`).
    public func check(_ text: String) -> Diagnostic? {
        run(text, execute: false)
    }

    private func run(_ text: String, execute: Bool) -> Diagnostic? {
        let start = append(text)
        // 1. Lex and parse.
        let statements: [Stmt]
        do {
            statements = try Parser.parse(source, from: start)
        } catch {
            return error
        }
        // 2. Resolve names, check types and compile every closure, before anything runs.
        let compiler = Compiler(runtime: runtime, globals: globals, source: source, echoes: echoes)
        let program: [(Stmt, Action)]
        do {
            program = try compiler.compileProgram(statements)
        } catch let diagnostic as Diagnostic {
            return diagnostic
        } catch {
            return Diagnostic.error("\(error)", at: statements.first?.range ?? .zero)
        }
        guard execute else { return nil }
        globals = compiler.globals
        // 3. Run the top-level statements in order.
        let frame = Frame(size: compiler.topLevelFrameSize, parent: nil)
        for (statement, action) in program {
            runtime.statementRange = statement.range
            do {
                try action(frame)
                try runtime.throwPending()
            } catch {
                runtime.recover()
                forgetUninitialized(compiler.declared)
                return diagnostic(for: error, in: statement)
            }
        }
        return nil
    }

    /// Appends an entry to the session's text; returns where it starts.
    private func append(_ text: String) -> SourceLocation {
        var entry = Array(text)
        if entry.last != "\n" { entry.append("\n") }
        let start = end
        source += entry
        let newlines = entry.reduce(0) { $0 + ($1 == "\n" ? 1 : 0) }
        end = SourceLocation(line: end.line + newlines, column: 1, offset: source.count)
        return start
    }

    /// A declaration whose statement never ran (an earlier statement failed) is forgotten,
    /// so the session keeps exactly what was really declared.
    private func forgetUninitialized(_ names: [String]) {
        for name in names where globals[name]?.isInitialized == false { globals[name] = nil }
    }

    private func diagnostic(for error: Error, in statement: Stmt) -> Diagnostic {
        guard let runtimeError = error as? RuntimeError else {
            return Diagnostic.error("\(error)", at: statement.range)
        }
        var diagnostic = runtimeError.diagnostic
        let inside = runtimeError.range.start >= statement.range.start && runtimeError.range.end <= statement.range.end
        if !inside { diagnostic.notes.append(Diagnostic.Note(Messages.triggeredHere, at: statement.range)) }
        return diagnostic
    }

    /// Advances the virtual clock (the REPL's `wait` without a statement).
    public var clockDescription: String { runtime.clock.now.description }

    /// True when `text` stops inside an open `{`, `(`, `[` or string: the REPL asks for more.
    public static func isIncomplete(_ text: String) -> Bool {
        do {
            _ = try Parser.parse(Array(text))
            return false
        } catch {
            return error.isIncompleteInput
        }
    }
}

extension Messages {
    static let triggeredHere = "while running this statement"
}
