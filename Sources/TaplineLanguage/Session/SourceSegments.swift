/// Everything a session has been given, as one text, and where each piece came from — a
/// script, a `:load`ed file, one REPL entry — so that any location, even one inside a
/// closure from an earlier entry, can be shown with its own file name and line number.
struct SourceSegments {
    private(set) var source = SourceCharacters()
    private var end = SourceLocation(line: 1, column: 1, offset: 0)
    private var segments: [(start: SourceLocation, name: String)] = []

    /// Appends a piece of text named `name`; returns where it starts in the whole.
    mutating func append(_ text: String, name: String) -> SourceLocation {
        var entry = SourceCharacters(text)
        if entry.last != "\n" { entry.append(contentsOf: SourceCharacters("\n")) }
        let start = end
        // The first piece (a whole script) becomes the source as it is: appending it would
        // hold two copies at once.
        if source.isEmpty {
            source = entry
        } else {
            source.append(contentsOf: entry)
        }
        // Counted over the buffer, a loop the compiler vectorises (`reduce` on the array
        // is not vectorised).
        let newlines = entry.codes.withUnsafeBufferPointer { bytes in
            var count = 0
            for byte in bytes { count &+= byte == 10 ? 1 : 0 }
            return count
        }
        end = SourceLocation(line: end.line + newlines, column: 1, offset: source.count)
        segments.append((start, name))
        return start
    }

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
