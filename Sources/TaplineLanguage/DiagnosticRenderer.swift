/// Turns a `Diagnostic` into text: `file:line:col: error: message`, the source line, a caret
/// under the column, then the notes. Colour is optional and separate from the data.
public struct DiagnosticRenderer {
    public var useColor: Bool

    public init(useColor: Bool) { self.useColor = useColor }

    public func render(_ diagnostic: Diagnostic, source: [Character], fileName: String) -> String {
        var out = header(diagnostic.severity, diagnostic.range.start, fileName) + bold(diagnostic.message) + "\n"
        out += excerpt(diagnostic.range, source: source)
        for note in diagnostic.notes {
            if let range = note.range {
                out += header(.note, range.start, fileName) + note.message + "\n"
                out += excerpt(range, source: source)
            } else {
                out += paint("note: ", "36") + note.message + "\n"
            }
        }
        return out
    }

    private func header(_ severity: Diagnostic.Severity, _ at: SourceLocation, _ fileName: String) -> String {
        let code = severity == .error ? "31" : severity == .warning ? "35" : "36"
        return bold("\(fileName):\(at.line):\(at.column): ") + paint("\(severity.rawValue): ", "1;" + code)
    }

    /// The source line with a caret (and tildes for the rest of the range on that line).
    private func excerpt(_ range: SourceRange, source: [Character]) -> String {
        var (text, lineStart) = line(at: range.start.offset, in: source)
        // A very long line is shown as a window around the column.
        var lead = ""
        if text.count > 120 {
            let column = range.start.offset - lineStart
            let from = max(0, column - 60)
            let to = min(text.count, from + 120)
            lead = from > 0 ? "…" : ""
            text = ArraySlice(Array(text)[from..<to] + (to < text.count ? ["…"] : []))
            lineStart += from - lead.count
            text = ArraySlice(Array(lead) + text)
        }
        let gutter = String(range.start.line)
        let pad = String(repeating: " ", count: gutter.count)
        let column = max(0, range.start.offset - lineStart)
        let indent = text.prefix(column).map { $0 == "\t" ? "\t" : " " }.joined()
        let width = max(1, min(range.end.offset, lineStart + text.count) - range.start.offset)
        let marker = "^" + String(repeating: "~", count: width - 1)
        return " \(gutter) | \(String(text))\n \(pad) | \(indent)\(paint(marker, "1;32"))\n"
    }

    private func line(at offset: Int, in source: [Character]) -> (ArraySlice<Character>, Int) {
        let clamped = min(max(0, offset), source.count)
        var start = clamped
        while start > 0, source[start - 1] != "\n" { start -= 1 }
        var end = clamped
        while end < source.count, source[end] != "\n" { end += 1 }
        // Keep the excerpt printable: control characters become '?'.
        let printable = source[start..<end].map { c -> Character in
            c != "\t" && (c.unicodeScalars.first.map { $0.value < 32 || $0.value == 127 } ?? false) ? "?" : c
        }
        return (ArraySlice(printable), start)
    }

    private func bold(_ text: String) -> String { paint(text, "1") }

    private func paint(_ text: String, _ code: String) -> String {
        useColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
