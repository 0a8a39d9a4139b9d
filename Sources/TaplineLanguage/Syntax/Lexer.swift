/// Turns source text into tokens.
///
/// Newlines end statements, except inside `(` and `[` (a chain's arguments may span lines)
/// unless a `{` opened inside them again. The lexer never recurses, so no input can
/// exhaust the stack here.
public struct Lexer {
    private let chars: SourceCharacters
    /// Each character's ASCII code, or `Lexer.notASCII` (`chars.codes`): the hot paths
    /// compare bytes, which costs a fraction of comparing `Character`s (each a small string).
    private let codes: [UInt8]
    private var index = 0
    private var line = 1
    private var column = 1
    /// The tokens lexed and not yet dropped: the parser reads them here as `lexNext` makes
    /// them, and drops the ones it is done with, so a script's tokens are never all held
    /// at once (held whole, a long script's tokens would be much of `--check`'s memory).
    var tokens: [Token] = []
    /// Whether `.eof` has been appended: nothing more is lexed.
    public private(set) var isFinished = false
    /// Whether the token before the one being lexed ends a statement (or there is none):
    /// `marbles save PATH` is a command only at the start of one.
    private var atStatementStart = true
    /// Whether the last token is a `marbles` that starts a statement.
    private var afterMarblesCommand = false
    /// Open brackets' ASCII codes, innermost last: decides whether a newline is a token.
    private var brackets: [UInt8] = []
    /// Polled every 1024 lines: Ctrl-C while a huge script is read.
    public var isInterrupted: () -> Bool = { false }

    /// - Parameter openBrackets: the brackets left open by the lines before (`openBracketStack`
    ///   of the lexer that read them), so that a REPL can lex an entry one line at a time.
    public init(_ source: SourceCharacters, start: SourceLocation = SourceLocation(line: 1, column: 1, offset: 0),
                openBrackets: [Character] = []) {
        chars = source
        codes = source.codes
        index = start.offset
        line = start.line
        column = start.column
        brackets = openBrackets.compactMap(\.asciiValue)
        // A `#!` line, and a byte-order mark, at the start of a file are not part of the program.
        if index == 0, codes.count >= 2, codes[0] == UInt8(ascii: "#"), codes[1] == UInt8(ascii: "!") {
            while index < codes.count, codes[index] != 10 { index += 1 }
            column = 1 + index
        } else if index == 0, !codes.isEmpty, source[0] == "\u{FEFF}" {
            index = 1
        }
    }

    /// The brackets open where lexing stopped, innermost last.
    public var openBracketStack: [Character] { brackets.map { Character(Unicode.Scalar($0)) } }

    /// Lexes the whole input. Throws the first problem; its `isIncompleteInput` is set when
    /// the input merely ended inside a string.
    public static func tokenize(_ source: String) throws(Diagnostic) -> [Token] {
        let characters = SourceCharacters(source)
        var lexer = Lexer(characters)
        return try lexer.run(until: characters.count)
    }

    /// True when the input ends with brackets still open (the parser then reports the
    /// input as incomplete rather than wrong).
    public private(set) var hasOpenBrackets = false

    /// How many `{` are open where lexing stopped.
    public var openBraces: Int { brackets.filter { $0 == UInt8(ascii: "{") }.count }

    /// Stands for any character that is not one ASCII byte (a "\r\n" pair is one character).
    static let notASCII: UInt8 = 0x80

    /// The ASCII code of the character at `index` (which `run` is lexing).
    @inline(__always) private func byte(_ index: Int) -> UInt8 { codes[index] }

    /// Lexes characters up to `end` (exclusive), and returns all their tokens.
    public mutating func run(until end: Int) throws(Diagnostic) -> [Token] {
        while !isFinished { try lexNext(until: end) }
        return tokens
    }

    /// Lexes until one more token is in `tokens`, the last being `.eof` at `end`.
    mutating func lexNext(until end: Int) throws(Diagnostic) {
        guard !isFinished else { return }
        let count = tokens.count
        while tokens.count == count {
            // Space, tab and a lone \r between tokens skipped here, a run at a time (each one
            // column): one `lexToken` each would be a call, a location and a switch for every space.
            var spaces = index
            while spaces < end, Lexer.isSpace(byte(spaces)) { spaces += 1 }
            column += spaces - index
            index = spaces
            guard index < end else {
                finish(at: location)
                return
            }
            try lexToken(end)
        }
    }

