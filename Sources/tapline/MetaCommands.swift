#if canImport(Glibc)
import Glibc
#endif
import LineEditor
import TaplineLanguage
import TaplineLearn

/// The REPL's `:commands`: what the session is, not what the language says.
extension REPL {
    static let metaCommands = ([":cancel", ":help", ":history", ":list", ":load", ":quit", ":reset", ":swift", ":type"] + learnCommands).sorted()

    /// Runs a `:command`; returns false to end the session.
    func meta(_ line: String) -> Bool {
        let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
        let command = parts[0]
        let argument = parts.count > 1 ? parts[1].trimmingCharacters(in: " ") : ""
        if let goOn = learnMeta(command, argument) { return goOn }
        switch command {
        case ":quit", ":q", ":exit":
            return false
        case ":help", ":h":
            tool.stdout.write(Help.text(for: argument))
        case ":load", ":l":
            guard !argument.isEmpty else { return complain("':load' needs a file: :load FILE") }
            let text: String
            do { text = try tool.readFile(argument) } catch { return complain(error.message(argument)) }
            load(text, name: argument)
        case ":reset":
            if let lesson = learning?.lesson {
                // In a lesson: the exercise starts over, from its starter (in a new session:
                // `startExercise` closes this one).
                startExercise(lesson)
                tool.stdout.write("the exercise starts over: your answer is empty, the starter is loaded\n")
            } else {
                interpreter.close()
                interpreter = REPL.makeInterpreter(tool: tool, color: color)
                program.removeAll()
                tool.stdout.write("the session is empty again\n")
            }
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
        case ":swift":
            return exportSwift(to: argument)
        case ":type", ":t":
            guard !argument.isEmpty else { return complain("':type' needs an expression: :type s.map { $0 * 2 }") }
            switch interpreter.typeDescription(of: argument) {
            case .success(let type): tool.stdout.write(type + "\n")
            case .failure(let diagnostic): tool.report(diagnostic, of: interpreter)
            }
        case ":history":
            for (index, entry) in editor.history.enumerated() {
                let lines = entry.split(separator: "\n", omittingEmptySubsequences: false)
                tool.stdout.write("\(String(index + 1).leftPadded(4))  \(lines.joined(separator: "\n      "))\n")
            }
        default:
            let suggestion = Suggest.closest(to: command, in: REPL.metaCommands)
            return complain("unknown command '\(command)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "") + " (:help lists them)")
        }
        return true
    }

    /// `:swift [FILE]`: the session's program (the entries that ran without error) as Swift
    /// over Combine's API, shown or written to FILE.
    private func exportSwift(to path: String) -> Bool {
        guard !program.isEmpty else { return complain("nothing to export yet: ':swift' writes the entries you have run as Swift") }
        let exporter = Interpreter(output: { _ in })
        defer { exporter.close() }
        switch exporter.exportSwift(entries: program, name: "session") {
        case .failure(let diagnostic):
            tool.stderr.write(exporter.format(diagnostic, decorator: color ? ANSIDecorator() : PlainDecorator()))
        case .success(let swift) where path.isEmpty:
            tool.stdout.write(swift)
        case .success(let swift):
            switch tool.files.write(swift, to: path) {
            case .failure(let failure): return complain(failure.message)
            case .success(.replaced): tool.stdout.write("wrote the session as Swift to \(path), replacing the file that was there\n")
            case .success: tool.stdout.write("wrote the session as Swift to \(path)\n")
            }
        }
        return true
    }

    func complain(_ message: String) -> Bool {
        let prefix = color ? ANSI.paint("error:", ANSI.boldRed) + " " : "error: "
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
            out += line.droppingTrailing(while: { $0 == " " }) + "\n"
        }
        if !live.isEmpty {
            out += "live subscriptions (:cancel N):\n"
            for subscription in live { out += "  #\(subscription.id)  \(subscription.chain)\n" }
        }
        return out
    }

    /// TAB: meta-commands and help topics after `:`, files after `:load`, else the language's words.
    func complete(_ before: String) -> LineEditor.Completion {
        let line = before.drop(while: { $0 == " " })
        if line.hasPrefix(":load ") || line.hasPrefix(":l ") { return REPL.completePath(before) }
        if line.hasPrefix(":") {
            let word = String(before.reversed().prefix { $0 != " " }.reversed())
            let pool = !line.contains(" ") ? REPL.metaCommands
                : (line.hasPrefix(":help ") || line.hasPrefix(":h ")) ? Help.topics
                : line.hasPrefix(":learn ") ? lessonNumbers : []
            return LineEditor.Completion(word: word, candidates: pool.filter { $0.hasPrefix(word) }.sorted())
        }
        let (word, candidates) = Completer.complete(before, declarations: interpreter.declarations)
        return LineEditor.Completion(word: word, candidates: candidates)
    }

    /// What `:learn ` completes: the lessons' numbers (found as `tapline learn` finds them).
    private var lessonNumbers: [String] {
        let count = learning?.count ?? LessonLibrary.find().flatMap { LessonLibrary(directory: $0) }?.lessons.count ?? 0
        return count > 0 ? (1...count).map(String.init) : []
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
}
