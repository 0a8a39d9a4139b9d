import Foundation
import FoundationXML
import Testing
@testable import TaplineLanguage

/// `marbles`, `marbles save` and `trace` (DESIGN §7–§8): the diagram of a program's own
/// run, its SVG picture, and the trace, each compared whole.
@Suite("Marble diagrams and traces")
struct MarbleDiagramTests {
    /// Runs a program with recording on, as the REPL does; returns what it printed.
    static func recorded(_ program: String, width: Int = 80) -> String {
        var output = ""
        let interpreter = Interpreter(output: { output += $0 }, echoes: false)
        interpreter.recordsEvents = true
        interpreter.diagramWidth = width
        if let diagnostic = interpreter.run(program) { return "error: \(diagnostic.message)" }
        return output
    }

    static let diagramCases: [(String, String)] = [
        // A subject's lane shows what it is sent; each stage's lane what passes it.
        ("subject q: Int\nq.map { $0 * 2 }.sink { _ in }\nsend q 1\nwait 100ms\nsend q 2\nwait 100ms\ncomplete q\nmarbles",
         """
         time              0
         q                 12|
         q.map { $0 * 2 }  24|

         | finished

         """),
        // Long values get letters, the same in every lane; `^` marks a subscription. A key
        // says what the marks drawn mean.
        ("subject q: String\nwait 100ms\nq.sink { _ in }\nwait 100ms\nsend q \"sw\"\nwait 100ms\nmarbles",
         """
         time  0
         q      ^a-

         ^ subscription
         a = "sw"

         """),
        // An error is `#`; a cancel `!`; a lane is blank where nothing is subscribed.
        ("subject q: Int\nlet c = q.sink(receiveCompletion: { _ in }, receiveValue: { _ in })\nwait 200ms\ncancel c\nwait 200ms\nsubject r: Int, Error\nr.sink(receiveCompletion: { _ in }, receiveValue: { _ in })\nwait 100ms\nfail r \"x\"\nmarbles",
         """
         time  0
         q     ^-!
         r         ^#

         ^ subscription  ! cancel  # failure

         """),
        // Nothing recorded yet.
        ("marbles", "(nothing recorded yet: subscribe to something, then send or wait)\n"),
        // Each inner request of switchToLatest on a row of its own, from where it was
        // subscribed: the first cancelled when the second query comes (its completion, already
        // on its way through the delay, still arrives, as in Combine), the second answering.
        ("func ask(_ q: Int) -> AnyPublisher<Int, Never> {\n  return Just(q).delay(for: 300ms, scheduler: RunLoop.main).eraseToAnyPublisher()\n}\n"
            + "subject t: Int\nt.map { ask($0) }.switchToLatest().sink { _ in }\nplay t \"-1-2-----|\"\nwait 1s\nmarbles",
         """
         time                  0         1s
         Just(q)                A
         #2 Just(q)               B
         Just(q).delay(for: 300ms, scheduler: RunLoop.main)
                                ^-!|
         #2 Just(q).delay(for: 300ms, scheduler: RunLoop.main)
                                  ^--B
         Just(q).delay(for: 300ms, scheduler: RunLoop.main).eraseToAnyPublisher()
                                ^-!|
         #2 Just(q).delay(for: 300ms, scheduler: RunLoop.main).eraseToAnyPublisher()
                                  ^--B
         t                     ^1-2-----|
         t.map { ask($0) }     ^a-b-----|
         t.map { ask($0) }.switchToLatest()
                               ^-----2--|

         ^ subscription  ! cancel  | finished
         A = (1|)
         B = (2|)
         a = AnyPublisher<Int, Never>
         b = AnyPublisher<Int, Never>

         """),
    ]

    @Test("the diagram of a run", arguments: diagramCases)
    func diagram(program: String, expected: String) {
        #expect(Self.recorded(program) == expected)
    }

    /// Past the 52 Latin letters come Greek ones; past those, `?`, counted in one legend line.
    @Test func valuesPastTheLettersGetGreekThenQuestionMarks() {
        let output = Self.recorded("subject q: Int\nq.sink { _ in }\nfor i in 1...90 { send q i * 1000; wait 100ms }\nmarbles", width: 200)
        let legend = output.split(separator: "\n").filter { $0.contains(" = ") }
        #expect(legend.count == 83)
        #expect(legend.contains("Z = 52000"))
        #expect(legend.contains("α = 53000"))
        #expect(legend.contains("Ω = 82000"))
        #expect(legend.last == "? = any of 8 more values or groups: the letters ran out ('trace on' shows each)")
    }

    /// A lane's name writes a closure longer than 24 characters as `{ … }`; braces in strings
    /// do not count.
    @Test func longClosuresAreShortInLaneNames() {
        #expect(LaneName.abbreviatingClosures("s.map { value in value * 2 + 1_000_000 }.filter { $0 > 0 }") == "s.map { … }.filter { $0 > 0 }")
        #expect(LaneName.abbreviatingClosures("s.map { \"}\" + String($0) }") == "s.map { \"}\" + String($0) }")
        #expect(LaneName.abbreviatingClosures("s.sink { v in if v > 0 { print(\"positive \\(v)\") } }") == "s.sink { … }")
        #expect(LaneName.abbreviatingClosures("(s.map { $0 })") == "(s.map { $0 })")
    }

