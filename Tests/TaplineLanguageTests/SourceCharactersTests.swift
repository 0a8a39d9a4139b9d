import Testing
@testable import TaplineLanguage

@Suite("Source characters")
struct SourceCharactersTests {
    @Test("each position holds the Character an [Character] would", arguments: [
        "tap x\n", "print(\"café ☕︎\")\n", "let é = 1 // 日本語\n", "👍🏽 a\u{301}b", "", "\u{FEFF}x", "a\rb",
    ])
    func positionsAreCharacters(text: String) {
        let source = SourceCharacters(text)
        #expect(Array(source) == Array(text))
        #expect(source.text(0..<source.count) == text)
        for (index, character) in text.enumerated() {
            #expect(source.codes[index] == (character.isASCII ? character.asciiValue : Lexer.notASCII))
        }
    }

    @Test func aWindowsLineEndIsOneNewline() {
        let source = SourceCharacters("a\r\nb\r\n")
        #expect(Array(source) == ["a", "\n", "b", "\n"])
        #expect(source.codes == [97, 10, 98, 10])
    }

    @Test func appendingKeepsEachCharacterInPlace() {
        var source = SourceCharacters("é1\n")
        source.append(contentsOf: SourceCharacters("ü2 ☕︎\n"))
        #expect(String(source) == "é1\nü2 ☕︎\n")
        #expect(source[3] == "ü" && source[6] == "☕︎" && source[4] == "2")
    }

    @Test func aCaretAfterWideCharactersCountsCharacters() {
        let interpreter = Interpreter(output: { _ in })
        let diagnostic = interpreter.run("let café = \"☕︎\" + nope\n", name: "t")
        let text = diagnostic.map { interpreter.format($0) }
        #expect(text?.contains("t:1:18: error") == true)
        #expect(text?.contains(" 1 | let café = \"☕︎\" + nope\n   |                  ^~~~") == true)
    }
}
