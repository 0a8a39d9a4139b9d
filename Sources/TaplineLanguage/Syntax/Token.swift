/// One piece of a string literal: text, or an interpolated expression `\( … )`.
public enum StringPart: Hashable, Sendable {
    case text(String)
    /// The code between `\(` and `)`: how many characters it has, and where it starts.
    case interpolation(length: Int, SourceLocation)
}

/// Where a name stands in the source: its first character's offset and how many characters
/// it has. A token is plain data, so copying one retains nothing (the parser copies and
/// compares tokens all the time): the lexer makes no `String` of a name, and the parser
/// makes one (`Parser.text(of:)`) where the tree needs it.
public struct Word: Hashable, Sendable {
    public let offset: Int32
    public let count: Int32

    init(_ range: Range<Int>) {
        offset = Int32(clamping: range.lowerBound)
        count = Int32(clamping: range.count)
    }

    /// The characters it spans in the source.
    public var range: Range<Int> { Int(offset)..<Int(offset) + Int(count) }
}

/// The kinds of token the lexer produces.
public enum TokenKind: Hashable, Sendable {
    case identifier(Word)
    case keyword(Keyword)
    /// `$name`: a published value's publisher (the word is the name, without the `$`).
    case dollarName(Word)
    /// `$0`, `$1`: a closure argument.
    case dollarIndex(Int)
    case int(Int)
    case double(Double)
    /// `300ms`, `1.5s`, in nanoseconds.
    case duration(Int64)
    /// A string literal, whose pieces are the lexer's `literal(_:)` of this number.
    case string(Int)
    case punct(Punct)
    case newline
    case eof
}

/// Swift's reserved words that the language reads. Names that are only special in one place
/// (`in`, `appear`) and Tapline's own words (`CommandWord`) are identifiers.
public enum Keyword: String, CaseIterable, Sendable {
    case `func`, `switch`, `case`, `default`, `let`, `var`, `import`
    case `repeat`, `for`, `if`, `else`, `return`, `true`, `false`, `nil`, `throw`, `try`
    case `guard`, `while`, `break`, `continue`
}

/// Punctuation and operators.
public enum Punct: String, CaseIterable, Sendable {
    case lbrace = "{", rbrace = "}", lparen = "(", rparen = ")", lbracket = "[", rbracket = "]"
    case comma = ",", colon = ":", semicolon = ";", dot = ".", closedRange = "...", halfOpenRange = "..<"
    case question = "?", assign = "=", equal = "==", notEqual = "!=", identical = "===", notIdentical = "!==", less = "<", lessEqual = "<="
    case greater = ">", greaterEqual = ">=", plus = "+", minus = "-", star = "*", slash = "/", percent = "%"
    case and = "&&", or = "||", not = "!", arrow = "->", ampersand = "&", backslash = "\\"
    case plusAssign = "+=", minusAssign = "-=", nilCoalescing = "??", at = "@"
}

/// A token with its place in the source.
public struct Token: Hashable, Sendable {
    public var kind: TokenKind
    public var range: SourceRange

    public init(_ kind: TokenKind, _ range: SourceRange) {
        self.kind = kind
        self.range = range
    }
}