    /// Each mark of the SVG carries the events it stands for, in `trace`'s words, as its
    /// title: a tooltip anywhere, and the line the playground shows when the mark is clicked.
    @Test func eachMarkHoldsItsEventsAsTraceWritesThem() throws {
        let svg = try #require(Diagrams.svg(of: "subject s: Int\ns.sink { _ in }\nwait 100ms\nsend s 1\nsend s 2"))
        #expect(svg.contains("<g class=\"mark\"><title>s\n[   100ms] send value: (1)\n[   100ms] send value: (2)</title>"))
        #expect(svg.contains("<title>s\n[     0ms] receive subscription: (PassthroughSubject)\n[     0ms] request unlimited</title>"))
    }

    /// The width is asked for at each `marbles`, so the diagram follows a resized window.
    @Test func theWidthIsAskedForEachTime() {
        var output = ""
        let interpreter = Interpreter(output: { output += $0 }, echoes: false)
        interpreter.recordsEvents = true
        var columns = 200
        interpreter.terminalWidth = { columns }
        _ = interpreter.run("subject q: Int\nq.sink { _ in }\nfor i in 0..<6 { send q i; wait 900ms }\nmarbles")
        #expect(!output.contains("\n\ntime"))
        output = ""
        columns = 40
        _ = interpreter.run("marbles")
        #expect(output.contains("\n\ntime"))
        interpreter.close()
    }

    @Test func aLongNameGoesOnItsOwnLineAndLanesFoldAtTheWidth() {
        let output = Self.recorded("""
            subject q: Int
            q.map { $0 * 1000 }.filter { $0 > 0 }.sink { _ in }
            repeat 7 { send q 1; wait 1s }
            marbles
            """, width: 40)
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { $0.count <= 40 })
        #expect(lines.contains("q.map { $0 * 1000 }.filter { $0 > 0 }"))
        #expect(lines.filter { $0.hasPrefix("time") }.count == 4)   // 61 frames, 20 a block
    }

    @Test func aNameWiderThanTheTerminalIsCutNotWrapped() {
        let program = "subject q: Int\nq.map { $0 + 1 }.map { $0 + 2 }.map { $0 + 3 }.map { $0 + 4 }.sink { _ in }\nsend q 1\nmarbles"
        let output = Self.recorded(program, width: 40)
        let lines = output.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 40 }, "\(output)")
        // Its start (the chain's root) and its end (the stage the lane shows) are kept.
        #expect(lines.contains("q.map { $0 + …{ $0 + 3 }.map { $0 + 4 }"))
    }

    @Test func theTraceSaysWhatCombineDropsAndTheDemandLeft() {
        let output = Self.recorded("""
            trace on
            subject q: Int
            subscriber one(demand: 1) { print("got", $0); return .none }
            q.subscribe(one)
            send q 1
            send q 2
            """)
        #expect(output == """
            [     0ms] q  receive subscription: (PassthroughSubject)
            [     0ms] q  request max: (1)  demand left: max(1)
            [     0ms] q  send value: (1)
            got 1
            [     0ms] q  send value: (2)
            [     0ms] q  dropped: (2) no demand

            """)
    }

    @Test func recordingChangesNothingTheProgramSees() {
        let program = """
            subject q: Int
            q.map { $0 + 1 }.print("m").filter { $0 > 1 }.sink { print($0) }
            [1, 2].publisher.print("p").sink { _ in }
            send q 1; send q 2; complete q
            """
        var plain = ""
        Interpreter(output: { plain += $0 }).run(program)
        #expect(Self.recorded(program) == plain)
    }

    @Test func theSVGIsWellFormedAndDrawsEveryLane() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tapline-\(UUID()).svg").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = Self.recorded("""
            subject q: String
            q.debounce(for: 300ms).sink { _ in }
            play q "-a-b----c|" ["a": "<&>", "b": "\\"quoted\\""]
            wait 1s
            marbles save \(path)
            """)
        #expect(output == "")
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let counter = ElementCounter()
        let parser = XMLParser(data: data)
        parser.delegate = counter
        #expect(parser.parse(), "not well-formed XML: \(String(describing: parser.parserError))")
        #expect(counter.root == "svg")
        #expect(counter.texts.contains("q.debounce(for: 300ms)"))
        #expect(counter.texts.contains("a = \"<&>\""))
        #expect(counter.count["circle"] == 4)        // a b c on q; b after debounce (c is cut off by |)
        #expect(counter.count["path"] == 5)          // an arrowhead a lane, a ^ each, the key's ^
    }

    @Test func savingWhereNothingCanBeWrittenIsALocatedError() {
        let output = Self.recorded("subject q: Int\nq.sink { _ in }\nmarbles save /nonexistent/dir/x.svg")
        #expect(output == "error: cannot write '/nonexistent/dir/x.svg': No such file or directory")
    }
}

/// Counts an XML document's elements and collects its text.
private final class ElementCounter: NSObject, XMLParserDelegate {
    var count: [String: Int] = [:]
    var root: String?
    var texts: [String] = []
    private var text = ""

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if root == nil { root = name }
        count[name, default: 0] += 1
        text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "text" { texts.append(text) }
    }
}
