import TaplineLearn
import TaplineLanguage

/// What the REPL shows of a lesson, as text: the introduction (title, text, the
/// demonstration's code), the exercise (task, starter with its gap, the check), a solution,
/// the learner's answer.
enum LessonPage {
    static func introduction(_ lesson: Lesson, number: Int, of count: Int, color: Bool, width: Int? = nil) -> String {
        let title = "Lesson \(number) of \(count): \(lesson.title)"
        return """

            \(heading(title, color: color, rule: "━", width: width))

            \(reflowed(lesson.text, width: width))

            \(heading("Demonstration (it runs in a session of its own)", color: color, width: width))
            \(numbered(lesson.demo))
            It prints:

            """
    }

    static func exercise(_ lesson: Lesson, number: Int, color: Bool, interactive: Bool, width: Int? = nil) -> String {
        var out = "\n" + heading("Exercise", color: color, width: width) + "\n" + reflowed(lesson.task, width: width) + "\n\n"
        out += starter(lesson, color: color) + "\n"
        if !lesson.check.isEmpty {
            out += "The check, run after the program (a marble test: one character a frame):\n" + indented(lesson.check) + "\n"
        }
        if let output = lesson.output { out += "The program must print:\n" + indented(output) + "\n" }
        guard interactive else {
            return out + "\nOpen the lesson on a terminal ('tapline learn \(number)') to type your answer and check it.\n"
        }
        out += "\n" + reflowed("""
            Type your line(s) at the prompt: they run at once, in this session, which
            already holds the starter's lines above the gap. ':check' runs the whole
            exercise afresh with what you typed in the gap. Stuck? ':hint', then
            ':solution'.

            ':answer' shows your lines, ':undo' drops the last, ':reset' starts over,
            ':lesson' shows all this again, ':next' goes on.
            """, width: width) + "\n\n"
        return out
    }

    /// The starter, the gap shown as the place to type.
    static func starter(_ lesson: Lesson, color: Bool) -> String {
        let gap = "  ▶ your line(s) go here"
        var lines: [String] = []
        if !lesson.starterBefore.isEmpty { lines.append(indented(lesson.starterBefore)) }
        lines.append(color ? ANSI.paint(gap, ANSI.boldGreen) : gap)
        if !lesson.starterAfter.isEmpty { lines.append(indented(lesson.starterAfter)) }
        return "The starter:\n" + lines.joined(separator: "\n")
    }

    static func solution(_ lesson: Lesson) -> String {
        "One answer (type it, or your own, at the prompt; then ':check'):\n" + indented(lesson.solution) + "\n"
    }

    static func answer(_ entries: [String]) -> String {
        guard !entries.isEmpty else { return "You have typed nothing for the gap yet.\n" }
        return "Your lines, in the order ':check' puts them in the gap:\n" + indented(entries.joined(separator: "\n")) + "\n"
    }

    /// A heading: its title between rules, 80 columns long, or one less than a narrower window.
    static func heading(_ title: String, color: Bool, rule: String = "─", width: Int? = nil) -> String {
        let room = (width.map { min(80, $0 - 1) } ?? 80) - 4
        let line = rule + rule + " " + title + " " + String(repeating: rule, count: max(2, room - title.terminalColumns))
        return color ? ANSI.paint(line, ANSI.bold) : line
    }


    /// `text` for a terminal `width` columns wide: in a window narrower than the text's 80
    /// columns, each paragraph of prose (lines that do not start with a space) and each list
    /// item (`- `, `1. `, with its lines indented under it) is wrapped again to fit, so no word
    /// is cut at the window's edge; other indented lines (code, tables) stay as they are.
    static func reflowed(_ text: String, width: Int?) -> String {
        guard let width, width < 80 else { return text }
        var out: [String] = []
        var paragraph: [String] = []
        var hang = 0
        func flush() {
            guard !paragraph.isEmpty else { return }
            let lines = Help.wrap(paragraph.joined(separator: " "), width: max(20, width - 1 - hang))
            out += lines.enumerated().map { $0.offset == 0 ? $0.element : String(repeating: " ", count: hang) + $0.element }
            paragraph.removeAll()
            hang = 0
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let indent = line.prefix(while: { $0 == " " }).count
            if hang > 0, indent == hang, line.count > indent {
                paragraph.append(String(line.dropFirst(indent)))
            } else if line.isEmpty || indent > 0 {
                flush()
                out.append(line)
            } else {
                let marker = listMarker(line)
                if marker > 0 { flush() }
                if paragraph.isEmpty { hang = marker }
                paragraph.append(line)
            }
        }
        flush()
        return out.joined(separator: "\n")
    }

    /// How wide a list item's marker is (`- ` is 2, `12. ` is 4); 0 for a line of prose.
    private static func listMarker(_ line: String) -> Int {
        if line.hasPrefix("- ") { return 2 }
        let digits = line.prefix(while: \.isNumber).count
        return digits > 0 && line.dropFirst(digits).hasPrefix(". ") ? digits + 2 : 0
    }

    static func indented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n")
    }

    static func numbered(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.enumerated().map { String($0.offset + 1).leftPadded(3) + " |" + ($0.element.isEmpty ? "" : " " + $0.element) }
            .joined(separator: "\n")
    }
}
