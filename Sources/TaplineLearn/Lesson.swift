/// One lesson, as read from a plain `.lesson` file under `lessons/` (docs/LEARN.md): a title,
/// a text, a demonstration, and an exercise — a starter program with one gap, a check, hints
/// and a solution for the gap.
public struct Lesson: Sendable, Equatable {
    /// The file's name without its number and extension (`03-demand.lesson` → `demand`):
    /// what progress is kept under, so renumbering lessons keeps a learner's progress.
    public var slug: String
    public var title: String
    /// What the concept is, why it matters in an app, and Combine's names for it.
    public var text: String
    /// A program that shows the concept; it runs when the lesson opens.
    public var demo: String
    /// What the learner is asked to do.
    public var task: String
    /// The starter program above the gap: loaded into the session when the lesson opens.
    public var starterBefore: String
    /// The starter program below the gap: runs after the learner's lines when checking.
    public var starterAfter: String
    /// Code that runs after the whole program and must not fail (`expect p "-a-|"` lines).
    public var check: String
    /// What the whole program must print, when the lesson checks output (nil if it does not).
    public var output: String?
    /// Hints, from a gentle nudge to nearly the answer.
    public var hints: [String]
    /// What typical wrong answers print, each with the hint it deserves: `:check` gives that
    /// one first when an answer prints exactly so.
    public var mistakes: [Mistake] = []
    /// Lines that fill the gap.
    public var solution: String

    /// The line that marks the gap in a starter.
    public static let gap = "___"

    /// A typical wrong answer, known by what the whole program prints or by what the answer
    /// uses (where a check, not the output, tells right from wrong), and why it is wrong.
    public struct Mistake: Sendable, Equatable {
        /// The program's output, lines joined by newlines (empty: it prints nothing).
        public var output: String?
        /// Text the answer contains (`flatMap`).
        public var uses: String?
        public var hint: String

        /// Whether an answer that printed `printed` (blank lines at its ends dropped; nil when
        /// an error, not the output, told it wrong) is this one.
        public func matches(printed: String?, answer: [String]) -> Bool {
            if let output { return output == printed }
            guard let uses else { return false }
            return answer.contains { $0.contains(uses) }
        }
    }

    /// The starter as the learner sees it, the gap marked.
    public var starter: String {
        [starterBefore, Lesson.gap, starterAfter].filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// Whether `other` (the same lesson in another language) runs and is checked the same:
    /// the same demonstration, starter, check, output and solution, and the same mistakes
    /// told by the same outputs — only the words for the learner differ.
    public func sharesChecks(with other: Lesson) -> Bool {
        demo == other.demo && starterBefore == other.starterBefore && starterAfter == other.starterAfter && check == other.check
            && output == other.output && solution == other.solution
            && mistakes.map { [$0.output, $0.uses] } == other.mistakes.map { [$0.output, $0.uses] }
    }

    /// The whole program with the solution in the gap.
    public var solutionProgram: String {
        [starterBefore, solution, starterAfter].filter { !$0.isEmpty }.joined(separator: "\n")
    }
}

/// A lesson file that cannot be read as a lesson: what is wrong, and where.
public struct LessonError: Error, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var message: String
    public var description: String { "\(file):\(line): \(message)" }
}

extension Lesson {
    static let sectionNames = ["text", "demo", "exercise", "starter", "check", "output", "hint", "mistakes", "solution"]
    static let required = ["text", "demo", "exercise", "starter", "solution"]

    /// Reads a lesson file: a `# Title` line, then sections, each under a `--- NAME` line.
    /// Section bodies are kept as written (blank lines at their ends dropped).
    public static func parse(_ text: String, fileName: String) throws(LessonError) -> Lesson {
        // Any newline, "\r\n" included (one Character in Swift, so not a "\n").
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { String($0.trailingWhitespaceTrimmed) }
        var title: String?
        var sections: [String: [String]] = [:]
        var current: String?
        for (index, line) in lines.enumerated() {
            let fail = { (message: String) in LessonError(file: fileName, line: index + 1, message: message) }
            if line.hasPrefix("--- ") {
                let name = String(line.dropFirst(4)).trimmingSpaces
                guard sectionNames.contains(name) else {
                    throw fail("unknown section '\(name)'; sections are \(sectionNames.joined(separator: ", "))")
                }
                guard sections[name] == nil else { throw fail("a second '--- \(name)' section") }
                sections[name] = []
                current = name
            } else if let section = current {
                sections[section, default: []].append(line)
            } else if line.hasPrefix("# "), title == nil {
                title = String(line.dropFirst(2)).trimmingSpaces
            } else if !line.isEmpty {
                throw fail(title == nil ? "a lesson starts with its title: '# Title'" : "text before the first '--- section' line")
            }
        }
        guard let title, !title.isEmpty else { throw LessonError(file: fileName, line: 1, message: "a lesson starts with its title: '# Title'") }
        return try make(title: title, sections: sections.mapValues { $0.joined(separator: "\n").trimmingBlankLines }, fileName: fileName)
    }

