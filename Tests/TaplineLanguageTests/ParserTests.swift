import Testing
@testable import TaplineLanguage

@Suite("Parser")
struct ParserTests {
    /// A program and its tree, as `ASTPrinter` shows it: one line per statement.
    static func tree(_ program: String) throws -> String {
        ASTPrinter.print(try Parser.parse(program))
    }

    /// An interpolation is read by a parser of its own, in place: its tree points into the
    /// string's line.
    @Test("an interpolation reads as an expression where it stands", arguments: [
        ("$0", "$0"), ("count", "count"), ("x + 1", "(binary + x 1)"), ("f()", "(call f)"),
    ])
    func interpolations(_ code: String, tree: String) throws {
        let line1 = "let a = 1\n", before = "print(\"v: \\("
        let source = SourceCharacters(line1 + before + code + ") end\")\n")
        let start = SourceLocation(line: 2, column: before.count + 1, offset: line1.count + before.count)
        let expr = try Parser.parseInterpolation(length: code.count, at: start, in: source, depth: 1)
        #expect(ASTPrinter.print(expr) == tree)
        #expect(expr.range.start == start)
    }

    @Test func parsesTheDeclarationsAndCommands() throws {
        let program = """
            button b "Title" { set x = 1 }
            subject s: Int
            current c: Double = 1.5
            published p = "a"
            subscriber sub(demand: .max(2)) { print($0) } completion { print($0) }
            func f() { print(1) }
            view V { func g() { }; on appear { tap b }; on disappear { } }
            switch $p { case "a", "b": V
              default: V }
            let token = s.sink { _ in }
            tap b; set p = "b"; send s 1; s.send(2); complete s; fail s "x"; cancel token
            request sub 1; wait 300ms; show V; hide V; print(1, 2)
            repeat 3 { f() }
            for i in 1...3 { print(i) }
            if 1 < 2 { } else if true { } else { }
            """
        #expect(try Self.tree(program) == """
            (button b "Title" { (set x 1) })
            (subject s Int Never)
            (current c Double Never 1.5)
            (published p _ "a")
            (subscriber sub (call .max 2) { (call print $0) } { (call print $0) })
            (func f () _ { (call print 1) })
            (view V { (func g () _ { }) } { (tap b) } { } _)
            (switch $p (case "a" "b" { V }) (default { V }))
            (let token (call (. s sink) { (_) in }))
            (tap b)
            (set p "b")
            (send s 1)
            (call (. s send) 2)
            (complete s)
            (fail s "x")
            (cancel token)
            (request sub 1)
            (wait 300000000ns)
            (show V)
            (hide V)
            (call print 1 2)
            (repeat 3 { (call f) })
            (for i (... 1 3) { (call print i) })
            (if (binary < 1 2) { } { (if true { } { }) })
            """)
    }

    @Test func chainsMayContinueOnTheNextLine() throws {
        #expect(try Self.tree("$value\n  .filter { $0 > 1 }\n  .sink { print($0) }\n")
            == "(call (. (call (. $value filter) { (binary > $0 1) }) sink) { (call print $0) })")
    }

    @Test("binary operators bind as Swift's do, and associate to the left", arguments: [
        ("print(1 - 2 - 3)", "(call print (binary - (binary - 1 2) 3))"),
        ("print(8 / 4 * 2 % 3)", "(call print (binary % (binary * (binary / 8 4) 2) 3))"),
        ("print(1 + 2 * 3 - 4)", "(call print (binary - (binary + 1 (binary * 2 3)) 4))"),
        ("print(1 * 2 + 3 * 4 == 14)", "(call print (binary == (binary + (binary * 1 2) (binary * 3 4)) 14))"),
        ("print(0..<2 + 1)", "(call print (binary ..< 0 (binary + 2 1)))"),
        ("print(a || b && c || d)", "(call print (binary || (binary || a (binary && b c)) d))"),
        ("print(-1 * -2)", "(call print (binary * (- 1) (- 2)))"),
        ("print(1 == 2 + 3 ? 1 : 2)", "(call print (?: (binary == 1 (binary + 2 3)) 1 2))"),
    ])
    func binaryOperators(program: String, tree: String) throws {
        #expect(try Self.tree(program) == tree)
    }

    @Test func precedenceIsSwifts() throws {
        #expect(try Self.tree("print(1 + 2 * 3 == 7 && !false || 1 > 2)")
            == "(call print (binary || (binary && (binary == (binary + 1 (binary * 2 3)) 7) (! false)) (binary > 1 2)))")
    }

    @Test func closureParameters() throws {
        #expect(try Self.tree("s.sink { v in print(v) }\ns.sink { (a, b) in print(a) }\ns.sink { _ in }") == """
            (call (. s sink) { (v) in (call print v) })
            (call (. s sink) { (a b) in (call print a) })
            (call (. s sink) { (_) in })
            """)
    }

    @Test func funcsHaveLabelledTypedParametersAndAResultType() throws {
        #expect(try Self.tree("""
            func f(x: Int, _ y: [String], for z, w: (Int, Bool)) -> AnyPublisher<Int, Never> { return y }
            f(x: 1, [], for: 2, w: (3, true))
            """) == """
            (func f ((x x Int) (_ y [String]) (for z) (w w (Int, Bool))) AnyPublisher<Int, Never> { (return y) })
            (call f x: 1 (array) for: 2 w: (tuple 3 true))
            """)
    }

    @Test func expressionsOfEveryKind() throws {
        #expect(try Self.tree("print(\"a\\(x + 1)b\", c ? [1, 2] : [], (1, \"t\"), -x, 0.5)\n$q.assign(to: &$r)\nreturn") == """
            (call print (string "a" \\((binary + x 1)) "b") (?: c (array 1 2) (array)) (tuple 1 "t") (- x) 0.5)
            (call (. $q assign) to: (& $r))
            (return _)
            """)
    }

    /// Each mistake, with its exact rendered diagnostic (file "t").
    @Test("diagnostics", arguments: [
        ("print(1)\u{1}", """
            t:1:9: error: unexpected character (U+0001); is this a text file?
             1 | print(1)?
               |         ^

            """),
        ("tap 1", """
            t:1:5: error: expected end of statement (a new line or ';'), found '1'
             1 | tap 1
               |     ^
            note: 'tap' is one of Tapline's words: 'tap BUTTON' taps a button; here 'tap' is read as a name

            """),

        ("subject s: Strig", """
            t:1:12: error: unknown type 'Strig'; did you mean 'String'?
             1 | subject s: Strig
               |            ^~~~~

            """),
        ("print(1 2)", """
            t:1:9: error: expected ')' to close the argument list, found '2'
             1 | print(1 2)
               |         ^

            """),
        ("tap x y", """
            t:1:7: error: expected end of statement (a new line or ';'), found 'y'
             1 | tap x y
               |       ^

            """),
        ("set x 1", """
            t:1:7: error: expected '=' after 'set x', found '1'
             1 | set x 1
               |       ^

            """),

        ("print(1 < 2 < 3)", """
            t:1:13: error: '<' cannot be chained; add parentheses
             1 | print(1 < 2 < 3)
               |             ^

            """),
        ("view V { print(1) }", """
            t:1:10: error: a view holds 'func', 'on appear { … }', 'on disappear { … }', '@StateObject var', '@ObservedObject var' and 'var body: some View { … }', found 'print'
             1 | view V { print(1) }
               |          ^~~~~

            """),
        ("func f(x y z) { }", """
            t:1:12: error: expected ',' between parameters, found 'z'
             1 | func f(x y z) { }
               |            ^

            """),
        ("func f(x: AnyPublisher<Int, Never) { }", """
            t:1:34: error: expected '>' to close the type's arguments, found ')'
             1 | func f(x: AnyPublisher<Int, Never) { }
               |                                  ^

