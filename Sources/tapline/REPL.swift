#if canImport(Glibc)
import Glibc
#endif
import LineEditor
import TaplineLanguage

/// The interactive session: read an entry (asking for more lines while the parser says it
/// is incomplete, as Lua's REPL does), run it, show errors, keep everything declared.
final class REPL {
    private let tool: Tool
    private var interpreter: Interpreter
    private let editor: LineEditor
    private let color: Bool
    /// Lines of an entry that is not complete yet.
    private var pending: [String] = []

    init?(tool: Tool, quiet: Bool) {
        let home = getenv("HOME").map { String(cString: $0) } ?? ""
        guard let editor = LineEditor(program: "tapline", historyFile: home.isEmpty ? nil : home + "/.tapline_history") else {
            return nil
        }
        self.tool = tool
        self.editor = editor
        color = isatty(1) == 1 && getenv("NO_COLOR") == nil
        interpreter = REPL.makeInterpreter(tool: tool, color: color)
        editor.completer = { [unowned self] before in
            if before.drop(while: { $0 == " " }).hasPrefix(":load ") { return REPL.completePath(before) }
            let (word, candidates) = Completer.complete(before, declarations: self.interpreter.declarations)
            return LineEditor.Completion(word: word, candidates: candidates)
        }
        editor.isInterrupted = { Interrupt.isPending }
        Interrupt.install()
        if !quiet {
            tool.stdout.write("Tapline \(version) — reactive bindings with Combine's semantics. Type :help for help, Ctrl-D to quit.\n")
        }
    }

