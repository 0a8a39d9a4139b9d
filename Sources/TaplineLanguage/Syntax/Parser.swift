/// Builds the syntax tree from tokens: one function per grammar rule, the rule in a
/// comment above it (the whole grammar is in docs/LANGUAGE.md).
///
/// The parser stops at the first error, so each mistake gives one diagnostic. When the
/// input merely ends too early — inside an open `{`, `(`, `[` or string — the diagnostic
/// is marked `isIncompleteInput`, which the REPL uses to ask for another line.
public struct Parser {
    /// Makes the tokens as the parser reads them.
    private var lexer: Lexer
    /// The tokens lexed and not yet dropped; `tokens[position]` is the current one.
    private var tokens: [Token] = []
    /// Where the text to parse ends.
    private let end: Int
    var position = 0
    /// The lexer's error, if it found one in what was read so far: the tokens end there.
    private var lexError: Diagnostic?
    /// The text the tokens come from: an interpolation is lexed from it in place.
    let source: SourceCharacters
    /// Whether running out of input inside brackets makes an error "incomplete input".
    private let reportsIncomplete: Bool
    /// Nesting depth of blocks and expressions, bounded so that no input exhausts the stack.
    private var depth = 0
    static let maximumDepth = 200
    /// How many brackets the tokens consumed so far leave open.
    private var bracketDepth = 0
    /// How many type argument lists (`AnyPublisher<`) are open where the parser is: the
    /// lexer does not count `<` as a bracket, since most are comparisons.
    private var openAngleBrackets = 0
    /// Whether the input ended where Swift lets the next line go on with what is expected
    /// (`skipNewlines(before:)`): the input is incomplete, not wrong.
    private var endMayContinue = false
    /// The bracket depth at which the condition being parsed began, if any. Conditions of
    /// `if`, `repeat`, `for` and `switch` cannot end in a trailing closure, as in Swift (the
    /// `{` that follows starts the body) — but inside brackets within them, they can.
    private var conditionDepth: Int?
    private var allowTrailingClosure: Bool { conditionDepth != bracketDepth }
    /// The stack the parser recurses on: the backstop of `maximumDepth` and `chainLength`.
    private var stack = StackGuard.unlimited
    /// How many `else if` branches the `if` being parsed has so far (`Limits.chainLength`).
    private var elseIfs = 0
    private var isInterrupted: () -> Bool = { false }
    private var statementsParsed = 0
    /// Where the top-level statement being read began: a parse error looks back to it for
    /// Swift that Tapline does not read.
    private var statementStart: SourceLocation?
    /// Whether a `trace` or `marbles` statement has been read, at any depth: a script that has
    /// one is recorded from its first stage (`Interpreter.hasRecordingStatement`).
    public private(set) var readRecordingStatement = false

    /// Parses a whole program (a script), or the part of `source` from `start` on (a REPL
    /// entry appended to the session's text).
    /// `isInterrupted` is polled between statements (Ctrl-C while a huge script is read).
    public static func parse(_ source: SourceCharacters,
                             from start: SourceLocation = SourceLocation(line: 1, column: 1, offset: 0),
                             isInterrupted: @escaping () -> Bool = { false }) throws(Diagnostic) -> [Stmt] {
        var parser = reader(source, from: start, isInterrupted: isInterrupted)
        var statements: [Stmt] = []
        while let statement = try parser.nextStatement() { statements.append(statement) }
        return statements
    }

    /// A parser that reads a program (or the part of `source` from `start` on) a statement
    /// at a time, with `nextStatement`: the interpreter compiles each statement as it is
    /// read, and lets go of its tree, so a script's whole tree is never held at once.
    public static func reader(_ source: SourceCharacters, from start: SourceLocation = SourceLocation(line: 1, column: 1, offset: 0),
                              isInterrupted: @escaping () -> Bool = { false }) -> Parser {
        var lexer = Lexer(source, start: start)
        lexer.isInterrupted = isInterrupted
        var parser = Parser(lexer: lexer, end: source.count, source: source, reportsIncomplete: true)
        parser.stack = StackGuard.current()
        parser.isInterrupted = isInterrupted
        return parser
    }

    /// Parses a text on its own (a test, a REPL's question whether an entry parses).
    public static func parse(_ text: String) throws(Diagnostic) -> [Stmt] {
        try parse(SourceCharacters(text))
    }

    /// Parses the code inside a string interpolation `\( … )`, `length` characters from
    /// `start`, as one expression.
    static func parseInterpolation(length: Int, at start: SourceLocation, in source: SourceCharacters,
                                   depth: Int, stack: StackGuard = .unlimited) throws(Diagnostic) -> Expr {
        // Lex the interpolation in place, so positions point into the real source line.
        var parser = Parser(lexer: Lexer(source, start: start), end: start.offset + length, source: source, reportsIncomplete: false)
        parser.depth = depth
        parser.stack = stack
        return try parser.reportingLexErrors { (parser: inout Parser) throws(Diagnostic) in
            let expr = try parser.parseExpression()
            guard parser.current.kind == .eof else {
                throw parser.unexpected(Messages.expectedEndOfInterpolation)
            }
            return expr
        }
    }

    init(lexer: Lexer, end: Int, source: SourceCharacters, reportsIncomplete: Bool) {
        self.lexer = lexer
        self.end = end
        self.source = source
        self.reportsIncomplete = reportsIncomplete
        fill(through: 0)
    }

    /// Runs `parse`, and reports the lexer's error instead of the parser's once the parser
    /// has reached where the lexer failed (the end of the tokens), with an error or without:
    /// whichever error comes first in the text is the one shown.
    private mutating func reportingLexErrors<Result>(_ parse: (inout Parser) throws(Diagnostic) -> Result) throws(Diagnostic) -> Result {
        let result: Result
        do {
            result = try parse(&self)
        } catch {
            if let lexError, current.kind == .eof { throw lexError }
            throw error
        }
        if let lexError, current.kind == .eof { throw lexError }
        return result
    }

    /// How many tokens the parser asks the lexer for at a time when it runs out: one at a
    /// time, the call and the swaps around it cost more than the lexing of small tokens.
    private static let lexAhead = 16

    /// Lexes until token `index` is made, or the last (`.eof`) is. A lexer error ends the
    /// tokens where it is, with an `.eof` there.
    @inline(never) private mutating func fill(through index: Int) {
        guard tokens.count <= index else { return }
        // The lexer appends to the parser's array (swapped in and back out, which moves no
        // token): read from a property of the parser's own, a token is not copied.
        swap(&tokens, &lexer.tokens)
        defer { swap(&tokens, &lexer.tokens) }
        while lexer.tokens.count <= index, !lexer.isFinished {
            do {
                try lexer.lexNext(until: end)
            } catch {
                lexError = error
                lexer.finish(at: error.range.start)
            }
        }
    }

    /// Lets go of the tokens read (all but the last, `previous`): at the top level, between
    /// statements, so that only one statement's tokens are held.
    private mutating func dropReadTokens() {
        guard position > 256 else { return }
        tokens.removeFirst(position - 1)
        position = 1
        // And the string literals of the tokens let go of: the tokens are in order, so the
        // first string token left holds the oldest literal still needed.
        let oldest = tokens.lazy.compactMap { token -> Int? in
            if case .string(let number) = token.kind { return number }
            return nil
        }.first
        lexer.dropLiterals(before: oldest ?? lexer.nextLiteral)
    }

    // MARK: - Token helpers

    // Read in place (`_read` lends the token instead of returning a copy): matching on the
    // current token's kind is the parser's most frequent act, and lending it skips a copy
    // of the token every time.
    var current: Token { _read { yield tokens[position] } }
    var previous: Token { _read { yield tokens[max(0, position - 1)] } }

    /// The text of a name in the source (tokens keep where it is, not a string).
    func text(of word: Word) -> String { source.text(word.range) }

    /// Whether `word` is `text` (ASCII), compared in the source without making a string.
    func spells(_ word: Word, _ text: StaticString) -> Bool { source.spells(word.range, text) }

    /// The pieces of a string literal token; nil for any other token.
    private func literal(_ token: Token) -> [StringPart]? {
        guard case .string(let number) = token.kind else { return nil }
        return lexer.literal(number)
    }

    /// How a token is quoted in a diagnostic: `'{'`, `'tap'`, `end of input`.
    func quoted(_ token: Token) -> String {
        switch token.kind {
        case .identifier(let word): return "'\(text(of: word))'"
        case .keyword(let keyword): return "'\(keyword.rawValue)'"
        case .dollarName(let word): return "'$\(text(of: word))'"
        case .dollarIndex(let index): return "'$\(index)'"
        case .int(let value): return "'\(value)'"
        case .double(let value): return "'\(value)'"
        case .duration: return "a duration"
        case .string: return "a string"
        case .punct(let punct): return "'\(punct.rawValue)'"
        case .newline: return "end of line"
        case .eof: return "end of input"
        }
    }

    /// The kind of token `index` (the last, `.eof`, past the end).
    mutating func kind(at index: Int) -> TokenKind {
        fill(through: index)
        return tokens[min(index, tokens.count - 1)].kind
    }

    mutating func peekKind(_ ahead: Int = 1) -> TokenKind { kind(at: position + ahead) }

    // Inlined, with the lexing out of line: called as a function, it would copy every token
    // it returns, used or not.
    /// The current token, and moves past it.
    @inline(__always) mutating func advance() -> Token {
        let token = tokens[position]
        skip()
        return token
    }

    /// Moves past the current token without copying it (`advance` when the token is not used).
    @inline(__always) mutating func skip() {
        switch tokens[position].kind {
        case .punct(.lparen), .punct(.lbracket), .punct(.lbrace): bracketDepth += 1
        case .punct(.rparen), .punct(.rbracket), .punct(.rbrace): bracketDepth -= 1
        default: break
        }
        if position + 1 == tokens.count { fill(through: position + Parser.lexAhead) }
        if position < tokens.count - 1 { position += 1 }
    }

    func check(_ punct: Punct) -> Bool { current.kind == .punct(punct) }
    func check(_ keyword: Keyword) -> Bool { current.kind == .keyword(keyword) }

    mutating func match(_ punct: Punct) -> Bool {
        guard check(punct) else { return false }
        skip()
        return true
    }

    mutating func match(_ keyword: Keyword) -> Bool {
        guard check(keyword) else { return false }
        skip()
        return true
    }

