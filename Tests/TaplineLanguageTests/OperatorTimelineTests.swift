import Testing
@testable import TaplineLanguage

/// The timelines `:help OPERATOR` draws, one in each operator: each program running cleanly
/// with recording on, and its diagram showing values on the virtual clock.
@Suite("Operator timelines")
struct OperatorTimelineTests {
    @Test func aTopicIsAnOperatorsName() {
        for entry in ChainOperator.all { #expect(ChainOperator.topic(entry.name) === entry, "\(entry.name)") }
        #expect(ChainOperator.topic("nonsense") == nil)
    }

    @Test("the program runs and its diagram shows values", arguments: ChainOperator.all.map(\.name))
    func program(_ name: String) throws {
        let timeline = try #require(ChainOperator.topic(name)).timeline
        #expect(!timeline.program.contains("marbles"), "the renderer appends 'marbles' itself")
        var output = ""
        let interpreter = Interpreter(output: { output += $0 })
        interpreter.recordsEvents = true
        let diagnostic = interpreter.run(timeline.program + "\nmarbles")
        #expect(diagnostic == nil, "\(name): \(diagnostic?.message ?? "")")
        let diagram = try #require(interpreter.runtime.marbleDiagram(forPicture: false))
        let marks = diagram.lanes.flatMap { $0.marks.values.joined() }
        #expect(marks.contains { if case .value = $0 { return true } else { return false } }, "\(name): no lane shows a value")
        // Short enough to read under `:help` in an 80-column terminal.
        #expect(diagram.frameCount <= 31, "\(name): \(diagram.frameCount) frames")
        #expect(diagram.lanes.count <= 4, "\(name): \(diagram.lanes.count) lanes")
        #expect(output.contains("time "), "\(name): the diagram was not printed:\n\(output)")
    }

    @Test("about is two sentences", arguments: ChainOperator.all.map(\.name))
    func about(_ name: String) throws {
        let timeline = try #require(ChainOperator.topic(name)).timeline
        #expect(timeline.about.hasSuffix("."), "\(name)")
        #expect(timeline.about.components(separatedBy: ". ").count == 2, "\(name): \(timeline.about)")
    }

    @Test func rxNamesAreGivenOnlyWhereTheyDiffer() {
        for entry in ChainOperator.all {
            let timeline = entry.timeline
            #expect(timeline.rxSwift != entry.name && timeline.rxJS != entry.name, "\(entry.name)")
            #expect(timeline.rxSwift?.isEmpty != true && timeline.rxJS?.isEmpty != true, "\(entry.name)")
        }
    }
}
