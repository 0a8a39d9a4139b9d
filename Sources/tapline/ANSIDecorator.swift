import TaplineLanguage

/// ANSI colour for a terminal. The language formats diagnostics as plain text with parts; this
/// is the only place that knows escape codes (with `REPL.prompt` and the echo colour, which
/// ask it for theirs).
struct ANSIDecorator: DiagnosticDecorator {
    func decorate(_ text: String, as part: DiagnosticPart) -> String {
        switch part {
        case .location, .message: return ANSI.paint(text, ANSI.bold)
        case .errorLabel: return ANSI.paint(text, ANSI.boldRed)
        case .warningLabel: return ANSI.paint(text, ANSI.boldMagenta)
        case .noteLabel: return ANSI.paint(text, ANSI.boldCyan)
        case .marker: return ANSI.paint(text, ANSI.boldGreen)
        }
    }
}

/// The escape codes Tapline uses.
enum ANSI {
    static let bold = "1"
    static let boldRed = "1;31"
    static let boldGreen = "1;32"
    static let boldBlue = "1;34"
    static let boldMagenta = "1;35"
    static let boldCyan = "1;36"
    static let cyan = "36"
    static let dim = "2"
    static let yellow = "33"

    static func start(_ code: String) -> String { "\u{1B}[\(code)m" }
    static let reset = "\u{1B}[0m"

    static func paint(_ text: String, _ code: String) -> String { start(code) + text + reset }
}
