import CGlibc

/// A source text as the lexer, the parser and diagnostics read it: one `Character` a
/// position (so offsets and columns count characters, as a person does), stored as one
/// byte a position.
///
/// Each position keeps its ASCII code, or `Lexer.notASCII` for a character that is not one
/// ASCII byte; those few characters are kept apart, by position. An `[Character]` takes 16
/// bytes a character, sixteen times this, and is slow to make (Unicode's rules find where
/// each character ends).
///
/// A Windows line end, `"\r\n"`, is one `Character` in Swift: it is stored as `"\n"`, so a
/// `//` comment or a `#!` line ends where the line does, and offsets stay the same.
public struct SourceCharacters: RandomAccessCollection, Sendable {
    /// Each character's ASCII code, or `Lexer.notASCII`: what the lexer compares.
    public private(set) var codes: [UInt8]
    /// The characters whose code is `Lexer.notASCII`; nil when there are none (an ASCII
    /// text is then one array, one reference to copy).
    private var others: Others?

    /// The characters whose code is `Lexer.notASCII`, in order of position, and where each
    /// stands (sorted: found by binary search). Never changed once made.
    private final class Others: Sendable {
        let characters: [Character]
        let offsets: [Int32]

        init(_ characters: [Character], _ offsets: [Int32]) {
            self.characters = characters
            self.offsets = offsets
        }

        /// The index of the first of them at `position` or after it (`offsets.count` when none is).
        func first(atOrAfter position: Int) -> Int {
            var (low, high) = (0, offsets.count)
            let target = Int32(clamping: position)
            while low < high {
                let middle = (low + high) / 2
                if offsets[middle] < target { low = middle + 1 } else { high = middle }
            }
            return low
        }

        /// The text of `range` of a text with these `codes`: its ASCII stretches straight from
        /// the codes, these characters between them (not a character at a time: a token's
        /// text is asked for this way, in any script that has one character that is not ASCII).
        func text(of codes: [UInt8], _ range: Range<Int>) -> String {
            var index = first(atOrAfter: range.lowerBound)
            guard index < offsets.count, Int(offsets[index]) < range.upperBound else {
                return String(decoding: codes[range], as: UTF8.self)
            }
            var text = ""
            var position = range.lowerBound
            while index < offsets.count, Int(offsets[index]) < range.upperBound {
                let offset = Int(offsets[index])
                if offset > position { text += String(decoding: codes[position..<offset], as: UTF8.self) }
                text.append(characters[index])
                (position, index) = (offset + 1, index + 1)
            }
            if position < range.upperBound { text += String(decoding: codes[position..<range.upperBound], as: UTF8.self) }
            return text
        }
    }

    public init() {
        (codes, others) = ([], nil)
    }

    /// The characters of `text`. Plain ASCII comes straight from the bytes, without
    /// Unicode's rules for where characters break: the usual script.
    public init(_ text: String) {
        let bytes = Array(text.utf8)
        // One branch-free loop over the bytes, which the compiler vectorises: `allSatisfy` on
        // the UTF-8 view is not vectorised.
        let isPlain = bytes.withUnsafeBufferPointer { buffer in
            var special: UInt8 = 0
            for byte in buffer { special |= (byte & 0x80) | (byte == 13 ? 1 : 0) }
            return special == 0
        }
        if isPlain {
            self.init(codes: bytes)
        } else {
            self.init(mixed: bytes)
        }
    }

    /// A text with characters that are not ASCII, or CRs: its ASCII stretches come straight
    /// from the bytes, and Unicode's rules run only on the stretches around the others.
    /// Unicode breaks between any two ASCII characters but CR and LF (UAX #29), so a stretch
    /// that has an ASCII byte other than CR, or the text's end, on each side breaks as it
    /// would within the whole text.
    private init(mixed bytes: [UInt8]) {
        var builder = Builder(capacity: bytes.count)
        var position = 0
        while position < bytes.count {
            guard let stretch = SourceCharacters.unicodeStretch(in: bytes, at: position) else {
                builder.codes.append(bytes[position])
                position += 1
                continue
            }
            String(decoding: bytes[stretch], as: UTF8.self).forEach { builder.append($0) }
            position = stretch.upperBound
        }
        self.init(builder)
    }

    /// The bytes from `position` on that Unicode's rules must read together; nil when the
    /// byte at `position` is a character by itself, an ASCII byte other than CR with another
    /// such byte (or the text's end) after it. A stretch ends between two such bytes, so it
    /// takes in the ASCII byte on each side of every other byte (a combining mark joins the
    /// letter before it; a prepended mark, the one after).
    private static func unicodeStretch(in bytes: [UInt8], at position: Int) -> Range<Int>? {
        func isSpecial(_ index: Int) -> Bool { index < bytes.count && (bytes[index] >= 0x80 || bytes[index] == 13) }
        guard isSpecial(position) || isSpecial(position + 1) else { return nil }
        var end = position + 1
        while end < bytes.count, isSpecial(end) || isSpecial(end - 1) { end += 1 }
        return position..<end
    }

