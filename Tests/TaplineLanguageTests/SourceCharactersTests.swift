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

    /// A mixed text is read a stretch at a time (`init(mixed:)`): each stretch must break into
    /// the characters Unicode's rules give the whole text (UAX #29), with the marks that join
    /// an ASCII letter before them (U+0301) or after them (U+0600, a prepended mark), CR LF,
    /// flags (regional indicators, which pair up) and an emoji joined by ZWJ.
    @Test("a mixed text breaks into the characters the whole text has", arguments: [
        "\u{0600}a", "a\u{0301}", "\r\n", "\r\u{301}", "x\u{0600}\u{0600}y\u{301}z", "🇫🇷🇩🇪a", "a\r\r\nb",
        "\u{301}", "ab\u{0600}", "👩\u{200D}💻x\u{200D}y",
    ])
    func mixedTextBreaksAsAWhole(text: String) {
        #expect(Array(SourceCharacters(text)) == Array(SourceCharacters(characters: text)))
        #expect(Array(SourceCharacters(text)).count == text.count)
    }

    @Test func randomMixedTextsBreakAsAWhole() {
        let pieces = ["a", "b", " ", "\n", "\r", "\r\n", "\u{301}", "\u{0600}", "\u{200D}", "🇫", "🇷", "👩", "é", "\u{1100}", "\u{1161}"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2000 {
            var text = ""
            for _ in 0..<12 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text += pieces[Int(state >> 33) % pieces.count]
            }
            let fast = SourceCharacters(text), slow = SourceCharacters(characters: text)
            #expect(fast.codes == slow.codes && Array(fast) == Array(slow), "\(Array(text.unicodeScalars))")
        }
    }

    /// `text(_:)` joins a range's ASCII stretches and its other characters (`Others.text`):
    /// every range of a mixed text reads as its characters made into a string.
    @Test func everyRangesTextIsItsCharacters() {
        for text in ["é1\nü2 ☕︎\n", "ab\u{0600}c👩\u{200D}💻", "\u{301}x\r\ny", "日本語", "a b c"] {
            let source = SourceCharacters(text)
            for start in 0...source.count {
                for end in start...source.count {
                    #expect(source.text(start..<end) == String(Array(source)[start..<end]), "\(text) \(start)..<\(end)")
                }
            }
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
