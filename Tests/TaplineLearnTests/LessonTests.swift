import Foundation
import TaplineLanguage
import Testing
@testable import TaplineLearn

/// Every lesson under `lessons/`: it reads, its demonstration runs, its solution passes its
/// check and its starter (the gap left empty) fails it.
@Suite struct LessonTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let library = LessonLibrary(directory: root.appendingPathComponent("lessons").path)
    static var lessons: [Lesson] { library?.lessons ?? [] }

    @Test func everyLessonFileReads() throws {
        let library = try #require(Self.library)
        #expect(library.problems.map(\.description) == [])
        #expect(library.lessons.count >= 14)
        #expect(Set(library.lessons.map(\.slug)).count == library.lessons.count, "two lessons share a slug")
    }

    @Test(arguments: lessons)
    func theDemonstrationRuns(_ lesson: Lesson) {
        var output = ""
        let interpreter = Interpreter(output: { output += $0 })
        let diagnostic = interpreter.run(lesson.demo, name: "demo")
        #expect(diagnostic.map { interpreter.format($0) } == nil, "\(lesson.slug)")
        #expect(!output.isEmpty, "\(lesson.slug): the demonstration prints nothing")
    }

    @Test(arguments: lessons)
    func theSolutionPasses(_ lesson: Lesson) {
        let result = Checker.check(lesson, answer: [lesson.solution])
        #expect(result.passed, "\(lesson.slug): \(result.problems) \(result.error ?? "")\n\(result.output)")
    }

    @Test(arguments: lessons)
    func theStarterFails(_ lesson: Lesson) {
        let result = Checker.check(lesson, answer: [])
        #expect(!result.passed, "\(lesson.slug): the starter passes without an answer")
        #expect(!result.problems.isEmpty, "\(lesson.slug): a failure must say what differs")
    }

    @Test(arguments: lessons)
    func everyLessonHasHints(_ lesson: Lesson) {
        #expect(!lesson.hints.isEmpty, "\(lesson.slug)")
    }

    /// Every exercise names the most likely wrong answer, with the hint it deserves.
    @Test(arguments: lessons)
    func everyExerciseKnowsAMistake(_ lesson: Lesson) {
        #expect(!lesson.mistakes.isEmpty, "\(lesson.slug)")
    }

    /// A known mistake prints something other than the right answer.
    @Test(arguments: lessons.filter { !$0.mistakes.isEmpty })
    func aMistakeIsWrong(_ lesson: Lesson) {
        for mistake in lesson.mistakes {
            if let output = mistake.output { #expect(output + "\n" != lesson.output, "\(lesson.slug): \(output)") }
            #expect(mistake.uses.map { lesson.solution.contains($0) } != true, "\(lesson.slug): the solution uses '\(mistake.uses ?? "")'")
        }
    }

    /// The wrong answers the issue names get the hint about their mistake: the scheduler
    /// exercise fails delivery on a background queue; the bag exercise explains a dropped token.
    @Test(arguments: [
        ("schedulers", "downloads.receive(on: DispatchQueue.global()).sink { print(\"show\", $0, Thread.isMainThread) }", "on a background queue"),
        ("schedulers", "downloads.sink { print(\"show\", $0, Thread.isMainThread) }", "A plain sink runs as the value is sent"),
        ("cancellation", "let token = ticks.sink { print(\"tick\", $0) }", "`let token = …` keeps it"),
        ("cancellation", "_ = ticks.sink { print(\"tick\", $0) }", "`_ =` dropped the token"),
        ("errors", "readings.tryMap { try parse($0) }.retry(1).replaceError(with: -1).sink(receiveCompletion: { print(\"done:\", $0) }, receiveValue: { print(\"reading\", $0) })",
         "`retry` subscribed again"),
        ("view-models", "model.objectWillChange.sink { print(\"Count:\", model.count) }", "`objectWillChange` fires before the change"),
        ("retain-cycles", "if let model { names.map { \"Hello, \\($0)\" }.assign(to: \\.title, on: model) }", "The model was never released"),
        // A lesson checked by marbles knows a mistake by what the answer uses.
        ("higher-order", "let results = typed.flatMap { search($0) }", "`flatMap` keeps every request"),
        ("timing", "let search = typed.throttle(for: 300ms, scheduler: RunLoop.main, latest: true)", "`throttle` lets a value through"),
    ])
    func aKnownWrongAnswerGetsItsHint(_ slug: String, _ answer: String, _ hint: String) throws {
        let lesson = try #require(Self.lessons.first { $0.slug == slug })
        let result = Checker.check(lesson, answer: [answer])
        #expect(!result.passed)
        #expect(result.mistake?.contains(hint) == true, "\(slug): \(result.output)")
    }
}

/// A lesson is named by its slug in the test list, not by its whole text.
extension Lesson: CustomTestStringConvertible {
    public var testDescription: String { slug }
}

/// The lessons in Korean (`lessons/ko/`): every lesson has its translation, which reads, is
/// in Korean, and runs the same checks as the English one — its solution passes, its starter
/// fails, its mistakes are told by the same outputs.
@Suite struct KoreanLessonTests {
    static let korean = LessonTests.library?.translated(to: "ko")
    static var lessons: [Lesson] { korean?.lessons ?? [] }

    @Test func everyLessonIsTranslatedAndSharesItsChecks() throws {
        let korean = try #require(Self.korean)
        let english = try #require(LessonTests.library)
        #expect(korean.problems.map(\.description) == [])
        #expect(LessonLibrary(directory: english.directory + "/ko")?.lessons.count == english.lessons.count)
        for (translated, original) in zip(korean.lessons, english.lessons) {
            #expect(translated.slug == original.slug)
            #expect(translated.sharesChecks(with: original), "\(translated.slug)")
            // Hangul in the title, the text and the exercise: it is a translation.
            for part in [translated.title, translated.text, translated.task] {
                #expect(part.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(translated.slug): \(part.prefix(40))")
            }
            #expect(translated.hints.count == original.hints.count, "\(translated.slug)")
        }
    }

    @Test(arguments: lessons)
    func theSolutionPassesAndTheStarterFails(_ lesson: Lesson) {
        #expect(Checker.check(lesson, answer: [lesson.solution]).passed, "\(lesson.slug)")
        #expect(!Checker.check(lesson, answer: []).passed, "\(lesson.slug)")
    }
}
