import TaplineReactive

/// A marble diagram as a self-contained SVG picture in the style of the ReactiveX
/// documentation: each lane an arrow along time, values as labelled circles, completion as a
/// bar, an error as a cross, subscribe and cancel as small marks. It draws the same
/// `MarbleDiagram` as the terminal does, frame for frame. On a light card of its own, so it
/// reads the same on white and dark pages.
struct MarbleSVG {
    let diagram: MarbleDiagram

    init(_ diagram: MarbleDiagram) { self.diagram = diagram }

    /// Pixels per frame, per lane, and the margins.
    private static let step = 22.0, laneHeight = 56.0, margin = 16.0, rulerHeight = 28.0, legendLine = 18.0
    private static let palette = ["#f4c430", "#7fc8f8", "#ff8c69", "#9ad18b", "#c9a0dc", "#f7a1c4", "#8fd3c7", "#f2b880"]

    /// How many characters a label or legend line may take: the timeline's width, and at least
    /// 60, so that a long chain's name does not make the picture wide and its timeline small.
    private var labelLimit: Int { max(60, Int((Double(diagram.frameCount) * Self.step + 24) / 7.5)) }

    private var width: Double {
        let texts = diagram.lanes.map(\.name) + diagram.legend.map { "\($0.0) = \($0.1)" } + [diagram.key]
        let longest = texts.map { min($0.count, labelLimit) }.max() ?? 0
        return Self.margin * 2 + max(Double(diagram.frameCount) * Self.step + 24, Double(longest) * 7.5)
    }
    private var height: Double {
        let lines = diagram.legend.count + (diagram.omitted > 0 ? 1 : 0) + (diagram.key.isEmpty ? 0 : 1)
        return Self.margin * 2 + Self.rulerHeight + Double(diagram.lanes.count) * Self.laneHeight + Double(lines) * Self.legendLine
    }

    /// `text` cut to the label limit, its start and end kept.
    private func fitted(_ text: String) -> String { MarbleDiagram.cut(text, to: labelLimit) }

    /// The whole document.
    var document: String {
        var svg = SVGWriter(width: width, height: height)
        svg.rect(x: 0.5, y: 0.5, width: width - 1, height: height - 1, fill: "#ffffff", stroke: "#c8ccd0", radius: 8)
        drawRuler(&svg)
        for (index, lane) in diagram.lanes.enumerated() {
            drawLane(&svg, lane, symbols: diagram.symbols[index], top: Self.margin + Self.rulerHeight + Double(index) * Self.laneHeight)
        }
        drawLegend(&svg)
        return svg.finish()
    }

    private func x(_ column: Int) -> Double { Self.margin + (Double(column) + 0.5) * Self.step }

    private func drawRuler(_ svg: inout SVGWriter) {
        let y = Self.margin + 14
        for column in 0..<diagram.frameCount where (diagram.firstFrame + Int64(column)) % 10 == 0 {
            let time = VirtualTime(nanoseconds: (diagram.firstFrame + Int64(column)) * diagram.frameLength)
            svg.line(x1: x(column), y1: y + 4, x2: x(column), y2: y + 10, stroke: "#6a737d", width: 1)
            svg.text(time.shortDescription, x: x(column), y: y, size: 11, fill: "#4a5560", anchor: "middle")
        }
    }

    private func drawLane(_ svg: inout SVGWriter, _ lane: MarbleDiagram.Lane, symbols: [Character], top: Double) {
        svg.text(fitted(lane.name), x: Self.margin, y: top + 12, size: 12, fill: "#24292e", anchor: "start")
        let y = top + 34
        let end = Self.margin + Double(diagram.frameCount) * Self.step + 16
        svg.line(x1: Self.margin, y1: y, x2: end, y2: y, stroke: "#d6dadf", width: 1.5)
        for column in 0..<diagram.frameCount where lane.live[column] {
            svg.line(x1: x(column) - Self.step / 2, y1: y, x2: x(column) + Self.step / 2, y2: y, stroke: "#24292e", width: 2)
        }
        svg.path("M \(end - 8) \(y - 5) L \(end) \(y) L \(end - 8) \(y + 5)", stroke: "#24292e", width: 2)
        for (column, symbol) in symbols.enumerated() where symbol != "-" && symbol != " " {
            // The events behind a mark, as `trace` writes them: its tooltip.
            svg.openMark(title: ([lane.name] + (lane.events[column] ?? [])).joined(separator: "\n"))
            drawMark(&svg, symbol, at: x(column), y: y)
            svg.closeMark()
        }
    }

