#if canImport(Glibc)
import Glibc
#endif
import LineEditor
import TaplineHost
import TaplineLanguage

/// The interactive session: read an entry (asking for more lines while the parser says it
/// is incomplete, as Lua's REPL does), run it, show errors, keep everything declared.
final class REPL {
    let tool: Tool
    var interpreter: Interpreter
    let editor: LineEditor
    let color: Bool
    /// Lines of an entry that is not complete yet.
    private var pending: [String] = []
    /// A line read ahead (the rest of a paste) that starts the next entry.
    private var lookahead: String?
    /// The open lesson, once `:learn` or `tapline learn N` has been used.
    var learning: Learning?
    /// The entries that ran without error, in order: the program `:swift` exports.
    var program: [String] = []
    /// The brackets those lines leave open, found one line at a time: a pasted block of
    /// thousands of lines is not re-read whole at every line.
    /// (nil once a line did not lex: the whole entry is then parsed at every line.)
    private var pendingBrackets: [Character]? = []

    init?(tool: Tool, quiet: Bool) {
        let home = getenv("HOME").map { String(cString: $0) } ?? ""
        guard let editor = LineEditor(program: "tapline", historyFile: home.isEmpty ? nil : home + "/.tapline_history") else {
            return nil
        }
        self.tool = tool
        self.editor = editor
        color = isatty(1) == 1 && getenv("NO_COLOR") == nil
        interpreter = REPL.makeInterpreter(tool: tool, color: color)
        editor.completer = { [unowned self] before in self.complete(before) }
        editor.isInterrupted = { Interrupt.isPending }
        editor.reportHistoryProblem = { problem in
            tool.stderr.write("warning: \(problem)\n")
            tool.stderr.flush()
        }
        Interrupt.install()
        if !quiet {
            tool.stdout.write("Tapline \(version) — reactive bindings with Combine's semantics. Type :help for help, Ctrl-D to quit.\n")
        }
    }

    static func makeInterpreter(tool: Tool, color: Bool) -> Interpreter {
        let interpreter = Interpreter(output: { tool.stdout.write($0) }, echoes: true)
        interpreter.longEntryHost = .process
        interpreter.echo = { tool.stdout.write((color ? ANSI.paint($0, ANSI.cyan) : $0) + "\n") }
        interpreter.isInterrupted = { Interrupt.isPending }
        interpreter.recordsEvents = true   // `marbles` draws what the session did (DESIGN §8)
        interpreter.files = tool.files
        tool.configureTime(interpreter)
        interpreter.warn = { [unowned interpreter] warning in
            tool.stdout.flush()
            tool.stderr.write(interpreter.format(warning, decorator: color ? ANSIDecorator() : PlainDecorator()))
            tool.stderr.flush()
        }
        return interpreter
    }

    /// Runs a script into the session (`tapline -i FILE`, `:load FILE`).
    func load(_ text: String, name: String) {
        execute(text, name: name)
    }

    /// Reads and runs entries until Ctrl-D or `:quit`; returns the exit status.
    func run() -> Int32 {
        while true {
            editor.prompt = prompt()
            tool.stdout.flush()
            tool.stderr.flush()
            Interrupt.clear()
            let input = lookahead.map { LineEditor.Input.line($0) } ?? editor.readLine()
            lookahead = nil
            switch input {
            case .endOfInput:
                if pending.isEmpty {
                    tool.stdout.write("\n")
                    tool.stdout.flush()
                    return Tool.Exit.success
                }
                // Ctrl-D inside a block: drop the block, stay in the session.
                pending.removeAll()
                pendingBrackets = []
                tool.stdout.write("\n")
            case .interrupted:
                pending.removeAll()
                pendingBrackets = []
                tool.stdout.write("\n")
            case .line(let line):
                if pending.isEmpty, line.drop(while: { $0 == " " }).hasPrefix(":") {
                    editor.addHistory(line)
                    if meta(String(line.drop(while: { $0 == " " }))) == false { return Tool.Exit.success }
                    continue
                }
                pending.append(line)
                if bracketsStayOpen(after: line) { continue }
                let entry = pending.joined(separator: "\n")
                if Interpreter.isIncomplete(entry) || continuesInPaste() { continue }
                pending.removeAll()
                pendingBrackets = []
                guard !entry.allSatisfy(\.isWhitespace) else { continue }
                editor.addHistory(entry)
                if execute(entry, name: "<repl>") { recordAnswer(entry) }
            }
        }
    }

    /// A pasted chain whose next line starts with `.` is one entry, as in a script (DESIGN
    /// §8): when more input is already waiting, its next line is read now, and joined if it
    /// continues the chain or kept for the next turn if it does not. (A line typed by hand
    /// after Enter cannot join an entry that has already run.)
    private func continuesInPaste() -> Bool {
        guard editor.hasPendingInput else { return false }
        editor.prompt = "...> "
        guard case .line(let next) = editor.readLine() else { return false }
        if next.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix(".") {
            lookahead = next
            return true
        }
        lookahead = next
        return false
    }

    /// Lexes the new line with the brackets the lines before left open: while some stay open
    /// the entry cannot be complete, and the whole entry need not be parsed to know it. (A
    /// string never spans lines, so a line lexes on its own.) False when it must be parsed.
    private func bracketsStayOpen(after line: String) -> Bool {
        guard let open = pendingBrackets else { return false }
        let characters = SourceCharacters(line)
        var lexer = Lexer(characters, openBrackets: open)
        guard (try? lexer.run(until: characters.count)) != nil else {
            pendingBrackets = nil
            return false
        }
        pendingBrackets = lexer.openBracketStack
        return !lexer.openBracketStack.isEmpty
    }

    private func prompt() -> String {
        let text: String
        if pending.isEmpty {
            text = "tapline> "
        } else {
            // Indented by the number of `{` still open, as the lexer counts them.
            let depth = (pendingBrackets ?? []).filter { $0 == "{" }.count
            text = "...> " + String(repeating: "  ", count: depth)
        }
        guard color else { return text }
        // The reset goes before the last space: libedit drops an invisible run that ends the prompt.
        return LineEditor.invisible(ANSI.start(ANSI.boldBlue)) + text.dropLast() + LineEditor.invisible(ANSI.reset) + " "
    }

    /// Runs an entry and shows its error; true when it ran without one.
    @discardableResult
    func execute(_ text: String, name: String) -> Bool {
        Interrupt.clear()
        let diagnostic = interpreter.run(text, name: name)
        tool.stdout.flush()
        // What `:swift` exports: the entries that ran, without those that only drew or traced.
        if diagnostic == nil, !Interpreter.onlyShowsTime(text) { program.append(text) }
        defer { Interrupt.clear() }
        if let diagnostic {
            // Ctrl-C while running: the terminal has echoed ^C; say so on a line of its own.
            if diagnostic.id == .interrupted {
                tool.stderr.write("\n" + (color ? ANSI.paint(diagnostic.message, ANSI.yellow) : diagnostic.message) + "\n")
            } else {
                tool.stderr.write(interpreter.format(diagnostic, decorator: color ? ANSIDecorator() : PlainDecorator()))
            }
            tool.stderr.flush()
            return false
        }
        return true
    }
}

extension String {
    func padded(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
    func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
    func trimmingCharacters(in set: Character) -> String {
        String(drop(while: { $0 == set }).droppingTrailing(while: { $0 == set }))
    }
}
