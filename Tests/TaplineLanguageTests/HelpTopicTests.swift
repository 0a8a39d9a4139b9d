import Testing
@testable import TaplineLanguage

/// The `:help` pages of what is not an operator (`HelpTopic`): each example prints what its
/// page says, each diagram's program runs and draws values, and no name is two topics.
@Suite("Help topics")
struct HelpTopicTests {
    @Test func everyNameAndAliasIsOneTopicAndNoOperator() {
        let names = HelpTopic.all.flatMap { [$0.name] + $0.aliases }
        #expect(Set(names).count == names.count)
        for name in names { #expect(ChainOperator.topic(name) == nil, "\(name) is an operator's page") }
        for topic in HelpTopic.all { #expect(HelpTopic.named(topic.name)?.name == topic.name) }
    }

    @Test("the example prints what the page says", arguments: HelpTopic.all.map(\.name))
    func example(_ name: String) throws {
        let topic = try #require(HelpTopic.named(name))
        let result = run(topic.example)
        #expect(result.error == nil)
        #expect(result.output == topic.output)
    }

    @Test("the diagram's program runs and shows values", arguments: HelpTopic.all.filter { $0.program != nil }.map(\.name))
    func diagram(_ name: String) throws {
        let program = try #require(HelpTopic.named(name)?.program)
        #expect(!program.contains("marbles"), "the renderer appends 'marbles' itself")
        let diagram = try #require(Diagrams.text(of: program), "\(name): the program stopped with an error")
        #expect(diagram.hasPrefix("time "), "\(name):\n\(diagram)")
    }

    /// Every operator's and topic's words are in Korean too: an operator's summary and its
    /// two sentences, each topic's story, all with Hangul in them.
    @Test func everyPageHasItsKoreanWords() {
        let hangul = { (text: String) in text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } }
        for entry in ChainOperator.all {
            let korean = entry.timeline.korean
            #expect(hangul(korean.summary) && hangul(korean.about), "\(entry.name)")
            #expect(korean.about.components(separatedBy: ". ").count == 2, "\(entry.name): \(korean.about)")
        }
        for topic in HelpTopic.all { #expect(hangul(topic.aboutKorean), "\(topic.name)") }
    }
}
