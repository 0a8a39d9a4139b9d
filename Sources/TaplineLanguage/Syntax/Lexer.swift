/// Turns source text into tokens.
///
/// Newlines end statements, except inside `(` and `[` (a chain's arguments may span lines)
/// unless a `{` opened inside them again. The lexer never recurses, so no input can
/// exhaust the stack here.
public struct Lexer {
    private let chars: [Character]
    private var index = 0
    private var line = 1
    private var column = 1
    private var tokens: [Token] = []
    /// Open brackets, innermost last: decides whether a newline is a token.
    private var brackets: [Character] = []
    /// Polled every 1024 lines: Ctrl-C while a huge script is read.
    public var isInterrupted: () -> Bool = { false }

    /// - Parameter openBrackets: the brackets left open by the lines before (`openBracketStack`
    ///   of the lexer that read them), so that a REPL can lex an entry one line at a time.
    public init(_ source: [Character], start: SourceLocation = SourceLocation(line: 1, column: 1, offset: 0),
                openBrackets: [Character] = []) {
        chars = source
        index = start.offset
        line = start.line
        column = start.column
        brackets = openBrackets
    }

    /// The brackets open where lexing stopped, innermost last.
    public var openBracketStack: [Character] { brackets }

    /// Lexes the whole input. Throws the first problem; its `isIncompleteInput` is set when
    /// the input merely ended inside a string.
    public static func tokenize(_ source: [Character]) throws(Diagnostic) -> [Token] {
        var lexer = Lexer(normalizingLineEnds(source))
        return try lexer.run(until: source.count)
    }

    /// A Windows line end, `"\r\n"`, is one `Character` in Swift, not `"\n"`: left as it is, a
    /// `//` comment or a `#!` line would run to the end of the file. Mapped one for one, so
    /// offsets stay the same.
    public static func normalizingLineEnds(_ text: [Character]) -> [Character] {
        text.contains("\r\n") ? text.map { $0 == "\r\n" ? "\n" : $0 } : text
    }

    /// True when the input ends with brackets still open (the parser then reports the
    /// input as incomplete rather than wrong).
    public private(set) var hasOpenBrackets = false

    /// How many `{` are open where lexing stopped.
    public var openBraces: Int { brackets.filter { $0 == "{" }.count }

    /// Lexes characters up to `end` (exclusive).
    public mutating func run(until end: Int) throws(Diagnostic) -> [Token] {
        if index == 0, end >= 2, chars[0] == "#", chars[1] == "!" { skipLine(end) }
        // A byte-order mark at the start of a file is not part of the program.
        if index == 0, end >= 1, chars[0] == "\u{FEFF}" { index = 1 }
        while index < end {
            let c = chars[index]
            let start = location
            switch c {
            case " ", "\t", "\r":
                advance()
            case "\n":
                if line & 1023 == 0, isInterrupted() { throw Diagnostic.error(Messages.interrupted, at: SourceRange(start, start)) }
                advance()
                if brackets.last != "(" && brackets.last != "[" { append(.newline, from: start) }
            case "#":
                skipLine(end)
            case "/" where peek(1, end) == "/":
                skipLine(end)
            case "\"":
                try lexString(end)
            case "$":
                try lexDollar(end)
            case _ where Lexer.isDigit(c):
                try lexNumber(end)
            case _ where Lexer.isWordStart(c):
                lexWord(end)
            default:
                try lexPunct(end)
            }
        }
        hasOpenBrackets = !brackets.isEmpty
        append(.eof, from: location)
        return tokens
    }

    private var location: SourceLocation { SourceLocation(line: line, column: column, offset: index) }

    private func peek(_ ahead: Int, _ end: Int) -> Character? {
        index + ahead < end ? chars[index + ahead] : nil
    }

    private mutating func advance() {
        if chars[index] == "\n" {
            line += 1
            column = 1
        } else {
            column += 1
        }
        index += 1
    }

    private mutating func append(_ kind: TokenKind, from start: SourceLocation) {
        tokens.append(Token(kind, SourceRange(start, location)))
    }

    private mutating func skipLine(_ end: Int) {
        while index < end, chars[index] != "\n" { advance() }
    }

    private mutating func lexWord(_ end: Int) {
        let start = location
        var word = ""
        while index < end, Lexer.isWordPart(chars[index]) {
            word.append(chars[index])
            advance()
        }
        append(Keyword(rawValue: word).map(TokenKind.keyword) ?? .identifier(word), from: start)
    }