    private static func makeInterpreter(tool: Tool, color: Bool) -> Interpreter {
        let interpreter = Interpreter(output: { tool.stdout.write($0) }, echoes: true)
        interpreter.echo = { tool.stdout.write(color ? "\u{1B}[36m\($0)\u{1B}[0m\n" : "\($0)\n") }
        interpreter.isInterrupted = { Interrupt.isPending }
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
            switch editor.readLine() {
            case .endOfInput:
                if pending.isEmpty {
                    tool.stdout.write("\n")
                    tool.stdout.flush()
                    return Tool.Exit.success
                }
                // Ctrl-D inside a block: drop the block, stay in the session.
                pending.removeAll()
                tool.stdout.write("\n")
            case .interrupted:
                pending.removeAll()
                tool.stdout.write("\n")
            case .line(let line):
                if pending.isEmpty, line.drop(while: { $0 == " " }).hasPrefix(":") {
                    editor.addHistory(line)
                    if meta(String(line.drop(while: { $0 == " " }))) == false { return Tool.Exit.success }
                    continue
                }
                pending.append(line)
                let entry = pending.joined(separator: "\n")
                if Interpreter.isIncomplete(entry) { continue }
                pending.removeAll()
                guard !entry.allSatisfy(\.isWhitespace) else { continue }
                editor.addHistory(entry)
                execute(entry, name: "<repl>")
            }
        }
    }

    private func prompt() -> String {
        let text: String
        if pending.isEmpty {
            text = "tapline> "
        } else {
            let depth = Interpreter.openBlockDepth(pending.joined(separator: "\n"))
            text = "...> " + String(repeating: "  ", count: depth)
        }
        guard color else { return text }
        // The reset goes before the last space: libedit drops an invisible run that ends the prompt.
        return LineEditor.invisible("\u{1B}[1;34m") + text.dropLast() + LineEditor.invisible("\u{1B}[0m") + " "
    }

    private func execute(_ text: String, name: String) {
        Interrupt.clear()
        let diagnostic = interpreter.run(text, name: name)
        tool.stdout.flush()
        if let diagnostic {
            // Ctrl-C while running: the terminal has echoed ^C; say so on a line of its own.
            if diagnostic.message == Interpreter.interruptedMessage {
                tool.stderr.write("\n" + (color ? "\u{1B}[33minterrupted\u{1B}[0m" : "interrupted") + "\n")
            } else {
                tool.stderr.write(interpreter.render(diagnostic, useColor: color))
            }
            tool.stderr.flush()
        }
        Interrupt.clear()
    }

    /// Completes the file path after `:load`: directories end in `/`, and only directories
    /// and `.tapline` files are offered.
    static func completePath(_ before: String) -> LineEditor.Completion {
        let word = String(before.reversed().prefix { $0 != " " }.reversed())
        let slash = word.lastIndex(of: "/")
        let directory = slash.map { String(word[...$0]) } ?? ""
        let prefix = slash.map { String(word[word.index(after: $0)...]) } ?? word
        guard let handle = opendir(directory.isEmpty ? "." : directory) else { return LineEditor.Completion(word: word, candidates: []) }
        defer { closedir(handle) }
        var candidates: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.hasPrefix(prefix), name != ".", name != "..", !name.hasPrefix(".") || prefix.hasPrefix(".") else { continue }
            var isDirectory = entry.pointee.d_type == UInt8(DT_DIR)
            if entry.pointee.d_type == UInt8(DT_UNKNOWN) || entry.pointee.d_type == UInt8(DT_LNK) {
                var info = stat()
                isDirectory = stat(directory + name, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
            }
            if isDirectory {
                candidates.append(directory + name + "/")
            } else if name.hasSuffix(".tapline") {
                candidates.append(directory + name)
            }
        }
        return LineEditor.Completion(word: word, candidates: candidates.sorted())
    }

    // MARK: - Meta-commands

    /// Runs a `:command`; returns false to end the session.
    private func meta(_ line: String) -> Bool {
        let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
        let command = parts[0]
        let argument = parts.count > 1 ? parts[1].trimmingCharacters(in: " ") : ""
        switch command {
        case ":quit", ":q", ":exit":
            return false
        case ":help", ":h":
            tool.stdout.write(Help.text(for: argument))
        case ":load", ":l":
            guard !argument.isEmpty else { return complain("':load' needs a file: :load FILE") }
            guard let text = tool.readFile(argument) else {
                return complain("cannot read '\(argument)': \(String(cString: strerror(errno)))")
            }
            load(text, name: argument)
        case ":reset":
            interpreter = REPL.makeInterpreter(tool: tool, color: color)
            tool.stdout.write("the session is empty again\n")
        case ":list", ":ls":
            tool.stdout.write(listing())
        case ":cancel":
            guard let id = Int(argument.drop(while: { $0 == "#" })) else {
                return complain("':cancel' needs a subscription number from ':list', such as ':cancel 1'")
            }
            if interpreter.cancelSubscription(id) {
                tool.stdout.write("cancelled #\(id)\n")
            } else {
                return complain("there is no live subscription #\(id); ':list' shows them")
            }
        case ":history":
            for (index, entry) in editor.history.enumerated() {
                let lines = entry.split(separator: "\n", omittingEmptySubsequences: false)
                tool.stdout.write("\(String(index + 1).leftPadded(4))  \(lines.joined(separator: "\n      "))\n")
            }
        default:
            let suggestion = Suggest.closest(to: command, in: Completer.metaCommands)
            return complain("unknown command '\(command)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "") + " (:help lists them)")
        }
        return true
    }

    private func complain(_ message: String) -> Bool {
        let prefix = color ? "\u{1B}[1;31merror:\u{1B}[0m " : "error: "
        tool.stderr.write(prefix + message + "\n")
        return true
    }

    private func listing() -> String {
        let declarations = interpreter.declarations
        let live = interpreter.liveSubscriptions
        if declarations.isEmpty, live.isEmpty { return "nothing is declared yet (:help declarations)\n" }
        var out = ""
        let heads = declarations.map { $0.name + ($0.type.map { ": " + $0 } ?? "") }
        let keywordWidth = declarations.map(\.keyword.count).max() ?? 0
        let headWidth = heads.map(\.count).max() ?? 0
        for (declaration, head) in zip(declarations, heads) {
            let line = declaration.keyword.padded(keywordWidth) + "  " + head.padded(headWidth) + "  " + declaration.detail
            out += String(line.reversed().drop(while: { $0 == " " }).reversed()) + "\n"
        }
        if !live.isEmpty {
            out += "live subscriptions (:cancel N):\n"
            for subscription in live { out += "  #\(subscription.id)  \(subscription.chain)\n" }
        }
        return out
    }
}

extension String {
    func padded(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
    func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
    func trimmingCharacters(in set: Character) -> String {
        String(drop(while: { $0 == set }).reversed().drop(while: { $0 == set }).reversed())
    }
}
