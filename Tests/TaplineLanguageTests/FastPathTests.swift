import Testing
@testable import TaplineLanguage

/// Every fast path must be invisible: each program prints the same, and fails with the same
/// located error, with fast paths on and off (`Interpreter.fastPaths`).
@Suite("Fast paths")
struct FastPathTests {
    @Test("the same output and errors with fast paths on and off", arguments: [
        // Int kernels: filter, map, scan and reduce closures of Int arithmetic.
        "subject s: Int\ns.filter { $0 % 2 == 0 }.map { $0 * 3 }.reduce(0) { $0 + $1 }.sink { print($0) }\nfor i in 0..<10 { send s i }\ncomplete s",
        "subject s: Int\ns.scan(1) { acc, v in acc * 2 - v }.map { -$0 / 3 }.sink { print($0) }\nsend s 4\nsend s 7",
        "subject s: Int\ns.filter { v in v > 1 && !(v == 3) || v == -1 }.sink { print($0) }\nfor i in -2...4 { send s i }",
        "subject s: Int\ns.map { $0 > 2 }.sink { print($0) }\ns.map { ($0 < 2) == true }.sink { print($0) }\nsend s 1\nsend s 3",
        // An enclosing loop variable read by the kernel.
        "subject t: Int\nfor k in 0..<3 { t.filter { $0 == k }.sink { print(\"k\", k, $0) } }\nsend t 2\nsend t 0",
        // Errors: overflow, division by zero, at the operator's range.
        "subject t: Int\nt.map { 9223372036854775807 + $0 }.sink { print($0) }\nsend t 0\nsend t 1",
        "subject t: Int\nt.map { 10 % $0 }.sink { print($0) }\nsend t 3\nsend t 0",
        "subject t: Int\nt.map { -$0 }.sink { print($0) }\nsend t 5\nsend t -9223372036854775807 - 1",
        "subject t: Int\nt.filter { $0 / 0 > 1 }.sink { print($0) }\nsend t 1",
        // Not Int: the general path (untyped subjects, Doubles, Strings).
        "subject u\nu.map { $0 + 1 }.sink { print($0) }\nsend u 1\nsend u 2.5",
        "subject d: Double\nd.filter { $0 > 1 }.map { $0 * 2 }.sink { print($0) }\nsend d 1.5",
        "[1, 2, 3].publisher.map { $0 * 2 }.reduce(0) { $0 + $1 }.sink { print($0) }",
        // Fused runs: filter/map/compactMap (and a reduce) into the sink's delivery.
        "subject s: Int\ns.map { $0 + 1 }.filter { $0 > 2 }.compactMap { $0 }.sink { print($0) }\nfor i in 0..<5 { send s i }",
        "subject s: Int\ns.filter { $0 > 1 }.reduce(0) { $0 + $1 }.sink(receiveCompletion: { print(\"end\", $0) }, receiveValue: { print($0) })\nfor i in 0..<4 { send s i }\ncomplete s",
        "subject s: Int\ns.map { $0 * 2 }.reduce(0) { $0 + $1 }.sink(receiveCompletion: { print(\"end\", $0) }, receiveValue: { print($0) })\nsend s 1\nfail s \"boom\"",
        "subject s: Int\ns.reduce(10) { acc, v in acc - v }.sink { print($0) }\nsend s 3\ncomplete s",
        "subject s: Int\ns.map { v in print(\"saw\", v)\nreturn v }.filter { $0 > 0 }.sink(receiveCompletion: { print($0) })\nsend s 0\nsend s 2\ncomplete s",
        "subject s\ns.map { \"\\($0)!\" }.filter { $0 != \"2!\" }.reduce(\"\") { $0 + $1 }.sink { print($0) }\nsend s 1\nsend s 2\nsend s 3\ncomplete s",
        "subject s: Int\ns.compactMap { $0 > 1 ? $0 : nil }.map { $0 * 10 }.sink { print($0) }\nfor i in 0..<4 { send s i }",
        "subject s: Int\ns.map { 9223372036854775807 + $0 }.filter { $0 > 0 }.sink { print($0) }\nsend s 0\nsend s 1",
        "subject s: Int\ns.filter { $0 > 0 }.reduce(0) { $0 * 9223372036854775807 + $1 }.sink { print($0) }\nsend s 1\nsend s 2\ncomplete s",
        "subject s: Int\ns.filter { $0 % 2 == 0 }.reduce(0) { $0 + $1 }.map { $0 * 2 }.filter { $0 > 0 }.sink { print($0) }\nfor i in 0..<5 { send s i }\ncomplete s",
        "subject s: Int\nlet evens = s.filter { $0 % 2 == 0 }\nevens.map { $0 + 1 }.sink { print($0) }\nsend s 2\nsend s 3",
        "subject s: Int\nvar k = 2\ns.filter { $0 > k }.map { $0 - k }.sink { print($0) }\nsend s 3\nk = 0\nsend s 1",
        "subject s: Int\ns.filter { $0 > 0 }.prefix(2).map { $0 + 1 }.sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })\nfor i in 0..<5 { send s i }",
        "[1, 2, 3, 4].publisher.filter { $0 != 2 }.map { $0 * $0 }.reduce(0) { $0 + $1 }.sink { print($0) }",
        // Longer than a run gets (`FusedSteps.longest`): the stages before stay apart.
        "subject s: Int\ns" + String(repeating: ".map { $0 + 1 }", count: 40) + ".filter { $0 > 41 }.reduce(0) { $0 + $1 }.sink { print($0) }\nfor i in 0..<4 { send s i }\ncomplete s",
        // Fan-out into an unobserved current value (a subject without subscribers).
        "subject s: Int\ncurrent count = 0\nrepeat 3 { s.sink { set count = count + 1 } }\nfor i in 0..<4 { send s i }\nprint(count)",
        // Statement kernels: `set` of an Int from Int current/published values and locals;
        // a published value still reads as the old one inside its own sink (willSet).
        "subject s: Int\npublished p = 5\ns.sink { v in set p = p * 2 - v }\n$p.sink { print(\"p\", $0, p) }\nfor k in 0..<2 { s.sink { set p = p + k } }\nsend s 1\nsend s 2",
        "current big = 9223372036854775807\nsubject s: Int\ns.sink { set big = big + 1 }\nsend s 1",
        "current c: Double = 1.5\nset c = 2\nprint(c)\ncurrent u: Any = 1\nset u = u\nprint(u)",
        // Self-updates by a literal (`set count = count + 1`): declared values, vars, locals.
        "published p = 1\n$p.sink { print(\"p\", $0, p) }\nset p = p + 1\nset p = p * -3\nset p = p - 2\nprint(p)",
        "current c = 5\nc.sink { print($0) }\nset c = c - 1\ncomplete c\nset c = c + 1\nprint(c)",
        "var n = 1\nfor _ in 0..<3 { n = n * 2 }\nprint(n)\nvar d = 1.5\nd = d + 1\nprint(d)",
        "func f() {\nvar k = 0\nrepeat 4 { k = k + 1 }\nprint(k)\n}\nf()",
        "current u: Any = \"a\"\nset u = u + 1",
        "var big = 9223372036854775806\nbig = big + 1\nprint(big)\nbig = big + 1",
        "published q: Double = 1\nset q = q + 1\nprint(q)",
        // Self-updates by a value read from a frame (`total += $0`): arguments, parameters,
        // locals, in a block inside the closure; another type, an overflow.
        "var total = 0\nlet s = PassthroughSubject<Int, Never>()\nlet c = s.sink { total += $0 }\nlet d = s.sink { v in\n    if v > 1 {\n        total -= v\n    }\n    var local = 1\n    local = local * v\n    total = total + local\n}\ns.send(2)\ns.send(3)\nprint(total)\ns.send(9223372036854775807)\nprint(total)",
        "var text = \"\"\nvar any: Any = 1\nlet s = PassthroughSubject<String, Never>()\nlet c = s.sink { text += $0 }\ns.send(\"a\")\nprint(text)\n[(1, 2), (3, 4)].publisher.sink { any = any + $1 }\nprint(any)\nvar d = 1.5\n[1.0, 2.0].publisher.sink { d += $0 }\nprint(d)\ncurrent cv = 1\n[5, 6].publisher.sink { v in set cv = cv * v }\nprint(cv)",
        // Conditions of Int arithmetic on locals (`if i % 10 == 9`) run as kernels: loops,
        // a func's locals and its parameters, `while`, `guard`, an overflow, a division by zero.
        "for i in 0..<12 {\n    if i % 3 == 0 && i > 4 || !(i < 2) && i != 7 { print(i) }\n}\nfunc f(_ n: Int) -> Int {\n    var k = n\n    var steps = 0\n    while k > 1 {\n        k = k % 2 == 0 ? k / 2 : 3 * k + 1\n        steps += 1\n    }\n    guard steps - n >= -3 else { return -steps }\n    return steps\n}\nprint(f(6), f(27))\nfor j in 0..<3 { if 10 / (j - 2) > 0 { print(\"j\", j) } }",
        "for i in 0..<2 { if i + 9223372036854775807 > 0 { print(i) } }",
        // `send s i` of a local: an Int as it is to an Int or untyped subject, converted for a
        // Double one, checked for any other.
        "subject d: Double\nd.sink { print($0) }\nfor i in 0..<3 { send d i }",
        "subject a\na.sink { print($0) }\nfor i in 0..<2 { send a i }\nsubject w: String\nw.sink { v in send a v }\nsend w \"x\"",
        "subject t: Int\nsubject u: String\nt.sink { print($0) }\nu.sink { v in send t v }\nsend u \"x\"",
        "subject t: String\nfor i in 0..<2 { send t i }",
        // `scan` and `removeDuplicates()` in a fused run: their state per subscription, a
        // dropped duplicate's `.max(1)`, a scan's closure that fails keeping its result.
        "subject s: Int\ns.print(\"up\").scan(0) { $0 + $1 }.removeDuplicates().sink { print($0) }\nfor i in [1, 0, 0, 2, 0] { send s i }",
        "subject s: Int\ns.map { $0 / 2 }.scan(0) { $0 + $1 }.filter { $0 % 2 == 0 }.removeDuplicates().reduce(0) { $0 + $1 }.sink { print($0) }\nfor i in 0..<9 { send s i }\ncomplete s",
        "subject u\nu.scan(\"\") { $0 + \"\\($1)\" }.removeDuplicates().map { $0.count }.sink { print($0) }\nsend u 1\nsend u \"\"\nsend u 2.5",
        "subject s: Int\nfor k in 0..<2 { s.removeDuplicates().scan(k) { $0 * 2 + $1 }.sink { print(k, $0) } }\nsend s 1\nsend s 1\nsend s 3",
        "subject s: Int\ns.scan(100) { acc, v in acc / v }.sink { print($0) }\nsend s 2\nsend s 0\nsend s 5",
        // An inner `Just` taken by flatMap and switchToLatest without subscribing
        // (`InnerShortcut`): the same values, upstream requests, completions, descriptions,
        // and the same error when a sink feeds its own upstream without end. (How deep that
        // gets before the stack runs low is not the same: a subscription takes more of it.)
        "subject s: Int\ns.print(\"up\").flatMap(maxPublishers: .max(1)) { Just($0 * 2) }.sink { print($0) }\nsend s 1\nsend s 2\ncomplete s",
        "let s = PassthroughSubject<Int, Never>()\nlet c = s.flatMap { Just($0) }.sink(receiveCompletion: { print(\"end\", $0) }, receiveValue: { v in\ns.send(completion: .finished)\nprint(\"after\", v)\n})\ns.send(1)",
        "let s = PassthroughSubject<Int, Never>()\nlet c = s.flatMap { Just($0 + 1) }.sink { v in\nprint(\"in\", v)\nif v < 4 { s.send(v) }\nprint(\"out\", v)\n}\ns.send(0)\ns.send(10)",
        "let s = PassthroughSubject<Int, Never>()\nlet c = s.map { Just($0 + 1) }.switchToLatest().sink { v in\nprint(\"in\", v)\nif v < 4 { s.send(v) }\nprint(\"out\", v)\n}\ns.send(0)",
        "let s = PassthroughSubject<Int, Never>()\nlet c = s.flatMap { Just($0 + 1) }.sink { s.send($0) }\ns.send(0)",
        "let s = PassthroughSubject<Int, Never>()\nlet c = s.map { Just($0 + 1) }.switchToLatest().sink { s.send($0) }\ns.send(0)",
        "subject s: Int\ns.map { Just($0 * 3) }.switchToLatest().print(\"out\").sink { print($0) }\nsend s 1\nsend s 2\ncomplete s",
        // `Deferred { … }` run by the stage: a Just it makes is taken, anything else subscribed to.
        "let s = PassthroughSubject<Int, Never>()\nlet c = s.flatMap { v in Deferred { () -> Just<Int> in\n    print(\"made\", v)\n    return Just(v * 2)\n} }.sink(receiveCompletion: { print(\"end\", $0) }, receiveValue: { print(\"got\", $0) })\ns.send(1)\nlet d = s.flatMap { v in Deferred { [v, v + 1].publisher } }.sink { print(\"seq\", $0) }\ns.send(5)\nlet e = s.map { v in Deferred { Just(v) } }.switchToLatest().print(\"sw\").sink { _ in }\ns.send(7)\ns.send(completion: .finished)\nlet x = Deferred { Just(3) }\nprint(x)\nx.sink { print(\"x\", $0) }",
        "let s = PassthroughSubject<Int, Never>()\nlet c = s.flatMap { v in Deferred { Just(v + 1) } }.sink { s.send($0) }\ns.send(0)",
        // A Future whose promise was kept with a value is taken; a failed or pending one subscribed to.
        "enum Oops: Error { case bad }\nlet s = PassthroughSubject<Int, Oops>()\nlet c = s.flatMap { v in Future<Int, Oops> { promise in\n    print(\"promise\", v)\n    if v < 3 { promise(.success(v * 2)) } else { promise(.failure(.bad)) }\n} }.sink(receiveCompletion: { print(\"end\", $0) }, receiveValue: { print(\"got\", $0) })\ns.send(1)\ns.send(2)\ns.send(3)\nlet t = PassthroughSubject<Int, Never>()\nlet d = t.map { v in Future<Int, Never> { promise in promise(.success(v)) } }.switchToLatest().print(\"sw\").sink { _ in }\nt.send(7)\nlet f = Future<Int, Never> { promise in promise(.success(1)) }\nprint(f)",
        "let s = PassthroughSubject<Int, Never>()\nlet c = s.flatMap { v in Future<Int, Never> { promise in\n    DispatchQueue.main.asyncAfter(deadline: .now() + 0.1) { promise(.success(v)) }\n} }.sink(receiveCompletion: { print(\"end\", $0) }, receiveValue: { print(\"got\", $0) })\ns.send(1)\ns.send(completion: .finished)\nprint(\"kept later\")\nwait 200ms",
        // A `map` straight after `zip` or `combineLatest` runs as their closure, on the
        // inputs' values with no tuple made (`Compiler.combined`): the same values, requests
        // and completions, two inputs and three, a closure of one parameter, an overflow.
        "let a = PassthroughSubject<Int, Never>()\nlet b = PassthroughSubject<Int, Never>()\nlet c = a.combineLatest(b).map { $0 + $1 }.print(\"m\").sink { print($0) }\nlet d = a.zip(b).map { p in p.0 * p.1 }.sink(receiveCompletion: { print(\"end\", $0) }, receiveValue: { print(\"zip\", $0) })\nlet e = a.combineLatest(b) { x, y in x - y }.sink { print(\"with\", $0) }\na.send(1)\nb.send(2)\na.send(3)\nb.send(4)\na.send(completion: .finished)\nb.send(9223372036854775807)",
        "let a = PassthroughSubject<Int, Never>()\nlet b = PassthroughSubject<String, Never>()\nlet c = PassthroughSubject<Double, Never>()\nlet x = a.combineLatest(b, c).map { \"\\($0)\\($1)\\($2)\" }.sink { print($0) }\nlet y = a.zip(b, c).map { $0.1 }.print(\"z\").sink { print($0) }\nlet z = a.zip(b).map { \"\\($0)\" }.filter { $0.count > 1 }.sink { print($0) }\na.send(1)\nb.send(\"x\")\nc.send(2.5)\nb.send(\"yy\")\na.send(2)",
        "let a = PassthroughSubject<Int, Never>()\nlet b = PassthroughSubject<Int, Never>()\nlet p = a.zip(b)\nlet c = p.map { $0 * $1 }.sink { print($0) }\nlet d = a.combineLatest(b).eraseToAnyPublisher().map { $0 - $1 }.collect().sink { print($0) }\na.send(3)\nb.send(4)\na.send(completion: .finished)\nb.send(completion: .finished)",
        // A closure that makes a Future whose body makes no closure keeps its frame for the
        // next call; a call made while one is under way (the body sending to the subject
        // the flatMap reads) gets a fresh frame, and so does a loop's turn.
        "let s = PassthroughSubject<Int, Never>()\nlet c = s.flatMap { v in Future<Int, Never> { promise in\n    let w = v * 10\n    if v < 3 { s.send(v + 1) }\n    print(\"kept\", v, w)\n    promise(.success(w + v))\n} }.sink { print(\"got\", $0) }\ns.send(1)\nvar made: [Future<Int, Never>] = []\nfor k in 0..<2 { made.append(Future<Int, Never> { p in p(.success(k * 100)) }) }\nfor f in made { f.sink { print(\"made\", $0) } }",
        "let j = Just<Int>(5)\nprint(j)\nsubject s: Int\ns.map { Just(\"\\($0)\") }.sink { print($0) }\nsend s 4\ns.flatMap { Just($0).map { $0 + 1 } }.sink { print($0) }\nsend s 6",
    ])
    func sameWithAndWithout(_ program: String) {
        #expect(run(program, fastPaths: true) == run(program, fastPaths: false))
    }

