/// TAB completion that knows the language: what fits where the cursor is.
///
/// - At the start of a statement: keywords, commands and declared names.
/// - After `tap`: buttons; after `set`: settable values; after `send`, `complete`, `fail`:
///   subjects; after `request`: subscribers; after `cancel`: subscriptions; after `show`/`hide`:
///   views; after `trace`: `on`, `off`; after `marbles`: `clear`, `save`.
/// - After `.`: operators and subscribers (`tap` after a button); after a value of one of the
///   program's types, or the type's name, its members.
/// - After `$`: published values.
///
/// It knows only the language: the REPL completes its own meta-commands and file names.
public enum Completer {
    static let statementKeywords = CommandWord.allCases.map(\.rawValue)
        + ["func", "switch", "let", "var", "import", "repeat", "for", "if", "print(", "objectWillChange"]
    static let expressionWords = ["true", "false", "nil", "now", "objectWillChange", "Just(", "just(", "Empty(", "Fail(error:", "Int(", "Double(", "String(", "min(", "max(", "abs("]

    /// The word being completed (as typed) and the candidates that could replace it.
    public static func complete(_ before: String, declarations: [Interpreter.Declaration]) -> (word: String, candidates: [String]) {
        let characters = Array(before)
        var start = characters.count
        while start > 0, isWordCharacter(characters[start - 1]) { start -= 1 }
        if start > 0, characters[start - 1] == "$" { start -= 1 }
        let word = String(characters[start...])
        let head = String(characters[..<start])

        func matching(_ pool: [String]) -> (String, [String]) {
            (word, Array(Set(pool.filter { $0.hasPrefix(word) })).sorted())
        }
        func names(_ kinds: Set<Interpreter.Declaration.Kind>) -> [String] {
            declarations.filter { kinds.contains($0.kind) }.map(\.name)
        }

        if word.hasPrefix("$") { return matching(names([.published]).map { "$" + $0 }) }

        // After a dot: what the thing before it offers.
        if head.hasSuffix(".") {
            let base = lastWord(of: String(head.dropLast()))
            if let declaration = declarations.first(where: { $0.name == base }), declaration.kind == .button {
                return matching(["tap"])
            }
            // One of the program's types, or a value of one: its members.
            if let declaration = declarations.first(where: { $0.name == base }), !declaration.members.isEmpty {
                return matching(declaration.members)
            }
            var pool = ChainOperator.all.map(\.completion)
            if let declaration = declarations.first(where: { $0.name == base }),
               declaration.kind == .subject || declaration.kind == .current {
                pool.append("send(")
            }
            if base == "objectWillChange" { pool.append("send()") }
            if head.dropLast().hasSuffix("]") || head.dropLast().hasSuffix(")") { pool.append("publisher") }
            return matching(pool)
        }

        // A func with parameters completes to `name(`, one without to `name()`.
        let functions = declarations.filter { $0.kind == .function }.map { $0.name + ($0.detail.hasPrefix("()") ? "()" : "(") }
        let values = names([.published, .current, .value, .type]) + functions
        switch position(of: head) {
        case .afterCommand(let command):
            switch command {
            case "tap": return matching(names([.button]))
            case "set": return matching(names([.published, .current, .subject, .value]))
            case "send", "complete", "fail": return matching(names([.subject, .current]))
            case "request": return matching(names([.subscriber]))
            case "cancel": return matching(names([.subscription, .subscriber, .bag]))
            case "trace": return matching(["on", "off"])
            case "marbles": return matching(["clear", "save"])
            default: return matching(names([.view]))   // show, hide
            }
        case .statementStart:
            return matching(statementKeywords + values + names([.subject, .button, .publisher]))
        case .expression:
            return matching(values + expressionWords)
        }
    }

    private enum Position {
        case statementStart
        case afterCommand(String)
        case expression
    }

    private static let commandsTakingNames: Set<String> = [
        "tap", "set", "send", "complete", "fail", "request", "cancel", "show", "hide", "trace", "marbles",
    ]

    /// Where the word being typed sits.
    private static func position(of head: String) -> Position {
        func startsStatement(_ text: Substring) -> Bool {
            let trimmed = text.reversed().drop(while: { $0 == " " || $0 == "\t" })
            return trimmed.first.map { $0 == ";" || $0 == "{" } ?? true
        }
        if startsStatement(Substring(head)) { return .statementStart }
        guard head.hasSuffix(" ") else { return .expression }
        let text = head.reversed().drop(while: { $0 == " " })
        let command = String(text.prefix(while: isWordCharacter).reversed())
        guard commandsTakingNames.contains(command) else { return .expression }
        let rest = String(text.dropFirst(command.count).reversed())
        return startsStatement(Substring(rest)) ? .afterCommand(command) : .expression
    }

    private static func isWordCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }

    /// The identifier that ends `text` (skipping trailing spaces).
    private static func lastWord(of text: String) -> String {
        var characters = Array(text)
        while characters.last == " " { characters.removeLast() }
        var start = characters.count
        while start > 0, isWordCharacter(characters[start - 1]) { start -= 1 }
        return String(characters[start...])
    }
}