    mutating func skipNewlines() {
        while current.kind == .newline || check(.semicolon) { skip() }
    }

    /// The newlines before `punct`, when it follows them: Swift lets a declaration's body
    /// brace or a function's `->` open the next line (`func f()⏎{`, `class A: B⏎{`,
    /// `func f(…)⏎-> Int {`).
    mutating func skipNewlines(before punct: Punct) {
        var ahead = 0
        while peekKind(ahead) == .newline { ahead += 1 }
        if ahead > 0, peekKind(ahead) == .punct(punct) { skipNewlines() }
        // `func f()` as the last line so far: the REPL asks for the line the `{` may be on.
        if peekKind(ahead) == .eof { endMayContinue = true }
    }

    /// `skipNewlines` at the top level, letting go of the tokens read as it goes: each blank
    /// or comment line is a newline token, and a long run of them would otherwise all be held
    /// (and copied as the array grows) until the next statement.
    private mutating func skipNewlinesBetweenStatements() {
        while current.kind == .newline || check(.semicolon) {
            skip()
            dropReadTokens()
        }
    }

    /// An error at the current token; at the end of input with brackets open, the input
    /// is incomplete rather than wrong.
    func unexpected(_ message: Message) -> Diagnostic {
        var diagnostic = Diagnostic.error(message, at: current.range)
        if reportsIncomplete, current.kind == .eof && (lexer.hasOpenBrackets || openAngleBrackets > 0) || endMayContinue {
            diagnostic.isIncompleteInput = true
        }
        return diagnostic
    }

    // `what` is made only for the error: most calls build it from a message.
    mutating func expect(_ punct: Punct, _ what: @autoclosure () -> String) throws(Diagnostic) -> Token {
        guard check(punct) else { throw unexpected(Messages.expected("'\(punct.rawValue)' \(what())", found: quoted(current))) }
        return advance()
    }

    mutating func expectName(_ what: @autoclosure () -> String) throws(Diagnostic) -> Name {
        guard case .identifier(let word) = current.kind else {
            throw unexpected(Messages.expected(what(), found: quoted(current)))
        }
        let token = advance()
        return Name(text: text(of: word), range: token.range)
    }

    /// The error of a flat chain (`1 + 2 + …`, `a.b.c…`, `else if …`) past `Limits.chainLength`.
    private var chainTooLong: Diagnostic { Diagnostic.error(Messages.chainTooLong(Limits.chainLength), at: current.range) }

    mutating func nested<T>(_ body: (inout Parser) throws(Diagnostic) -> T) throws(Diagnostic) -> T {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Parser.maximumDepth, !stack.isLow else {
            throw Diagnostic.error(Messages.tooDeeplyNested(Parser.maximumDepth), at: current.range)
        }
        return try body(&self)
    }

    // MARK: - Statements

    // program = { separator } { statement ( separator | end ) } ;
    /// The program's next statement, or nil after the last.
    public mutating func nextStatement() throws(Diagnostic) -> Stmt? {
        do {
            return try reportingLexErrors { (parser: inout Parser) throws(Diagnostic) -> Stmt? in
                if parser.statementsParsed == 0 { parser.skipNewlinesBetweenStatements() }
                guard parser.current.kind != .eof else { return nil }
                parser.statementsParsed += 1
                parser.statementStart = parser.current.range.start
                if parser.statementsParsed & 255 == 0, parser.isInterrupted() { throw Diagnostic.error(Messages.interrupted, at: parser.current.range) }
                let statement = try parser.parseStatement()
                try parser.endStatement(betweenStatements: true)
                parser.dropReadTokens()
                return statement
            }
        } catch {
            throw namingCommandTypo(namingMissingSwift(error))
        }
    }

    /// `sned s 1`: a statement that starts with a word one edit from a command's, followed by
    /// a name, stops at that name; the error says which command it may have meant.
    private func namingCommandTypo(_ error: Diagnostic) -> Diagnostic {
        guard error.id == .expectedEndOfStatement, error.notes.isEmpty, let start = statementStart else { return error }
        let codes = source.codes
        var end = start.offset
        while end < codes.count, end - start.offset <= 12, (codes[end] >= UInt8(ascii: "a") && codes[end] <= UInt8(ascii: "z")) { end += 1 }
        // The error must be at the word after the first one: `sned s 1` stops at `s`.
        guard end > start.offset, end < error.range.start.offset, error.range.start.offset - end <= 4 else { return error }
        let word = String(decoding: codes[start.offset..<end], as: UTF8.self)
        guard CommandWord(rawValue: word) == nil,
              let command = Suggest.closest(to: word, in: CommandWord.allCases.map(\.rawValue)).flatMap(CommandWord.init(rawValue:)) else { return error }
        return error.noting(Messages.commandTypo(word, command))
    }

    /// The parse error, with a note naming the Swift feature that Tapline does not read, if
    /// one is on the error's line or an earlier line of the same statement
    /// (`MissingSwiftFeature`). Input that is only incomplete, and an error that has a note
    /// already, are left as they are.
    private func namingMissingSwift(_ error: Diagnostic) -> Diagnostic {
        let parseErrors: Set<MessageID> = [.expected, .expectedEndOfStatement, .misplacedKeyword, .keywordInExpression,
                                           .unexpectedCharacter, .unterminatedString, .badNumberSuffix]
        guard !error.isIncompleteInput, error.notes.isEmpty, parseErrors.contains(error.id) else { return error }
        let at = error.range.start
        var bounds = source.lineBounds(at: at.offset)
        var (line, column) = (at.line, at.column - 1)
        let firstLine = statementStart.map { Swift.min($0.line, at.line) } ?? at.line
        while line >= firstLine {
            if let (note, range) = MissingSwiftFeature.note(forErrorAt: column, id: error.id, on: source.text(bounds)) {
                let start = SourceLocation(line: line, column: range.lowerBound + 1, offset: bounds.lowerBound + range.lowerBound)
                let end = SourceLocation(line: line, column: range.upperBound + 1, offset: bounds.lowerBound + range.upperBound)
                return error.noting(Messages.missingSwift(note), at: SourceRange(start, end))
            }
            guard bounds.lowerBound > 0 else { break }
            (bounds, line, column) = (source.lineBounds(at: bounds.lowerBound - 1), line - 1, -1)
        }
        return error
    }

    /// Whether the current token ends a statement.
    private var atStatementEnd: Bool { current.kind == .newline || current.kind == .eof || check(.semicolon) || check(.rbrace) }

    /// A statement ends at a newline, `;`, `}` or the end of input. `betweenStatements`: at
    /// the top level, where the tokens read can be let go of.
    mutating func endStatement(betweenStatements: Bool = false) throws(Diagnostic) {
        if current.kind == .newline || check(.semicolon) {
            if betweenStatements { skipNewlinesBetweenStatements() } else { skipNewlines() }
        } else if !(current.kind == .eof || check(.rbrace)) {
            throw unexpected(Messages.expectedEndOfStatement(found: quoted(current)))
        }
    }

    // block = "{" { statement separator } "}" ;
    mutating func parseBlock(_ what: String) throws(Diagnostic) -> [Stmt] {
        try nested { (parser: inout Parser) throws(Diagnostic) -> [Stmt] in
            _ = try parser.expect(.lbrace, what)
            return try parser.parseStatementsToBrace("the block")
        }
    }

    /// Statements up to and including the closing `}` of a block or closure.
    mutating func parseStatementsToBrace(_ what: String) throws(Diagnostic) -> [Stmt] {
        var statements: [Stmt] = []
        skipNewlines()
        while !check(.rbrace) {
            guard current.kind != .eof else {
                throw unexpected(Messages.expected("'}' to close \(what)", found: quoted(current)))
            }
            statements.append(try parseStatement())
            try endStatement()
        }
        skip()
        return statements
    }

    // statement = declaration | command | assignment | "_" "=" expression | expression ;
    mutating func parseStatement() throws(Diagnostic) -> Stmt {
        let start = current.range
        if case .identifier(let word) = current.kind, let command = CommandWord.named(source.codes, word.range) {
            if commandWord(word) != nil { return Stmt(try parseCommandWord(command), start.to(previous.range)) }
            // Read as Swift; if that fails at what follows the word, the error also names the
            // other reading.
            let next = kind(at: position + 1) == .eof ? Int.max : tokens[position + 1].range.end.offset
            let statement: Stmt
            do {
                statement = try parseSwiftStatement(start: start)
            } catch where error.range.start.offset <= next {
                throw error.noting(Messages.commandWordReading(command))
            }
            // `tap 1`: the name read, and a word after it that is not Swift's.
            if !atStatementEnd, current.range.start.offset <= next {
                throw unexpected(Messages.expectedEndOfStatement(found: quoted(current))).noting(Messages.commandWordReading(command))
            }
            return statement
        }
        return try parseSwiftStatement(start: start)
    }

    /// A statement that is not one of Tapline's commands.
    private mutating func parseSwiftStatement(start: SourceRange) throws(Diagnostic) -> Stmt {
        try skipDeclarationModifiers()
        if case .identifier(let word) = current.kind, let declaration = TypeDeclarationWord.named(source.codes, word.range),
           peekKind() != .punct(.assign), peekKind() != .punct(.dot), peekKind() != .punct(.lparen) {
            if let kind = TypeDecl.Kind(rawValue: declaration.rawValue) {
                return Stmt(.typeDeclaration(try parseTypeDeclaration(kind)), start.to(previous.range))
            }
            if declaration == .typealias {
                skip()
                let name = try expectName(Messages.nameAfter("typealias"))
                _ = try expect(.assign, "and the type it names")
                return Stmt(.typeAlias(name, try parseType()), start.to(previous.range))
            }
            throw Diagnostic.error(Messages.swiftTypeDeclaration(declaration), at: current.range)
        }
        let kind: StmtKind
        switch current.kind {
        case .keyword(let keyword):
            kind = try parseKeywordStatement(keyword)
        case .identifier(let word) where spells(word, "do") && peekKind() == .punct(.lbrace):
            kind = try parseDoCatch()
        case .identifier(let word) where spells(word, "_") && peekKind() == .punct(.assign):
            // `_ = expr`: evaluated, and the result let go (a subscription is cancelled at once).
            skip()
            skip()
            kind = .discard(try parseExpression())
        case .identifier(let word) where peekKind() == .punct(.assign) || peekKind() == .punct(.plusAssign) || peekKind() == .punct(.minusAssign):
            // `name = expr` is `set name = expr`; `name += expr` adds.
            let name = Name(text: text(of: word), range: advance().range)
            kind = .set(name, try parseAssignedValue(to: name))
        default:
            let expr = try parseExpression()
            // `point.x = 5`, `values[0] += 1`, `cur.value = 5` (which sets a current value
            // subject, as in Swift): a value stored into a place.
            if Parser.isPlace(expr), check(.assign) || check(.plusAssign) || check(.minusAssign), case .punct(let op) = advance().kind {
                skipNewlines()
                kind = .assignPlace(expr, op, try parseExpression())
            } else {
                kind = .expression(expr)
            }
        }
        return Stmt(kind, start.to(previous.range))
    }