    private mutating func lexDollar(_ end: Int) throws(Diagnostic) {
        let start = location
        advance()
        guard index < end, chars[index].isLetter || chars[index].isNumber || chars[index] == "_" else {
            throw Diagnostic.error(Messages.dollarWithoutName, at: SourceRange(start, location))
        }
        if chars[index].isNumber {
            var digits = ""
            while index < end, chars[index].isNumber, chars[index].isASCII {
                digits.append(chars[index])
                advance()
            }
            guard let number = Int(digits), number < 100 else {
                throw Diagnostic.error(Messages.closureArgumentTooLarge, at: SourceRange(start, location))
            }
            append(.dollarIndex(number), from: start)
        } else {
            var name = ""
            while index < end, chars[index].isLetter || chars[index].isNumber || chars[index] == "_" {
                name.append(chars[index])
                advance()
            }
            append(.dollarName(name), from: start)
        }
    }

    private mutating func lexNumber(_ end: Int) throws(Diagnostic) {
        let start = location
        var text = ""
        func digits(_ lexer: inout Lexer) {
            while lexer.index < end, (lexer.chars[lexer.index].isNumber && lexer.chars[lexer.index].isASCII) || lexer.chars[lexer.index] == "_" {
                if lexer.chars[lexer.index] != "_" { text.append(lexer.chars[lexer.index]) }
                lexer.advance()
            }
        }
        digits(&self)
        var isDouble = false
        // `1.5` is a number; `1...5` and `x.count` are not.
        if index < end, chars[index] == ".", let next = peek(1, end), next.isNumber, next.isASCII {
            isDouble = true
            text.append(".")
            advance()
            digits(&self)
        }
        if index < end, chars[index] == "e" || chars[index] == "E",
           let next = peek(1, end), next.isNumber || ((next == "-" || next == "+") && (peek(2, end)?.isNumber ?? false)) {
            isDouble = true
            text.append("e")
            advance()
            if chars[index] == "-" || chars[index] == "+" {
                text.append(chars[index])
                advance()
            }
            digits(&self)
        }
        // A unit glued to the number makes a duration: `300ms`, `1.5s`.
        var unit = ""
        var probe = index
        while probe < end, chars[probe].isLetter { unit.append(chars[probe]); probe += 1 }
        if !unit.isEmpty, probe < end, chars[probe].isNumber || chars[probe] == "_" { unit = "" }
        if let scale = Lexer.durationUnits[unit] {
            for _ in unit { advance() }
            guard let amount = Double(text), amount * scale < 9.2e18 else {
                throw Diagnostic.error(Messages.durationTooLong, at: SourceRange(start, location))
            }
            append(.duration(Int64((amount * scale).rounded())), from: start)
            return
        }
        if !unit.isEmpty {
            for _ in unit { advance() }
            throw Diagnostic.error(Messages.badNumberSuffix(unit), at: SourceRange(start, location))
        }
        if isDouble {
            guard let value = Double(text), value.isFinite else {
                throw Diagnostic.error(Messages.numberTooLarge(text), at: SourceRange(start, location))
            }
            append(.double(value), from: start)
        } else {
            guard let value = Int(text) else {
                throw Diagnostic.error(Messages.numberTooLarge(text), at: SourceRange(start, location))
            }
            append(.int(value), from: start)
        }
    }

    // ASCII first: Unicode property look-ups are the lexer's biggest cost otherwise.
    @inline(__always) static func isDigit(_ c: Character) -> Bool {
        guard let a = c.asciiValue else { return false }
        return a >= 48 && a <= 57
    }

    @inline(__always) static func isWordStart(_ c: Character) -> Bool {
        if let a = c.asciiValue { return (a >= 65 && a <= 90) || (a >= 97 && a <= 122) || a == 95 }
        return c.isLetter
    }

    @inline(__always) static func isWordPart(_ c: Character) -> Bool {
        if let a = c.asciiValue { return (a >= 65 && a <= 90) || (a >= 97 && a <= 122) || a == 95 || (a >= 48 && a <= 57) }
        return c.isLetter || c.isNumber
    }

    static let durationUnits: [String: Double] = ["ns": 1, "us": 1e3, "ms": 1e6, "s": 1e9, "min": 60e9]

