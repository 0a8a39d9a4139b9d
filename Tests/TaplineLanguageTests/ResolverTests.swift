import Testing
@testable import TaplineLanguage

/// Names and types are checked before anything runs: each program below prints nothing,
/// and its one diagnostic is exactly this.
@Suite("Resolver: names and types checked before running")
struct ResolverTests {
    @Test("compile-time diagnostics", arguments: [
        ("button dummy\nprint(\"x\")\ntap dumy", "unknown name 'dumy'; did you mean 'dummy'?"),
        // Equally close names: the first alphabetically, whatever order the scope keeps them in.
        ("subject r: Int\nsubject q: Int\nsend s 1", "unknown name 's'; did you mean 'q'?"),
        ("published value1 = \"a\"\nvalue1.filter { $0 == \"a\" }.sink { }", "'value1' is a @Published value; subscribe to its publisher '$value1'"),
        ("subject value2: String\n$value2.sink { }", "'$value2' is only for @Published values, and 'value2' is a subject; use 'value2'"),
        ("button b\nset b = 1", "'b' is a button; use 'tap b' to press it"),
        ("button b\nfail b \"x\"", "'b' is a button, whose Failure type is Never: it cannot fail or complete"),
        ("published p = 1\ncomplete p", "'p' is a @Published value, whose Failure type is Never: it cannot fail or complete"),
        ("published p = 1\nsend p 2", "'p' is a @Published value; assign it with 'set p = …'"),
        ("subject s\nsubject s", "'s' is already declared"),
        ("repeat 2 { subject s }", "declarations are only allowed at the top level"),
        ("subject s: String\nsend s 1", "cannot send 'Int' to 's', which carries 'String'"),
        ("published p = \"a\"\nset p = true", "cannot send 'Bool' to 'p', which carries 'String'"),
        ("subject s: Int\ns.mapp { $0 }.sink { }", "unknown operator 'mapp'; did you mean 'map'?"),
        ("subject s: Int\ns.map { $0 + 1 }", "this chain is never subscribed; end it with '.sink { … }'"),
        ("let x = 1\nx = 2", "cannot assign to 'x': it is a 'let' constant; declare it with 'var' to change it"),
        ("func f() { let y = 1; y = 2 }", "cannot assign to 'y': it is a 'let' constant; declare it with 'var' to change it"),
        ("var s = \"a\"\ns = 1", "cannot assign a value of type 'Int' to a value of type 'String'"),
        ("subject s: Int\nprint(s + 1)", "binary operator '+' cannot be applied to 'AnyPublisher<Int, Never>' and 'Int'"),
        ("subject s: String\ns.map { $0 - 1 }.sink { }", "binary operator '-' cannot be applied to 'String' and 'Int'"),
        ("subject s: Int\ns.filter { $0 + 1 }.sink { }", "the closure of 'filter' must return a 'Bool', not 'Int'"),
        ("subject s: Int\ns.sink { print($1) }", "closure takes 2 arguments but receives 'Int'"),
        ("if 1 { }", "condition must be a 'Bool', not 'Int'"),
        ("button b\nb.filter { true }.sink { }", "'b' is a button; its tap publisher is 'b.tap'"),
        ("[1, 2].sink { }", "an array is not a publisher; use '.publisher' first: '[…].publisher.sink…'"),
        ("[1, 2].map { $0 }.sink { }", "value of type '[Int]' has no member 'sink': an array is not a publisher; use '.publisher' first"),
        ("for i in 3 { }", "for-in loop requires 'Int' to conform to 'Sequence'"),
        ("subject s\ncancel s", "'s' is not a subscription; 'cancel' takes a name stored with 'let NAME = ….sink { … }'"),
        ("subject s\nrequest s 1", "'s' is a subject, not a subscriber"),
        ("func f() { }\nprint(f)", "'f' is a function; call it: 'f()'"),
        ("let flag = true\nwait flag", "expected a duration such as '300ms' or '1.5s'"),
        ("return 1", "'return' is only allowed inside a closure or function"),
        ("print(.maximum)", "unknown '.maximum'; did you mean '.unlimited', '.max(n)' or '.finished'?"),
    ])
    func diagnostics(program: String, message: String) {
        let result = run(program)
        #expect(result.output == "")
        #expect(result.error?.contains("error: \(message)\n") == true, "got: \(result.error ?? "no error")")
    }

    @Test func anUnknownNameInAClosureIsFoundBeforeAnythingRuns() {
        let result = run("print(\"never printed\")\nsubject s: Int\ns.sink { print(valeu) }")
        #expect(result.output == "")
        #expect(result.error == """
            t:3:16: error: unknown name 'valeu'
             3 | s.sink { print(valeu) }
               |                ^~~~~

            """)
    }

    @Test func aRedeclarationPointsAtTheFirstOne() {
        #expect(run("subject s\npublished s = 1").error == """
            t:2:11: error: 's' is already declared
             2 | published s = 1
               |           ^
            t:1:9: note: previously declared here
             1 | subject s
               |         ^

            """)
    }

    @Test func unannotatedValuesTakeTheTypeOfTheirFirstValue() {
        #expect(run("published p = 1\nset p = \"x\"").error?.contains("cannot send 'String' to 'p', which carries 'Int'") == true)
        #expect(run("current c: Double = 1\nset c = 2\nprint(c)").output == "2.0\n")
    }
}