    // do = "do" block { "catch" [ catch-match ] block } ;
    // catch-match = ( "let" | "var" ) NAME [ "as" type ] | "is" type | pattern ;
    private mutating func parseDoCatch() throws(Diagnostic) -> StmtKind {
        skip()
        _ = try expect(.lbrace, "to start the 'do' block")
        let body = try parseStatementsToBrace("'do' block")
        var clauses: [CatchClause] = []
        while isCatchAhead() {
            skipNewlines()
            let start = advance().range
            let match = try parseCatchMatch(at: start)
            _ = try expect(.lbrace, "to start the 'catch' block")
            clauses.append(CatchClause(match: match, body: try parseStatementsToBrace("'catch' block"), range: start.to(previous.range)))
        }
        return .doCatch(body, clauses)
    }

    /// Whether `catch` comes next, on this line or the next (`}⏎catch {`, as Swift allows).
    private mutating func isCatchAhead() -> Bool {
        var ahead = 0
        while peekKind(ahead) == .newline { ahead += 1 }
        guard case .identifier(let word) = peekKind(ahead) else { return false }
        return spells(word, "catch")
    }

    private mutating func parseCatchMatch(at start: SourceRange) throws(Diagnostic) -> CatchClause.Match {
        if check(.lbrace) { return .any(Name(text: "error", range: start)) }
        if check(.let) || check(.var) {
            skip()
            let name = try expectName("a name for the error")
            guard case .identifier(let word) = current.kind, spells(word, "as") else { return .any(name) }
            skip()
            return .cast(name, try parseType())
        }
        if case .identifier(let word) = current.kind, spells(word, "is") {
            skip()
            return .type(try parseType())
        }
        return .pattern(try parsePattern())
    }

    /// The Tapline word a statement starts with, when the words after it make its command:
    /// only where they could not be Swift (DESIGN §9). A word followed by anything else is a
    /// name (`subject.send(1)`, `wait(1)`, `set = 2`), so programs may declare these words.
    /// - a declaration or a command on a name: a name follows, on the same line
    ///   (`subject s`, `tap save`, `play q "…"`);
    /// - `wait`: a value follows (`wait 300ms`, `wait pause`, `wait .seconds(2)`, where the
    ///   `.` stands apart from `wait` and is bound to the name after it, as Swift reads an
    ///   implicit member); `frame`: a duration;
    /// - `expect`: a name, a `$name` or a number (`expect $q "…"`);
    /// - `trace`: `on` or `off`; `marbles`: `clear`, `save`, or nothing.
    private mutating func commandWord(_ word: Word) -> CommandWord? {
        guard let command = CommandWord.named(source.codes, word.range) else { return nil }
        let next = peekKind()
        switch command {
        case .wait:
            switch next {
            case .identifier, .dollarName, .int, .double, .duration: return command
            case .punct(.dot) where startsImplicitMember(at: position + 1): return command
            default: return nil
            }
        case .frame:
            if case .duration = next { return command }
        case .expect:
            switch next {
            case .identifier, .dollarName, .int, .double: return command
            default: return nil
            }
        case .trace:
            if case .identifier(let word) = next, spells(word, "on") || spells(word, "off") { return command }
        case .marbles:
            switch next {
            case .identifier(let word): return spells(word, "clear") || spells(word, "save") ? command : nil
            case .newline, .eof, .punct(.semicolon), .punct(.rbrace): return command
            default: return nil
            }
        default:
            if case .identifier = next { return command }
        }
        return nil
    }

    /// Whether the `.` at `index` starts an implicit member (`.seconds(2)`): space before it,
    /// a name right after it.
    private mutating func startsImplicitMember(at index: Int) -> Bool {
        fill(through: index + 1)
        guard index + 1 < tokens.count, index > 0, case .identifier = tokens[index + 1].kind else { return false }
        return tokens[index - 1].range.end.offset < tokens[index].range.start.offset
            && tokens[index].range.end.offset == tokens[index + 1].range.start.offset
    }

    /// Access levels and attributes before a declaration (`public func`, `private(set) var`,
    /// `@discardableResult func`): a script is one module, so none changes what it does.
    private mutating func skipDeclarationModifiers() throws(Diagnostic) {
        while true {
            if check(.at), case .identifier(let word) = peekKind() {
                // `@Published` makes a class's property observable; the program's own is `published`.
                if spells(word, "Published") { throw unexpected(Messages.publishedAttribute) }
                skip()
                skip()
                if check(.lparen), current.range.start.offset == previous.range.end.offset { skipBalancedParentheses() }
                continue
            }
            guard case .identifier(let word) = current.kind, Modifier.named(source.codes, word.range) != nil else { return }
            var after = position + 1
            // `private(set)`
            if kind(at: after) == .punct(.lparen), case .identifier = kind(at: after + 1), kind(at: after + 2) == .punct(.rparen) {
                after += 3
            }
            switch kind(at: after) {
            case .keyword(.func), .keyword(.let), .keyword(.var), .keyword(.import), .identifier: position = after
            default: return
            }
        }
    }

    /// From a `(` to its `)`, whatever is between (an attribute's arguments).
    mutating func skipBalancedParentheses() {
        var depth = 0
        repeat {
            if check(.lparen) { depth += 1 } else if check(.rparen) { depth -= 1 }
            if current.kind == .eof { return }
            skip()
        } while depth > 0
    }

    // command-statement = declaration | command | time-command ;
    private mutating func parseCommandWord(_ command: CommandWord) throws(Diagnostic) -> StmtKind {
        switch command {
        case .button: return try parseButton()
        case .subject, .current, .published: return try parseSubjectDeclaration(command)
        case .subscriber: return try parseSubscriber()
        case .view: return try parseView()
        case .frame, .play, .expect, .trace, .marbles: return try parseTimeCommand(command)
        default: return try parseCommand(command)
        }
    }

    // time-command = "frame" duration
    //              | "play" NAME STRING [ legend ]
    //              | "expect" expression STRING [ legend ]
    //              | "trace" ( "on" | "off" )
    //              | "marbles" [ "clear" | "save" path ] ;
    private mutating func parseTimeCommand(_ command: CommandWord) throws(Diagnostic) -> StmtKind {
        skip()
        switch command {
        case .trace, .marbles: readRecordingStatement = true
        default: break
        }
        switch command {
        case .trace:
            guard case .identifier(let word) = advance().kind else { return .trace(false) }
            return .trace(spells(word, "on"))
        case .marbles:
            guard case .identifier(let word) = current.kind else { return .marbles(.show) }
            skip()
            return spells(word, "clear") ? .marbles(.clear) : try parseSavePath()
        case .frame:
            return .frame(try parseExpression())
        case .play:
            let name = try expectName(Messages.nameAfter("play"))
            let marbles = try parseMarbleText(after: "play \(name.text)")
            return .play(name, marbles: marbles, legend: try parseLegend())
        default:
            let publisher = try parseExpression()
            let marbles = try parseMarbleText(after: "expect")
            return .expect(publisher, marbles: marbles, legend: try parseLegend())
        }
    }

    // path = STRING (the lexer takes a bare rest of the line, `marbles save out/q.svg`, as one) ;
    private mutating func parseSavePath() throws(Diagnostic) -> StmtKind {
        guard let parts = literal(current), parts.count == 1, case .text(let path) = parts[0], !path.isEmpty else {
            throw unexpected(Messages.expected("a file name after 'marbles save', such as 'marbles save search.svg'", found: quoted(current)))
        }
        return .marbles(.save(path: path, range: advance().range))
    }

    /// The marble string of `play` or `expect`: a plain string literal.
    private mutating func parseMarbleText(after what: String) throws(Diagnostic) -> MarbleText {
        guard let parts = literal(current) else {
            throw unexpected(Messages.expected("a marble string such as \"-a--b-|\" after '\(what)'", found: quoted(current)))
        }
        var text = ""
        for part in parts {
            guard case .text(let piece) = part else {
                throw Diagnostic.error(Messages.marbleInterpolation, at: current.range)
            }
            text += piece
        }
        return MarbleText(text: text, range: advance().range)
    }

    // legend = "[" STRING ":" expression { "," STRING ":" expression } "]" ;
    private mutating func parseLegend() throws(Diagnostic) -> [LegendEntry] {
        guard match(.lbracket) else { return [] }
        var entries: [LegendEntry] = []
        repeat {
            guard let parts = literal(current), parts.count == 1, case .text(let key) = parts[0], key.count == 1,
                  let symbol = key.first else {
                throw unexpected(Messages.expected("a one-character string such as \"a\" in the legend", found: quoted(current)))
            }
            let keyRange = advance().range
            _ = try expect(.colon, "after the legend's \"\(key)\"")
            let value = try parseExpression()
            entries.append(LegendEntry(symbol: symbol, value: value, range: keyRange.to(value.range)))
        } while match(.comma) && !check(.rbracket)
        _ = try expect(.rbracket, "to close the legend")
        return entries
    }

    /// `= expr`, `+= expr` or `-= expr` after a name.
    private mutating func parseAssignedValue(to name: Name) throws(Diagnostic) -> Expr {
        let operatorToken = advance()
        let value = try parseExpression()
        switch operatorToken.kind {
        case .punct(.plusAssign):
            return Expr(.binary(.plus, Expr(.name(name.text), name.range), value), name.range.to(value.range))
        case .punct(.minusAssign):
            return Expr(.binary(.minus, Expr(.name(name.text), name.range), value), name.range.to(value.range))
        default:
            return value
        }
    }

