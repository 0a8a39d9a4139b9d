/// The parts of a formatted diagnostic that a front end may style. The language knows no
/// terminal: the tool's decorator turns these into colour, a notebook's into HTML.
public enum DiagnosticPart: Sendable {
    /// `file:line:col: `
    case location
    /// `error: `
    case errorLabel
    /// `warning: `
    case warningLabel
    /// `note: `
    case noteLabel
    /// The message itself.
    case message
    /// The caret and tildes under the source line.
    case marker
}

/// Styles the parts of a diagnostic; the plain one leaves them as they are.
public protocol DiagnosticDecorator {
    func decorate(_ text: String, as part: DiagnosticPart) -> String
}

/// No styling: what scripts, pipes and tests see.
public struct PlainDecorator: DiagnosticDecorator {
    public init() {}
    public func decorate(_ text: String, as part: DiagnosticPart) -> String { text }
}

/// Turns a `Diagnostic` into text: `file:line:col: error: message`, the source line, a caret
/// under the column, then the notes.
public struct DiagnosticFormatter {
    public var decorator: any DiagnosticDecorator

    public init(decorator: any DiagnosticDecorator = PlainDecorator()) { self.decorator = decorator }

    /// `noteFileNames[i]`, where given, names the text note i points into (a note can point
    /// into an earlier REPL entry or notebook cell); otherwise it is `fileName`.
    public func format<Source: RandomAccessCollection<Character>>(_ diagnostic: Diagnostic, source: Source, fileName: String,
                                                              noteFileNames: [String] = []) -> String where Source.Index == Int {
        var out = header(diagnostic.severity, diagnostic.range.start, fileName) + decorator.decorate(diagnostic.message, as: .message) + "\n"
        out += excerpt(diagnostic.range, source: source)
        for (index, note) in diagnostic.notes.enumerated() {
            if let range = note.range {
                let name = index < noteFileNames.count ? noteFileNames[index] : fileName
                out += header(.note, range.start, name) + note.message + "\n"
                out += excerpt(range, source: source)
            } else {
                out += decorator.decorate("note: ", as: .noteLabel) + note.message + "\n"
            }
        }
        return out
    }

    private func header(_ severity: Diagnostic.Severity, _ at: SourceLocation, _ fileName: String) -> String {
        decorator.decorate("\(fileName):\(at.line):\(at.column): ", as: .location)
            + decorator.decorate("\(severity.rawValue): ", as: severity == .error ? .errorLabel : severity == .warning ? .warningLabel : .noteLabel)
    }

    /// The source line with a caret (and tildes for the rest of the range on that line).
    private func excerpt<Source: RandomAccessCollection<Character>>(_ range: SourceRange, source: Source) -> String where Source.Index == Int {
        var (text, lineStart) = line(at: range.start.offset, in: source)
        // A very long line is shown as a window around the column.
        if text.count > 120 {
            let column = range.start.offset - lineStart
            let from = max(0, column - 60)
            let to = min(text.count, from + 120)
            let lead: [Character] = from > 0 ? ["…"] : []
            text = ArraySlice(lead + Array(text)[from..<to] + (to < text.count ? ["…"] : []))
            lineStart += from - lead.count
        }
        let gutter = String(range.start.line)
        let pad = String(repeating: " ", count: gutter.count)
        let column = max(0, range.start.offset - lineStart)
        let indent = text.prefix(column).map { $0 == "\t" ? "\t" : " " }.joined()
        let width = max(1, min(range.end.offset, lineStart + text.count) - range.start.offset)
        let marker = "^" + String(repeating: "~", count: width - 1)
        return " \(gutter) | \(String(text))\n \(pad) | \(indent)\(decorator.decorate(marker, as: .marker))\n"
    }

    private func line<Source: RandomAccessCollection<Character>>(at offset: Int, in source: Source) -> (ArraySlice<Character>, Int) where Source.Index == Int {
        let bounds = source.lineBounds(at: offset)
        let (start, end) = (bounds.lowerBound, bounds.upperBound)
        // Keep the excerpt printable: control characters become '?'.
        let printable = source[start..<end].map { c -> Character in
            c != "\t" && (c.unicodeScalars.first.map { $0.value < 32 || $0.value == 127 } ?? false) ? "?" : c
        }
        return (ArraySlice(printable), start)
    }
}

extension RandomAccessCollection where Element == Character, Index == Int {
    /// Where the line holding `offset` starts and ends (its newline not included); an offset
    /// outside the text is taken as its nearest end.
    func lineBounds(at offset: Int) -> Range<Int> {
        let clamped = Swift.min(Swift.max(0, offset), count)
        var start = clamped
        while start > 0, self[start - 1] != "\n" { start -= 1 }
        var end = clamped
        while end < count, self[end] != "\n" { end += 1 }
        return start..<end
    }
}
