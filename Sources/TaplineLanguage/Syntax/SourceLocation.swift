/// A position in a source text: 1-based line and column (columns count characters), and
/// the 0-based offset into the source's array of characters.
public struct SourceLocation: Hashable, Sendable, Comparable {
    public var line: Int
    public var column: Int
    public var offset: Int

    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool { lhs.offset < rhs.offset }
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