    // keyword-statement = let | func | switch | import | repeat | for | if | return | "throw" expression ;
    private mutating func parseKeywordStatement(_ keyword: Keyword) throws(Diagnostic) -> StmtKind {
        switch keyword {
        case .let, .var: return try parseLet(keyword)
        case .func: return .function(try parseFunction())
        case .switch: return try parseSwitch()
        case .import: return try parseImport()
        case .repeat:
            skip()
            if check(.lbrace) {
                // Swift's `repeat { … } while condition`.
                let body = try parseBlock("to start the loop")
                guard match(.while) else { throw unexpected(Messages.expected("'while' and a condition after the loop's body", found: quoted(current))) }
                return .repeatWhile(body, try parseExpression())
            }
            let count = try parseCondition()
            return .repeatLoop(count, try parseBlock("to start the loop"))
        case .for: return try parseFor()
        case .if: return try parseIf()
        case .guard: return try parseGuard()
        case .while:
            skip()
            let conditions = try parseConditionList()
            return .whileLoop(conditions, try parseBlock("to start the loop"))
        case .break:
            skip()
            return .breakStatement
        case .continue:
            skip()
            return .continueStatement
        case .return:
            skip()
            if current.kind == .newline || current.kind == .eof || check(.rbrace) || check(.semicolon) {
                return .returnStatement(nil)
            }
            return .returnStatement(try parseExpression())
        case .throw:
            skip()
            return .throwStatement(try parseExpression())
        case .true, .false, .nil, .try:
            return .expression(try parseExpression())
        case .case, .default, .else:
            throw unexpected(Messages.misplacedKeyword(keyword.rawValue))
        }
    }

    // subject = "subject" NAME [ type-annotation [ "," type ] ] ;
    // current = ( "current" | "published" ) NAME [ type-annotation [ "," type ] ] "=" expression ;
    // The type after the comma is the Failure (`subject s: Int, Error`); without one it is `Never`.
    private mutating func parseSubjectDeclaration(_ command: CommandWord) throws(Diagnostic) -> StmtKind {
        skip()
        let name = try expectName(Messages.nameAfter(command.rawValue))
        let type = try parseOptionalType()
        var failure: TypeExpr?
        if type != nil, match(.comma) {
            guard command != .published else { throw unexpected(Messages.publishedFailure(name.text)) }
            failure = try parseType()
        }
        if command == .subject { return .subject(name, type, failure: failure) }
        _ = try expect(.assign, Messages.toGiveInitialValue(command.rawValue))
        let value = try parseExpression()
        return command == .current ? .current(name, type, value, failure: failure) : .published(name, type, value)
    }

    // let = ( "let" | "var" ) NAME [ ":" type ] [ "=" expression ] ;   (a value, a type or both)
    private mutating func parseLet(_ keyword: Keyword) throws(Diagnostic) -> StmtKind {
        skip()
        let name = try expectName(Messages.nameAfter(keyword.rawValue))
        if match(.colon) {
            let type = try parseType()
            if check(.lbrace) { throw unexpected(Messages.computedVariable(name.text)) }
            var value: Expr?
            if match(.assign) {
                skipNewlines()
                value = try parseExpression()
            }
            return .typedBinding(name, type: type, value: value, isMutable: keyword == .var)
        }
        _ = try expect(.assign, "or ':' and a type after the name")
        skipNewlines()
        let value = try parseExpression()
        return keyword == .let ? .letBinding(name, value) : .variable(name, value)
    }

    // import = "import" NAME { "." NAME } ;
    private mutating func parseImport() throws(Diagnostic) -> StmtKind {
        skip()
        let module = try expectName("a module name after 'import'")
        var path = [module]
        while match(.dot) { path.append(try expectName("a name after '.' in the module's path")) }
        return .importModule(path)
    }

    // command = ( "tap" | "complete" | "cancel" | "show" | "hide" ) NAME
    //         | "set" NAME ( "=" | "+=" | "-=" ) expression
    //         | ( "send" | "fail" | "request" ) NAME expression
    //         | "wait" expression ;
    private mutating func parseCommand(_ command: CommandWord) throws(Diagnostic) -> StmtKind {
        skip()
        if command == .wait { return .wait(try parseExpression()) }
        let name = try expectName(Messages.nameAfter(command.rawValue))
        switch command {
        case .tap: return .tap(name)
        case .complete: return .complete(name)
        case .cancel: return .cancel(name)
        case .show: return .show(name)
        case .hide: return .hide(name)
        case .set:
            guard check(.assign) || check(.plusAssign) || check(.minusAssign) else {
                throw unexpected(Messages.expected("'=' after 'set \(name.text)'", found: quoted(current)))
            }
            return .set(name, try parseAssignedValue(to: name))
        default:
            guard !(current.kind == .newline || current.kind == .eof || check(.semicolon) || check(.rbrace)) else {
                throw unexpected(Messages.expected(Messages.valueAfter(command.rawValue, name.text), found: quoted(current)))
            }
            let value = try parseExpression()
            switch command {
            case .send: return .send(name, value)
            case .fail: return .fail(name, value)
            default: return .request(name, value)
            }
        }
    }

    // type-annotation = ":" ( "String" | "Int" | "Double" | "Bool" | "Void" | "Any" ) ;
    private mutating func parseOptionalType() throws(Diagnostic) -> TypeName? {
        guard match(.colon) else { return nil }
        guard case .identifier(let word) = current.kind else {
            throw unexpected(Messages.expected("a type after ':'", found: quoted(current)))
        }
        let text = text(of: word)
        guard let type = TypeName(rawValue: text) else {
            let suggestion = Suggest.closest(to: text, in: TypeName.allCases.map(\.rawValue))
            throw Diagnostic.error(Messages.unknownType(text, suggestion: suggestion), at: current.range)
        }
        skip()
        return type
    }

    // button = "button" NAME [ STRING ] [ block ] ;
    private mutating func parseButton() throws(Diagnostic) -> StmtKind {
        skip()
        let name = try expectName(Messages.nameAfter("button"))
        var title: Expr?
        if case .string = current.kind { title = try parsePrimary() }
        let action = check(.lbrace) ? try parseBlock("to start the button's action") : nil
        return .button(name, title: title, action: action)
    }

    // subscriber = "subscriber" NAME "(" "demand" ":" expr ")" block [ "completion" block ] ;
    private mutating func parseSubscriber() throws(Diagnostic) -> StmtKind {
        skip()
        let name = try expectName(Messages.nameAfter("subscriber"))
        _ = try expect(.lparen, "after the subscriber's name: 'subscriber \(name.text)(demand: .unlimited)'")
        guard case .identifier(let word) = current.kind, spells(word, "demand"), peekKind() == .punct(.colon) else {
            throw unexpected(Messages.expected("'demand:'", found: quoted(current)))
        }
        skip()
        skip()
        let demand = try parseExpression()
        _ = try expect(.rparen, "after the demand")
        let bodyStart = current.range
        let body = try parseBlock("to start the subscriber's body")
        let bodyClosure = ClosureExpr(parameters: nil, body: body, range: bodyStart.to(previous.range))
        var completion: ClosureExpr?
        // `completion { … }` may follow on the same line or the next.
        var lookahead = position
        while kind(at: lookahead) == .newline { lookahead += 1 }
        if case .identifier(let word) = kind(at: lookahead), spells(word, "completion"), kind(at: lookahead + 1) == .punct(.lbrace) {
            position = lookahead + 1
            let start = current.range
            let completionBody = try parseBlock("to start the completion body")
            completion = ClosureExpr(parameters: nil, body: completionBody, range: start.to(previous.range))
        }
        return .subscriber(name, demand: demand, body: bodyClosure, completion: completion)
    }

    // func = "func" NAME "(" [ parameter { "," parameter } ] ")" [ "throws" ] [ "->" type ] block ;
    mutating func parseFunction() throws(Diagnostic) -> FunctionDecl {
        skip()
        let name = try expectName(Messages.nameAfter("func"))
        let generics = try parseGenericParameters()
        let (parameters, throwing) = try parseParameters(after: "the function's name")
        skipNewlines(before: .arrow)
        let result = match(.arrow) ? try parseType() : nil
        skipWhereClause()
        skipNewlines(before: .lbrace)
        var declaration = FunctionDecl(name: name, parameters: parameters, result: result, isThrowing: throwing,
                                       body: try parseBlock("to start the function's body"), genericParameters: generics.names)
        declaration.genericConstraints = generics.constraints
        return declaration
    }

    // generic-parameters = [ "<" NAME [ ":" type ] { "," NAME [ ":" type ] } ">" ] ;
    mutating func parseGenericParameters() throws(Diagnostic) -> (names: [String], constraints: [String: TypeExpr]) {
        guard match(.less) else { return ([], [:]) }
        var names: [String] = []
        var constraints: [String: TypeExpr] = [:]
        repeat {
            let name = try expectName("a type parameter's name").text
            names.append(name)
            if match(.colon) { constraints[name] = try parseType() }
        } while match(.comma)
        _ = try expect(.greater, "to close the type parameters")
        return (names, constraints)
    }

    // parameters = "(" [ parameter { "," parameter } ] ")" [ "throws" ] ;
    mutating func parseParameters(after what: String) throws(Diagnostic) -> (parameters: [Parameter], throwing: Bool) {
        _ = try expect(.lparen, "after \(what)")
        var parameters: [Parameter] = []
        while !check(.rparen) {
            if !parameters.isEmpty { _ = try expect(.comma, "between parameters") }
            parameters.append(try parseParameter())
        }
        skip()
        guard case .identifier(let word) = current.kind, spells(word, "throws") else { return (parameters, false) }
        skip()
        return (parameters, true)
    }

    // parameter = [ LABEL ] NAME [ ":" type ] [ "=" expression ] ;   (LABEL "_": called without a label)
    private mutating func parseParameter() throws(Diagnostic) -> Parameter {
        var parameter = try parseLabelledParameter()
        if match(.assign) { parameter.defaultValue = try parseExpression() }
        return parameter
    }

    private mutating func parseLabelledParameter() throws(Diagnostic) -> Parameter {
        // A label may be a word Tapline reserves, as Swift allows (`func find(for q: String)`).
        if case .keyword(let keyword) = current.kind, case .identifier = peekKind() {
            skip()
            let name = try expectName("a parameter name")
            return Parameter(label: keyword.rawValue, name: name, type: match(.colon) ? try parseType() : nil)
        }
        let first = try expectName("a parameter name")
        var label: String? = first.text
        var name = first
        if case .identifier = current.kind {
            name = try expectName("a parameter name")
            if first.text == "_" { label = nil }
        } else if first.text == "_" {
            throw unexpected(Messages.expected("a parameter name after '_'", found: quoted(current)))
        }
        let type = match(.colon) ? try parseType() : nil
        return Parameter(label: label, name: name, type: type)
    }

