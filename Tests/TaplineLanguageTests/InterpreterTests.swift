import Testing
@testable import TaplineLanguage

@Suite("Interpreter")
struct InterpreterTests {
    @Test("programs and what they print", arguments: [
        ("print(1 + 2 * 3, 7 / 2, 7 % 3, 2.5 * 2, -4)", "7 3 1 5.0 -4\n"),
        ("print(\"a\" + \"b\", \"n=\\(1 + 1)\", [1, 2], (1, \"x\"), [\"a\"])", "ab n=2 [1, 2] (1, \"x\") [\"a\"]\n"),
        ("print(true && !false, 1 < 2 ? \"yes\" : \"no\", 3 == 3.0)", "true yes true\n"),
        ("print(Int(\"42\"), Int(\"x\"), Double(\"1.5\"), String(7), \"abc\".count, [1, 2, 3].count)", "Optional(42) nil Optional(1.5) 7 3 3\n"),
        ("print(min(3, 1, 2), max(1, 5), abs(-3), \"Hi\".uppercased())", "1 5 3 HI\n"),
        // `a?.b += n`, as `self?.count += 1` in a [weak self] closure: nothing when `a` is nil.
        ("class Box { var n = 0 }\nvar box: Box? = Box()\nbox?.n += 2\nbox?.n -= 1\nprint(box?.n ?? -1)\nbox = nil\nbox?.n += 1\nprint(box?.n ?? -1)", "1\n-1\n"),
        // `assign(to: &$t)` does not keep the object: it goes when the program lets go of it
        // (`assign(to: \.t, on: self)` would keep it, a retain cycle).
        ("final class M: ObservableObject {\n  @Published var t = 0\n  init(_ s: PassthroughSubject<Int, Never>) { s.assign(to: &$t) }\n"
            + "  deinit { print(\"gone\") }\n}\nsubject s: Int\nvar m: M? = M(s)\nsend s 1\nprint(m?.t ?? -1)\nm = nil\nsend s 2\nprint(\"after\")",
         "1\ngone\nafter\n"),
        // Swift's String of a sequence of Characters (a Character is a one-character String here).
        ("let cs: [Character] = [\"o\", \"k\"]\nprint(String(cs), String(Array(\"abc\").reversed()), String(describing: cs))", "ok cba [\"o\", \"k\"]\n"),
        ("print(1, 2, separator: \"-\")", "1-2\n"),
        ("for i in 1...3 { print(i) }", "1\n2\n3\n"),
        ("for i in 0..<0 { print(i) }", ""),
        ("repeat 2 { print(\"r\") }", "r\nr\n"),
        ("if 2 > 1 { print(\"a\") } else { print(\"b\") }", "a\n"),
        ("func f() { print(\"in f\") }\nf()\nf()", "in f\nin f\n"),
        ("[1, 2, 3].publisher.map { $0 * 10 }.sink { print($0) }", "10\n20\n30\n"),
        ("(1...4).publisher.filter { $0 % 2 == 0 }.collect().sink { print($0) }", "[2, 4]\n"),
        ("just(\"x\").sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })", "x\nfinished\n"),
        ("[\"1\", \"a\", \"3\"].publisher.compactMap { Int($0) }.sink { print($0) }", "1\n3\n"),
        ("[1, 1, 2].publisher.removeDuplicates().sink { print($0) }", "1\n2\n"),
        ("[1, 2, 3].publisher.scan(0) { $0 + $1 }.sink { print($0) }", "1\n3\n6\n"),
        ("[1, 2, 3].publisher.reduce(0) { acc, v in acc + v }.sink { print($0) }", "6\n"),
        ("[1, 2, 3, 4, 5].publisher.collect(2).sink { print($0) }", "[1, 2]\n[3, 4]\n[5]\n"),
        ("[1, 2, 3].publisher.dropFirst().prefix(1).sink { print($0) }", "2\n"),
        ("[1, 2, 3].publisher.first { $0 > 1 }.sink { print($0) }", "2\n"),
        ("[1, 2, 3].publisher.last().sink { print($0) }", "3\n"),
        ("subject s: Int\nlet t = s.sink { print($0) }\nsend s 1\ncancel t\nsend s 2", "1\n"),
        ("subject s: Int\ns.map { $0 * 2 }.share().sink { print(\"a\", $0) }\nsend s 1", "a 2\n"),
        ("subject s: Int\ns.delay(for: 1s).sink { print($0) }\nsend s 1\nwait 999ms\nprint(\"-\")\nwait 1ms", "-\n1\n"),
        ("published a = 1\npublished b = 0\n$a.map { $0 * 10 }.assign(to: b)\nset a = 2\nprint(b)", "20\n"),
        ("subject s: Int\ncurrent total = 0\ns.sink { set total = total + $0 }\nfor i in 1...4 { send s i }\nprint(total)", "10\n"),
        ("view V { on appear { print(\"in\") }; on disappear { print(\"out\") } }\nshow V\nshow V\nhide V\nhide V", "in\nout\n"),
        ("subject s: Int\nview V { on appear { s.sink { print(\"V got\", $0) } } }\nshow V\nsend s 1\nhide V\nsend s 2", "V got 1\n"),
        ("subject a: Int\nsubject b: Int\na.merge(with: b).sink { print($0) }\nsend a 1\nsend b 2", "1\n2\n"),
        ("subscriber c(demand: 1) { print($0) } completion { print(\"done:\", $0) }\nsubject s: Int\ns.subscribe(c)\nsend s 1\nsend s 2\ncomplete s", "1\ndone: finished\n"),
        ("subject s: Int\ncurrent mirror = 0\ns.subscribe(mirror)\nsend s 5\nprint(mirror)", "5\n"),
        ("subject s: String\ns.sink { v in if v == \"stop\" { return }\n print(v) }\nsend s \"go\"\nsend s \"stop\"", "go\n"),
    ])
    func programs(program: String, expected: String) {
        let result = run(program)
        #expect(result.error == nil)
        #expect(result.output == expected)
    }

