/// The name of a lane of `trace` and `marbles`: a chain's text on one line, as far as the
/// stage (`q.debounce(for: 300ms)`), a long closure in it written `{ … }`. Past `longest` characters it keeps its start and its end
/// with `…` between: a chain of thousands of stages would otherwise copy its whole text at
/// each stage, and a trace would print that text with every event.
struct LaneName {
    /// How long a name is shown whole.
    static let longest = 160
    /// What a shortened name keeps of its start (the publisher the chain begins with) and of
    /// its end (the stage itself); with the `…` between, `longest` characters.
    private static let keptStart = 60
    private static let keptEnd = longest - keptStart - 1

    /// The name as a trace and a diagram show it.
    let shown: String
    /// For a shortened name, its whole name's last `keptEnd` characters, which the text of a
    /// stage after it extends; nil when `shown` is the whole name.
    let end: String?

    var isShortened: Bool { end != nil }

    /// The name of `whole`, a chain's text already on one line.
    init(_ text: String) {
        let whole = LaneName.abbreviatingClosures(text)
        if whole.count > LaneName.longest {
            self.init(start: whole, end: whole)
        } else {
            self.init(shown: whole, end: nil)
        }
    }

    /// A shortened name: `start`'s first characters, `…`, and the last of `end`.
    private init(start: some StringProtocol, end longer: String) {
        let end = String(longer.suffix(LaneName.keptEnd))
        self.init(shown: start.prefix(LaneName.keptStart) + "…" + end, end: end)
    }

    private init(shown: String, end: String?) {
        (self.shown, self.end) = (shown, end)
    }

    /// The name of the chain that goes on from this one with `text` (`.map { $0 }`,
    /// or a new line and `.filter { … }`).
    func adding(_ stage: String) -> LaneName {
        let text = LaneName.abbreviatingClosures(stage)
        guard let end else {
            var whole = shown
            LaneName.append(text[...], to: &whole, sameLine: true)
            return LaneName(whole)
        }
        var longer = end
        LaneName.append(text[...], to: &longer, sameLine: true)
        return LaneName(start: shown, end: longer)
    }

    /// Appends `text` to `name` on one line: a continuation line is joined as written on one
    /// (`q\n  .map {…}` is `q.map {…}`), another line with a space, blank lines left out.
    /// `sameLine`: `text` goes on from the end of `name`'s last line, which ends in a token
    /// (a stage's text after its upstream's), so its first line is joined as it stands.
    static func append(_ text: Substring, to name: inout String, sameLine: Bool) {
        var continuesLine = sameLine
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if continuesLine {
                continuesLine = false
                name += line.droppingTrailing(while: isBlank)
                continue
            }
            let trimmed = line.drop(while: isBlank).droppingTrailing(while: isBlank)
            guard !trimmed.isEmpty else { continue }
            if !name.isEmpty, trimmed.first != "." { name += " " }
            name += trimmed
        }
    }

    /// `text` with every closure whose body is longer than 24 characters written `{ … }`, so
    /// that a chain of closures stays a line a diagram can hold and a trace line stays short.
    static func abbreviatingClosures(_ text: String) -> String {
        var out = "", body = ""
        var depth = 0
        var quoted = false, escaped = false
        for character in text {
            if quoted {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { quoted = false }
            } else if character == "\"" {
                quoted = true
            } else if character == "{" {
                depth += 1
                if depth == 1 { body = ""; continue }
            } else if character == "}", depth > 0 {
                depth -= 1
                if depth == 0 {
                    out += body.count > 24 ? "{ … }" : "{" + body + "}"
                    continue
                }
            }
            if depth > 0 { body.append(character) } else { out.append(character) }
        }
        return depth > 0 ? out + "{" + body : out
    }

    private static func isBlank(_ character: Character) -> Bool {
        character == " " || character == "\t" || character == "\r"
    }
}