    // type = [ "@" NAME ] [ "any" | "some" | "inout" ] type-primary { "?" | "!" } ;
    mutating func parseType() throws(Diagnostic) -> TypeExpr {
        try nested { (parser: inout Parser) throws(Diagnostic) -> TypeExpr in
            let start = parser.current.range
            // `@escaping`, `@autoclosure`, `@Sendable`: they change nothing Tapline checks.
            while parser.check(.at), case .identifier = parser.peekKind() {
                parser.skip()
                parser.skip()
            }
            // `any Error`, `some Publisher`: the type itself.
            if case .identifier(let word) = parser.current.kind, parser.spells(word, "any") || parser.spells(word, "some") || parser.spells(word, "inout"),
               case .identifier = parser.peekKind() {
                parser.skip()
            }
            var type = try parser.parseTypePrimary()
            while parser.current.range.start.offset == parser.previous.range.end.offset, parser.check(.question) || parser.check(.not) {
                parser.skip()
                type = TypeExpr(kind: .optional(type), range: start.to(parser.previous.range))
            }
            return type
        }
    }

    // type-primary = NAME [ generic-arguments ] { "." NAME [ generic-arguments ] }
    //              | "[" type [ ":" type ] "]"
    //              | "(" [ [ LABEL [ LABEL ] ":" ] type { "," … } ] ")" [ "throws" ] [ "->" type ] ;
    private mutating func parseTypePrimary() throws(Diagnostic) -> TypeExpr {
        let start = current.range
        if match(.lbracket) {
            let element = try parseType()
            if match(.colon) {
                let value = try parseType()
                _ = try expect(.rbracket, "to close the dictionary type")
                return TypeExpr(kind: .dictionary(element, value), range: start.to(previous.range))
            }
            _ = try expect(.rbracket, "to close the array type")
            return TypeExpr(kind: .array(element), range: start.to(previous.range))
        }
        if match(.lparen) {
            var elements: [TypeExpr] = []
            while !check(.rparen) {
                if !elements.isEmpty { _ = try expect(.comma, "between the tuple's types") }
                skipTypeLabels()
                elements.append(try parseType())
            }
            skip()
            var throwing = false
            if case .identifier(let word) = current.kind, spells(word, "throws") || spells(word, "rethrows") {
                skip()
                throwing = true
            }
            if match(.arrow) {
                let result = try parseType()
                return TypeExpr(kind: .function(elements, result: result, throws: throwing), range: start.to(previous.range))
            }
            if elements.count == 1, !throwing { return TypeExpr(kind: elements[0].kind, range: start.to(previous.range)) }
            return TypeExpr(kind: .tuple(elements), range: start.to(previous.range))
        }
        var name = try expectName("a type").text
        var arguments = try parseGenericArguments()
        // `Subscribers.Completion<Never>`, `Result<Int, Error>.Publisher`: a member type.
        while check(.dot), case .identifier = peekKind() {
            skip()
            name += "." + (try expectName("a type after '.'").text)
            arguments += try parseGenericArguments()
        }
        return TypeExpr(kind: .named(name, arguments: arguments), range: start.to(previous.range))
    }

    /// `<Int, Never>` after a type's name, if there is one. Lines may break inside the
    /// brackets, as in Swift: `AnyPublisher<⏎ [Post], Error⏎ >`.
    private mutating func parseGenericArguments() throws(Diagnostic) -> [TypeExpr] {
        guard match(.less) else { return [] }
        openAngleBrackets += 1
        defer { openAngleBrackets -= 1 }
        var arguments: [TypeExpr] = []
        repeat {
            skipNewlines()
            arguments.append(try parseType())
            skipNewlines()
        } while match(.comma)
        _ = try expect(.greater, "to close the type's arguments")
        return arguments
    }

    /// The labels of a function type's parameter, which name it and change nothing:
    /// `(_ result: Result<User, Error>) -> Void`.
    private mutating func skipTypeLabels() {
        if case .identifier = current.kind, peekKind() == .punct(.colon) {
            skip()
            skip()
        } else if case .identifier = current.kind, case .identifier = peekKind(), kind(at: position + 2) == .punct(.colon) {
            skip()
            skip()
            skip()
        }
    }

    // view = "view" NAME "{" { func | "on" ( "appear" | "disappear" ) block | view-property | view-body } "}" ;
    private mutating func parseView() throws(Diagnostic) -> StmtKind {
        skip()
        let name = try expectName(Messages.nameAfter("view"))
        var view = ViewDecl(name: name, functions: [], appear: [], disappear: [], body: nil)
        try nested { (parser: inout Parser) throws(Diagnostic) in
            _ = try parser.expect(.lbrace, "to start the view's body")
            parser.skipNewlines()
            while !parser.match(.rbrace) {
                try parser.parseViewMember(into: &view)
                try parser.endStatement()
            }
        }
        return .view(view)
    }

    private mutating func parseViewMember(into view: inout ViewDecl) throws(Diagnostic) {
        let start = current.range
        switch current.kind {
        case .keyword(.func):
            let function = try parseFunction()
            view.functions.append(Stmt(.function(function), start.to(previous.range)))
        case .identifier(let word) where spells(word, "on"):
            skip()
            guard case .identifier(let eventWord) = current.kind, case let event = text(of: eventWord),
                  event == "appear" || event == "disappear" else {
                throw unexpected(Messages.expected("'appear' or 'disappear' after 'on'", found: quoted(current)))
            }
            skip()
            let body = try parseBlock("to start 'on \(event)'")
            if event == "appear" { view.appear += body } else { view.disappear += body }
        case .eof:
            throw unexpected(Messages.expected("'}' to close the view", found: quoted(current)))
        case .punct(.at):
            view.properties.append(try parseViewProperty())
        default:
            guard let body = try parseViewBody() else { throw unexpected(Messages.viewMember(found: quoted(current))) }
            view.body = (view.body ?? []) + body
        }
    }

    // view-property = ( "@StateObject" | "@ObservedObject" ) "var" NAME [ ":" type ] "=" expression ;
    private mutating func parseViewProperty() throws(Diagnostic) -> ViewProperty {
        let start = current.range
        guard case .identifier(let word) = peekKind(), spells(word, "StateObject") || spells(word, "ObservedObject") else {
            throw unexpected(Messages.viewMember(found: quoted(current)))
        }
        let isStateObject = spells(word, "StateObject")
        skip()
        skip()
        while current.kind == .newline { skip() }
        guard current.kind == .keyword(.var) else {
            throw unexpected(Messages.expected("'var' after '@\(isStateObject ? "StateObject" : "ObservedObject")'", found: quoted(current)))
        }
        skip()
        let name = try expectName(Messages.nameAfter("var"))
        let type = match(.colon) ? try parseType() : nil
        _ = try expect(.assign, "and the object it starts with ('= Model()')")
        let value = try parseExpression()
        return ViewProperty(name: name, isStateObject: isStateObject, type: type, value: value, range: start.to(previous.range))
    }

    // view-body = ( "body" | "var" "body" [ ":" "some" "View" ] ) block ;
    private mutating func parseViewBody() throws(Diagnostic) -> [Stmt]? {
        let isVar = current.kind == .keyword(.var)
        let nameAt = isVar ? position + 1 : position
        guard case .identifier(let word) = kind(at: nameAt), spells(word, "body") else { return nil }
        if isVar { skip() }
        skip()
        if match(.colon) {
            // `some View` is the only type a body has; it is read and says nothing more.
            guard case .identifier(let some) = current.kind, spells(some, "some"), case .identifier(let type) = peekKind(),
                  spells(type, "View") else {
                throw unexpected(Messages.expected("'some View' after 'body:'", found: quoted(current)))
            }
            skip()
            skip()
        }
        return try parseBlock("to start the view's body")
    }

    // switch = "switch" expr "{" { ( "case" pattern { "," pattern } | "default" ) ":" { statement sep } } "}" ;
    private mutating func parseSwitch() throws(Diagnostic) -> StmtKind {
        skip()
        let subject = try parseCondition()
        var cases: [SwitchCase] = []
        try nested { (parser: inout Parser) throws(Diagnostic) in
            _ = try parser.expect(.lbrace, "to start the switch's cases")
            parser.skipNewlines()
            while !parser.match(.rbrace) { cases.append(try parser.parseSwitchCase()) }
        }
        return .switchStatement(subject, cases: cases)
    }

    private mutating func parseSwitchCase() throws(Diagnostic) -> SwitchCase {
        let start = current.range
        var patterns: [Pattern] = []
        if match(.case) {
            repeat { patterns.append(try parsePattern()) } while match(.comma)
        } else if !match(.default) {
            throw unexpected(Messages.expected("'case' or 'default'", found: quoted(current)))
        }
        _ = try expect(.colon, patterns.isEmpty ? "after 'default'" : "after the case's patterns")
        var body: [Stmt] = []
        skipNewlines()
        while !(check(.case) || check(.default) || check(.rbrace)) {
            guard current.kind != .eof else { throw unexpected(Messages.expected("'}' to close the switch", found: quoted(current))) }
            body.append(try parseStatement())
            try endStatement()
            skipNewlines()
        }
        return SwitchCase(patterns: patterns, body: body, range: start.to(previous.range))
    }

