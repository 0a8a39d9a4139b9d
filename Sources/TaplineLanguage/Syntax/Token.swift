/// One piece of a string literal: text, or an interpolated expression `\( … )`.
public enum StringPart: Hashable, Sendable {
    case text(String)
    /// The code between `\(` and `)`: how many characters it has, and where it starts.
    case interpolation(length: Int, SourceLocation)
}

/// The kinds of token the lexer produces.
public enum TokenKind: Hashable, Sendable {
    case identifier(String)
    case keyword(Keyword)
    /// `$name`: a published value's publisher.
    case dollarName(String)
    /// `$0`, `$1`: a closure argument.
    case dollarIndex(Int)
    case int(Int)
    case double(Double)
    /// `300ms`, `1.5s`, in nanoseconds.
    case duration(Int64)
    case string([StringPart])
    case punct(Punct)
    case newline
    case eof
}

/// Reserved words. Names that are only special in one place (`in`, `appear`) are identifiers.
public enum Keyword: String, CaseIterable, Sendable {
    case button, subject, current, published, subscriber, `func`, view, `switch`, `case`, `default`
    case `let`, tap, set, send, complete, fail, cancel, request, wait, show, hide
    case `repeat`, `for`, `if`, `else`, `return`, `true`, `false`, `nil`, `throw`, `try`, `var`
}

/// Punctuation and operators.
public enum Punct: String, CaseIterable, Sendable {
    case lbrace = "{", rbrace = "}", lparen = "(", rparen = ")", lbracket = "[", rbracket = "]"
    case comma = ",", colon = ":", semicolon = ";", dot = ".", closedRange = "...", halfOpenRange = "..<"
    case question = "?", assign = "=", equal = "==", notEqual = "!=", less = "<", lessEqual = "<="
    case greater = ">", greaterEqual = ">=", plus = "+", minus = "-", star = "*", slash = "/", percent = "%"
    case and = "&&", or = "||", not = "!", arrow = "->", ampersand = "&", backslash = "\\"
    case plusAssign = "+=", minusAssign = "-="
}

/// A token with its place in the source.
public struct Token: Hashable, Sendable {
    public var kind: TokenKind
    public var range: SourceRange

    public init(_ kind: TokenKind, _ range: SourceRange) {
        self.kind = kind
        self.range = range
    }

    /// How the token is quoted in a diagnostic: `'{'`, `'tap'`, `end of input`.
    public var quoted: String {
        switch kind {
        case .identifier(let name): return "'\(name)'"
        case .keyword(let keyword): return "'\(keyword.rawValue)'"
        case .dollarName(let name): return "'$\(name)'"
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
}
