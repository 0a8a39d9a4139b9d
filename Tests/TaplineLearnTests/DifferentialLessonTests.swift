import Testing
import TaplineTestSupport
@testable import TaplineLearn

/// Every lesson's demonstration, and its exercise with the solution in the gap (the pieces the
/// checker runs, an entry each), print the same with fast paths on and off and recording on
/// and off (`Differential`).
@Suite("Differential grid: lessons")
struct DifferentialLessonTests {
    @Test("a lesson prints the same every way", arguments: LessonTests.lessons)
    func lesson(_ lesson: Lesson) throws {
        let slug = lesson.slug
        let demo = Differential.compare([(lesson.demo, "demo")])
        if case .differs(let shown) = demo { Issue.record("\(slug) demo:\n\(shown)") }
        let pieces = [(lesson.starterBefore, "starter"), (lesson.solution, "answer"), (lesson.starterAfter, "after"), (lesson.check, "check")]
            .filter { !$0.0.allSatisfy(\.isWhitespace) }
        let exercise = Differential.compare(pieces)
        if case .differs(let shown) = exercise { Issue.record("\(slug) solution:\n\(shown)") }
        #expect(demo != .outOfBudget && exercise != .outOfBudget)
    }
}