    // pattern = "_" | "let" NAME [ "as" type ] | "is" type
    //         | [ "let" ] [ TYPE ] "." NAME [ "(" pattern { "," pattern } ")" ] | expression ;
    private mutating func parsePattern(bindingNames: Bool = false) throws(Diagnostic) -> Pattern {
        if case .identifier(let word) = current.kind, spells(word, "_") {
            skip()
            return .wildcard
        }
        if case .identifier(let word) = current.kind, spells(word, "is"), case .identifier = peekKind() {
            skip()
            return .cast(nil, try parseType())
        }
        // `case let .failure(error)`: `let` before the pattern binds each name in it.
        if check(.let) || check(.var), case .identifier = peekKind(), kind(at: position + 2) != .punct(.dot) {
            skip()
            let name = try expectName("a name to bind")
            guard case .identifier(let word) = current.kind, spells(word, "as") else { return .binding(name) }
            skip()
            return .cast(name, try parseType())
        }
        let bindsAll = bindingNames || ((check(.let) || check(.var)) && (peekKind() == .punct(.dot) || isTypeDot(at: position + 1)))
        if check(.let) || check(.var) { skip() }
        if bindsAll, case .identifier = current.kind, peekKind() != .punct(.dot), peekKind() != .punct(.lparen) {
            return .binding(try expectName("a name to bind"))
        }
        if check(.lparen), let tuple = try parseTuplePatternIfAny(bindingNames: bindsAll) { return tuple }
        if isTypeDot(at: position) { skip() }   // `NameError.unknown`: the type is the value's own
        if check(.dot), case .identifier(let word) = peekKind() {
            let member = text(of: word)
            skip()
            skip()
            if member == "finished", !check(.lparen) { return .finished }
            guard match(.lparen) else { return member == "failure" ? .failure(binding: nil) : .enumCase(member, nil) }
            var payload: [Pattern] = []
            while !match(.rparen) {
                if !payload.isEmpty { _ = try expect(.comma, "between the payload's patterns") }
                if case .identifier = current.kind, peekKind() == .punct(.colon) {
                    skip()
                    skip()
                }
                if member == "failure", !bindsAll, !check(.let), !check(.var), case .identifier = current.kind, peekKind() == .punct(.rparen) {
                    throw unexpected(Messages.expected("'let' to bind the error: '.failure(let error)'", found: quoted(current)))
                }
                payload.append(try parsePattern(bindingNames: bindsAll))
            }
            if member == "failure", payload.count == 1, case .binding(let name) = payload[0] { return .failure(binding: name) }
            return .enumCase(member, payload)
        }
        return .value(try parseExpression())
    }

    // tuple-pattern = "(" pattern "," pattern { "," pattern } ")" ;
    /// `case (1..., _)`, `case (0, let y)`: a pattern per element; nil (nothing read) when
    /// the parentheses hold one expression, `case (a + b):`.
    private mutating func parseTuplePatternIfAny(bindingNames: Bool) throws(Diagnostic) -> Pattern? {
        guard parenthesesHoldComma() else { return nil }
        skip()
        var elements: [Pattern] = []
        repeat {
            elements.append(try parsePattern(bindingNames: bindingNames))
        } while match(.comma)
        _ = try expect(.rparen, "to close the tuple pattern")
        return .tuple(elements)
    }

    /// Whether the `(` that is the current token holds a comma at its own level: a tuple,
    /// not an expression in parentheses.
    private mutating func parenthesesHoldComma() -> Bool {
        var index = position + 1
        var depth = 0
        while true {
            switch kind(at: index) {
            case .punct(.lparen), .punct(.lbracket), .punct(.lbrace): depth += 1
            case .punct(.rparen), .punct(.rbracket), .punct(.rbrace):
                if depth == 0 { return false }
                depth -= 1
            case .punct(.comma) where depth == 0: return true
            case .eof: return false
            default: break
            }
            index += 1
        }
    }

    /// Whether a capitalised name and a `.` start at `index`: a type naming its case.
    private mutating func isTypeDot(at index: Int) -> Bool {
        guard case .identifier(let word) = kind(at: index), kind(at: index + 1) == .punct(.dot),
              let first = source.codes[word.range].first else { return false }
        return first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z")
    }

    // for = "for" NAME "in" expression block ;
    private mutating func parseFor() throws(Diagnostic) -> StmtKind {
        skip()
        // `for (index, word) in …`: each element's parts bound in the body, as Swift binds them.
        let parts = check(.lparen) ? try parseTuplePattern() : nil
        var name = Name(text: StmtKind.tupleElement, range: current.range)
        if let parts { name.range = parts.range } else { name = try expectName(Messages.nameAfter("for")) }
        guard case .identifier(let word) = current.kind, spells(word, "in") else {
            throw unexpected(Messages.expected("'in' after 'for \(name.text)'", found: quoted(current)))
        }
        skip()
        let sequence = try parseCondition()
        let body = try parseBlock("to start the loop")
        if let parts { return .forEach(name, sequence, body, parts: parts.names) }
        guard case .binary(let op, let low, let high) = sequence.kind, op == .closedRange || op == .halfOpenRange else {
            return .forEach(name, sequence, body, parts: nil)
        }
        return .forLoop(name, from: low, to: high, inclusive: op == .closedRange, body)
    }

    // tuple-pattern = "(" ( NAME | "_" ) { "," ( NAME | "_" ) } ")" ;
    private mutating func parseTuplePattern() throws(Diagnostic) -> (names: [Name?], range: SourceRange) {
        let start = current.range
        skip()
        var names: [Name?] = []
        repeat {
            if case .identifier(let word) = current.kind, spells(word, "_") {
                skip()
                names.append(nil)
            } else {
                names.append(try expectName("a name for each part of the element: 'for (index, value) in …'"))
            }
        } while match(.comma)
        let end = try expect(.rparen, "to end the names of the element's parts")
        return (names, SourceRange(start.start, end.range.end))
    }

    // condition-list = condition { "," condition } ;
    // condition = ( "let" | "var" ) NAME [ "=" expression ] | "case" pattern "=" expression | expression ;
    private mutating func parseConditionList() throws(Diagnostic) -> [Condition] {
        var conditions: [Condition] = []
        repeat {
            if check(.let) || check(.var) {
                let isMutable = check(.var)
                skip()
                let name = try expectName("a name to bind")
                // `if let x` unwraps `x` itself (Swift 5.7).
                let value = match(.assign) ? try parseCondition() : Expr(.name(name.text), name.range)
                conditions.append(.binding(name, value, isMutable: isMutable))
            } else if match(.case) {
                let pattern = try parsePattern()
                _ = try expect(.assign, "after the pattern: 'case .failure(let error) = completion'")
                conditions.append(.pattern(pattern, try parseCondition()))
            } else {
                conditions.append(.expression(try parseCondition()))
            }
        } while matchEndingLine(.comma)
        return conditions
    }

    /// `punct` where a line may end and the statement go on in the next (`if let a = x,⏎
    /// let b = y {`), as Swift reads it: the newlines after it are skipped, and the REPL asks
    /// for the next line when the input ends there.
    private mutating func matchEndingLine(_ punct: Punct) -> Bool {
        guard match(punct) else { return false }
        while current.kind == .newline { skip() }
        if current.kind == .eof { endMayContinue = true }
        return true
    }

    // guard = "guard" condition-list "else" block ;
    private mutating func parseGuard() throws(Diagnostic) -> StmtKind {
        skip()
        let conditions = try parseConditionList()
        guard match(.else) else { throw unexpected(Messages.expected("'else' after the guard's condition", found: quoted(current))) }
        return .guardStatement(conditions, else: try parseBlock("to start the 'else' body"))
    }

    // if = "if" condition-list block [ "else" ( block | if ) ] ;
    private mutating func parseIf() throws(Diagnostic) -> StmtKind {
        skip()
        let conditions = try parseConditionList()
        let body = try parseBlock("to start the 'if' body")
        var elseBody: [Stmt]?
        if match(.else) {
            if check(.if) {
                let start = current.range
                // Each `else if` nests one `if` in the tree: bounded like any flat chain.
                elseIfs += 1
                defer { elseIfs -= 1 }
                guard elseIfs <= Limits.chainLength, !stack.isLow else {
                    throw chainTooLong
                }
                let inner = try parseIf()
                elseBody = [Stmt(inner, start.to(previous.range))]
            } else {
                elseBody = try parseBlock("to start the 'else' body")
            }
        }
        switch conditions.first {
        case .expression(let condition)? where conditions.count == 1: return .ifStatement(condition, body, else: elseBody)
        case .pattern(let pattern, let value)? where conditions.count == 1: return .ifCase(pattern, value, body, else: elseBody)
        default: return .conditional(conditions, body, else: elseBody)
        }
    }

    /// An expression that a block follows: no trailing closure.
    mutating func parseCondition() throws(Diagnostic) -> Expr {
        let saved = conditionDepth
        conditionDepth = bracketDepth
        defer { conditionDepth = saved }
        return try parseExpression()
    }

    // MARK: - Expressions

    // expression = ternary ;
    mutating func parseExpression() throws(Diagnostic) -> Expr {
        try nested { (parser: inout Parser) throws(Diagnostic) -> Expr in try parser.parseTernary() }
    }

    // ternary = or [ "?" expression ":" expression ] ;
    private mutating func parseTernary() throws(Diagnostic) -> Expr {
        let condition = try parseBinary(level: 0)
        guard match(.question) else { return condition }
        let whenTrue = try parseExpression()
        _ = try expect(.colon, "in the conditional expression")
        let whenFalse = try parseExpression()
        return Expr(.ternary(condition, whenTrue, whenFalse), condition.range.to(whenFalse.range))
    }

    /// Swift's precedence, loosest first: `||` 0, `&&` 1, comparison 2, `??` 3, range 4,
    /// `+ -` 5, `* / %` 6; nil for a token that is no binary operator.
    private static func level(of punct: Punct) -> Int? {
        switch punct {
        case .or: return 0
        case .and: return 1
        case .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual, .identical, .notIdentical: return 2
        case .nilCoalescing: return 3
        case .closedRange, .halfOpenRange: return 4
        case .plus, .minus: return 5
        case .star, .slash, .percent: return 6
        default: return nil
        }
    }

    // binary(level) = unary { operator(≥ level) binary(operator's level + 1) } ;
    /// Precedence climbing: each operand is parsed once, and an operator binds as tightly as
    /// its level (asking each of the six levels in turn about every operand would repeat
    /// the work once per level).
    private mutating func parseBinary(level minimum: Int) throws(Diagnostic) -> Expr {
        var left = try parseUnary()
        var terms = 0
        while true {
            // `as`, `as?`, `as!` and `is` bind tighter than `??` and looser than a range.
            if minimum <= 3, isCastWord {
                terms += 1
                guard terms <= Limits.chainLength else { throw chainTooLong }
                left = try parseCast(left)
                continue
            }
            guard case .punct(let op) = current.kind, let level = Parser.level(of: op), level >= minimum else { break }
            // A flat chain builds a tree as deep as it is long, which compiling walks.
            terms += 1
            guard terms <= Limits.chainLength else { throw chainTooLong }
            skip()
            // `1...` with nothing after it: a one-sided range, open to `Int.max`.
            if op == .closedRange, endsOneSidedRange {
                left = Expr(.binary(op, left, .openRangeEnd(upper: true, after: previous.range)), left.range.to(previous.range))
                continue
            }
            // A line may end after an operator: the expression goes on on the next.
            skipNewlines()
            // `??` groups to the right: `a ?? b ?? c` is `a ?? (b ?? c)`.
            let right = try parseBinary(level: op == .nilCoalescing ? level : level + 1)
            left = Expr(.binary(op, left, right), left.range.to(right.range))
            // Comparisons and ranges do not chain in Swift.
            if level == 2 || level == 4, case .punct(let next) = current.kind, Parser.level(of: next) == level {
                throw unexpected(Messages.nonAssociative(next.rawValue))
            }
        }
        return left
    }

