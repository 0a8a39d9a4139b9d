#if canImport(Glibc)
import Glibc
#endif
import Testing
import TaplineHost
@testable import TaplineLanguage

/// The lanes of `trace` and `marbles` are named by a chain's text up to each stage; a stage's
/// lane is found from its upstream's lane and the text it adds, and a long name keeps its start
/// and its end, so that recording costs the same for each stage of any chain and a trace line
/// the same for each event (LIMITS.md, "Recording").
@Suite("Lane names")
struct LaneNameTests {
    /// A recording run of `program`: what it printed, and its recorder. On a large stack, as
    /// `tapline` runs it: a chain of thousands of stages is compiled and subscribed to
    /// recursively.
    private func record(_ program: String) -> (output: String, recorder: Recorder?) {
        final class Run {
            var output = ""
            var failed = false
            var recorder: Recorder?
        }
        let run = Run()
        let work = {
            let interpreter = Interpreter(output: { run.output += $0 })
            interpreter.recordsEvents = true
            run.failed = interpreter.run(program) != nil
            run.recorder = interpreter.runtime.recorder
        }
        if let thread = LargeStackThread.start(stackSize: 64 << 20, work) { pthread_join(thread, nil) } else { work() }
        #expect(!run.failed)
        return (run.output, run.recorder)
    }

    private func chain(_ stages: Int) -> String {
        "s" + String(repeating: ".map { $0 }", count: stages)
    }

    @Test func aLongChainsLanesAreShortenedInTheMiddleAndStayApart() throws {
        let (output, recorder) = record("subject s: Int\ntrace on\n\(chain(3000)).sink { _ in }\nsend s 1\n")
        let lanes = try #require(recorder?.lanes)
        #expect(lanes.count == 3001, "each stage has a lane of its own, though many look alike")
        #expect(lanes.allSatisfy { $0.count <= LaneName.longest })
        let last = try #require(output.split(separator: "\n").last)
        #expect(last.hasPrefix("[     0ms] s.map { $0 }.map { $0 }"))
        #expect(last.contains("….map { $0 }.map { $0 }"))
        #expect(last.hasSuffix(".map { $0 }  receive value: (1)"))
        #expect(last.count < LaneName.longest + 40)
    }

    @Test func theSameChainWrittenAgainIsTheSameLanes() throws {
        let text = "\(chain(40)).filter { $0 > 0 }"
        let (_, recorder) = record("subject s: Int\n\(text).sink { _ in }\n\(text).sink { _ in }\n")
        #expect(recorder?.lanes.count == 42)
    }

    /// A chain that starts in parentheses is named from its `(`, as written.
    @Test func aParenthesizedStartKeepsItsParentheses() throws {
        let (_, recorder) = record("(1...3).publisher.map { $0 * 2 }.sink { _ in }\n")
        #expect(recorder?.lanes == ["(1...3).publisher", "(1...3).publisher.map { $0 * 2 }"])
    }

    /// Blanks around a continuation line and blank lines are dropped, a tab and a CR among them.
    @Test func blanksAtTheEndsOfLinesAreLeftOut() throws {
        var name = "s"
        LaneName.append(" \t.map { $0 } \r \n\n \t \n\t.filter { $0 > 1 }\t ", to: &name, sameLine: true)
        #expect(name == "s \t.map { $0 }.filter { $0 > 1 }")
        var other = ""
        LaneName.append("  a  \n  b  ", to: &other, sameLine: false)
        #expect(other == "a b")
    }

    @Test func aChainOnSeveralLinesIsNamedAsOnOne() throws {
        let (_, recorder) = record("subject s: Int\ns\n    .map {\n        $0 * 2\n    }\n    .filter { $0 > 1 }.sink { _ in }\ns.map { $0 * 2 }.filter { $0 > 1 }.sink { _ in }\n")
        #expect(recorder?.lanes == ["s", "s.map { $0 * 2 }", "s.map { $0 * 2 }.filter { $0 > 1 }"])
    }

    @Test func aLongNameExtendedByAStageKeepsItsStartAndItsNewEnd() {
        let whole = String(repeating: "a", count: 100) + String(repeating: "b", count: 100)
        let name = LaneName(whole).adding(".c()")
        #expect(name.shown == String(repeating: "a", count: 60) + "…" + String((String(repeating: "b", count: 100) + ".c()").suffix(99)))
        #expect(name.shown.count == LaneName.longest)
        #expect(LaneName("short").adding("\n  .next()").shown == "short.next()")
        #expect(LaneName("short").adding("\n  other").shown == "short other")
    }
}