    private init(codes: [UInt8]) {
        (self.codes, others) = (codes, nil)
    }

    /// The given characters, one position each.
    public init(characters: some Sequence<Character>) {
        var builder = Builder(capacity: characters.underestimatedCount)
        characters.forEach { builder.append($0) }
        self.init(builder)
    }

    private init(_ builder: Builder) {
        codes = builder.codes
        others = builder.others.isEmpty ? nil : Others(builder.others, builder.offsets)
    }

    /// The codes, and the characters kept apart, of a text being read a character at a time.
    private struct Builder {
        var codes: [UInt8] = []
        var others: [Character] = []
        var offsets: [Int32] = []

        init(capacity: Int) { codes.reserveCapacity(capacity) }

        mutating func append(_ character: Character) {
            // asciiValue calls "\r\n" 10, which is what it is stored as.
            if let code = character.asciiValue {
                codes.append(code)
            } else {
                offsets.append(Int32(clamping: codes.count))
                others.append(character)
                codes.append(Lexer.notASCII)
            }
        }
    }

    /// Appends another text after this one (a REPL entry after the session's text).
    public mutating func append(contentsOf other: SourceCharacters) {
        let shift = Int32(clamping: codes.count)
        codes += other.codes
        guard let added = other.others else { return }
        let shifted = added.offsets.map { $0 + shift }
        others = Others((others?.characters ?? []) + added.characters, (others?.offsets ?? []) + shifted)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { codes.count }

    public subscript(position: Int) -> Character {
        let code = codes[position]
        return code == Lexer.notASCII ? other(at: position) : Character(Unicode.Scalar(code))
    }

    /// The character kept apart at `position`, whose code says it is not ASCII.
    private func other(at position: Int) -> Character {
        guard let others else { return "\u{FFFD}" }
        let low = others.first(atOrAfter: position)
        return low < others.offsets.count && others.offsets[low] == Int32(clamping: position) ? others.characters[low] : "\u{FFFD}"
    }

    /// Whether `word` (ASCII) stands anywhere from `start` on, part of a longer word or not:
    /// a quick test that can rule a word's statement out without lexing the text.
    public func contains(_ word: StaticString, from start: Int) -> Bool {
        guard start >= 0, start < codes.count else { return false }
        return codes.withUnsafeBytes { codes in
            word.withUTF8Buffer { word in
                tapline_contains_bytes(codes.baseAddress?.advanced(by: start), UInt(codes.count - start),
                                       word.baseAddress, UInt(word.count)) != 0
            }
        }
    }

    /// Whether the characters of `range` are `text` (ASCII), compared byte by byte without
    /// making a string: the lexer, the parser and the `marbles`/`trace` scan ask it.
    public func spells(_ range: Range<Int>, _ text: StaticString) -> Bool {
        guard range.count == text.utf8CodeUnitCount, range.lowerBound >= 0, range.upperBound <= codes.count else { return false }
        return text.withUTF8Buffer { bytes in bytes.indices.allSatisfy { codes[range.lowerBound + $0] == bytes[$0] } }
    }

    /// Whether the character at `index` may be part of a name: an ASCII letter, digit or `_`,
    /// or any script's letter or number (with no ASCII punctuation joined to it). The byte is
    /// asked first; Unicode's tables only for a character that is not ASCII.
    @inline(__always) public func isWordPart(at index: Int) -> Bool {
        let code = codes[index]
        guard code == Lexer.notASCII else { return Lexer.isASCIIWordPart(code) }
        let character = self[index]
        return (character.isLetter || character.isNumber) && Lexer.holdsNoASCIIPunctuation(character)
    }

    /// The text of `range`, as a string.
    public func text(_ range: Range<Int>) -> String {
        let clamped = range.clamped(to: 0..<codes.count)
        guard let others else { return String(decoding: codes[clamped], as: UTF8.self) }
        return others.text(of: codes, clamped)
    }

    /// Whether `other` is this very text (a copy of it, not an equal text read again): the
    /// same storage, so found without comparing the characters.
    func isSameText(as other: SourceCharacters) -> Bool {
        guard codes.count == other.codes.count, others === other.others else { return false }
        return codes.withUnsafeBufferPointer { mine in
            other.codes.withUnsafeBufferPointer { mine.baseAddress == $0.baseAddress }
        }
    }
}