            """),
        ("case 1: V", """
            t:1:1: error: 'case' is only allowed inside a 'switch'
             1 | case 1: V
               | ^~~~

            """),
    ])
    func diagnostics(source: String, rendered: String) {
        do {
            _ = try Parser.parse(source)
            Issue.record("expected an error")
        } catch {
            #expect(DiagnosticFormatter().format(error, source: SourceCharacters(source), fileName: "t") == rendered)
        }
    }

    /// A command's word mistyped by one letter, or two swapped, is named in a note; an
    /// operator's name too (`q.snik` → `sink`).
    @Test func aMistypedCommandIsNamed() throws {
        do {
            _ = try Parser.parse("sned s 1\n")
            Issue.record("expected an error")
        } catch {
            #expect(error.notes.first?.id == .commandTypo)
            #expect(error.notes.first?.message.hasPrefix("did you mean 'send'?") == true, "\(error.notes)")
        }
        #expect(Suggest.closest(to: "snik", in: ["sink", "map"]) == "sink")
        #expect(Suggest.editDistance("snik", "sink") == 1)
    }

    @Test("incomplete input is told from a real error", arguments: [
        ("view V {", true), ("print(1,", true), ("s.sink { print(\"a", true), ("x = [1,", true),
        ("button b { tap", true), ("print(1))", false), ("tap", false), ("}", false), ("print(1)", false),
        // Swift lets a declaration's body, and a func's result, start on the next line.
        ("func f()", true), ("func f()\n", true), ("func g() -> Int", true), ("class A: B", true), ("func f() x", false),
    ])
    func incompleteInput(source: String, incomplete: Bool) {
        #expect(Interpreter.isIncomplete(source) == incomplete)
    }

    @Test("the first error in the text is reported, the lexer's or the parser's", arguments: [
        ("print(1 +)\nlet s = \"abc", "t:1:10: error: expected an expression, found ')'"),
        ("let s = \"abc\nprint(1 +)", "t:1:9: error: unterminated string literal; add the closing '\"'"),
        ("tap x\nlet y = 1 ~ 2", "t:2:11: error: unexpected character '~'"),
        ("tap x\n@Published var y = 1", "t:2:1: error: '@Published' makes a property of a class observable; for the program's own write 'published NAME = value'"),
        ("print(\"a \\(1 + ) b\")", "t:1:16: error: expected an expression, found end of input"),
    ])
    func firstErrorWins(source: String, header: String) {
        do {
            _ = try Parser.parse(source)
            Issue.record("expected an error")
        } catch {
            #expect(DiagnosticFormatter().format(error, source: SourceCharacters(source), fileName: "t").hasPrefix(header + "\n"))
        }
    }

    @Test func tokensAreReadAsTheParserGoesAndLookaheadCrossesWhatWasDropped() throws {
        // Hundreds of statements, so the parser drops the tokens it has read between them;
        // then the constructs that look ahead: a chain on the next line, `completion` after
        // a subscriber, a closure's parameters, `marbles save` (which the lexer recognises).
        let filler = (0..<300).map { "let v\($0) = \($0)" }.joined(separator: "\n")
        let program = filler + """

