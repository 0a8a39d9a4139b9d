import Testing
@testable import TaplineLanguage

/// The Swift exporter, one construct at a time: what a program becomes (lines the Swift file
/// must hold), and what cannot be exported (a located error). `CommandTests` compiles and
/// runs every script's export; these say what each construct is written as.
@Suite("Swift export")
struct SwiftExportUnitTests {
    static func export(_ program: String) -> Result<String, Diagnostic> {
        Interpreter(output: { _ in }).exportSwift(program, name: "test.tapline")
    }

    @Test("a construct becomes Combine's spelling", arguments: [
        ("subject s: Int\ns.sink { print($0) }\nsend s 1",
         ["let s = PassthroughSubject<Int, Never>()", "s.sink { print($0) }.store(in: &subscriptions)", "s.send(1)"]),
        ("subject s: Int, Error\ns.sink(receiveCompletion: { _ in }, receiveValue: { print($0) })\nfail s \"x\"",
         ["let s = PassthroughSubject<Int, Error>()", "s.sink(receiveCompletion: { _ in }, receiveValue: { print($0) })",
          "s.send(completion: .failure(AppError(\"x\")))"]),
        ("current c = 1\nset c = c + 1", ["let c = CurrentValueSubject<Int, Never>(1)", "c.value = c.value + 1"]),
        ("published p = \"a\"\n$p.sink { print($0, p) }\nset p = \"b\"",
         ["    @Published var p = \"a\"", "viewModel.$p.sink { print($0, viewModel.p) }", "viewModel.p = \"b\""]),
        ("subject q: String\nq.debounce(for: 300ms).sink { print($0) }\nwait 1.5s",
         ["q.debounce(for: .milliseconds(300), scheduler: scheduler)", "scheduler.advance(by: .milliseconds(1500))"]),
        ("subject s: Int\ns.receive(on: DispatchQueue.main).sink { print($0) }\nsend s 1",
         ["s.receive(on: scheduler)", "s.send(1)\nscheduler.drain()"]),
        ("subscriber w(demand: 2) { print($0) }\nsubject s: String\ns.subscribe(w)\nrequest w 1",
         ["final class WSubscriber: Subscriber {", "    typealias Input = String", "        subscription.request(.max(2))",
          "        print(input)", "w.subscription?.request(.max(1))"]),
        ("subscriber lazy(demand: 0) { print($0) }", ["    func receive(subscription: any Subscription) {\n        self.subscription = subscription\n    }"]),
        ("func f(_ x: Int) -> Int { if x < 0 { throw \"negative\" }; return x }\nJust(1).tryMap { f($0) }.sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })",
         ["func f(_ x: Int) throws -> Int {", "throw AppError(\"negative\")", ".tryMap { try f($0) }"]),
        ("subject q: String\nplay q \"-a-|\" [\"a\": \"sw\"]",
         ["// play q \"-a-|\"", "scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(100))) { q.send(\"sw\") }",
          "scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(300))) { q.send(completion: .finished) }"]),
        ("var bag = Set<AnyCancellable>()\nsubject s: Int\ns.sink { print($0) }.store(in: &bag)\ncancel bag",
         ["var bag = Set<AnyCancellable>()", "bag.forEach { $0.cancel() }; bag.removeAll()"]),
        ("print(1 + 2 * 3, (1 + 2) * 3)", ["print(1 + 2 * 3, (1 + 2) * 3)"]),
        ("[2, 4].publisher.allSatisfy { $0 % 2 == 0 }.sink { print($0) }", ["[2, 4].publisher.allSatisfy { $0 % 2 == 0 }.sink { print($0) }"]),
        ("print(Int(\"42\"), Int(\"x\") ?? 0)", ["print(String(describing: Int(\"42\")), Int(\"x\") ?? 0)"]),
        ("subject s: Int\nview V {\n  on appear {\n    s.sink { _ in s.sink { print($0) } }\n  }\n}",
         ["        s.sink { _ in s.sink { print($0) }.store(in: &subscriptions) }.store(in: &bag)"]),
        // Found by compiling generated programs' exports: a closure that names no argument and
        // uses no `$0` takes none in Swift, which refuses it where an operator passes one.
        ("[1].publisher.sink { wait 1s }\nbutton b\nb.tap.sink { print(2) }",
         ["[1].publisher.sink { _ in scheduler.advance(by: .seconds(1)) }", "b.tap.sink { print(2) }"]),
        ("[1].publisher.scan(0) { 7 }.sink(receiveCompletion: { print(1) }, receiveValue: { print(2) })",
         [".scan(0) { _, _ in 7 }", ".sink(receiveCompletion: { _ in print(1) }, receiveValue: { _ in print(2) })"]),
        // A custom subscriber's `return 1` is a demand: `.max(1)` (Subscribers.Demand takes no Int).
        ("subscriber w(demand: 1) { print($0); return 1 }\n[1, 2].publisher.subscribe(w)", ["        return .max(1)"]),
        // A view's instance is named after it, but not over a name of the program's own.
        ("var v = 1\nview V {\n  on appear { print(v) }\n}\nshow V", ["let vView = V()", "vView.appear()"]),
        // The program's types as themselves: a member named in a body is on `self`, `mutating`
        // and a capture list are kept, an enum's switch that covers every case gets no `default`.
        ("struct P {\n  var x: Int\n  mutating func bump() { x += 1 }\n}\nvar p = P(x: 1)\np.bump()",
         ["struct P {\n    var x: Int\n    mutating func bump() { self.x = self.x + 1 }\n}"]),
        ("class C {\n  var n = 0\n  var bag = Set<AnyCancellable>()\n  init() { [1].publisher.sink { [weak self] v in self?.n = v }.store(in: &bag) }\n}\nlet c = C()",
         ["    init() { [1].publisher.sink { [weak self] v in self?.n = v }.store(in: &self.bag) }"]),
        ("enum Light { case red, green }\nlet l = Light.red\nswitch l {\ncase .red: print(1)\ncase .green: print(2)\n}",
         ["case .green:\n    print(2)\n}"]),
    ])
    func construct(_ program: String, _ lines: [String]) throws {
        let swift = try Self.export(program).get()
        for line in lines { #expect(swift.contains(line), "missing \(line) in:\n\(swift)") }
    }

    @Test("what has no Swift form is a located error", arguments: [
        ("subject q: Int\nexpect q \"-|\"", "2:1", "cannot export 'expect' to Swift"),
        ("func f(x) { print(x) }", "1:8", "cannot export a parameter with no type to Swift"),
        ("let t = Timer.publish(every: 1s).autoconnect()", "1:9", "cannot export 'Timer.publish' to Swift"),
        ("current t = now\nprint(now - t)", "2:7", "cannot export arithmetic on times and durations to Swift"),
        ("print(Just(1))", "1:7", "cannot export printing a publisher to Swift"),
    ])
    func cannotExport(_ program: String, _ location: String, _ message: String) {
        guard case .failure(let diagnostic) = Self.export(program) else {
            Issue.record("exported: \(program)")
            return
        }
        #expect(diagnostic.id == .cannotExport)
        #expect("\(diagnostic.range.start.line):\(diagnostic.range.start.column)" == location)
        #expect(diagnostic.message.hasPrefix(message), "\(diagnostic.message)")
    }

    @Test func aValueShownInTheREPLDoesNothingInSwift() throws {
        let swift = try Interpreter(output: { _ in }).exportSwift("published p = 1\n$p\np + 1", name: "session", echoes: true).get()
        #expect(swift.contains("_ = viewModel.$p\n_ = viewModel.p + 1\n"))
    }

    /// `:swift` after the REPL let a name be declared again: a value shadows the old one in a
    /// scope of its own; what the file declares once (a published value) cannot be.
    @Test func aSessionThatDeclaresANameAgain() throws {
        let swift = try Interpreter(output: { _ in }).exportSwift(entries: ["let a = 1", "print(a)", "let a = 2", "print(a)"], name: "session").get()
        #expect(swift.contains("let a = 1\nprint(a)\ndo {\n    let a = 2\n    print(a)\n}\n"), "\(swift)")
        guard case .failure(let diagnostic) = Interpreter(output: { _ in }).exportSwift(entries: ["published p = 1", "published p = 2"], name: "session") else {
            Issue.record("exported a published value declared twice")
            return
        }
        #expect(diagnostic.id == .cannotExport)
        #expect(diagnostic.message.hasPrefix("cannot export a second declaration of 'p'"), "\(diagnostic.message)")
    }

    @Test func theProgramsOwnErrorComesFirst() {
        guard case .failure(let diagnostic) = Self.export("send nope 1") else {
            Issue.record("exported a program with an error")
            return
        }
        #expect(diagnostic.id == .unknownName)
    }

    /// Program text that ends a line where Swift does (a lone CR), or where an editor does
    /// (U+0085, U+2028, U+2029), with a statement after it: in comments, `#` comments, trailing
    /// comments, strings, marble strings and the file's name. None of it may become code.
    static let hostile = """
        // a comment\rprint("INJECTED")
        # a hash comment\u{2028}print("INJECTED")
        // more\u{2029}print("INJECTED")\u{85}print("INJECTED")\u{B}\u{C}\u{0}\u{1B}\u{202E} */ /* \\( \\ "
        subject s: String
        s.sink { print("got \\($0)") }   # trailing\rprint("INJECTED")
        send s "cr\r lf\\n nul\\0 tab\t quote\\" backslash\\\\ interp\\\\(1) ls\u{2028} ps\u{2029} nel\u{85} vt\u{B} esc\u{1B} rlo\u{202E} */"
        play s "-a\\rprint(\\"INJECTED\\")//|"
        """

    /// Each line of `swift`, split where Swift or an editor ends a line.
    static func lines(_ swift: String) -> [String] {
        swift.unicodeScalars.split(omittingEmptySubsequences: false) { ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"].contains($0) }
            .map { String(String.UnicodeScalarView($0)) }
    }

    @Test func noTextOfTheProgramBecomesCode() throws {
        let swift = try Interpreter(output: { _ in })
            .exportSwift(Self.hostile, name: "scripts/evil\rprint(\"INJECTED\")\u{2028}.tapline").get()
        for line in Self.lines(swift) where line.contains("print(\"INJECTED\")") {
            // Only a comment holds it as written: in a string literal its quotes are escaped.
            let payload = try #require(line.firstRange(of: "print(\"INJECTED\")"))
            #expect(line.firstRange(of: "//").map { $0.lowerBound < payload.lowerBound } ?? false, "live code: \(line)")
        }
        for line in [
            "// evil\\u{D}print(\"INJECTED\")\\u{2028}.tapline, exported by Tapline as Swift over Combine's API: it runs as it is.",
            "// a comment\\u{D}print(\"INJECTED\")",
            "// a hash comment\\u{2028}print(\"INJECTED\")",
            "// more\\u{2029}print(\"INJECTED\")\\u{85}print(\"INJECTED\")\\u{B}\\u{C}\\u{0}\\u{1B}\\u{202E} */ /* \\( \\ \"",
            ".store(in: &subscriptions)  // trailing\\u{D}print(\"INJECTED\")",
            "s.send(\"cr\\r lf\\n nul\\0 tab\\t quote\\\" backslash\\\\ interp\\\\(1) ls\\u{2028} ps\\u{2029} nel\\u{85} vt\\u{B} esc\\u{1B} rlo\\u{202E} */\")",
            "// play s \"-a\\rprint(\\\"INJECTED\\\")//|\"",
            "scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(200))) { s.send(\"\\r\") }",
        ] {
            #expect(swift.contains(line + "\n"), "missing \(line) in:\n\(swift)")
        }
    }

    /// What `ExportSupport.literal` writes, read back as Swift reads a string literal's escapes.
    static func unescaped(_ literal: String) -> String? {
        var scalars = Array(literal.unicodeScalars.dropFirst().dropLast())[...]
        var out = String.UnicodeScalarView()
        while let scalar = scalars.popFirst() {
            guard scalar == "\\" else { out.append(scalar); continue }
            switch scalars.popFirst() {
            case "\""?: out.append("\"")
            case "\\"?: out.append("\\")
            case "n"?: out.append("\n")
            case "r"?: out.append("\r")
            case "t"?: out.append("\t")
            case "0"?: out.append("\0")
            case "u"?:
                guard scalars.popFirst() == "{", let end = scalars.firstIndex(of: "}"),
                      let value = UInt32(String(String.UnicodeScalarView(scalars[..<end])), radix: 16),
                      let decoded = Unicode.Scalar(value) else { return nil }
                out.append(decoded)
                scalars = scalars[(end + 1)...]
            default: return nil   // `\(` would interpolate: never written for text
            }
        }
        return String(out)
    }

    @Test("a string literal reads back as its text; a comment is one line", arguments: [
        "plain", "\"quoted\" \\ \\(x) \\\\(y)", "cr\r lf\n crlf\r\n nul\0 tab\t", "\u{85}\u{2028}\u{2029}\u{B}\u{C}\u{1B}\u{7F}\u{9F}",
        "\u{202E}rlo\u{2066}isolate\u{2069}\u{200F}", "*/ /* // #", "emoji 👩‍👩‍👧 e\u{301} ൎ\"",
    ])
    func literalsAndComments(_ text: String) {
        let literal = ExportSupport.literal(text)
        #expect(Self.unescaped(literal) == text, "\(literal)")
        let hidden: (Unicode.Scalar) -> Bool = { $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" }
        #expect(!literal.unicodeScalars.contains(where: hidden), "\(literal)")
        let comment = ExportSupport.comment(text)
        #expect(comment.hasPrefix("//") && !comment.unicodeScalars.contains { hidden($0) && $0 != "\t" }, "\(comment)")
    }
}
