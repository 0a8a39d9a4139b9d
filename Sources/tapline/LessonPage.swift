import TaplineLearn

/// What the REPL shows of a lesson, as text: the introduction (title, text, the
/// demonstration's code), the exercise (task, starter with its gap, the check), a solution,
/// the learner's answer.
enum LessonPage {
    static func introduction(_ lesson: Lesson, number: Int, of count: Int, color: Bool) -> String {
        let title = "Lesson \(number) of \(count): \(lesson.title)"
        return """

            \(heading(title, color: color, rule: "━"))

            \(lesson.text)

            \(heading("Demonstration (it runs in a session of its own)", color: color))
            \(numbered(lesson.demo))
            It prints:

            """
    }

    static func exercise(_ lesson: Lesson, number: Int, color: Bool, interactive: Bool) -> String {
        var out = "\n" + heading("Exercise", color: color) + "\n" + lesson.task + "\n\n"
        out += starter(lesson, color: color) + "\n"
        if !lesson.check.isEmpty {
            out += "The check, run after the program (a marble test: one character a frame):\n" + indented(lesson.check) + "\n"
        }
        if let output = lesson.output { out += "The program must print:\n" + indented(output) + "\n" }
        guard interactive else {
            return out + "\nOpen the lesson on a terminal ('tapline learn \(number)') to type your answer and check it.\n"
        }
        out += """

            Type your line(s) at the prompt: they run at once, in this session, which
            already holds the starter's lines above the gap. ':check' runs the whole
            exercise afresh with what you typed in the gap. Stuck? ':hint', then
            ':solution'.
            ':answer' shows your lines, ':undo' drops the last, ':reset' starts over,
            ':lesson' shows all this again, ':next' goes on.

            """
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

    static func heading(_ title: String, color: Bool, rule: String = "─") -> String {
        let line = rule + rule + " " + title + " " + String(repeating: rule, count: max(2, 76 - title.terminalColumns))
        return color ? ANSI.paint(line, ANSI.bold) : line
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

extension StringProtocol {
    /// How many terminal columns the text takes: two for a wide character (Hangul, CJK, the
    /// full-width forms), one for any other, so that Korean text wraps and rules end at 80.
    var terminalColumns: Int {
        unicodeScalars.reduce(0) { total, scalar in
            switch scalar.value {
            case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
                 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
                return total + 2
            default:
                return total + 1
            }
        }
    }
}