            subject s: Int
            s
              .map { a, b in a }

              .sink { x in print(x) }
            subscriber k(demand: .unlimited) { print($0) }

            completion { print("done") }
            marbles save out/a b.svg
            """
        let statements = try Parser.parse(program)
        #expect(statements.count == 304)
        let printed = statements.suffix(4).map { ASTPrinter.print([$0]) }
        #expect(printed[1] == "(call (. (call (. s map) { (a b) in a }) sink) { (x) in (call print x) })")
        #expect(printed[2] == "(subscriber k .unlimited { (call print $0) } { (call print \"done\") })")
        #expect(printed[3] == "(marbles save \"out/a b.svg\")")
    }

    /// `frame`, `play`, `expect`, `trace` and `marbles` start a command only where a name
    /// could not be meant; otherwise they are names.
    @Test("time commands are told from names", arguments: [
        ("frame 50ms", true), ("frame + 1", false), ("frame", false),
        ("play q \"-a|\"", true), ("play(1)", false), ("play", false),
        ("expect q \"-|\"", true), ("expect $q \"-|\"", true), ("expect 1 \"-|\"", true),
        ("expect 1.5 \"-|\"", true), ("expect = 2", false), ("expect", false),
        ("trace on", true), ("trace off", true), ("trace(1)", false), ("trace", false),
        ("marbles", true), ("marbles clear", true), ("marbles save a.svg", true), ("marbles.count", false),
        ("marbles + 1", false), ("print(1)", false), ("plays(1)", false), ("frames(50ms)", false),
    ])
    func timeCommands(program: String, isCommand: Bool) throws {
        let statement = try #require(try Parser.parse(program).first)
        switch statement.kind {
        case .frame, .play, .expect, .trace, .marbles: #expect(isCommand)
        default: #expect(!isCommand)
        }
    }

    @Test func stringLiteralsSurviveTheTokensBeingDropped() throws {
        // Each string token holds the number of its literal in the lexer, which lets go of a
        // literal once its token is dropped: every one must still be the right one.
        let program = (0..<600).map { "print(\"s\($0) \\($0 + 1)\", \"t\($0)\")" }.joined(separator: "\n")
        let statements = try Parser.parse(program)
        #expect(statements.count == 600)
        for index in [0, 299, 300, 598, 599] {
            #expect(ASTPrinter.print([statements[index]]) == "(call print (string \"s\(index) \" \\((binary + $0 1))) \"t\(index)\")")
        }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let source = String(repeating: "(", count: 100_000)
        do {
            _ = try Parser.parse(source)
            Issue.record("expected an error")
        } catch {
            #expect(error.message == "too deeply nested (more than 200 levels)")
        }
    }
}

@Suite("Parser: trailing closures after conditions")
struct TrailingClosureTests {
    @Test func aConditionTakesNoTrailingClosureButItsBracketsDo() {
        // Inside the parentheses of a condition a trailing closure is allowed again; after a
        // closure with parameters, the condition rule still holds for what follows.
        let program = """
            subject s: Int
            current c = 0
            if [1, 2].contains(1) { print("yes") }
            repeat 2 { s.sink { v in print(v) } }
            for i in 1...2 { s.filter { x in x > i }.sink { (a) in print(a) } }
            if true { print("after") }
            """
        #expect((try? Parser.parse(program))?.count == 6)
    }
}