    /// Ends the tokens with `.eof` at `location` (where the input ends, or where lexing
    /// failed: the parser stops there and reports the lexer's error).
    mutating func finish(at location: SourceLocation) {
        guard !isFinished else { return }
        hasOpenBrackets = !brackets.isEmpty
        tokens.append(Token(.eof, SourceRange(location, location)))
        isFinished = true
    }

    /// Lexes what starts at `index` (never a space: `lexNext` skips those): a token, or a
    /// newline or a comment that may make none.
    private mutating func lexToken(_ end: Int) throws(Diagnostic) {
        let start = location
        switch byte(index) {
        case 10:
            if line & 1023 == 0, isInterrupted() { throw Diagnostic.error(Messages.interrupted, at: SourceRange(start, start)) }
            advance()
            if brackets.last != UInt8(ascii: "(") && brackets.last != UInt8(ascii: "[") { append(.newline, from: start) }
        case 35:   // #
            skipLine(end)
        case 47 where index + 1 < end && byte(index + 1) == 47:   // //
            skipLine(end)
        case 47 where index + 1 < end && byte(index + 1) == 42:   // /*
            try skipBlockComment(end)
        case 34:   // "
            try lexString(end)
        case 36:   // $
            try lexDollar(end)
        case 48...57:
            try lexNumber(end)
        case 65...90, 97...122, 95:
            lexWord(end)
        case Lexer.notASCII where Lexer.isWordStart(chars[index]):
            lexWord(end)
        default:
            try lexPunct(end)
        }
    }

    @inline(__always) private var location: SourceLocation { SourceLocation(lexing: line, column: column, offset: index) }

    private func peek(_ ahead: Int, _ end: Int) -> Character? {
        index + ahead < end ? chars[index + ahead] : nil
    }

    private mutating func advance() {
        if byte(index) == 10 {
            line += 1
            column = 1
        } else {
            column += 1
        }
        index += 1
    }

    private mutating func append(_ kind: consuming TokenKind, from start: SourceLocation) {
        afterMarblesCommand = false
        switch kind {
        case .newline, .punct(.semicolon), .punct(.lbrace): atStatementStart = true
        default: atStatementStart = false
        }
        tokens.append(Token(kind, SourceRange(start, location)))
    }

    private mutating func skipLine(_ end: Int) {
        while index < end, byte(index) != 10 { advance() }
    }

    /// A `/* … */` comment, nested as Swift nests them (playground markup `/*: … */` is one).
    /// It makes no token, as a line comment makes none; the newlines inside it are not
    /// statement ends. Unclosed at the end of the input, the input is incomplete (the REPL
    /// asks for another line).
    private mutating func skipBlockComment(_ end: Int) throws(Diagnostic) {
        let start = location
        var depth = 0
        while index < end {
            if byte(index) == 47, index + 1 < end, byte(index + 1) == 42 {
                depth += 1
                advance()
                advance()
            } else if byte(index) == 42, index + 1 < end, byte(index + 1) == 47 {
                depth -= 1
                advance()
                advance()
                if depth == 0 { return }
            } else {
                if byte(index) == 10, line & 1023 == 0, isInterrupted() {
                    throw Diagnostic.error(Messages.interrupted, at: SourceRange(start, location))
                }
                advance()
            }
        }
        throw Diagnostic(Messages.unterminatedComment, at: SourceRange(start, start), incomplete: true)
    }

    private mutating func lexWord(_ end: Int) {
        let start = location
        // ASCII letters and digits as bytes (no newline among them, so only the column moves);
        // anything else a character at a time.
        var asciiEnd = index
        while asciiEnd < end, Lexer.isASCIIWordPart(byte(asciiEnd)) { asciiEnd += 1 }
        column += asciiEnd - index
        index = asciiEnd
        let isWhole = index == end || !chars.isWordPart(at: index)
        if isWhole, let keyword = Lexer.keyword(codes, start.offset..<index) {
            append(.keyword(keyword), from: start)
            return
        }
        // The byte first (`isWordPart`): asking the Character that ends every word (a space,
        // a dot) would go through Unicode's property tables for every word.
        while index < end, chars.isWordPart(at: index) { advance() }
        let word = start.offset..<index
        let isSave = afterMarblesCommand && chars.spells(word, "save")
        let startsMarbles = atStatementStart && chars.spells(word, "marbles")
        append(.identifier(Word(word)), from: start)
        afterMarblesCommand = startsMarbles
        if isSave { lexBarePath(end) }
    }