    /// A session goes on after an error, so what a fused run does after a step fails shows
    /// in the entries after it (as in the REPL).
    @Test("a session after a failed step, with fast paths on and off", arguments: [
        ["subject s: Int", "s.filter { $0 > 0 }.map { 10 / ($0 - 2) }.reduce(0) { $0 + $1 }.sink { print(\"sum\", $0) }",
         "send s 1", "send s 2", "send s 3", "complete s"],
        ["subject s: Int", "s.map { 10 / $0 }.filter { $0 > 1 }.sink { print($0) }", "send s 0", "send s 5", "send s 20"],
        ["current c = 9223372036854775806", "subject t: Int", "t.sink { set c = c + 1 }", "send t 0", "send t 0", "print(c)"],
        ["subject s: Int", "s.scan(100) { acc, v in acc / v }.removeDuplicates().sink { print($0) }", "send s 2", "send s 0",
         "send s 1", "send s 5"],
        ["subject a: Int", "subject b: Int", "a.combineLatest(b).map { 10 / ($0 - $1) }.print(\"m\").sink { print($0) }",
         "a.zip(b).map { 10 / ($0 - $1) }.sink { print(\"zip\", $0) }", "send a 1", "send b 1", "send b 2", "send a 7", "send b 6"],
    ])
    func sameSessionWithAndWithout(_ entries: [String]) {
        #expect(session(entries, fastPaths: true) == session(entries, fastPaths: false))
    }

