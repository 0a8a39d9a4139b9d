#if canImport(Glibc)
import Glibc
#endif
import TaplineLearn

/// `tapline learn` lists the lessons with the learner's progress; `tapline learn N` opens
/// lesson N in the REPL (without a terminal it prints the lesson instead).
extension Tool {
    func learn(_ arguments: [String]) -> Int32 {
        var arguments = arguments
        var language = Learning.localeLanguage
        // `--lang ko` (or `--lang en`): the lessons in that language, whatever the locale says.
        if let at = arguments.firstIndex(of: "--lang") {
            guard at + 1 < arguments.count, (["en"] + Learning.translations).contains(arguments[at + 1]) else {
                fail(usage: "'--lang' takes a language the lessons are written in: \((["en"] + Learning.translations).joined(separator: ", "))")
            }
            language = arguments[at + 1]
            arguments.removeSubrange(at...(at + 1))
            // `:help` in the lessons' REPL speaks the lessons' language.
            Help.language = language
        }
        let learning: Learning
        switch Learning.make(language: language) {
        case .success(let made): learning = made
        case .failure(let error):
            stderr.write("tapline: \(error.message)\n")
            stderr.flush()
            return Exit.usageError
        }
        if let problem = learning.readProblem {
            stderr.write("tapline: warning: \(problem)\n")
            stderr.flush()
        }
        guard let argument = arguments.first else {
            stdout.write(learning.listing())
            stdout.flush()
            return Exit.success
        }
        guard arguments.count == 1 else { fail(usage: "'learn' takes one lesson number: tapline learn 3") }
        let index: Int
        switch learning.lessonIndex(argument, lister: "tapline learn") {
        case .success(let found): index = found
        case .failure(let error): fail(usage: error.message)
        }
        guard isatty(0) == 1, isatty(1) == 1 else {
            showLesson(learning.library.lessons[index], number: index + 1, of: learning.count, color: false, interactive: false)
            return Exit.success
        }
        return onLargeStack {
            guard let repl = REPL(tool: self, quiet: true) else {
                self.stderr.write("tapline: cannot start line editing on this terminal\n")
                self.stderr.flush()
                return Exit.usageError
            }
            repl.learning = learning
            repl.openLesson(index)
            return repl.run()
        }
    }

    /// Writes a lesson: its introduction, its demonstration run (in an interpreter of its
    /// own), and the exercise.
    func showLesson(_ lesson: Lesson, number: Int, of count: Int, color: Bool, interactive: Bool) {
        stdout.write(LessonPage.introduction(lesson, number: number, of: count, color: color, width: Tool.terminalWidth))
        stdout.flush()
        let demo = REPL.makeInterpreter(tool: self, color: color)
        defer { demo.close() }
        // A lesson is text to read and run, from wherever it came: it writes no files.
        demo.writesFiles = false
        if let diagnostic = demo.run(lesson.demo, name: "demo") {
            report(diagnostic, of: demo)
        }
        stdout.write(LessonPage.exercise(lesson, number: number, color: color, interactive: interactive,
                                         width: Tool.terminalWidth))
        stdout.flush()
    }
}