    /// One mark; `scale` draws the completion, failure, subscription and cancel marks smaller
    /// (the key's).
    private func drawMark(_ svg: inout SVGWriter, _ symbol: Character, at x: Double, y: Double, scale k: Double = 1) {
        switch symbol {
        case "|":
            svg.line(x1: x, y1: y - 11 * k, x2: x, y2: y + 11 * k, stroke: "#24292e", width: 3)
        case "#":
            svg.line(x1: x - 7 * k, y1: y - 7 * k, x2: x + 7 * k, y2: y + 7 * k, stroke: "#c0392b", width: 3)
            svg.line(x1: x - 7 * k, y1: y + 7 * k, x2: x + 7 * k, y2: y - 7 * k, stroke: "#c0392b", width: 3)
        case "^":
            svg.path("M \(x - 6 * k) \(y + 12 * k) L \(x) \(y + 4 * k) L \(x + 6 * k) \(y + 12 * k) Z", stroke: "#24292e",
                     width: 1.5, fill: "#24292e")
        case "!":
            svg.line(x1: x, y1: y - 10 * k, x2: x, y2: y + 10 * k, stroke: "#8a6d3b", width: 2, dashed: true)
        default:
            let colour = Self.palette[Int(symbol.unicodeScalars.first?.value ?? 0) % Self.palette.count]
            svg.circle(x: x, y: y, radius: 10, fill: colour, stroke: "#24292e")
            svg.text(String(symbol), x: x, y: y + 4, size: 12, fill: "#111111", anchor: "middle", bold: true)
        }
    }

    /// The marks drawn, each as the picture draws it, with what it means.
    private func drawKey(_ svg: inout SVGWriter, y: Double) {
        var x = Self.margin + 8
        for (mark, meaning) in diagram.keyMarks {
            // The subscription mark hangs below its point: it is raised to sit beside the text.
            drawMark(&svg, mark, at: x, y: mark == "^" ? y - 10 : y - 4, scale: 0.6)
            svg.text(meaning, x: x + 10, y: y, size: 12, fill: "#24292e", anchor: "start")
            x += 10 + Double(meaning.count) * 7.5 + 18
        }
    }

    private func drawLegend(_ svg: inout SVGWriter) {
        var y = Self.margin + Self.rulerHeight + Double(diagram.lanes.count) * Self.laneHeight + 16
        if diagram.omitted > 0 {
            svg.text("\(diagram.omitted) earlier event(s) left out", x: Self.margin, y: y, size: 11, fill: "#6a737d", anchor: "start")
            y += Self.legendLine
        }
        if !diagram.keyMarks.isEmpty {
            drawKey(&svg, y: y)
            y += Self.legendLine
        }
        for (letter, meaning) in diagram.legend {
            svg.text(fitted("\(letter) = \(meaning)"), x: Self.margin, y: y, size: 12, fill: "#24292e", anchor: "start")
            y += Self.legendLine
        }
    }
}

/// A small SVG writer: elements appended as text, every attribute value escaped.
struct SVGWriter {
    private var body: [String] = []
    private let width: Double, height: Double

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    mutating func rect(x: Double, y: Double, width: Double, height: Double, fill: String, stroke: String, radius: Double) {
        body.append("<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"\(n(height))\" rx=\"\(n(radius))\" fill=\"\(fill)\" stroke=\"\(stroke)\"/>")
    }

    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double, dashed: Bool = false) {
        let dash = dashed ? " stroke-dasharray=\"3 2\"" : ""
        body.append("<line x1=\"\(n(x1))\" y1=\"\(n(y1))\" x2=\"\(n(x2))\" y2=\"\(n(y2))\" stroke=\"\(stroke)\" stroke-width=\"\(n(width))\"\(dash)/>")
    }

    mutating func circle(x: Double, y: Double, radius: Double, fill: String, stroke: String) {
        body.append("<circle cx=\"\(n(x))\" cy=\"\(n(y))\" r=\"\(n(radius))\" fill=\"\(fill)\" stroke=\"\(stroke)\" stroke-width=\"1.5\"/>")
    }

    mutating func path(_ data: String, stroke: String, width: Double, fill: String = "none") {
        body.append("<path d=\"\(data)\" fill=\"\(fill)\" stroke=\"\(stroke)\" stroke-width=\"\(n(width))\" stroke-linejoin=\"round\"/>")
    }

    /// A group whose tooltip (and, in the playground, the line a click shows) is `title`.
    mutating func openMark(title: String) {
        body.append("<g class=\"mark\"><title>\(Self.escapeLines(title))</title>")
    }

    mutating func closeMark() { body.append("</g>") }

    /// Text as XML character data that keeps its line breaks (a tooltip's lines).
    static func escapeLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { escape(String($0)) }.joined(separator: "\n")
    }

    mutating func text(_ content: String, x: Double, y: Double, size: Double, fill: String, anchor: String, bold: Bool = false) {
        let weight = bold ? " font-weight=\"bold\"" : ""
        body.append("<text x=\"\(n(x))\" y=\"\(n(y))\" font-size=\"\(n(size))\" fill=\"\(fill)\" text-anchor=\"\(anchor)\"\(weight)>\(Self.escape(content))</text>")
    }

    func finish() -> String {
        let header = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" viewBox=\"0 0 \(n(width)) \(n(height))\" font-family=\"Menlo, Consolas, 'DejaVu Sans Mono', monospace\">"
        return ([header] + body + ["</svg>"]).joined(separator: "\n") + "\n"
    }

    /// Text as XML character data: `&`, `<`, `>` and quotes escaped, control characters
    /// (not allowed in XML 1.0) shown as `?`.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\t", "\n": escaped += " "
            case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) || (0xD800...0xDFFF).contains(scalar.value):
                escaped += "?"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// A number as SVG writes it: at most two decimals.
    private func n(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