    @Test func aRuntimeErrorStopsAtTheStatementThatCausedIt() {
        let result = run("print(\"before\")\nsubject s: Int\ns.map { 10 / $0 }.sink { print($0) }\nsend s 0\nprint(\"after\")")
        #expect(result.output == "before\n")
        #expect(result.error == """
            t:3:9: error: division by zero
             3 | s.map { 10 / $0 }.sink { print($0) }
               |         ^~~~~~~
            t:4:1: note: while running this statement
             4 | send s 0
               | ^~~~~~~~

            """)
    }

    @Test func anEndlessResendIsAFeedbackLoopNamingTheSubject() {
        let result = run("subject s: Int\ns.sink { send s $0 + 1 }\nsend s 0", feedbackLimit: 100)
        #expect(result.error?.contains("error: feedback loop: 's' was sent a value from inside its own delivery 100 times over") == true)
    }

    @Test func subscribingACustomSubscriberTwiceIsAnError() {
        let result = run("subscriber c(demand: 1) { }\nsubject s\ns.subscribe(c)\ns.subscribe(c)")
        #expect(result.error?.contains("'c' is already subscribed; a subscriber takes one subscription (Combine cancels a second)") == true)
    }

    @Test func aSessionKeepsItsDeclarationsAfterAnError() {
        var output = ""
        let interpreter = Interpreter(output: { output += $0 }, echoes: true)
        #expect(interpreter.run("published value1 = \"aaa\"\nsubject value2: String") == nil)
        #expect(interpreter.run("tap nothing") != nil)
        #expect(interpreter.run("published broken = 1 / 0") != nil)
        #expect(interpreter.run("set value1 = \"bbb\"") == nil)
        #expect(interpreter.run("value1") == nil)
        #expect(output == "\"bbb\"\n")
        // The failed declaration is forgotten, so the name can be declared again.
        #expect(interpreter.run("published broken = 2") == nil)
    }

    @Test func aSyntaxErrorAnywhereIsReportedBeforeAnErrorFoundCompiling() {
        // Statements are compiled as they are read; the syntax error further on still wins.
        let result = run("tap nothing\nsubject s: Int\nprint(1 +)\ntap alsoNothing")
        #expect(result.error?.hasPrefix("t:3:10: error: expected an expression, found ')'") == true)
        #expect(run("tap nothing\nsubject s: Int\nprint(1)").error?.hasPrefix("t:1:5: error: unknown name 'nothing'") == true)
    }

    @Test func anEntryWithASyntaxErrorDeclaresNothing() {
        var output = ""
        let interpreter = Interpreter(output: { output += $0 }, echoes: true)
        // `s` and `p` compile before the syntax error is read; the entry still declares nothing.
        #expect(interpreter.run("subject s: Int\npublished p = 1\nprint(1 +)") != nil)
        #expect(interpreter.run("p") != nil)
        #expect(interpreter.run("subject s: String\npublished p = \"a\"\np") == nil)
        #expect(output == "\"a\"\n")
    }

    @Test func aCheckCompilesEveryStatementAndLeavesTheSessionAsItWas() {
        var output = ""
        let interpreter = Interpreter(output: { output += $0 })
        // The code of each statement is let go once compiled; declarations still reach the rest.
        let program = "subject s: Int\nfunc f(_ x: Int) -> Int { return x * 2 }\ns.map { f($0) }.sink { print($0) }\n"
        #expect(interpreter.check(program + "s.map { g($0) }.sink { _ in }").map { interpreter.format($0) }?
            .hasPrefix("<input>:4:9: error: unknown name 'g'; did you mean 'f'?") == true)
        #expect(interpreter.check(program) == nil)
        #expect(interpreter.run("send s 1") != nil)   // a check declares nothing
        #expect(interpreter.run(program + "send s 21") == nil)
        #expect(output == "42\n")
    }

    /// A check lets go of a button's compiled action (`Compiler.keepsCode`), but finds its
    /// errors, and the button a later run declares taps as it should.
    @Test func aCheckFindsAButtonsErrorsAndARunStillTaps() {
        var output = ""
        let interpreter = Interpreter(output: { output += $0 })
        let button = "published n = 0\nbutton b \"B\" { set n = n + 1; print(n) }\n"
        #expect(interpreter.check("button b \"B\" { set nope = 1 }").map { interpreter.format($0) }?
            .hasPrefix("<input>:1:20: error: unknown name 'nope'") == true)
        #expect(interpreter.check(button) == nil)
        #expect(interpreter.run(button + "tap b\ntap b") == nil)
        #expect(output == "1\n2\n")
    }

    /// A check installs no feedback guards (its declarations never run); a run after it does.
    @Test func aRunAfterACheckStillFindsAFeedbackLoop() {
        let interpreter = Interpreter(output: { _ in })
        let loop = "subject s: Int\ns.sink { send s $0 + 1 }\n"
        #expect(interpreter.check(loop + "send s 0") == nil)
        let error = interpreter.run(loop + "send s 0").map { interpreter.format($0) }
        #expect(error?.contains("error: feedback loop: 's' was sent a value from inside its own delivery") == true)
    }

    @Test func theReplEchoesValuesAndDescribesPublishers() {
        var output = ""
        let interpreter = Interpreter(output: { output += $0 }, echoes: true)
        _ = interpreter.run("published value1 = \"bbb\"\nsubject value2: String\nvalue2.sink { _ in }")
        _ = interpreter.run("value1")
        _ = interpreter.run("$value1")
        _ = interpreter.run("value2")
        _ = interpreter.run("1 + 1")
        #expect(output == """
            "bbb"
            Published<String>.Publisher, value "bbb", 0 subscribers
            PassthroughSubject<String, Never>, 1 subscriber
            2

            """)
    }

    @Test func closingCancelsInTheOrderOfDeclaration() {
        // With `trace` on each cancel prints a line; the order must not change from run to
        // run (names are kept in a dictionary).
        for _ in 0..<5 {
            var output = ""
            let interpreter = Interpreter(output: { output += $0 })
            _ = interpreter.run("subject z: Int\nsubject a: Int\nsubject m: Int\ntrace on\nlet zz = z.sink { _ in }\nlet aa = a.sink { _ in }\nlet mm = m.sink { _ in }")
            output = ""
            interpreter.close()
            var lanes: [String] = []
            for line in output.split(separator: "\n") where line.hasSuffix("receive cancel") {
                let words = line.split(separator: " ")
                lanes.append(String(words[words.count - 3]))
            }
            #expect(lanes == ["z", "a", "m"])
        }
    }

    /// A sink whose closure is one statement runs that statement directly (`BoundClosure.perform`),
    /// not through the closure that gives back `()`: the same order, the same state, a `return`
    /// and an error where they were, a re-entered sink on a fresh frame.
    @Test("a sink or a loop of one statement does what its closure did", arguments: [
        ("subject s: Int\ncurrent c = 0\ns.sink { set c = c + $0 }\ns.sink { v in if v > 1 { print(\"big\", v, c) } }\n"
            + "s.sink { v in if v == 3 { return }\nprint(\"after\", v) }\nsend s 1\nsend s 2\nsend s 3\nprint(c)",
         "after 1\nbig 2 3\nafter 2\nbig 3 6\n6\n", nil as String?),
        ("subject s: Int\nsubject t: Int\ncurrent done = 0\nt.sink { print(\"t\", $0) }\ns.sink { send t $0 * 10 }\n"
            + "s.sink(receiveCompletion: { set done = 1 }, receiveValue: { send t $0 })\nsend s 1\ncomplete s\nprint(done)",
         "t 10\nt 1\n1\n", nil),
        ("subject s: Int\ncurrent c = 1\ns.sink { set c = 10 / $0 }\nsend s 2\nprint(c)\nsend s 0\nprint(\"never\")",
         "5\n", "t:3:18: error: division by zero"),
        ("subject s: Int\ns.sink { send s $0 + 1 }\nsend s 1", "", "t:3:1: error: feedback loop: 's' was sent a value from inside its own delivery 1000 times over"),
        // A loop's one statement runs without its block's closure too (`loopStep`): an error
        // its delivery parks still ends the loop at that turn.
        ("subject s: Int\ncurrent c = 1\ns.sink { v in set c = 10 / v\nprint(\"c\", c) }\nfor i in 0..<4 { send s 2 - i }\nprint(c)",
         "c 5\nc 10\n", "t:3:23: error: division by zero"),
        ("subject s: Int\ncurrent c = 1\ns.sink { v in print(\"got\", v)\nset c = 10 / v }\nrepeat 3 { send s 0 }", "got 0\n", "t:4:9: error: division by zero"),
    ])
    func aSinkOfOneStatement(_ program: String, output: String, error: String?) {
        let result = run(program)
        #expect(result.output == output)
        #expect(result.error?.split(separator: "\n").first.map(String.init) == error)
    }

    @Test func anInterruptStopsALoop() {
        var count = 0
        let interpreter = Interpreter(output: { _ in count += 1 })
        interpreter.isInterrupted = { count >= 3 }
        let diagnostic = interpreter.run("repeat 1000000 { print(1) }")
        #expect(diagnostic?.message == "interrupted")
        // A loop asks at every 16th turn (`Runtime.pollInterrupt`).
        #expect(count >= 3 && count <= 3 + 16)
    }

    @Test func anInterruptStopsARecursionWithNothingDelivered() {
        // A view shown from its own handlers nests without a loop's turn or a delivery: the
        // levels ask too (every 16th, `Runtime.nested`), so Ctrl-C acts before the depth budget.
        var asked = 0
        let interpreter = Interpreter(output: { _ in })
        interpreter.isInterrupted = { asked += 1; return asked > 5 }
        let diagnostic = interpreter.run("view V {\n  on appear { hide V }\n  on disappear { show V }\n}\nshow V")
        #expect(diagnostic?.message == "interrupted")
        #expect(asked == 6)
    }
}

@Suite("Interpreter limits")
struct InterpreterLimitTests {
    @Test func endlessRecursionIsAnErrorNotACrash() {
        let result = run("func f() { f() }\nf()")
        #expect(result.error?.contains("error: too much recursion: 'f()' is nested more than 500 calls deep") == true)
    }
}

@Suite("Loops and closures")
struct LoopClosureTests {
    @Test func aClosureMadeInALoopKeepsItsTurnsValue() {
        // As in Swift, each turn of `for` binds the loop variable anew.
        let result = run("subject s: Int\nfor k in 1...3 { s.filter { $0 == k }.sink { print(\"k =\", k) } }\nsend s 2\nsend s 3")
        #expect(result.error == nil)
        #expect(result.output == "k = 2\nk = 3\n")
    }

    @Test func loopsNestAndSeeOuterVariables() {
        #expect(run("for i in 1...2 { for j in 1...2 { print(i * 10 + j) } }").output == "11\n12\n21\n22\n")
    }

    @Test func returnInsideALoopInsideAClosureLeavesTheClosure() {
        #expect(run("subject s: Int\ns.sink { for i in 1...5 { if i == 2 { return }\n print(i) } }\nsend s 0").output == "1\n")
    }
}

@Suite("Closure frames")
struct ClosureFrameTests {
    @Test func aReentrantCallKeepsItsOwnArguments() {
        // The sink re-enters itself before printing: each call must still see its own $0.
        let result = run("subject s: Int\ns.sink { v in if v < 3 { send s v + 1 }\n print(v) }\nsend s 1")
        #expect(result.error == nil)
        #expect(result.output == "3\n2\n1\n")
    }

    @Test func aClosureThatMakesClosuresGetsAFreshFrameEachCall() {
        let result = run("""
            subject outer: Int
            subject inner: Int
            outer.sink { o in inner.filter { $0 == o }.sink { print("inner saw", $0, "for", o) } }
            send outer 1
            send outer 2
            send inner 2
            send inner 1
            """)
        #expect(result.output == "inner saw 2 for 2\ninner saw 1 for 1\n")
    }

    /// Swift's `ClosedRange` needs its start at or below its end ("Range requires lowerBound
    /// <= upperBound"), even where the range would hold nothing: `1...0` stops the program as
    /// a `for` over it does; `1..<1` is empty. Found by the generated programs' exports.
    @Test func aClosedRangeThatEndsBelowItsStartIsAnError() {
        #expect(run("(1...0).publisher.sink { print($0) }").error?.contains("error: range 1...0 is empty") == true)
        #expect(run("[5, 6].publisher.output(in: 1...0).sink { print($0) }").error?.contains("error: range 1...0 is empty") == true)
        #expect(run("(1..<1).publisher.sink { print($0) }\nprint(\"after\")") == (output: "after\n", error: nil))
    }

    @Test func integerFastPathsStillReportOverflowAndDivisionByZero() {
        #expect(run("print(9223372036854775807 + 1)").error?.contains("error: arithmetic overflow") == true)
        #expect(run("subject s: Int\ns.map { $0 / 0 }.sink { print($0) }\nsend s 1").error?.contains("error: division by zero") == true)
        #expect(run("print(7 % 3, -7 / 2, 5 * 3, 5 - 8, 2 < 3, 3 > 4, 1 == 1.0)").output == "1 -3 15 -3 true false true\n")
    }
}

@Suite("REPL redeclaration")
struct RedeclarationTests {
    @Test func aLaterEntryMayDeclareANameAgainAndEarlierCodeKeepsTheOldOne() {
        var output = ""
        let interpreter = Interpreter(output: { output += $0 }, echoes: true)
        #expect(interpreter.run("subject s: Int\ns.sink { print(\"old\", $0) }") == nil)
        #expect(interpreter.run("subject s: String\ns.sink { print(\"new\", $0) }") == nil)
        #expect(interpreter.run("send s \"x\"") == nil)
        #expect(output == "new x\n")
        // Twice in one entry is still a mistake.
        #expect(interpreter.run("subject u\nsubject u")?.message == "'u' is already declared")
        // A redeclaration that fails to run leaves the old meaning in place.
        #expect(interpreter.run("published s = 1 / 0") != nil)
        #expect(interpreter.run("send s \"y\"") == nil)
        #expect(output == "new x\nnew y\n")
    }

    @Test func aScriptMayNotDeclareANameTwice() {
        #expect(run("subject s\nsubject s").error?.contains("error: 's' is already declared") == true)
    }

    /// A value of the wrong type is evaluated once, although the error names its type: the
    /// check must not run the expression a second time (it once did, here and in
    /// `.publisher`, whose base of unknown type is now an optional's publisher instead).
    @Test("a wrong-typed value is evaluated once", arguments: [
        ("repeat f() { }", "'repeat' needs an 'Int' count, not 'Bool'"),
        ("for i in 1...f() { }", "expected an 'Int', found 'Bool'"),
    ])
    func aWrongTypedValueIsEvaluatedOnce(statement: String, message: String) {
        let result = run("func f() { print(\"side effect\"); return true }\n" + statement)
        #expect(result.output == "side effect\n")
        #expect(result.error?.contains(message) == true, "\(result.error ?? "no error")")
    }
}

/// Funcs take parameters and return values as Swift's do: labels, `_`, two names, optional
/// types, checked arguments and results.
@Suite("Funcs")
struct FuncTests {
    @Test("a func and its calls", arguments: [
        ("func double(x: Int) -> Int { return x * 2 }\nprint(double(x: 21))", "42\n"),
        ("func greet(_ name: String) { print(\"hi \\(name)\") }\ngreet(\"you\")", "hi you\n"),
        ("func add(_ a: Int, to b: Int) -> Int { return a + b }\nprint(add(1, to: 2))", "3\n"),
        ("func find(for q: String) -> String { return q }\nprint(find(for: \"x\"))", "x\n"),
        ("func half(x) { return x / 2 }\nprint(half(x: 3.0))", "1.5\n"),
        ("func widen(x: Double) -> Double { return x }\nprint(widen(x: 2))", "2.0\n"),
        ("func f(_ n: Int) -> Int { if n <= 1 { return 1 }\nreturn n * f(n - 1) }\nprint(f(5))", "120\n"),
        ("func f(n: Int) { print(n) }\nsubject s: Int\ns.sink { f(n: $0 + 1) }\nsend s 1", "2\n"),
        ("view V {\n  func g(_ x: Int) { print(\"g\", x) }\n  on appear { g(1) }\n}\nshow V", "g 1\n"),
        // `return` leaves a button's action (it once escaped it as an internal error).
        ("button b { print(1); return; print(2) }\ntap b\nprint(3)", "1\n3\n"),
    ])
    func calls(program: String, output: String) {
        let result = run(program)
        #expect(result.error == nil, "\(result.error ?? "")")
        #expect(result.output == output)
    }

    @Test("a wrong call or result is a located error", arguments: [
        ("func f(x: Int) {}\nf(1)", "2:3: error: missing argument label 'x:' in call to 'f(x:)'"),
        ("func f(x: Int) {}\nf(y: 1)", "2:3: error: incorrect argument label in call to 'f(x:)': expected 'x:'"),
        ("func f(_ x: Int) {}\nf(x: 1)", "2:3: error: extraneous argument label 'x:' in call to 'f(_:)'"),
        ("func f() {}\nf(1)", "2:1: error: 'f()' takes no arguments, not 1"),
        ("func f(x: Int) {}\nf(x: \"a\")", "2:6: error: cannot pass a value of type 'String' to a parameter of type 'Int' in 'f(x:)'"),
        ("func f() -> Int { return \"a\" }", "1:26: error: 'f' returns 'Int', not 'String'"),
        ("func f(x) -> Int { return x }\nprint(f(x: \"a\"))", "2:7: error: 'f' returns 'Int', not 'String'"),
        ("func f() -> Int { }\nprint(f())", "2:7: error: 'f' ended without returning the 'Int' it declares"),
        ("func f(x: Strng) {}", "1:11: error: unknown type 'Strng'; did you mean 'String'?"),
        ("func f(x: Int, x: Int) {}", "1:16: error: 'x' is already declared"),
    ])
    func errors(program: String, message: String) {
        let error = run(program).error ?? ""
        #expect(error.contains("t:" + message), "\(error)")
    }
}

/// A publisher is a value, as in Swift: stored with `let`, returned from a func, passed as
/// an argument, printed as Swift describes it; its Output and Failure are checked.
@Suite("Publishers as values")
struct PublisherValueTests {
    @Test("a publisher value and what it prints", arguments: [
        ("let p = Just(1)\np.sink { print($0) }\np.sink { print($0 + 1) }", "1\n2\n"),
        ("func upTo(_ n: Int) -> AnyPublisher<Int, Never> { return (1...n).publisher.eraseToAnyPublisher() }\nupTo(3).collect().sink { print($0) }", "[1, 2, 3]\n"),
        ("func relay(_ p: AnyPublisher<String, Never>) -> AnyPublisher<String, Never> { return p }\nrelay(Just(\"x\").eraseToAnyPublisher()).sink { print($0) }", "x\n"),
        ("func pick(_ flag: Bool) { return flag ? Just(\"yes\") : Just(\"no\") }\npick(false).sink { print($0) }", "no\n"),
        ("\"abc\".publisher.collect().sink { print($0) }", "[\"a\", \"b\", \"c\"]\n"),
        ("Empty().sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })", "finished\n"),
        ("Empty(completeImmediately: false).sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })", ""),
        ("Fail(error: \"boom\").sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })", "failure(boom)\n"),
        ("print(Just(1), Just(1).map { $0 }, Fail(error: \"x\"))", "Just<Int>(output: 1) AnyPublisher<Int, Never> Fail<Any, Error>(error: x)\n"),
        ("published name = \"a\"\nlet names = $name\nnames.sink { print($0) }\nset name = \"b\"", "a\nb\n"),
        // Bound by `let`, it prints as Swift prints it, and its argument ran once.
        ("var n = 0\nfunc next() -> Int {\n    n += 1\n    return n\n}\nlet p = Just(next())\nprint(p)\nlet c = p.sink { print($0) }\nprint(n)", "Just<Int>(output: 1)\n1\n1\n"),
        // Swift evaluates a publisher's arguments once: the value it holds and the one it prints are the same.
        ("var n = 0\nfunc next() -> Int {\n    n += 1\n    return n\n}\nlet c = [0].publisher.flatMap { _ in Just(next()) }.sink { print($0) }\nprint(n)", "1\n1\n"),
        ("var n = 0\nfunc next() -> Int {\n    n += 1\n    return n\n}\nlet c = [0].publisher.map { _ in Fail<Int, Error>(error: \"e\\(next())\") }.sink { print($0) }\nprint(n)", "Fail<Int, Error>(error: e1)\n1\n"),
    ])
    func values(program: String, output: String) {
        let result = run(program)
        #expect(result.error == nil, "\(result.error ?? "")")
        #expect(result.output == output)
    }

    @Test("a type mismatch names both types", arguments: [
        ("subject s: Int, Error\npublished p = 1\ns.merge(with: $p).sink { _ in }", "3:3: error: instance method 'merge(with:)' requires the types 'any Error' and 'Never' be equivalent"),
        ("func f(_ p: AnyPublisher<Int, Never>) { }\nf(Just(\"x\"))", "2:3: error: cannot pass a value of type 'AnyPublisher<String, Never>' to a parameter of type 'AnyPublisher<Int, Never>'"),
        ("func f() { return 1 }\nf().sink { _ in }", "2:1: error: a value of type 'Int' is not a publisher"),
        ("Just(1, 2).sink { _ in }", "1:1: error: 'Just' is used as 'Just(value)'"),
    ])
    func mismatches(program: String, message: String) {
        let error = run(program).error ?? ""
        #expect(error.contains("t:" + message), "\(error)")
    }

    @Test func aSinkOfPublishersIsWarnedAboutAndStillRuns() {
        var output = ""
        var warnings: [String] = []
        let interpreter = Interpreter(output: { output += $0 })
        interpreter.warn = { warnings.append(interpreter.format($0)) }
        let error = interpreter.run("subject s: Int\ns.map { Just($0) }.sink { print($0) }\nsend s 1", name: "t")
        #expect(error == nil)
        #expect(output == "Just<Int>(output: 1)\n")
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasPrefix("t:2:20: warning: the values of this chain are publishers") == true, "\(warnings)")
        #expect(warnings.first?.contains("use 'flatMap' or 'map' then 'switchToLatest'") == true)
    }
}

/// `switch` and `if case` as in Swift: values compared with `==`, a completion matched by its
/// kind, `.failure(let error)` binding the error; at the top level a `switch` whose cases name
/// views still chooses a view.
@Suite("switch and if case")
struct MatchingTests {
    @Test("matching", arguments: [
        ("for i in 1...4 {\n  switch i {\n  case 1, 2: print(\"small\", i)\n  case 3: print(\"three\")\n  default: print(\"big\")\n  }\n}", "small 1\nsmall 2\nthree\nbig\n"),
        ("subject s: Int, Error\ns.sink(receiveCompletion: { c in\n  switch c {\n  case .finished: print(\"done\")\n  case .failure(let error): print(\"failed:\", error)\n  }\n}, receiveValue: { _ in })\nfail s \"timeout\"", "failed: timeout\n"),
        ("subject s: Int\ns.sink(receiveCompletion: { if case .failure(let e) = $0 { print(\"no\", e) } else { print(\"ok\") } }, receiveValue: { _ in })\ncomplete s", "ok\n"),
        ("subject s: Int\ns.sink(receiveCompletion: { if case .finished = $0 { print(\"finished\") } }, receiveValue: { _ in })\ncomplete s", "finished\n"),
        ("switch 5 { case _: print(\"any\") }", "any\n"),
        ("switch \"x\" { case \"y\": print(\"y\") }", ""),
    ])
    func matching(program: String, output: String) {
        let result = run(program)
        #expect(result.error == nil, "\(result.error ?? "")")
        #expect(result.output == output)
    }

    @Test("a pattern that cannot match is an error", arguments: [
        ("switch 1 { case .finished: print(1) }", "1:12: error: '.finished' matches a completion, not a value of type 'Int'"),
        ("subject s: Int\ns.sink(receiveCompletion: { switch $0 { case .finished, .failure(let e): print(e) } }, receiveValue: { _ in })",
         "2:70: error: a case that binds 'e' must have that one pattern"),
        ("published p = 1\nswitch $p { case 1: print(1) }", "2:8: error: a 'switch' over a publisher chooses a view"),
        // The name that is not a view, where the cases meant to name views.
        ("published p = 1\nview Apple { }\nswitch $p { case 1: Apple\ndefault: Bee }", "4:10: error: unknown view 'Bee'; each case"),
        ("published p = 1\nview AppleMap { }\nswitch $p { case 1: AppleMap\ndefault: AppleMa }",
         "4:10: error: unknown view 'AppleMa'; did you mean 'AppleMap'?"),
        ("if case .failure(error) = 1 { }", "1:18: error: expected 'let' to bind the error"),
    ])
    func errors(program: String, message: String) {
        let error = run(program).error ?? ""
        #expect(error.contains("t:" + message), "\(error)")
    }
}

/// `throw`, `try` and `try?` as in Swift: a func that throws is one that can; an error no one
/// catches is reported where it was thrown; a closure that cannot throw says what to use.
@Suite("throw and try")
struct ThrowTests {
    static let check = "func check(_ x: Int) -> Int {\n  if x < 0 { throw \"negative\" }\n  return x\n}\n"

    @Test func tryIsAcceptedAndTryOptionalGivesNil() {
        let result = run(Self.check + "print(check(1), try check(2), try? check(-1))\nsubject s: Int\ns.map { try? check($0) }.sink { print($0) }\nsend s -1")
        #expect(result.error == nil, "\(result.error ?? "")")
        #expect(result.output == "1 2 nil\nnil\n")
    }

    @Test func anUncaughtErrorIsReportedWhereItWasThrown() {
        let result = run(Self.check + "print(check(-3))\nprint(\"not reached\")")
        #expect(result.output == "")
        #expect(result.error?.hasPrefix("t:2:14: error: uncaught error: negative") == true, "\(result.error ?? "")")
        #expect(result.error?.contains("t:5:1: note: while running this statement") == true)
    }

    @Test("a closure that cannot throw says so", arguments: [
        ("subject s: Int\ns.sink { throw \"no\" }", "2:10: error: 'throw' is not allowed in the closure of 'sink', which cannot throw"),
        (check + "subject s: Int\ns.map { check($0) }.sink { _ in }", "6:9: error: calling 'check(_:)', which can throw, is not allowed in the closure of 'map'"),
    ])
    func cannotThrow(program: String, message: String) {
        let error = run(program).error ?? ""
        #expect(error.contains("t:" + message), "\(error)")
    }
}

/// The error-handling and higher-order operators check their types as Swift would, and say
/// what to write instead.
@Suite("Operators on failures and publishers: type errors")
struct HigherOrderTypeTests {
    @Test("a mismatch is a located error", arguments: [
        ("[1].publisher.flatMap { $0 * 2 }.sink { _ in }", "1:1: error: the closure of 'flatMap' must return a publisher, not 'Int'; for a value, use 'map'"),
        ("[1].publisher.switchToLatest().sink { _ in }", "1:15: error: 'switchToLatest' needs a publisher of publishers, and these values are 'Int'"),
        ("subject s: Int\ns.catch { _ in Just(\"x\") }.sink { _ in }", "2:3: error: instance method 'catch(_:)' requires the types 'Int' and 'String' be equivalent"),
        ("subject s: Int\ns.replaceError(with: \"x\").sink { _ in }", "2:22: error: 'replaceError' needs a value like the stream's, of type 'Int', not 'String'"),
        ("Just(1).autoconnect().sink { _ in }", "1:9: error: 'connect()' and 'autoconnect()' are for a connectable publisher"),
        ("subject s: Int, Error\nJust(1).flatMap { _ in s }.merge(with: Just(2)).sink { _ in }", "2:28: error: instance method 'merge(with:)' requires the types 'any Error' and 'Never' be equivalent"),
        ("subject a: Int\nsubject b: String\na.merge(with: b).sink { _ in }", "3:3: error: instance method 'merge(with:)' requires the types 'Int' and 'String' be equivalent"),
        ("subject a: Int\nsubject b: String\npublished out = 0\na.combineLatest(b) { $1 }.assign(to: out)", "4:1: error: cannot send 'String' to 'out', which carries 'Int'"),
    ])
    func mismatches(program: String, message: String) {
        let error = run(program).error ?? ""
        #expect(error.contains("t:" + message), "\(error)")
    }
}

/// Cancelling as Swift has it: `_ =` lets a subscription go at once, `t.cancel()` cancels a
/// stored one; `cur.value` reads and sets a current value subject.
@Suite("Cancelling and .value")
struct CancellingTests {
    @Test("as in Swift", arguments: [
        ("subject s: Int\n_ = s.sink { print($0) }\nsend s 1", ""),
        ("_ = Just(1).sink { print($0) }", "1\n"),
        ("subject s: Int\nlet t = s.sink { print($0) }\nsend s 1\nt.cancel()\nsend s 2", "1\n"),
        ("current cur = 1\ncur.sink { print(\"sees\", $0) }\ncur.value = 5\nprint(cur.value)", "sees 1\nsees 5\n5\n"),
        ("var bag = Set<AnyCancellable>()\nsubject s: Int\ns.sink { print($0) }.store(in: &bag)\nsend s 1\nbag.removeAll()\nsend s 2", "1\n"),
        ("var bag = Set<AnyCancellable>()\nsubject s: Int\nlet t = s.sink { print($0) }\nt.store(in: &bag)\nbag.removeAll()\nsend s 1\ncancel bag\nsend s 2", "1\n2\n"),
        ("var bag = Set<AnyCancellable>()\nsubject s: Int\nlet t = s.sink { print($0) }\nt.store(in: &bag)\ncancel bag\nsend s 1", ""),
        ("print(1 < 2, 3 > 2)", "true true\n"),
        ("[\"a\", \"bb\"].publisher.map(\\.count).collect().sink { print($0) }", "[1, 2]\n"),
        ("current cur = 0\ncur.sink { print($0) }\n[1, 2].publisher.assign(to: \\.value, on: cur)", "0\n1\n2\n"),
    ])
    func cancelling(program: String, output: String) {
        let result = run(program)
        #expect(result.error == nil, "\(result.error ?? "")")
        #expect(result.output == output)
    }
}

/// Combine's own declarations are accepted as what they equal.
@Suite("Combine's declarations")
struct CombineDeclarationTests {
    @Test func subjectsDeclaredAsInSwift() {
        let result = run("let s = PassthroughSubject<Int, Never>()\nlet c = CurrentValueSubject<String, Never>(\"a\")\ns.sink { print(\"s\", $0) }\nc.sink { print(\"c\", $0) }\ns.send(1)\nc.send(\"b\")\nprint(c.value)")
        #expect(result.error == nil, "\(result.error ?? "")")
        #expect(result.output == "c a\ns 1\nc b\nb\n")
    }

    @Test func theDeclaredTypeIsChecked() {
        #expect(run("let s = PassthroughSubject<Int, Error>()\nsend s \"x\"").error?.contains("t:2:8: error: cannot send 'String' to 's', which carries 'Int'") == true)
    }
}

/// A script is recorded from its first stage when it has a `trace` or `marbles` statement
/// anywhere (DESIGN §8), decided from its statements: a word in a comment, a string or a name
/// changes nothing.
@Suite("Recording statements")
struct RecordingStatementTests {
    @Test("statements only", arguments: [
        ("trace on", true), ("trace off", true), ("marbles", true), ("marbles clear", true), ("print(1); marbles", true),
        ("func f() {\n  trace on\n}", true), ("button b { marbles }", true), ("subject s: Int\ns.sink { _ in trace on }", true),
        ("view V {\n  on appear { trace on }\n}", true), ("repeat 2 { marbles }", true),
        ("// trace on", false), ("# marbles", false), ("print(\"trace on\")", false),
        ("let trace = 1\nprint(trace)", false), ("func marbles() { }\nmarbles()", false), ("print(1)", false), ("", false),
        // A syntax error ends the reading: compiling reports it.
        ("print(\ntrace on", false),
    ])
    func statementsOnly(_ text: String, _ expected: Bool) {
        var segments = SourceSegments()
        _ = segments.append("let a = 1\n", name: "first")
        let start = segments.append(text, name: "entry")
        #expect(Interpreter.hasRecordingStatement(segments.source, from: start) == expected)
    }

    @Test func onlyFromTheEntryOn() {
        var segments = SourceSegments()
        _ = segments.append("trace on\n", name: "first")
        let start = segments.append("print(1)", name: "entry")
        #expect(!Interpreter.hasRecordingStatement(segments.source, from: start))
    }

    /// The issue that moved the decision to statements: a comment naming `trace` changed what
    /// `print` showed before a filter (it no longer can: see OnePathTests).
    @Test func aCommentDoesNotChangeWhatAProgramPrints() {
        let program = "subject n: Int\nn.print(\"p\").filter { $0 > 1 }.sink { print(\"got\", $0) }\nsend n 1\nsend n 2\n"
        #expect(run("// trace\n" + program).output == run(program).output)
    }
}

/// What `:list` shows of subscriptions: the live ones by number, and a `let`-bound one whose
/// stream ended marked so; one that finished, failed or was cancelled is not live.
@Suite("Session listing")
struct SessionListingTests {
    @Test func onlyStreamsThatGoOnAreLive() {
        let interpreter = Interpreter(output: { _ in })
        defer { interpreter.close() }
        let program = """
            [1, 2].publisher.sink { _ in }
            subject s: Int
            s.prefix(1).sink { _ in }
            s.sink { _ in }
            Just(1).delay(for: 1s, scheduler: RunLoop.main).sink { _ in }
            let a = [1].publisher.sink { _ in }
            let b = s.sink { _ in }
            """
        #expect(interpreter.run(program) == nil)
        #expect(interpreter.liveSubscriptions.map(\.id) == [2, 3, 4])
        #expect(interpreter.run("send s 1\nwait 1s") == nil)
        #expect(interpreter.liveSubscriptions.map(\.chain) == ["s.sink { _ in }"])
        let details = Dictionary(uniqueKeysWithValues: interpreter.declarations.map { ($0.name, $0.detail) })
        #expect(details["a"] == "[1].publisher.sink { _ in }  (ended)")
        #expect(details["b"] == "s.sink { _ in }")
    }
}
