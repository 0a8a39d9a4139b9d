import Testing
@testable import TaplineLanguage

/// Marble strings read and written by RxJS's rules (DESIGN §7): frames of 100ms here.
@Suite("Marble strings")
struct MarblesTests {
    static let frame: Int64 = 100_000_000

    static func events(_ list: [(Int64, Marbles.Symbol)]) -> [Marbles.Event] {
        list.map { Marbles.Event(time: $0.0 * frame, symbol: $0.1) }
    }

    static let parseCases: [(String, [(Int64, Marbles.Symbol)])] = [
        ("a", [(0, .value("a"))]),
        ("-a--b-|", [(1, .value("a")), (4, .value("b")), (6, .finished)]),
        ("-(12)--3-|", [(1, .value("1")), (1, .value("2")), (7, .value("3")), (9, .finished)]),
        ("--#", [(2, .failure)]),
        ("a b", [(0, .value("a")), (1, .value("b"))]),          // spaces take no time
        ("(a|)", [(0, .value("a")), (0, .finished)]),
        ("a-^-b", [(-2, .value("a")), (2, .value("b"))]),     // ^ is frame 0, and takes a frame
        ("-a-!", [(1, .value("a")), (3, .cancel)]),
        ("", []),
    ]

    @Test("parse", arguments: parseCases)
    func parse(text: String, expected: [(Int64, Marbles.Symbol)]) throws {
        #expect(try Marbles.parse(text, frame: Self.frame) == Self.events(expected))
    }

    @Test func aTimeProgressionMovesOnFromWhereTheStringIs() throws {
        // a at 0, then a's own frame, then 1s: b at 1100ms.
        let parsed = try Marbles.parse("a 1s b", frame: Self.frame)
        #expect(parsed == [Marbles.Event(time: 0, symbol: .value("a")), Marbles.Event(time: 1_100_000_000, symbol: .value("b"))])
    }

    @Test("errors", arguments: [
        ("(a", "a group '(' is not closed"),
        ("a)", "')' closes no group"),
        ("((a))", "a group cannot open inside another"),
    ])
    func errors(text: String, message: String) {
        #expect(throws: Marbles.ParseError.self) { try Marbles.parse(text, frame: Self.frame) }
        do { _ = try Marbles.parse(text, frame: Self.frame) } catch { #expect(error.message == message) }
    }

    static let formatCases: [([(Int64, Character)], String, Bool)] = [
        ([(1, "a"), (4, "b"), (6, "|")], "-a--b-|", true),
        ([(1, "1"), (1, "2"), (7, "3"), (9, "|")], "-(12)--3-|", true),
        ([(0, "1"), (0, "2"), (2, "3")], "(12)3", false),          // the group hides frame 2
    ]

    @Test("format", arguments: formatCases)
    func format(events: [(Int64, Character)], text: String, isExact: Bool) {
        let written = Marbles.format(events.map { (time: $0.0 * Self.frame, symbol: $0.1) }, frame: Self.frame)
        #expect(written.text == text)
        #expect(written.isExact == isExact)
    }

    @Test func whatIsWrittenReadsBackTheSame() throws {
        for text in ["-a--b-|", "-(12)--3-|", "--#", "(ab)-c"] {
            let parsed = try Marbles.parse(text, frame: Self.frame)
            let symbols = parsed.map { (time: $0.time, symbol: Self.character($0.symbol)) }
            #expect(Marbles.format(symbols, frame: Self.frame).text == text)
        }
    }

    static func character(_ symbol: Marbles.Symbol) -> Character {
        switch symbol {
        case .value(let character): return character
        case .finished: return "|"
        case .failure: return "#"
        case .cancel: return "!"
        }
    }
}
