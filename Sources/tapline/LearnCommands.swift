import TaplineLanguage
import TaplineLearn

/// The REPL's lesson commands: `:learn`, `:lesson`, `:check`, `:hint`, `:solution`, `:next`,
/// `:answer`, `:undo`. The learner answers by typing at the prompt: every entry that runs
/// without an error while a lesson is open is kept, and `:check` puts them all, in order,
/// in the starter's gap and runs the exercise afresh.
extension REPL {
    static let learnCommands = [":answer", ":check", ":hint", ":learn", ":lesson", ":next", ":solution", ":undo"]

    /// Runs a lesson command; nil when `command` is not one.
    func learnMeta(_ command: String, _ argument: String) -> Bool? {
        guard REPL.learnCommands.contains(command) else { return nil }
        if command == ":learn" || command == ":next" {
            guard let learning = startLearning() else { return true }
            if command == ":next" { return openLesson(nextIndex(learning)) }
            if argument.isEmpty {
                tool.stdout.write(learning.listing())
                return true
            }
            switch learning.lessonIndex(argument) {
            case .success(let index): return openLesson(index)
            case .failure(let error): return complain(error.message)
            }
        }
        guard let learning, let lesson = learning.lesson else {
            return complain("no lesson is open; ':learn' lists the lessons and ':learn 1' opens the first")
        }
        switch command {
        case ":lesson": tool.showLesson(lesson, number: (learning.index ?? 0) + 1, of: learning.count, color: color, interactive: true)
        case ":check": check(lesson, learning)
        case ":hint": hint(lesson, learning)
        case ":solution": tool.stdout.write(LessonPage.solution(lesson))
        case ":answer": tool.stdout.write(LessonPage.answer(learning.answer))
        default: undo(learning)
        }
        return true
    }

    /// The lessons, loaded once per session; nil (and said why) when there are none.
    func startLearning() -> Learning? {
        if let learning { return learning }
        switch Learning.make() {
        case .success(let made):
            learning = made
            if let problem = made.readProblem { warn(problem) }
            return made
        case .failure(let error):
            _ = complain(error.message)
            return nil
        }
    }

    /// `:next`: the lesson after the open one (or after the one opened last, in an earlier
    /// session), else the first not passed yet.
    private func nextIndex(_ learning: Learning) -> Int {
        let opened = learning.progress.opened.flatMap { slug in learning.library.lessons.firstIndex { $0.slug == slug } }
        guard let index = learning.index ?? opened else { return learning.nextToDo }
        return min(index + 1, learning.count - 1)
    }

    /// Opens lesson `index`: its text, its demonstration run, the exercise; then a fresh
    /// session with the starter's lines above the gap loaded.
    @discardableResult
    func openLesson(_ index: Int) -> Bool {
        guard let learning = startLearning() else { return true }
        let warning = learning.open(index)
        let lesson = learning.library.lessons[index]
        tool.showLesson(lesson, number: index + 1, of: learning.count, color: color, interactive: true)
        if let warning { warn(warning) }
        startExercise(lesson)
        return true
    }

    /// A fresh session holding the starter's lines above the gap; the one it replaces is
    /// closed (its subscriptions hold it in cycles, which only closing breaks), and what it
    /// ran is forgotten: `:swift` exports this exercise's session, not the lessons before.
    func startExercise(_ lesson: Lesson) {
        interpreter.close()
        interpreter = REPL.makeInterpreter(tool: tool, color: color)
        program.removeAll()
        // The starter's code runs here, and may declare what the learner's lines then run: a
        // lesson's session writes no files.
        interpreter.writesFiles = false
        learning?.answer = []
        if !lesson.starterBefore.isEmpty { execute(lesson.starterBefore, name: Checker.Piece.starter) }
    }

    private func check(_ lesson: Lesson, _ learning: Learning) {
        Interrupt.clear()
        let result = Checker.check(lesson, answer: learning.answer, isInterrupted: { Interrupt.isPending })
        if !result.output.isEmpty, !learning.answer.isEmpty {
            let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map { "  | " + $0 }
            tool.stdout.write("The exercise printed:\n" + lines.dropLast(result.output.hasSuffix("\n") ? 1 : 0).joined(separator: "\n") + "\n")
        }
        if result.passed {
            if let warning = learning.markPassed() { warn(warning) }
            let number = (learning.index ?? 0) + 1
            let after = number < learning.count ? "':next' opens lesson \(number + 1): \(learning.library.lessons[number].title)."
                : "That was the last lesson: well done! ':learn' shows them all."
            tool.stdout.write(paint("✓ Passed.", ANSI.boldGreen) + " Lesson \(number) is done. \(after)\n")
            return
        }
        if learning.answer.isEmpty {
            // The starter fails without an answer by design: its error says nothing new.
            tool.stdout.write(paint("✗ Not yet.", ANSI.boldRed) + " You have not typed anything for the gap yet: type the missing line(s) at the prompt, then ':check'.\n")
            return
        }
        if let error = result.error { tool.stdout.write(error) }
        let count = learning.answer.count
        let which = count > 1 ? " (\(count == 2 ? "Both" : "All \(count)") lines you typed went in the gap: ':answer' lists them, ':undo' drops the last.)" : ""
        tool.stdout.write(paint("✗ Not yet.", ANSI.boldRed) + " " + result.problems.joined(separator: " ") + which + "\n")
        // A wrong answer the lesson knows gets the hint about that mistake, first.
        if let mistake = result.mistake {
            let lines = Help.wrap("Why: " + mistake, width: 78)
            tool.stdout.write(paint("Why:", ANSI.bold) + lines.joined(separator: "\n").dropFirst("Why:".count) + "\n")
            return
        }
        hint(lesson, learning)
    }

    private func hint(_ lesson: Lesson, _ learning: Learning) {
        guard !lesson.hints.isEmpty else { return }
        let index = min(learning.hintsShown, lesson.hints.count - 1)
        let more = index + 1 < lesson.hints.count ? "':hint' for another" : "that was the last hint; ':solution' shows one answer"
        tool.stdout.write(paint("Hint \(index + 1) of \(lesson.hints.count):", ANSI.bold) + " " + lesson.hints[index] + "\n(\(more))\n")
        learning.hintsShown = index + 1
    }

    private func undo(_ learning: Learning) {
        guard let last = learning.answer.popLast() else {
            _ = complain("your answer is empty: nothing to undo")
            return
        }
        // The session has run it already: build it again from the starter and the other lines
        // (what they print is printed again).
        tool.stdout.write("dropped: \(last)\n" + (learning.answer.isEmpty ? "" : "the session is rebuilt from the starter and your other lines:\n"))
        let kept = learning.answer
        if let lesson = learning.lesson { startExercise(lesson) }
        for entry in kept where execute(entry, name: "<repl>") { learning.answer.append(entry) }
    }

    /// Keeps an entry that ran without an error as part of the learner's answer.
    func recordAnswer(_ entry: String) {
        guard let learning, learning.index != nil else { return }
        learning.answer.append(entry)
    }

    func paint(_ text: String, _ code: String) -> String { color ? ANSI.paint(text, code) : text }

    private func warn(_ message: String) {
        tool.stdout.flush()
        tool.stderr.write(paint("warning:", ANSI.boldMagenta) + " " + message + "\n")
        tool.stderr.flush()
    }
}
