/// A position in a source text: 1-based line and column (columns count characters), and
/// the 0-based offset into the source's array of characters.
///
/// Stored in 32 bits each (a script is at most 8 MiB, Limits.scriptBytes; a value past the
/// range saturates rather than traps): every token and syntax node holds two, and 64-bit
/// fields would double what a long script's tokens take.
public struct SourceLocation: Hashable, Sendable, Comparable {
    private var storedLine: Int32
    private var storedColumn: Int32
    private var storedOffset: Int32

    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }
    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }
    public var offset: Int {
        get { Int(storedOffset) }
        set { storedOffset = Int32(clamping: newValue) }
    }

    public init(line: Int, column: Int, offset: Int) {
        storedLine = Int32(clamping: line)
        storedColumn = Int32(clamping: column)
        storedOffset = Int32(clamping: offset)
    }

    /// A position the lexer is at: within a text of at most `Limits.scriptBytes`, so each
    /// field fits and is stored without the saturating checks (the lexer makes two a token).
    init(lexing line: Int, column: Int, offset: Int) {
        storedLine = Int32(truncatingIfNeeded: line)
        storedColumn = Int32(truncatingIfNeeded: column)
        storedOffset = Int32(truncatingIfNeeded: offset)
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool { lhs.storedOffset < rhs.storedOffset }
}

/// A half-open range of source text.
public struct SourceRange: Hashable, Sendable {
    public var start: SourceLocation
    public var end: SourceLocation

    public init(_ start: SourceLocation, _ end: SourceLocation) {
        self.start = start
        self.end = end
    }

    /// The range covering both.
    public func to(_ other: SourceRange) -> SourceRange { SourceRange(start, Swift.max(end, other.end)) }
}

extension SourceRange {
    /// The start of the text: where an error with no better place is reported.
    public static let zero = SourceRange(SourceLocation(line: 1, column: 1, offset: 0), SourceLocation(line: 1, column: 1, offset: 0))
}

/// A piece of the source as written (a chain, for `:list` and the REPL's echo), kept as a
/// range of the session's text and made into a `String` only when it is shown: a chain of
/// n stages would otherwise copy its text n times while it compiles.
public struct SourceText: CustomStringConvertible, Sendable {
    private let characters: SourceCharacters
    private let range: Range<Int>
    private let prefix: String

    init(_ characters: SourceCharacters, _ range: SourceRange, prefix: String = "") {
        let start = max(0, min(range.start.offset, characters.count))
        let end = max(start, min(range.end.offset, characters.count))
        self.characters = characters
        self.range = start..<end
        self.prefix = prefix
    }

    /// The same text with words before it (`switch $p`).
    func prefixed(_ words: String) -> SourceText { SourceText(characters, range, prefix: words + prefix) }

    private init(_ characters: SourceCharacters, _ range: Range<Int>, prefix: String) {
        self.characters = characters
        self.range = range
        self.prefix = prefix
    }

    public var description: String { prefix + characters.text(range) }

    /// The text this one adds to `earlier` when `earlier` is its beginning, read from the same
    /// source (a chain's stage after its upstream: `.map { $0 }`); nil otherwise.
    func added(to earlier: SourceText) -> String? {
        guard prefix.isEmpty, earlier.prefix.isEmpty, range.lowerBound == earlier.range.lowerBound,
              earlier.range.upperBound <= range.upperBound, characters.isSameText(as: earlier.characters) else { return nil }
        return characters.text(earlier.range.upperBound..<range.upperBound)
    }
}