    private mutating func lexString(_ end: Int) throws(Diagnostic) {
        let start = location
        advance()
        var parts: [StringPart] = []
        var text = ""
        while true {
            guard index < end else {
                throw Diagnostic(Messages.unterminatedString, at: SourceRange(start, location), incomplete: true)
            }
            let c = chars[index]
            if c == "\"" {
                advance()
                break
            }
            if c == "\n" {
                throw Diagnostic.error(Messages.unterminatedString, at: SourceRange(start, location))
            }
            if c != "\\" {
                text.append(c)
                advance()
                continue
            }
            let escapeStart = location
            advance()
            guard index < end else {
                throw Diagnostic(Messages.unterminatedString, at: SourceRange(start, location), incomplete: true)
            }
            let e = chars[index]
            switch e {
            case "n": text.append("\n"); advance()
            case "t": text.append("\t"); advance()
            case "r": text.append("\r"); advance()
            case "0": text.append("\0"); advance()
            case "\"": text.append("\""); advance()
            case "'": text.append("'"); advance()
            case "\\": text.append("\\"); advance()
            case "(":
                advance()
                if !text.isEmpty { parts.append(.text(text)); text = "" }
                let codeStart = location
                let code = try scanInterpolation(end, stringStart: start)
                parts.append(.interpolation(code, codeStart))
            default:
                advance()
                throw Diagnostic.error(Messages.invalidEscape(e), at: SourceRange(escapeStart, location))
            }
        }
        if !text.isEmpty || parts.isEmpty { parts.append(.text(text)) }
        append(.string(parts), from: start)
    }

    /// Collects the characters of `\( … )` up to its matching `)`, skipping over nested
    /// parentheses and strings (without recursing).
    private mutating func scanInterpolation(_ end: Int, stringStart: SourceLocation) throws(Diagnostic) -> [Character] {
        var depth = 1
        var inString = false
        var code: [Character] = []
        while true {
            guard index < end else {
                throw Diagnostic(Messages.unterminatedString, at: SourceRange(stringStart, location), incomplete: true)
            }
            let c = chars[index]
            if c == "\n" {
                throw Diagnostic.error(Messages.unterminatedString, at: SourceRange(stringStart, location))
            }
            if inString {
                if c == "\\", index + 1 < end {
                    code.append(c)
                    advance()
                } else if c == "\"" {
                    inString = false
                }
            } else if c == "\"" {
                inString = true
            } else if c == "(" {
                depth += 1
            } else if c == ")" {
                depth -= 1
                if depth == 0 {
                    advance()
                    return code
                }
            }
            code.append(chars[index])
            advance()
        }
    }

    private mutating func lexPunct(_ end: Int) throws(Diagnostic) {
        let start = location
        guard let punct = matchPunct(end) else {
            let c = chars[index]
            advance()
            throw Diagnostic.error(Messages.unexpectedCharacter(c), at: SourceRange(start, location))
        }
        for _ in 0..<punct.rawValue.count { advance() }
        switch punct {
        case .lparen: brackets.append("(")
        case .lbracket: brackets.append("[")
        case .lbrace: brackets.append("{")
        case .rparen, .rbracket, .rbrace: if !brackets.isEmpty { brackets.removeLast() }
        default: break
        }
        append(.punct(punct), from: start)
    }

    /// The longest punctuation at the current position (`..<` before `..`, `==` before `=`),
    /// matched on characters rather than by building strings.
    private func matchPunct(_ end: Int) -> Punct? {
        let c = chars[index]
        let next = peek(1, end)
        let third = peek(2, end)
        switch c {
        case "{": return .lbrace
        case "}": return .rbrace
        case "(": return .lparen
        case ")": return .rparen
        case "[": return .lbracket
        case "]": return .rbracket
        case ",": return .comma
        case ":": return .colon
        case ";": return .semicolon
        case "?": return .question
        case "*": return .star
        case "/": return .slash
        case "%": return .percent
        case "\\": return .backslash
        case ".":
            if next == ".", third == "." { return .closedRange }
            if next == ".", third == "<" { return .halfOpenRange }
            return .dot
        case "=": return next == "=" ? .equal : .assign
        case "!": return next == "=" ? .notEqual : .not
        case "<": return next == "=" ? .lessEqual : .less
        case ">": return next == "=" ? .greaterEqual : .greater
        case "+": return next == "=" ? .plusAssign : .plus
        case "-": return next == ">" ? .arrow : next == "=" ? .minusAssign : .minus
        case "&": return next == "&" ? .and : .ampersand
        case "|": return next == "|" ? .or : nil
        default: return nil
        }
    }
}