    /// Whether the token after a `...` ends the range there: `case (1..., 0)`, `values[1...]`.
    private var endsOneSidedRange: Bool {
        switch current.kind {
        case .punct(.rparen), .punct(.comma), .punct(.rbracket), .punct(.colon), .newline, .eof: return true
        default: return false
        }
    }

    /// Whether the current token is `as` or `is`.
    private var isCastWord: Bool {
        guard case .identifier(let word) = current.kind else { return false }
        return spells(word, "as") || spells(word, "is")
    }

    // cast = operand ( "as" [ "?" | "!" ] | "is" ) type ;
    private mutating func parseCast(_ operand: Expr) throws(Diagnostic) -> Expr {
        var kind: CastKind = isCastWord && source.codes[current.range.start.offset] == UInt8(ascii: "i") ? .test : .plain
        skip()
        if kind == .plain, current.range.start.offset == previous.range.end.offset {
            if match(.question) { kind = .optional } else if match(.not) { kind = .forced }
        }
        let type = try parseType()
        return Expr(.cast(operand, type, kind), operand.range.to(type.range))
    }

    // unary = ( "-" | "!" | "&" | "try" [ "?" | "!" ] ) unary | postfix ;   (& only in .assign(to: &$name))
    private mutating func parseUnary() throws(Diagnostic) -> Expr {
        if check(.try) {
            let token = advance()
            let optional = match(.question)
            if !optional { _ = match(.not) }
            let operand = try nested { (parser: inout Parser) throws(Diagnostic) -> Expr in try parser.parseUnary() }
            return Expr(.try(operand, optional: optional), token.range.to(operand.range))
        }
        if check(.closedRange) || check(.halfOpenRange) {
            // `..<0`, `...5`: a one-sided range, open to `Int.min`.
            let token = advance()
            let bound = Expr.openRangeEnd(upper: false, after: previous.range)
            let operand = try nested { (parser: inout Parser) throws(Diagnostic) -> Expr in try parser.parseUnary() }
            guard case .punct(let op) = token.kind else { return operand }
            return Expr(.binary(op, bound, operand), token.range.to(operand.range))
        }
        if check(.minus) || check(.not) || check(.ampersand) {
            let token = advance()
            let operand = try nested { (parser: inout Parser) throws(Diagnostic) -> Expr in try parser.parseUnary() }
            guard case .punct(let op) = token.kind else { return operand }
            if op == .ampersand { return Expr(.inout(operand), token.range.to(operand.range)) }
            return Expr(.unary(op, operand), token.range.to(operand.range))
        }
        return try parsePostfix()
    }

    // postfix = primary { "." NAME | "(" arguments ")" [ closure ] | closure | "!" | "?" } ;
    private mutating func parsePostfix() throws(Diagnostic) -> Expr {
        var expr = try parsePrimary()
        var links = 0
        var chained = false
        while true {
            if isPostfixBang {
                skip()
                expr = Expr(.forceUnwrap(expr), expr.range.to(previous.range))
            } else if isPostfixQuestion() {
                skip()
                chained = true
                expr = Expr(.optionalBind(expr), expr.range.to(previous.range))
            } else if check(.dot) || continuesOnNextLine() {
                links += 1
                guard links <= Limits.chainLength else { throw chainTooLong }
                skipNewlines()
                skip()
                let nameToken = current
                // `pair.0`: a tuple's element.
                var element: String?
                if case .int(let index) = nameToken.kind { element = String(index) }
                guard let name = element ?? memberName(nameToken) else {
                    throw unexpected(Messages.expected("a member name after '.'", found: quoted(current)))
                }
                skip()
                expr = Expr(.member(expr, name, nameRange: nameToken.range), expr.range.to(nameToken.range))
                expr = combineTypeMember(expr)
            } else if check(.lbracket), current.range.start.offset == previous.range.end.offset {
                skip()
                let index = try parseExpression()
                _ = try expect(.rbracket, "to close the subscript")
                expr = Expr(.subscriptAccess(expr, index), expr.range.to(previous.range))
            } else if check(.lparen), current.range.start.line == previous.range.end.line {
                var arguments = try parseArguments()
                var trailing: ClosureExpr?
                if allowTrailingClosure, check(.lbrace) {
                    trailing = try parseClosure()
                    arguments += try parseLabeledTrailingClosures()
                }
                expr = Expr(.call(expr, arguments, trailing: trailing), expr.range.to(previous.range))
            } else if allowTrailingClosure, check(.lbrace) {
                let closure = try parseClosure()
                let labeled = try parseLabeledTrailingClosures()
                expr = Expr(.call(expr, labeled, trailing: closure), expr.range.to(previous.range))
            } else {
                return chained ? Expr(.optionalChain(expr), expr.range) : expr
            }
        }
    }

    // labeled-trailing-closures = { NAME ":" closure } ;   (after the first trailing closure)
    /// `.sink { … } receiveValue: { … }`: Swift's multiple trailing closures, each labeled.
    private mutating func parseLabeledTrailingClosures() throws(Diagnostic) -> [Argument] {
        var arguments: [Argument] = []
        while true {
            var lookahead = position
            while kind(at: lookahead) == .newline { lookahead += 1 }
            guard case .identifier = kind(at: lookahead), kind(at: lookahead + 1) == .punct(.colon),
                  kind(at: lookahead + 2) == .punct(.lbrace) else { return arguments }
            position = lookahead
            let label = advance()
            skip()
            let closure = try parseClosure()
            arguments.append(Argument(label: memberName(label), labelRange: label.range, value: Expr(.closure(closure), closure.range),
                                      isTrailing: true))
        }
    }

    /// A `!` glued to what comes before it: force-unwrapping (`x!`), not a prefix `!x` or `!=`.
    private var isPostfixBang: Bool {
        check(.not) && current.range.start.offset == previous.range.end.offset && position > 0
    }

    /// A `?` glued to what comes before it and followed by `.`, `(` or `[`: optional chaining
    /// (`a?.b`), not a ternary's `?` (which a space precedes).
    private mutating func isPostfixQuestion() -> Bool {
        guard check(.question), position > 0, current.range.start.offset == previous.range.end.offset else { return false }
        return peekKind() == .punct(.dot)
    }

    /// A chain may go on on the next line when that line starts with `.name`.
    private mutating func continuesOnNextLine() -> Bool {
        guard current.kind == .newline else { return false }
        var lookahead = position
        while kind(at: lookahead) == .newline { lookahead += 1 }
        return kind(at: lookahead) == .punct(.dot)
    }

    /// Whether an expression can be stored into: an element or a member of something.
    static func isPlace(_ expr: Expr) -> Bool {
        switch expr.kind {
        case .subscriptAccess, .member: return true
        case .optionalChain(let inner): return isPlace(inner)   // `a?.b = 1`: stored when `a` holds a value
        default: return false
        }
    }

    private func memberName(_ token: Token) -> String? {
        switch token.kind {
        case .identifier(let word): return text(of: word)
        case .dollarName(let word): return "$" + text(of: word)
        case .keyword(let keyword): return keyword.rawValue
        default: return nil
        }
    }

    // arguments = [ argument { "," argument } ] ; argument = [ NAME ":" ] expression ;
    private mutating func parseArguments() throws(Diagnostic) -> [Argument] {
        skip()
        var arguments: [Argument] = []
        if match(.rparen) { return arguments }
        repeat {
            var label: String?
            var labelRange: SourceRange?
            if let name = memberName(current), peekKind() == .punct(.colon) {
                label = name
                labelRange = advance().range
                skip()
            }
            let value: Expr
            if let function = operatorFunction() { value = function } else { value = try parseExpression() }
            arguments.append(Argument(label: label, labelRange: labelRange, value: value))
        } while match(.comma)
        _ = try expect(.rparen, "to close the argument list")
        return arguments
    }

    /// The operators Swift passes as functions of two arguments: `reduce(0, +)`, `sorted(by: >)`.
    private static let operatorFunctions: Set<Punct> = [.plus, .minus, .star, .slash, .percent, .less, .lessEqual,
                                                        .greater, .greaterEqual, .equal, .notEqual, .and, .or]

    // operator-function = OPERATOR ;   (alone as an argument: the closure { $0 OPERATOR $1 })
    private mutating func operatorFunction() -> Expr? {
        guard case .punct(let op) = current.kind, Parser.operatorFunctions.contains(op),
              peekKind() == .punct(.rparen) || peekKind() == .punct(.comma) else { return nil }
        let range = advance().range
        let operation = Expr(.binary(op, Expr(.argument(0), range), Expr(.argument(1), range)), range)
        return Expr(.closure(ClosureExpr(parameters: nil, body: [Stmt(.expression(operation), range)], range: range)), range)
    }

    // closure = "{" [ signature "in" ] { statement separator } "}" ;
    // signature = [ capture-list ] [ parameters ] [ "throws" ] [ "->" type ] ;
    // parameters = NAME { "," NAME } | "(" [ NAME [ ":" type ] { "," NAME [ ":" type ] } ] ")" ;
    // capture-list = "[" [ "weak" | "unowned" ] NAME [ "=" expression ] { "," … } "]" ;
    private mutating func parseClosure() throws(Diagnostic) -> ClosureExpr {
        let start = current.range
        var signature = ClosureSignature()
        let signatureEnd = closureSignatureEnd()
        if let signatureEnd {
            skip()   // `{`
            signature = try parseClosureSignature(until: signatureEnd)
            skip()   // `in`
        }
        let body = try nested { (parser: inout Parser) throws(Diagnostic) -> [Stmt] in
            // Past `{ signature in` already, or at the `{`.
            signatureEnd == nil ? try parser.parseBlock("to start the closure") : try parser.parseStatementsToBrace("the closure")
        }
        return ClosureExpr(parameters: signature.parameters, parameterTypes: signature.types, resultType: signature.result,
                           captures: signature.captures, body: body, range: start.to(previous.range))
    }