    /// `marbles save out/search box.svg`: a file name written bare is the rest of the line
    /// up to a `;` or a comment (`//` or `#`, the language's own rule: `marbles save b.svg #
    /// note` saves `b.svg`), taken as a string, as a shell would not need quotes. A name with
    /// any of those in it is written in quotes.
    private mutating func lexBarePath(_ end: Int) {
        while index < end, chars[index] == " " || chars[index] == "\t" { advance() }
        guard index < end, chars[index] != "\"", chars[index] != "\n", chars[index] != "#" else { return }
        let start = location
        var path = ""
        while index < end, chars[index] != "\n", chars[index] != ";", chars[index] != "#",
              !(chars[index] == "/" && peek(1, end) == "/") {
            path.append(chars[index])
            advance()
        }
        while let last = path.last, last == " " || last == "\t" || last == "\r" { path.removeLast() }
        appendLiteral([.text(path)], from: start)
    }

    /// The string literals lexed and not yet dropped, the first of them numbered
    /// `literalBase`: a `.string` token holds its literal's number, so that a token holds
    /// nothing to retain.
    private var literals: [[StringPart]] = []
    private var literalBase = 0

    /// The pieces of the string literal a `.string` token names.
    func literal(_ number: Int) -> [StringPart] { literals[number - literalBase] }

    /// Lets go of the literals numbered below `number` (the parser has read their tokens).
    mutating func dropLiterals(before number: Int) {
        let count = min(max(0, number - literalBase), literals.count)
        literals.removeFirst(count)
        literalBase += count
    }

    /// The number the next literal will have.
    var nextLiteral: Int { literalBase + literals.count }

    private mutating func appendLiteral(_ parts: [StringPart], from start: SourceLocation) {
        literals.append(parts)
        append(.string(nextLiteral - 1), from: start)
    }

    /// The keyword `codes[range]` spells, if any (`WordTable`: no `String` is made).
    static func keyword(_ codes: [UInt8], _ range: Range<Int>) -> Keyword? { keywords.lookup(codes, range) }

    private static let keywords = WordTable<Keyword>()

    // The character tests the lexer needs, on the byte when it is ASCII (the answer is the
    // same as Character's, without Unicode's property tables) and on the character otherwise.
    @inline(__always) private func isASCIIDigit(_ index: Int) -> Bool { (48...57).contains(byte(index)) }

    @inline(__always) private func isDigitOrNumber(_ index: Int) -> Bool {
        let b = byte(index)
        return b == Lexer.notASCII ? chars[index].isNumber : (48...57).contains(b)
    }

    @inline(__always) private func isLetter(_ index: Int) -> Bool {
        let b = byte(index)
        return b == Lexer.notASCII ? chars[index].isLetter : (65...90).contains(b) || (97...122).contains(b)
    }

    /// An ASCII byte a string literal takes as it is: not a quote, a backslash or a newline.
    @inline(__always) static func isPlainInString(_ a: UInt8) -> Bool {
        a != 34 && a != 92 && a != 10 && a != Lexer.notASCII
    }

    /// Space, tab or a lone `\r` (a `\r\n` pair is stored as `\n`): nothing but a column.
    @inline(__always) static func isSpace(_ a: UInt8) -> Bool { a == 32 || a == 9 || a == 13 }

    @inline(__always) static func isASCIIWordPart(_ a: UInt8) -> Bool {
        (a >= 65 && a <= 90) || (a >= 97 && a <= 122) || a == 95 || (a >= 48 && a <= 57)
    }

    private mutating func lexDollar(_ end: Int) throws(Diagnostic) {
        let start = location
        advance()
        // What may follow `$`: a letter, number or `_`.
        guard index < end, chars.isWordPart(at: index) else {
            throw Diagnostic.error(Messages.dollarWithoutName, at: SourceRange(start, location))
        }
        if isDigitOrNumber(index) {
            // From the bytes, kept at 100 once past it: `$` and 30 digits is an error, not a trap.
            var number = 0
            var digits = 0
            while index < end, isASCIIDigit(index) {
                number = min(number * 10 + Int(byte(index) - UInt8(ascii: "0")), 100)
                digits += 1
                advance()
            }
            guard digits > 0, number < 100 else {
                throw Diagnostic.error(Messages.closureArgumentTooLarge, at: SourceRange(start, location))
            }
            append(.dollarIndex(number), from: start)
        } else {
            let nameStart = index
            while index < end, chars.isWordPart(at: index) { advance() }
            append(.dollarName(Word(nameStart..<index)), from: start)
        }
    }

