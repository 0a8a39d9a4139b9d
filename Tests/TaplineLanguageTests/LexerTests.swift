import Testing
@testable import TaplineLanguage

/// A token as the tests compare it: with its name or its string's pieces, which a token
/// itself keeps only as a place in the source or the number of a literal.
enum Lexed: Equatable {
    case identifier(String), keyword(Keyword), dollarName(String), dollarIndex(Int), int(Int), double(Double)
    case duration(Int64), string([StringPart]), punct(Punct), newline, eof
}

@Suite("Lexer")
struct LexerTests {
    private func kinds(_ text: String) throws -> [Lexed] {
        let source = SourceCharacters(text)
        var lexer = Lexer(source)
        return try lexer.run(until: source.count).map { token in
            switch token.kind {
            case .identifier(let word): .identifier(source.text(word.range))
            case .keyword(let keyword): .keyword(keyword)
            case .dollarName(let word): .dollarName(source.text(word.range))
            case .dollarIndex(let index): .dollarIndex(index)
            case .int(let value): .int(value)
            case .double(let value): .double(value)
            case .duration(let value): .duration(value)
            case .string(let number): .string(lexer.literal(number))
            case .punct(let punct): .punct(punct)
            case .newline: .newline
            case .eof: .eof
            }
        }
    }

    @Test func wordsNumbersAndDurations() throws {
        #expect(try kinds("tap dummy 42 1.5 300ms 1.5s") == [
            .identifier("tap"), .identifier("dummy"), .int(42), .double(1.5), .duration(300_000_000), .duration(1_500_000_000), .eof,
        ])
    }

    @Test func dollarNamesAndArguments() throws {
        #expect(try kinds("$value1 $0 $12") == [.dollarName("value1"), .dollarIndex(0), .dollarIndex(12), .eof])
    }

    /// U+0D4E is a "prepended" letter: Unicode makes it and the scalar after it one character,
    /// which a name may hold only when that scalar is a letter, a digit or `_`.
    @Test func aNameHoldsNoPunctuationJoinedToALetter() throws {
        #expect(try kinds("x\u{D4E}y = 1") == [.identifier("x\u{D4E}y"), .punct(.assign), .int(1), .eof])
        for source in ["let x\u{D4E}\" = 1", "f\u{D4E}(1)", "\u{D4E}/ 2"] {
            #expect(throws: Diagnostic.self, "\(source)") { try Lexer.tokenize(source) }
        }
    }

    @Test func rangesAreNotDecimals() throws {
        #expect(try kinds("1...5 0..<3") == [.int(1), .punct(.closedRange), .int(5), .int(0), .punct(.halfOpenRange), .int(3), .eof])
    }

    @Test func stringsWithEscapesAndInterpolation() throws {
        let tokens = try kinds(#""a\tb\"c" "x \(1 + 2) y""#)
        #expect(tokens[0] == .string([.text("a\tb\"c")]))
        guard case .string(let parts) = tokens[1] else {
            Issue.record("expected a string")
            return
        }
        #expect(parts.count == 3)
        #expect(parts[0] == .text("x "))
        if case .interpolation(let length, let start) = parts[1] {
            #expect(length == "1 + 2".count)
            #expect(start.column == 16)
        } else {
            Issue.record("expected an interpolation")
        }
    }

    @Test func everyKeywordAndNoNearMiss() throws {
        for keyword in Keyword.allCases {
            #expect(try kinds(keyword.rawValue) == [.keyword(keyword), .eof])
            // One letter more or less, a capital, a non-ASCII letter glued on: names.
            for name in [keyword.rawValue + "s", String(keyword.rawValue.dropLast()), keyword.rawValue.capitalized, keyword.rawValue + "é", "_" + keyword.rawValue] {
                #expect(try kinds(name) == [.identifier(name), .eof])
            }
        }
        #expect(try kinds("subscribers publishedValue a1234567890123456789") == [
            .identifier("subscribers"), .identifier("publishedValue"), .identifier("a1234567890123456789"), .eof,
        ])
        // Tapline's own words are names to the lexer: the parser decides where one is a command.
        for word in CommandWord.allCases {
            #expect(try kinds(word.rawValue) == [.identifier(word.rawValue), .eof])
        }
    }

    @Test func stringTextIsKeptAsWritten() throws {
        #expect(try kinds(#""plain, with spaces\tand é ☕︎ and \r\n""#) == [.string([.text("plain, with spaces\tand é ☕︎ and \r\n")]), .eof])
        #expect(try kinds("\"a\rb\"") == [.string([.text("a\rb")]), .eof])
    }

    @Test func commentsAndShebangAreSkipped() throws {
        #expect(try kinds("#!/usr/bin/env tapline\ntap x // note\n# also a comment\n") == [
            .newline, .identifier("tap"), .identifier("x"), .newline, .newline, .eof,
        ])
    }

    @Test func newlinesInsideParenthesesAreNotStatementEnds() throws {
        #expect(try kinds("print(1,\n2)") == [.identifier("print"), .punct(.lparen), .int(1), .punct(.comma), .int(2), .punct(.rparen), .eof])
        // …unless a closure opens inside them.
        #expect(try kinds("f({\nx\n})").contains(.newline))
    }

    @Test func locationsCountLinesAndColumns() throws {
        let tokens = try Lexer.tokenize("a\n  bb")
        #expect(tokens[2].range.start == SourceLocation(line: 2, column: 3, offset: 4))
        #expect(tokens[2].range.end.column == 5)
    }

    @Test("lexer errors", arguments: [
        ("\"abc", "unterminated string literal; add the closing '\"'", true),
        ("\"abc\nx", "unterminated string literal; add the closing '\"'", false),
        ("\"\\q\"", "invalid escape '\\q' in string; use '\\n', '\\t', '\\\"', '\\\\' or '\\(…)'", false),
        ("3kg", "'kg' is not a unit of time; use 'ms' or 's' (for example '300ms', '1.5s')", false),
        ("99999999999999999999", "number '99999999999999999999' is too large", false),
        ("a ~ b", "unexpected character '~'", false),
        ("$ x", "'$' must be followed by a name ('$value') or a closure argument ('$0')", false),
        ("$100", "closure argument number is too large", false),
        ("$123456789012345678901234567890", "closure argument number is too large", false),
        ("\"a\\\u{E9}\"", "invalid escape '\\\u{E9}' in string; use '\\n', '\\t', '\\\"', '\\\\' or '\\(…)'", false),
    ])
    func lexerErrors(source: String, message: String, incomplete: Bool) {
        do {
            _ = try Lexer.tokenize(source)
            Issue.record("expected an error")
        } catch {
            #expect(error.message == message)
            #expect(error.isIncompleteInput == incomplete)
        }
    }
}