    private static func make(title: String, sections: [String: String], fileName: String) throws(LessonError) -> Lesson {
        let fail = { (message: String) in LessonError(file: fileName, line: 1, message: message) }
        for name in required where (sections[name] ?? "").isEmpty { throw fail("the '--- \(name)' section is missing or empty") }
        guard !(sections["check"] ?? "").isEmpty || sections["output"] != nil else {
            throw fail("a lesson needs a '--- check' section (expect lines) or an '--- output' section (what the program prints)")
        }
        let starter = (sections["starter"] ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let gaps = starter.indices.filter { starter[$0] == gap }
        guard gaps.count == 1, let at = gaps.first else {
            throw fail("the starter needs exactly one gap: a line that is only '\(gap)', where the learner's lines go")
        }
        return Lesson(
            slug: slug(of: fileName), title: title, text: sections["text"] ?? "", demo: sections["demo"] ?? "",
            task: sections["exercise"] ?? "",
            starterBefore: starter[..<at].joined(separator: "\n").trimmingBlankLines,
            starterAfter: starter[(at + 1)...].joined(separator: "\n").trimmingBlankLines,
            check: sections["check"] ?? "", output: sections["output"],
            hints: (sections["hint"] ?? "").paragraphs, mistakes: try mistakes(sections["mistakes"] ?? "", fail: fail),
            solution: sections["solution"] ?? "")
    }

    /// The `--- mistakes` section: paragraphs of a `prints: LINE / LINE` line (`prints:
    /// nothing` for none) or a `uses: TEXT` line, then a `hint: …` line.
    private static func mistakes(_ text: String, fail: (String) -> LessonError) throws(LessonError) -> [Mistake] {
        var found: [Mistake] = []
        for paragraph in text.paragraphs {
            let lines = paragraph.split(separator: "\n", maxSplits: 1).map(String.init)
            guard lines.count == 2, lines[0].hasPrefix("prints: ") || lines[0].hasPrefix("uses: "), lines[1].hasPrefix("hint: ") else {
                throw fail("each mistake is a 'prints: LINE / LINE' or 'uses: TEXT' line, then a 'hint: …' (blank lines between mistakes)")
            }
            let hint = String(lines[1].dropFirst("hint: ".count)).trimmingSpaces
            if lines[0].hasPrefix("uses: ") {
                found.append(Mistake(output: nil, uses: String(lines[0].dropFirst("uses: ".count)).trimmingSpaces, hint: hint))
                continue
            }
            let printed = String(lines[0].dropFirst("prints: ".count)).trimmingSpaces
            let output = printed == "nothing" ? "" : printed.split(separator: " / ", omittingEmptySubsequences: false).joined(separator: "\n")
            found.append(Mistake(output: output, uses: nil, hint: hint))
        }
        return found
    }

    /// `lessons/03-demand.lesson` → `demand`.
    static func slug(of fileName: String) -> String {
        var name = fileName.split(separator: "/").last.map(String.init) ?? fileName
        if name.hasSuffix(".lesson") { name.removeLast(".lesson".count) }
        let digits = name.prefix { $0.isNumber }
        if !digits.isEmpty, name.dropFirst(digits.count).first == "-" { name = String(name.dropFirst(digits.count + 1)) }
        return name
    }
}

extension StringProtocol {
    var trailingWhitespaceTrimmed: SubSequence {
        var end = endIndex
        while end > startIndex, self[index(before: end)].isWhitespace { end = index(before: end) }
        return self[startIndex..<end]
    }

    var trimmingSpaces: String {
        String(drop(while: { $0.isWhitespace }).trailingWhitespaceTrimmed)
    }
}

extension String {
    /// Without blank lines at the start and the end.
    var trimmingBlankLines: String {
        var lines = split(separator: "\n", omittingEmptySubsequences: false)
        while lines.first?.allSatisfy(\.isWhitespace) == true { lines.removeFirst() }
        while lines.last?.allSatisfy(\.isWhitespace) == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// Blocks of text separated by blank lines, each joined back into its lines.
    var paragraphs: [String] {
        var result: [String] = []
        var block: [Substring] = []
        for line in split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy(\.isWhitespace) {
                if !block.isEmpty { result.append(block.joined(separator: "\n")) }
                block = []
            } else {
                block.append(line)
            }
        }
        if !block.isEmpty { result.append(block.joined(separator: "\n")) }
        return result
    }
}