    /// A number: ASCII digits (with `_` between them, as Swift allows), then perhaps `.` and
    /// digits and an exponent (a `Double`), then perhaps a unit glued on (a duration: `300ms`,
    /// `1.5s`). Read from the bytes, an `Int`'s value as its digits go by; only a `Double`'s
    /// or a duration's text is made, for `Double` to read.
    private mutating func lexNumber(_ end: Int) throws(Diagnostic) {
        let start = location
        var (probe, value) = Lexer.digits(codes, from: index, end)
        var isDouble = false
        // `1.5` is a number; `1...5` and `x.count` are not.
        if probe + 1 < end, byte(probe) == UInt8(ascii: "."), isASCIIDigit(probe + 1) {
            isDouble = true
            probe = Lexer.digits(codes, from: probe + 1, end).end
        }
        if probe + 1 < end, byte(probe) | 0x20 == UInt8(ascii: "e") {
            let sign = byte(probe + 1) == UInt8(ascii: "-") || byte(probe + 1) == UInt8(ascii: "+") ? 1 : 0
            if probe + 1 + sign < end, isASCIIDigit(probe + 1 + sign) {
                isDouble = true
                probe = Lexer.digits(codes, from: probe + 1 + sign, end).end
            }
        }
        let first = index
        column += probe - index
        index = probe
        // A plain `Int`, the usual number, is its value; anything else, its text for `Double`.
        if !isDouble, let value, probe == end || !isLetter(probe) {
            append(.int(value), from: start)
            return
        }
        let text = String(decoding: codes[first..<probe].lazy.filter { $0 != 95 }, as: UTF8.self)
        try finishNumber(text, isDouble: isDouble, from: start, end)
    }

    /// Past ASCII digits and `_` from `start`: where they end, and their value as an `Int`
    /// (nil when it overflows).
    private static func digits(_ codes: [UInt8], from start: Int, _ end: Int) -> (end: Int, value: Int?) {
        var probe = start
        var value: Int? = 0
        while probe < end, case let code = codes[probe], (48...57).contains(code) || code == 95 {
            if code != 95, let sofar = value {
                let (times, overflowed) = sofar.multipliedReportingOverflow(by: 10)
                let (sum, carried) = times.addingReportingOverflow(Int(code - 48))
                value = overflowed || carried ? nil : sum
            }
            probe += 1
        }
        return (probe, value)
    }

