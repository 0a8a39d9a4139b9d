/// Everything a session has been given, as one text, and where each piece came from — a
/// script, a `:load`ed file, one REPL entry — so that any location, even one inside a
/// closure from an earlier entry, can be shown with its own file name and line number.
struct SourceSegments {
    private(set) var source: [Character] = []
    /// Each character's ASCII code, or `Lexer.notASCII`: what the lexer compares.
    private(set) var codes: [UInt8] = []
    private var end = SourceLocation(line: 1, column: 1, offset: 0)
    private var segments: [(start: SourceLocation, name: String)] = []

    /// Appends a piece of text named `name`; returns where it starts in the whole.
    mutating func append(_ text: String, name: String) -> SourceLocation {
        var (entry, entryCodes) = SourceSegments.characters(of: text)
        // A Windows line end is one Character ("\r\n"), not "\n": mapped one for one.
        if entryCodes.contains(Lexer.notASCII), entry.contains("\r\n") {
            entry = Lexer.normalizingLineEnds(entry)
            entryCodes = Lexer.asciiCodes(entry, 0..<entry.count)
        }
        if entry.last != "\n" {
            entry.append("\n")
            entryCodes.append(10)
        }
        let start = end
        // The first piece (a whole script) becomes the source as it is: appending it would
        // hold two copies at once, and at 16 bytes a character that is most of the peak.
        if source.isEmpty {
            (source, codes) = (entry, entryCodes)
        } else {
            source += entry
            codes += entryCodes
        }
        let newlines = entryCodes.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
        end = SourceLocation(line: end.line + newlines, column: 1, offset: source.count)
        segments.append((start, name))
        return start
    }

    /// The text's characters and their ASCII codes. Plain ASCII (no carriage return, which
    /// makes one character of "\r\n") is one character a byte, so both come straight from
    /// the bytes, without Unicode's rules for where characters break: the usual script.
    static func characters(of text: String) -> ([Character], [UInt8]) {
        let codes = Array(text.utf8)
        // Plain loops over the bytes: `allSatisfy` on the UTF-8 view and `map` through the
        // static table took 70 instructions a byte.
        let isPlain = codes.withUnsafeBufferPointer { bytes in !bytes.contains { $0 >= 0x80 || $0 == 13 } }
        if isPlain {
            let table = SourceSegments.asciiCharacters
            let characters = [Character](unsafeUninitializedCapacity: codes.count) { buffer, count in
                for (index, code) in codes.enumerated() { buffer.initializeElement(at: index, to: table[Int(code)]) }
                count = codes.count
            }
            return (characters, codes)
        }
        let characters = Array(text)
        return (characters, Lexer.asciiCodes(characters, 0..<characters.count))
    }

    /// The 128 ASCII characters, made once: copying one costs less than making it.
    private static let asciiCharacters: [Character] = (0..<128).map { Character(Unicode.Scalar(UInt8($0))) }

    /// The diagnostic with its lines counted from the start of the piece it is in, and that
    /// piece's name.
    func localize(_ diagnostic: Diagnostic) -> (name: String, diagnostic: Diagnostic) {
        var copy = diagnostic
        copy.range = shifted(diagnostic.range)
        copy.notes = diagnostic.notes.map { note in
            var note = note
            note.range = note.range.map(shifted)
            return note
        }
        return (segment(of: diagnostic.range.start)?.name ?? "<input>", copy)
    }

    /// The name of the piece of text each note points into (the diagnostic's own for a note
    /// with no place).
    func noteNames(_ diagnostic: Diagnostic) -> [String] {
        let own = segment(of: diagnostic.range.start)?.name ?? "<input>"
        return diagnostic.notes.map { note in note.range.flatMap { segment(of: $0.start)?.name } ?? own }
    }

    private func segment(of location: SourceLocation) -> (start: SourceLocation, name: String)? {
        segments.last { $0.start.offset <= location.offset }
    }

    private func shifted(_ range: SourceRange) -> SourceRange {
        guard let base = segment(of: range.start)?.start else { return range }
        var copy = range
        copy.start.line -= base.line - 1
        copy.end.line -= base.line - 1
        return copy
    }
}