    private struct ClosureSignature {
        var parameters: [String]?
        var types: [TypeExpr?] = []
        var result: TypeExpr?
        var captures: [Capture] = []
    }

    /// Where the `in` of the closure whose `{` is the current token is, if it has a signature:
    /// what comes before it on that line is names, types and the punctuation they are written
    /// with, and nothing else (as Swift's parser decides).
    private mutating func closureSignatureEnd() -> Int? {
        var index = position + 1
        var depth = 0
        while true {
            switch kind(at: index) {
            case .identifier(let word) where depth == 0 && spells(word, "in"):
                return index == position + 1 ? nil : index
            case .identifier, .keyword(.nil): break
            case .punct(.lparen), .punct(.lbracket), .punct(.less): depth += 1
            case .punct(.rparen), .punct(.rbracket), .punct(.greater):
                depth -= 1
                if depth < 0 { return nil }
            case .punct(.comma), .punct(.colon), .punct(.arrow), .punct(.dot), .punct(.question), .punct(.not),
                 .punct(.at), .punct(.assign):
                break
            default: return nil
            }
            index += 1
        }
    }

    /// The signature of a closure, from after its `{` to its `in` (at `end`).
    private mutating func parseClosureSignature(until end: Int) throws(Diagnostic) -> ClosureSignature {
        var signature = ClosureSignature()
        if check(.lbracket) { signature.captures = try parseCaptureList() }
        var names: [String] = []
        if match(.lparen) {
            while !check(.rparen) {
                if !names.isEmpty { _ = try expect(.comma, "between the closure's parameters") }
                names.append(try expectName("a parameter name").text)
                signature.types.append(match(.colon) ? try parseType() : nil)
            }
            skip()
            signature.parameters = names
        } else if case .identifier = current.kind, position < end, !isThrowsWord {
            repeat {
                names.append(try expectName("a parameter name").text)
                signature.types.append(match(.colon) ? try parseType() : nil)
            } while match(.comma)
            signature.parameters = names
        }
        if isThrowsWord { skip() }
        if match(.arrow) { signature.result = try parseType() }
        guard position == end else {
            throw unexpected(Messages.expected("'in' after the closure's parameters", found: quoted(current)))
        }
        return signature
    }

    private var isThrowsWord: Bool {
        guard case .identifier(let word) = current.kind else { return false }
        return spells(word, "throws")
    }

    private mutating func parseCaptureList() throws(Diagnostic) -> [Capture] {
        skip()
        var captures: [Capture] = []
        while !check(.rbracket) {
            if !captures.isEmpty { _ = try expect(.comma, "between captures") }
            var strength = Capture.Strength.strong
            if case .identifier(let word) = current.kind, case .identifier = peekKind() {
                if spells(word, "weak") { strength = .weak } else if spells(word, "unowned") { strength = .unowned }
                if strength != .strong { skip() }
            }
            let name = try expectName("a name in the capture list")
            let value = match(.assign) ? try parseExpression() : nil
            captures.append(Capture(name: name, strength: strength, value: value))
        }
        skip()
        return captures
    }

    // primary = literal | NAME | "$" NAME | "$" INT | "." NAME | "(" … ")" | "[" … "]" | closure ;
    private mutating func parsePrimary() throws(Diagnostic) -> Expr {
        let token = current
        switch token.kind {
        case .int(let value):
            skip()
            return Expr(.int(value), token.range)
        case .double(let value):
            skip()
            return Expr(.double(value), token.range)
        case .duration(let value):
            skip()
            return Expr(.duration(value), token.range)
        case .string(let number):
            skip()
            return Expr(.string(try interpolatedParts(lexer.literal(number))), token.range)
        case .keyword(.true), .keyword(.false):
            skip()
            return Expr(.bool(token.kind == .keyword(.true)), token.range)
        case .keyword(.nil):
            skip()
            return Expr(.nilLiteral, token.range)
        case .identifier(let word):
            skip()
            let name = text(of: word)
            if let arguments = genericArguments(after: name) {
                return Expr(.specialized(name, arguments), token.range.to(previous.range))
            }
            return Expr(.name(name), token.range)
        case .dollarName(let word):
            skip()
            return Expr(.dollarName(text(of: word)), token.range)
        case .dollarIndex(let index):
            skip()
            return Expr(.argument(index), token.range)
        case .punct(.dot):
            skip()
            guard let name = memberName(current) else {
                throw unexpected(Messages.expected("a name after '.'", found: quoted(current)))
            }
            let nameToken = advance()
            return Expr(.implicitMember(name), token.range.to(nameToken.range))
        case .punct(.backslash):
            return try parseKeyPath()
        case .punct(.lparen):
            return try parseParenthesized()
        case .punct(.lbracket):
            return try parseArray()
        case .punct(.lbrace):
            let closure = try parseClosure()
            return Expr(.closure(closure), closure.range)
        case .keyword(let keyword):
            throw unexpected(Messages.keywordInExpression(keyword.rawValue))
        default:
            throw unexpected(Messages.expected("an expression", found: quoted(token)))
        }
    }

    /// A string literal's pieces, each interpolation parsed as an expression.
    private func interpolatedParts(_ parts: [StringPart]) throws(Diagnostic) -> [InterpolatedPart] {
        var result: [InterpolatedPart] = []
        result.reserveCapacity(parts.count)
        for part in parts {
            switch part {
            case .text(let text): result.append(.text(text))
            case .interpolation(let length, let start):
                result.append(.expr(try Parser.parseInterpolation(length: length, at: start, in: source, depth: depth + 1, stack: stack)))
            }
        }
        return result
    }

    // key-path = "\" [ NAME [ generic-arguments ] ] "." component { "." component } ;
    // component = NAME | INT | "self" ;
    private mutating func parseKeyPath() throws(Diagnostic) -> Expr {
        let start = advance().range
        var root: TypeExpr?
        if case .identifier(let word) = current.kind {
            let rootStart = advance().range
            let name = text(of: word)
            root = TypeExpr(kind: .named(name, arguments: genericArguments(after: name) ?? []), range: rootStart.to(previous.range))
        }
        var components: [String] = []
        repeat {
            _ = try expect(.dot, "in a key path: '\\.count'")
            // `\.1`: a tuple's element, as in `pair.1`.
            var element: String?
            if case .int(let index) = current.kind { element = String(index) }
            guard let name = element ?? memberName(current) else { throw unexpected(Messages.expected("a name in the key path", found: quoted(current))) }
            skip()
            components.append(name)
        } while check(.dot)
        return Expr(.keyPath(KeyPathExpr(root: root, components: components)), start.to(previous.range))
    }

    /// `Subscribers.Demand.max(1)`, `Subscribers.Completion<Never>.finished`: Combine's types
    /// named before their members, which Tapline reads as the members (`.max(1)`,
    /// `.finished`); the completion's type arguments are skipped, its types known from where
    /// it goes. Any other member as it is.
    private mutating func combineTypeMember(_ expr: Expr) -> Expr {
        guard case .member(let base, let member, _) = expr.kind else { return expr }
        if case .name("Subscribers") = base.kind, member == "Completion" || member == "Demand" {
            _ = genericArguments(after: member)
            return expr
        }
        guard case .member(let outer, let type, _) = base.kind, case .name("Subscribers") = outer.kind,
              type == "Completion" || type == "Demand" else { return expr }
        return Expr(.implicitMember(member), expr.range)
    }

    /// `<Int, Error>` after a type's name, when a call or a member follows: `Set<AnyCancellable>()`,
    /// `PassthroughSubject<Int, Error>()`. Anything else (`a < b`) is left to the comparison:
    /// the parser backs up, as Swift's does.
    private mutating func genericArguments(after name: String) -> [TypeExpr]? {
        // The `<` first: asking every name whether it starts with a capital is the costlier test.
        guard check(.less), current.range.start.offset == previous.range.end.offset, name.first?.isUppercase == true else { return nil }
        let saved = self
        skip()
        var arguments: [TypeExpr] = []
        repeat {
            guard let type = try? parseType() else {
                self = saved
                return nil
            }
            arguments.append(type)
        } while match(.comma)
        guard match(.greater), check(.lparen) || check(.dot) || check(.lbrace) else {
            self = saved
            return nil
        }
        return arguments
    }

    // parenthesized = "(" ")" | "(" expression ")" | "(" expression "," expression { "," expression } ")" ;
    /// One expression in parentheses is that expression, its range widened to the
    /// parentheses: a chain's text (`(1...3).publisher`, a lane's name) starts at the `(`.
    private mutating func parseParenthesized() throws(Diagnostic) -> Expr {
        let start = advance().range
        if check(.rparen) { return Expr(.void, start.to(advance().range)) }
        var elements = [try parseExpression()]
        while match(.comma) { elements.append(try parseExpression()) }
        let end = try expect(.rparen, elements.count > 1 ? "to close the tuple" : "to close the parenthesis")
        if elements.count == 1 { return Expr(elements[0].kind, start.to(end.range)) }
        return Expr(.tuple(elements), start.to(end.range))
    }

    // array = "[" [ expression { "," expression } [ "," ] ] "]" ;
    // dictionary = "[" ":" "]" | "[" expression ":" expression { "," … } [ "," ] "]" ;
    private mutating func parseArray() throws(Diagnostic) -> Expr {
        let start = advance().range
        if match(.colon) {
            let end = try expect(.rbracket, "to close the empty dictionary '[:]'")
            return Expr(.dictionary([]), start.to(end.range))
        }
        var elements: [Expr] = []
        var pairs: [(key: Expr, value: Expr)] = []
        while !check(.rbracket) {
            let element = try parseExpression()
            if pairs.isEmpty, elements.isEmpty, match(.colon) {
                pairs.append((element, try parseExpression()))
            } else if !pairs.isEmpty {
                _ = try expect(.colon, "between the key and the value")
                pairs.append((element, try parseExpression()))
            } else {
                elements.append(element)
            }
            if !match(.comma) { break }
        }
        let end = try expect(.rbracket, pairs.isEmpty ? "to close the array" : "to close the dictionary")
        return Expr(pairs.isEmpty ? .array(elements) : .dictionary(pairs), start.to(end.range))
    }
}