    /// The token of a number whose digits are `text`: a duration when a unit is glued on, else
    /// a `Double` or an `Int`.
    private mutating func finishNumber(_ text: String, isDouble: Bool, from start: SourceLocation, _ end: Int) throws(Diagnostic) {
        var unit = ""
        var probe = index
        while probe < end, isLetter(probe) { unit.append(chars[probe]); probe += 1 }
        if !unit.isEmpty, probe < end, isDigitOrNumber(probe) || byte(probe) == 95 { unit = "" }
        if !unit.isEmpty {
            for _ in unit { advance() }
            guard let scale = Lexer.durationUnits[unit] else {
                throw Diagnostic.error(Messages.badNumberSuffix(unit), at: SourceRange(start, location))
            }
            guard let nanoseconds = Lexer.nanoseconds(text, scale: scale) else {
                throw Diagnostic.error(Messages.durationTooLong, at: SourceRange(start, location))
            }
            append(.duration(nanoseconds), from: start)
        } else if isDouble {
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
    @inline(__always) static func isWordStart(_ c: Character) -> Bool {
        if let a = c.asciiValue { return (a >= 65 && a <= 90) || (a >= 97 && a <= 122) || a == 95 }
        return c.isLetter && holdsNoASCIIPunctuation(c)
    }

    /// Whether a character that is not one ASCII byte holds no ASCII but letters, digits and
    /// `_`. Unicode joins a "prepended" letter (U+0D4E MALAYALAM LETTER DOT REPH, say) and
    /// whatever follows it into one character, a `"` or a `(` included: a name must not take
    /// those in, or what the program calls a name would be a quote or a call to Swift, which
    /// reads an exported program a scalar at a time.
    static func holdsNoASCIIPunctuation(_ c: Character) -> Bool {
        c.unicodeScalars.allSatisfy { !$0.isASCII || isASCIIWordPart(UInt8($0.value)) }
    }

    /// Each duration unit's length in nanoseconds.
    static let durationUnits: [String: Int64] = ["ns": 1, "us": 1_000, "ms": 1_000_000, "s": 1_000_000_000, "min": 60_000_000_000]

    /// A duration literal's digits (`1.5`, `9007199254740993`, `2e3`) times `scale`, to the
    /// nearest nanosecond; nil past `Int64`. Decimal digits are read exactly: through
    /// `Double`, a long duration would lose its last digits.
    static func nanoseconds(_ text: String, scale: Int64) -> Int64? {
        if text.contains(where: { $0 == "e" || $0 == "E" }) {
            guard let amount = Double(text), amount * Double(scale) < 9.2e18 else { return nil }
            return Int64((amount * Double(scale)).rounded())
        }
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = Int64(parts[0]) else { return nil }
        let (total, overflow) = whole.multipliedReportingOverflow(by: scale)
        guard !overflow else { return nil }
        var (place, fraction, roundsUp) = (scale, Int64(0), false)
        for character in parts.dropFirst().first ?? "" {
            let digit = Int64(character.wholeNumberValue ?? 0)
            guard place >= 10 else {
                roundsUp = digit >= 5
                break
            }
            place /= 10
            fraction += digit * place
        }
        let (sum, carried) = total.addingReportingOverflow(fraction + (roundsUp ? 1 : 0))
        return carried ? nil : sum
    }

    private mutating func lexString(_ end: Int) throws(Diagnostic) {
        let start = location
        advance()
        var parts: [StringPart] = []
        var text = ""
        while true {
            guard index < end else {
                throw Diagnostic(Messages.unterminatedString, at: SourceRange(start, location), incomplete: true)
            }
            let b = byte(index)
            if b == 34 {   // "
                advance()
                break
            }
            if b == 10 {
                throw Diagnostic.error(Messages.unterminatedString, at: SourceRange(start, location))
            }
            if b == Lexer.notASCII {
                text.append(chars[index])
                advance()
                continue
            }
            if b != 92 {   // not a backslash: the run of plain ASCII up to the next special byte, at once
                var runEnd = index + 1
                while runEnd < end, Lexer.isPlainInString(byte(runEnd)) { runEnd += 1 }
                text += String(decoding: codes[index..<runEnd], as: UTF8.self)
                column += runEnd - index
                index = runEnd
                continue
            }
            try lexEscape(end, stringStart: start, text: &text, parts: &parts)
        }
        if parts.isEmpty {
            appendLiteral([.text(text)], from: start)   // one allocation of the size it needs
            return
        }
        if !text.isEmpty { parts.append(.text(text)) }
        appendLiteral(parts, from: start)
    }

    /// An escape in a string, from its backslash: a character added to `text`, or an
    /// interpolation (the text so far, then the code's place) added to `parts`.
    private mutating func lexEscape(_ end: Int, stringStart start: SourceLocation, text: inout String,
                                    parts: inout [StringPart]) throws(Diagnostic) {
        let escapeStart = location
        advance()
        guard index < end else {
            throw Diagnostic(Messages.unterminatedString, at: SourceRange(start, location), incomplete: true)
        }
        // Read on the byte, not by comparing Characters in turn.
        switch byte(index) {
        case UInt8(ascii: "n"): text.append("\n"); advance()
        case UInt8(ascii: "t"): text.append("\t"); advance()
        case UInt8(ascii: "r"): text.append("\r"); advance()
        case UInt8(ascii: "0"): text.append("\0"); advance()
        case UInt8(ascii: "\""): text.append("\""); advance()
        case UInt8(ascii: "'"): text.append("'"); advance()
        case UInt8(ascii: "\\"): text.append("\\"); advance()
        case UInt8(ascii: "("):
            advance()
            // Room for the usual `"text \(x) text"` at once.
            if parts.isEmpty { parts.reserveCapacity(3) }
            if !text.isEmpty { parts.append(.text(text)); text = "" }
            let codeStart = location
            let length = try scanInterpolation(end, stringStart: start)
            parts.append(.interpolation(length: length, codeStart))
        default:
            let e = chars[index]
            advance()
            throw Diagnostic.error(Messages.invalidEscape(e), at: SourceRange(escapeStart, location))
        }
    }

    /// Finds the matching `)` of `\( … )`, skipping over nested parentheses and strings
    /// (without recursing). Returns how many characters the code between them has.
    private mutating func scanInterpolation(_ end: Int, stringStart: SourceLocation) throws(Diagnostic) -> Int {
        var depth = 1
        var inString = false
        let codeStart = index
        while true {
            guard index < end else {
                throw Diagnostic(Messages.unterminatedString, at: SourceRange(stringStart, location), incomplete: true)
            }
            let b = byte(index)
            if b == 10 {
                throw Diagnostic.error(Messages.unterminatedString, at: SourceRange(stringStart, location))
            }
            if inString {
                if b == 92, index + 1 < end {   // a backslash escapes what follows
                    advance()
                } else if b == 34 {
                    inString = false
                }
            } else if b == 34 {
                inString = true
            } else if b == 40 {   // (
                depth += 1
            } else if b == 41 {   // )
                depth -= 1
                if depth == 0 {
                    let length = index - codeStart
                    advance()
                    return length
                }
            }
            advance()
        }
    }

    private mutating func lexPunct(_ end: Int) throws(Diagnostic) {
        let start = location
        guard let punct = Lexer.matchPunct(codes, at: index, end) else {
            let c = chars[index]
            advance()
            throw Diagnostic.error(Messages.unexpectedCharacter(c), at: SourceRange(start, location))
        }
        for _ in 0..<punct.length { advance() }
        switch punct {
        case .lparen: brackets.append(UInt8(ascii: "("))
        case .lbracket: brackets.append(UInt8(ascii: "["))
        case .lbrace: brackets.append(UInt8(ascii: "{"))
        case .rparen, .rbracket, .rbrace: if !brackets.isEmpty { brackets.removeLast() }
        default: break
        }
        append(.punct(punct), from: start)
    }

    /// The longest punctuation at `index` (`..<` before `..`, `==` before `=`), matched on
    /// bytes rather than by building strings. Static, with the bytes passed in: as a method,
    /// each call would copy the whole lexer to lend it.
    private static func matchPunct(_ codes: [UInt8], at index: Int, _ end: Int) -> Punct? {
        let next = index + 1 < end ? codes[index + 1] : 0
        let third = index + 2 < end ? codes[index + 2] : 0
        switch UnicodeScalar(codes[index]) {
        case "{": return .lbrace
        case "}": return .rbrace
        case "(": return .lparen
        case ")": return .rparen
        case "[": return .lbracket
        case "]": return .rbracket
        case ",": return .comma
        case ":": return .colon
        case ";": return .semicolon
        case "?": return next == UInt8(ascii: "?") ? .nilCoalescing : .question
        case "@": return .at
        case "*": return .star
        case "/": return .slash
        case "%": return .percent
        case "\\": return .backslash
        case ".":
            if next == UInt8(ascii: "."), third == UInt8(ascii: ".") { return .closedRange }
            if next == UInt8(ascii: "."), third == UInt8(ascii: "<") { return .halfOpenRange }
            return .dot
        case "=": return next == UInt8(ascii: "=") ? (third == UInt8(ascii: "=") ? .identical : .equal) : .assign
        case "!": return next == UInt8(ascii: "=") ? (third == UInt8(ascii: "=") ? .notIdentical : .notEqual) : .not
        case "<": return next == UInt8(ascii: "=") ? .lessEqual : .less
        case ">": return next == UInt8(ascii: "=") ? .greaterEqual : .greater
        case "+": return next == UInt8(ascii: "=") ? .plusAssign : .plus
        case "-": return next == UInt8(ascii: ">") ? .arrow : next == UInt8(ascii: "=") ? .minusAssign : .minus
        case "&": return next == UInt8(ascii: "&") ? .and : .ampersand
        case "|": return next == UInt8(ascii: "|") ? .or : nil
        default: return nil
        }
    }
}

extension Punct {
    /// How many characters the punctuation has (its `rawValue`'s, without making the string).
    var length: Int {
        switch self {
        case .closedRange, .halfOpenRange, .identical, .notIdentical: return 3
        case .equal, .notEqual, .lessEqual, .greaterEqual, .and, .or, .arrow, .plusAssign, .minusAssign, .nilCoalescing: return 2
        default: return 1
        }
    }
}
