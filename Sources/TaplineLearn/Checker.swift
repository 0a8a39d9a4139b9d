import TaplineLanguage

/// What `:check` found: whether the exercise passes, what the program printed, and — when it
/// does not pass — what differs, in plain words.
public struct CheckResult: Sendable, Equatable {
    public var passed: Bool
    /// Everything the program printed.
    public var output: String
    /// The differences, one sentence each, for a newcomer.
    public var problems: [String]
    /// The error that stopped the program, formatted with its place and caret (nil if none).
    public var error: String?
    /// The hint for the typical mistake the output shows, when the lesson names it.
    public var mistake: String?
}

/// Runs an exercise — the starter with the learner's lines in its gap, then the check — in a
/// fresh session, and says whether it does what the lesson asks.
public enum Checker {
    /// The names the pieces of the program go by in errors.
    public enum Piece {
        public static let starter = "starter"
        public static let answer = "your answer"
        public static let after = "starter (below the gap)"
        public static let check = "check"
    }

    /// Checks `answer`, the learner's entries in the order they were typed (each runs as a
    /// REPL entry does), against the lesson.
    public static func check(_ lesson: Lesson, answer: [String], isInterrupted: @escaping () -> Bool = { false }) -> CheckResult {
        final class Capture { var text = "" }
        let capture = Capture()
        // As in the REPL where the answer was typed: a later entry may declare a name again,
        // and an expression on its own is shown, not an error (what it shows is not output).
        let interpreter = Interpreter(output: { capture.text += $0 }, echoes: true)
        // Closed when the check ends: its subscriptions hold the session in cycles, which
        // would keep every check a learner runs.
        defer { interpreter.close() }
        interpreter.echo = { _ in }
        interpreter.isInterrupted = isInterrupted
        // A lesson's starter and check write no files, whatever lessons folder they came from.
        interpreter.writesFiles = false
        let pieces = [(lesson.starterBefore, Piece.starter)] + answer.map { ($0, Piece.answer) }
            + [(lesson.starterAfter, Piece.after), (lesson.check, Piece.check)]
        for (text, name) in pieces where !text.allSatisfy(\.isWhitespace) {
            guard let diagnostic = interpreter.run(text, name: name) else { continue }
            let formatted = interpreter.format(diagnostic)
            // A check that fails is a wrong answer a lesson may know by what it uses; an error
            // in the program is the error's to explain.
            return CheckResult(passed: false, output: capture.text, problems: explain(diagnostic, in: name), error: formatted,
                               mistake: name == Piece.check ? mistake(in: lesson, printed: nil, answer: answer) : nil)
        }
        guard let expected = lesson.output else { return CheckResult(passed: true, output: capture.text, problems: [], error: nil) }
        let problems = compare(output: capture.text, expected: expected)
        return CheckResult(passed: problems.isEmpty, output: capture.text, problems: problems, error: nil,
                           mistake: problems.isEmpty ? nil : mistake(in: lesson, printed: capture.text, answer: answer))
    }

    /// The hint of the first of the lesson's known mistakes that a failed answer makes.
    private static func mistake(in lesson: Lesson, printed: String?, answer: [String]) -> String? {
        let trimmed = printed?.trimmingBlankLines
        return lesson.mistakes.first { $0.matches(printed: trimmed, answer: answer) }?.hint
    }

    /// An error in plain words: a failed `expect` says where the marbles differ.
    static func explain(_ diagnostic: Diagnostic, in piece: String) -> [String] {
        if diagnostic.id == .expectFailed, let difference = MarbleDifference(notes: diagnostic.notes.map(\.message)) {
            return [difference.sentence]
        }
        if diagnostic.id == .interrupted { return ["The check was interrupted before it finished."] }
        switch piece {
        case Piece.answer: return ["One of your lines stopped with an error when the exercise ran again: \(diagnostic.message)."]
        case Piece.starter, Piece.after: return ["The starter stopped with an error once your lines were in: \(diagnostic.message)."]
        default: return ["The check stopped with an error: \(diagnostic.message)."]
        }
    }

    /// Compares printed lines with the expected ones; the first difference, in words.
    static func compare(output: String, expected: String) -> [String] {
        let actual = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).trimmedAtEnd
        let wanted = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).trimmedAtEnd
        if actual == wanted { return [] }
        for index in wanted.indices {
            guard index < actual.count else {
                let missing = wanted[index...].map { "'\($0)'" }.joined(separator: ", ")
                return actual.isEmpty
                    ? ["Your program printed nothing; it should print \(missing)."]
                    : ["Your program stopped printing after \(lines(actual.count)); still missing: \(missing)."]
            }
            if actual[index] != wanted[index] { return [difference(at: index, actual, wanted)] }
        }
        let extra = actual[wanted.count...].map { "'\($0)'" }.joined(separator: ", ")
        return ["Everything expected was printed, then more: \(extra)."]
    }

    /// Line `index` differs: say whether it is a line too many, one out of order, or wrong.
    private static func difference(at index: Int, _ actual: [String], _ wanted: [String]) -> String {
        let got = actual[index], meant = wanted[index]
        let comesLater = actual[index...].contains(meant)
        let expectedLater = wanted[index...].contains(got)
        switch (comesLater, expectedLater) {
        case (true, false):
            return "Line \(index + 1) is '\(got)', which should not be printed at all; the line expected there is '\(meant)'."
        case (true, true):
            return "Line \(index + 1) should be '\(meant)', but your program printed '\(got)' first: look at the order."
        default:
            return "Line \(index + 1) should be '\(meant)', but your program printed '\(got)'."
        }
    }

    private static func lines(_ count: Int) -> String { count == 1 ? "1 line" : "\(count) lines" }
}

extension Array where Element == String {
    /// Without empty lines at the end.
    var trimmedAtEnd: [String] {
        var lines = self
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}
