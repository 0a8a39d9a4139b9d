/// One element of what a view's body shows, worked out: the terminal draws it as text in a
/// box, the notebook as HTML.
public enum ViewPiece: Equatable, Sendable {
    case text(String)
    /// A declared button: its title, and the name `tap` presses it by.
    case button(title: String, name: String)
    case row([ViewPiece])
    case column([ViewPiece])
    case divider
}

/// A view's body drawn: when it mounts, after a change that alters what it shows, and once
/// more (with no pieces) when it is dismantled.
public struct ViewDrawing: Equatable, Sendable {
    public let name: String
    /// What it shows; nil once the view is dismantled.
    public let pieces: [ViewPiece]?

    /// The view in a box, its name on the top edge, a line per element:
    ///
    ///     ╭─ CounterView ─╮
    ///     │ Count: 1      │
    ///     │ [ + ]         │
    ///     ╰───────────────╯
    ///
    /// Nil for a dismantled view (the terminal shows nothing: `on disappear` speaks for it).
    public var text: String? {
        guard let pieces else { return nil }
        let lines = ViewDrawing.lines(of: pieces)
        let width = max(name.terminalColumns + 2, lines.map { $0?.terminalColumns ?? 0 }.max() ?? 0)
        var out = "╭─ " + name + " " + String(repeating: "─", count: width - name.terminalColumns - 1) + "╮\n"
        for line in lines.isEmpty ? [""] : lines {
            guard let line else {
                out += "├" + String(repeating: "─", count: width + 2) + "┤\n"
                continue
            }
            out += "│ " + line + String(repeating: " ", count: width - line.terminalColumns) + " │\n"
        }
        return out + "╰" + String(repeating: "─", count: width + 2) + "╯\n"
    }

    /// Its lines; nil stands for a divider, which spans the box.
    static func lines(of pieces: [ViewPiece]) -> [String?] {
        pieces.flatMap { piece -> [String?] in
            switch piece {
            case .text(let text): return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            case .button(let title, _): return ["[ \(title) ]"]
            case .column(let inner): return lines(of: inner)
            case .divider: return [nil]
            case .row(let inner):
                // Side by side on one line; what a column in the row holds is joined by spaces.
                let cells = inner.map { lines(of: [$0]).map { $0 ?? "│" }.joined(separator: " ") }
                return [cells.joined(separator: "  ")]
            }
        }
    }

    /// The view as HTML (the notebook's panel): a titled box whose buttons name the `tap`
    /// that presses them; a dismantled view says so.
    public var html: String {
        let (border, look, content) = pieces.map { ("solid", "font-family:system-ui,sans-serif", $0.map(ViewDrawing.html).joined()) }
            ?? ("dashed", "opacity:.6", "<i>dismantled</i>")
        return "<div class=\"tapline-view\" data-view=\"\(SVGWriter.escape(name))\" style=\"border:1px \(border) #aaa;border-radius:8px;"
            + "padding:6px 12px;display:inline-block;\(look)\"><div style=\"font-size:smaller;opacity:.6\">\(SVGWriter.escape(name))</div>"
            + content + "</div>"
    }

    static func html(_ piece: ViewPiece) -> String {
        switch piece {
        case .text(let text): return "<div>" + (text.isEmpty ? "&nbsp;" : SVGWriter.escape(text)) + "</div>"
        case .button(let title, let name):
            return "<button data-tap=\"\(SVGWriter.escape(name))\" title=\"tap \(SVGWriter.escape(name))\">\(SVGWriter.escape(title))</button>"
        case .column(let inner): return "<div style=\"display:flex;flex-direction:column;gap:4px\">" + inner.map(html).joined() + "</div>"
        case .row(let inner): return "<div style=\"display:flex;gap:8px;align-items:center\">" + inner.map(html).joined() + "</div>"
        case .divider: return "<hr>"
        }
    }
}
