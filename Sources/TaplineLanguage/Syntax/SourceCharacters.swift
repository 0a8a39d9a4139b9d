/// A source text as the lexer, the parser and diagnostics read it: one `Character` a
/// position (so offsets and columns count characters, as a person does), stored as one
/// byte a position.
///
/// Each position keeps its ASCII code, or `Lexer.notASCII` for a character that is not one
/// ASCII byte; those few characters are kept apart, by position. An `[Character]` took 16
/// bytes a character, a quarter of `--check`'s memory on a 50,000-line script, and making
/// it a sixth of the time spent outside the parser and compiler.
///
/// A Windows line end, `"\r\n"`, is one `Character` in Swift: it is stored as `"\n"`, so a
/// `//` comment or a `#!` line ends where the line does, and offsets stay the same.
public struct SourceCharacters: RandomAccessCollection, Sendable {
    /// Each character's ASCII code, or `Lexer.notASCII`: what the lexer compares.
    public private(set) var codes: [UInt8]
    /// The characters whose code is `Lexer.notASCII`, in order of position.
    private var others: [Character]
    /// Where each of `others` stands (sorted: found by binary search).
    private var otherOffsets: [Int32]

    public init() {
        (codes, others, otherOffsets) = ([], [], [])
    }

    /// The characters of `text`. Plain ASCII comes straight from the bytes, without
    /// Unicode's rules for where characters break: the usual script.
    public init(_ text: String) {
        let bytes = Array(text.utf8)
        // A plain loop over the bytes: `allSatisfy` on the UTF-8 view cost 70 instructions a byte.
        let isPlain = bytes.withUnsafeBufferPointer { buffer in !buffer.contains { $0 >= 0x80 || $0 == 13 } }
        if isPlain {
            self.init(codes: bytes)
        } else {
            self.init(characters: text)
        }
    }

    private init(codes: [UInt8]) {
        (self.codes, others, otherOffsets) = (codes, [], [])
    }

    /// The given characters, one position each.
    public init(characters: some Sequence<Character>) {
        (codes, others, otherOffsets) = ([], [], [])
        codes.reserveCapacity(characters.underestimatedCount)
        for character in characters { append(character) }
    }

    private mutating func append(_ character: Character) {
        // asciiValue calls "\r\n" 10, which is what it is stored as.
        if let code = character.asciiValue {
            codes.append(code)
        } else {
            otherOffsets.append(Int32(clamping: codes.count))
            others.append(character)
            codes.append(Lexer.notASCII)
        }
    }

    /// Appends another text after this one (a REPL entry after the session's text).
    public mutating func append(contentsOf other: SourceCharacters) {
        let shift = Int32(clamping: codes.count)
        codes += other.codes
        others += other.others
        otherOffsets += other.otherOffsets.map { $0 + shift }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { codes.count }

    public subscript(position: Int) -> Character {
        let code = codes[position]
        return code == Lexer.notASCII ? other(at: position) : Character(Unicode.Scalar(code))
    }

    /// The character kept apart at `position`, whose code says it is not ASCII.
    private func other(at position: Int) -> Character {
        var (low, high) = (0, otherOffsets.count)
        let target = Int32(clamping: position)
        while low < high {
            let middle = (low + high) / 2
            if otherOffsets[middle] < target { low = middle + 1 } else { high = middle }
        }
        return low < others.count && otherOffsets[low] == target ? others[low] : "\u{FFFD}"
    }

    /// The text of `range`, as a string.
    public func text(_ range: Range<Int>) -> String {
        let clamped = range.clamped(to: 0..<codes.count)
        if others.isEmpty { return String(decoding: codes[clamped], as: UTF8.self) }
        return String(self[clamped])
    }
}
