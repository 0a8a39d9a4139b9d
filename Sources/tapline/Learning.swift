#if canImport(Glibc)
import Glibc
#endif
import TaplineLearn

/// A lesson open in the REPL: which one, what the learner has typed for its gap, how many
/// hints they have seen, and the progress file it reports to.
final class Learning {
    let library: LessonLibrary
    let store: ProgressStore?
    var progress: Progress
    /// The open lesson's index in `library.lessons` (nil before `:learn N`).
    var index: Int?
    /// The learner's entries since the lesson opened, in order: what `:check` puts in the gap.
    var answer: [String] = []
    var hintsShown = 0
    /// Whether saving the progress has failed already (said once, not at every pass).
    var saveFailed = false

    /// Why the progress file could not be read, to say once when the lessons open (the
    /// file is then left as it is: nothing is saved over it).
    let readProblem: String?

    init(library: LessonLibrary, store: ProgressStore?) {
        self.library = library
        self.store = store
        switch store?.read() {
        case .failure(let failure):
            progress = Progress()
            readProblem = failure.message + "; it is left as it is, and your progress is not saved"
        case .success(let read):
            progress = read
            readProblem = nil
        case nil:
            progress = Progress()
            readProblem = nil
        }
    }

    /// Finds the lessons, in `language` where they are translated (`ko`: `lessons/ko/`), and
    /// the progress file; nil (with the reason) when there are no lessons.
    static func make(language: String? = Learning.localeLanguage) -> Result<Learning, LearnError> {
        guard let directory = LessonLibrary.find(), var library = LessonLibrary(directory: directory), !library.lessons.isEmpty else {
            return .failure(LearnError("no lessons found: run tapline from its checkout, or set TAPLINE_LESSONS to the lessons folder"))
        }
        if let language, language != "en" { library = library.translated(to: language) }
        return .success(Learning(library: library, store: ProgressStore.standard()))
    }

    /// The languages the lessons are written in besides English.
    static let translations = ["ko"]

    /// The language of the locale, as POSIX picks it (`LC_ALL`, then `LC_MESSAGES`, then
    /// `LANG`), when the lessons are translated into it: `ko_KR.UTF-8` is `ko`.
    static var localeLanguage: String? {
        let names: [String] = ["LC_ALL", "LC_MESSAGES", "LANG"]
        let values = names.compactMap { (name: String) -> String? in getenv(name).map { String(cString: $0) } }
        guard let locale = values.first(where: { !$0.isEmpty }) else { return nil }
        let language = String(locale.prefix { $0.isLetter })
        return translations.contains(language) ? language : nil
    }

    var lesson: Lesson? { index.map { library.lessons[$0] } }
    var count: Int { library.lessons.count }

    /// The first lesson not passed yet (the last one when all are).
    var nextToDo: Int {
        library.lessons.firstIndex { !progress.passed.contains($0.slug) } ?? count - 1
    }

    /// The lesson a learner means by `N` (1-based), or why there is none; `lister` is the
    /// command the message names for listing them, as the learner would type it where they are.
    func lessonIndex(_ argument: String, lister: String = ":learn") -> Result<Int, LearnError> {
        guard let number = Int(argument), (1...count).contains(number) else {
            return .failure(LearnError("there is no lesson '\(argument)'; the lessons are 1 to \(count) ('\(lister)' lists them)"))
        }
        return .success(number - 1)
    }

    /// Opens lesson `index`; a warning if the progress could not be saved.
    func open(_ index: Int) -> String? {
        self.index = index
        answer = []
        hintsShown = 0
        progress.opened = library.lessons[index].slug
        return save()
    }

    /// Records the open lesson as passed; a warning if the progress could not be saved.
    func markPassed() -> String? {
        guard let lesson else { return nil }
        progress.passed.insert(lesson.slug)
        return save()
    }

    /// Saves the progress; the first time it cannot be, a warning that says so (once is enough).
    private func save() -> String? {
        guard let store else { return saidOnce("your progress is not saved: neither XDG_STATE_HOME nor HOME is set") }
        // Another session may have passed lessons meanwhile: keep those too. A file that cannot
        // be read is not ours to replace (`readProblem` said so when the lessons opened).
        switch store.read() {
        case .success(let recorded): progress.passed.formUnion(recorded.passed)
        case .failure(let failure): return readProblem == nil ? saidOnce(failure.message + "; your progress is not saved") : nil
        }
        guard let failure = store.save(progress) else { return nil }
        return saidOnce(failure.message + "; set XDG_STATE_HOME to a folder you can write")
    }

    /// `message` the first time saving fails, nil after (once is enough).
    private func saidOnce(_ message: String) -> String? {
        guard !saveFailed else { return nil }
        saveFailed = true
        return message
    }

    /// The list `tapline learn` and `:learn` show: each lesson with ✓ when passed and ▸ at the next.
    func listing() -> String {
        let passed = library.lessons.filter { progress.passed.contains($0.slug) }.count
        var out = "Tapline lessons: \(passed) of \(count) passed. 'tapline learn N' (in the REPL ':learn N') opens lesson N.\n\n"
        let next = nextToDo
        for (index, lesson) in library.lessons.enumerated() {
            let mark = progress.passed.contains(lesson.slug) ? "✓" : index == next ? "▸" : " "
            out += "  \(mark) \(String(index + 1).leftPadded(2))  \(lesson.title)\n"
        }
        if !library.problems.isEmpty {
            out += "\nSkipped (not a lesson):\n" + library.problems.map { "  \($0.description)\n" }.joined()
        }
        return out
    }
}

struct LearnError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