    private func session(_ entries: [String], fastPaths: Bool) -> [String] {
        var output = ""
        let interpreter = Interpreter(output: { output += $0 })
        interpreter.fastPaths = fastPaths
        var lines: [String] = []
        for entry in entries {
            let diagnostic = interpreter.run(entry)
            lines.append(output + (diagnostic?.message ?? ""))
            output = ""
        }
        return lines
    }

    /// Every event moves `Value`s: a case that held a struct inline (an enum's value, with its
    /// type, case and payload) would make each of them, and every copy, twice as large.
    @Test func aValueIsNoLargerThanTwoWords() {
        #expect(MemoryLayout<Value>.size <= 17, "\(MemoryLayout<Value>.size) bytes")
    }

    @Test func kernelsAreMadeOnlyWhenFastPathsAreOn() throws {
        for enabled in [true, false] {
            let compiler = Compiler(runtime: Runtime(output: { _ in }, feedbackLimit: 10), globals: [:], source: SourceCharacters(), echoes: false)
            compiler.fastPaths = enabled
            let statements = try Parser.parse("$0 * 3 + 1")
            var kernel: IntKernel?
            _ = try compiler.inFrame(isClosure: true, argumentTypes: [.int]) { kernel = compiler.intKernel(statements, argumentTypes: [.int]) }
            #expect((kernel != nil) == enabled)
        }
    }

    private func run(_ program: String, fastPaths: Bool) -> [String] {
        var output = ""
        let interpreter = Interpreter(output: { output += $0 })
        interpreter.fastPaths = fastPaths
        let diagnostic = interpreter.run(program)
        let error = diagnostic.map { DiagnosticFormatter().format($0, source: interpreter.source, fileName: "t") }
        return [output, error ?? ""]
    }
}
