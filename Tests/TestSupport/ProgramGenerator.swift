// Writes valid Tapline programs from the grammar (docs/LANGUAGE.md), choosing each production
// by the bytes it is given: arbitrary bytes rarely get past the parser, these reach the
// runtime. The fuzzer (tools/fuzz) and the differential tests (DifferentialTests) use it.
import TaplineLanguage

/// A program written from a byte string: the same bytes always give the same program.
public struct ProgramGenerator {
    private var entropy: [UInt8]
    private var position = 0
    private var lines: [String] = []
    private var subjects: [String] = []
    private var publisheds: [String] = []
    private var buttons: [String] = []
    private var funcs: [String] = []
    private var views: [String] = []
    private var stored: [String] = []
    private var nesting = 0
    /// Whether the last chain `publisher()` made can fail (a sink on it needs both closures).
    private var chainCanFail = false

    /// Whether the program may show time (`trace`, `marbles`), which records every stage of
    /// it: without, its chains take the fast paths that recording rules out.
    private let showsTime: Bool

    /// The most statements a program has (a few more lines: a subscriber's declaration is three).
    private let statements: Int

    public init(entropy: [UInt8], showsTime: Bool = true, statements: Int = 200) {
        self.entropy = entropy
        self.showsTime = showsTime
        self.statements = statements
    }

    /// The next choice in 0..<count (0 once the bytes run out, so every program ends).
    private mutating func choose(_ count: Int) -> Int {
        guard count > 1, position < entropy.count else { return 0 }
        defer { position += 1 }
        return Int(entropy[position]) % count
    }

    private mutating func pick(_ options: [String]) -> String { options[choose(options.count)] }

    private var exhausted: Bool { position >= entropy.count }

    public mutating func program() -> String {
        while !exhausted && lines.count < statements { statement() }
        return lines.joined(separator: "\n") + "\n"
    }

    private mutating func statement() {
        switch choose(13) {
        case 0: declareSubject()
        case 1: declarePublished()
        case 2: declareButton()
        case 3: declareFunc()
        case 4: declareView()
        case 5: declareSubscriber()
        case 6: lines.append(time())
        case 7, 8: lines.append(subscription())
        default: lines.append(command())
        }
    }

    /// A custom subscriber with a demand, subscribed at once, and asked for more later.
    private mutating func declareSubscriber() {
        let name = "w\(lines.count)"
        let demand = pick(["0", "1", "2", ".unlimited", ".max(3)"])
        let result = pick(["", "; return 1", "; return .max(2)", "; return .none"])
        lines.append("subscriber \(name)(demand: \(demand)) { print($0)\(result) } completion { print($0) }")
        lines.append(publisher() + ".subscribe(\(name))")
        lines.append("request \(name) \(choose(3) + 1)")
    }

    /// Time on the marble clock: frames, played strings, expectations, later blocks, and what
    /// shows it (`trace`, `marbles`; `marbles save` writes nowhere in the fuzzer).
    private mutating func time() -> String {
        switch choose(9) {
        case 5 where showsTime: return pick(["trace on", "trace off"])
        case 6 where showsTime: return pick(["marbles", "marbles clear", "marbles save fuzz.svg"])
        case 7: return "let k\(lines.count) = \(choose(9))"
        case 8: return "var v\(lines.count) = \(choose(9)); v\(lines.count) += 1"
        case 0: return "frame \(duration())"
        case 1 where !subjects.isEmpty: return "play \(pick(subjects)) \"\(marbles())\""
        case 2 where !subjects.isEmpty: return "expect \(pick(subjects)).map { $0 } \"\(marbles())\""
        case 3: return "schedule(after: \(duration())) { \(command()) }"
        default:
            // `expect` is a command only before a name or a number: a chain that starts with
            // a literal (`[1, 2].publisher`) is named first.
            let chain = publisher()
            guard let first = chain.first, first == "[" || first == "(" else { return "expect \(chain) \"\(marbles())\"" }
            let name = "e\(lines.count)"
            return "let \(name) = \(chain)\nexpect \(name) \"\(marbles())\""
        }
    }

    /// A marble string: mostly well formed (frames and values, then perhaps an end), now and
    /// then any mix of its symbols, to reach the errors of a malformed one.
    private mutating func marbles() -> String {
        var text = ""
        if choose(6) == 0 {
            for _ in 0..<choose(12) { text += pick(["-", "1", "2", "(12)", "|", "#", " ", "100ms ", "^", " 9223372036854775807ms ", " 1.5s "]) }
            return text
        }
        for _ in 0..<choose(8) { text += pick(["-", "-", "1", "2", "(12)", " 100ms "]) }
        return text + pick(["", "|", "-|", "#"])
    }

    private mutating func declareSubject() {
        let name = "s\(subjects.count)"
        subjects.append(name)
        switch choose(3) {
        case 0: lines.append("subject \(name): Int, Error")
        case 1: lines.append("current \(name): Int, Error = \(number())")
        default: lines.append("let \(name) = PassthroughSubject<Int, Error>()")
        }
    }

    private mutating func declarePublished() {
        let name = "p\(publisheds.count)"
        publisheds.append(name)
        lines.append("published \(name) = \(number())")
    }

    private mutating func declareButton() {
        let name = "b\(buttons.count)"
        buttons.append(name)
        lines.append(choose(2) == 0 ? "button \(name)" : "button \(name) { \(command()) }")
    }

    private mutating func declareFunc() {
        let name = "f\(lines.count)"
        guard choose(3) == 0 else {
            funcs.append(name)
            lines.append("func \(name)(_ x: Int) -> Int { \(command()); return \(expression("x")) }")
            return
        }
        // A func returning a publisher that may be built from itself: re-subscription
        // recursion, which grows the stack through the core rather than through delivery.
        let body = pick(["Deferred { \(name)(x + 1) }", "Just(x).flatMap { \(name)($0 + 1) }",
                         "Just(x).append(Deferred { \(name)(x + 1) })", "Just(x).catch { _ in \(name)(x) }",
                         "Just(x).map { $0 + 1 }"])
        lines.append("func \(name)(_ x: Int) -> AnyPublisher<Int, Never> { return \(body).eraseToAnyPublisher() }")
        lines.append("\(name)(\(number())).prefix(\(choose(5))).sink { print($0) }")
    }

    private mutating func declareView() {
        let name = "V\(views.count)"
        views.append(name)
        lines.append("view \(name) {\n  on appear { \(subscription(stored: false)) }\n  on disappear { \(command()) }\n}")
    }

    /// A publisher: a declared one or a literal source, then zero or more operators. A source
    /// that can fail mostly has its failure replaced, so that chains can be merged, zipped and
    /// combined with ones that cannot (Swift requires their Failures to match); `neverFails`
    /// always replaces it.
    private mutating func publisher(neverFails: Bool = false) -> String {
        var chain = source()
        let fails = chain.hasPrefix("s") || chain.hasPrefix("Fail") || chain.hasPrefix("Future")
        let replaced = fails && (neverFails || choose(3) > 0)
        if replaced { chain += ".replaceError(with: 0)" }
        for _ in 0..<choose(5) { chain += "." + chainOperator() }
        chainCanFail = fails && !replaced && !chain.hasPrefix("Future")
        return chain
    }

    private mutating func source() -> String {
        let chain: String
        switch choose(7) {
        case 0 where !subjects.isEmpty: chain = pick(subjects)
        case 1 where !publisheds.isEmpty: chain = "$" + pick(publisheds)
        case 2 where !buttons.isEmpty: chain = pick(buttons) + ".tap.map { _ in 1 }"
        case 3: chain = "Just(\(number()))"
        case 4: chain = "(1...\(choose(5))).publisher"
        // With their Output written, as Swift needs it where nothing downstream says it.
        case 5: chain = pick(["Empty<Int, Never>()", "Fail<Int, Error>(error: \"e\")", "Deferred { Just(1) }",
                              "Future { promise in promise(.success(2)) }",
                              "Timer.publish(every: \(duration())).autoconnect().map { _ in 1 }",
                              "Record(output: [1, 2], completion: .finished)"])
        default: chain = "[\(number()), \(number())].publisher"
        }
        return chain
    }

    /// What a hole in an operator's form stands for.
    private enum Hole: String, CaseIterable {
        case expression = "EXPR", int = "INT", count = "COUNT", duration = "DURATION", bool = "BOOL"
        case publisher = "PUBLISHER", command = "COMMAND"
    }

    /// A piece of a form: text as it stands, or a hole to fill.
    private enum Piece {
        case text(String)
        case hole(Hole)
    }

    /// Every form the operators say a generator may write (`ChainOperator.generatedForms`),
    /// cut once into its text and its holes: searching each form for its holes as it is
    /// written took more time than running most of the programs.
    private static let forms: [[Piece]] = ChainOperator.all.flatMap(\.generatedForms).map(pieces)

    /// `form`'s text and holes, in order.
    private static func pieces(_ form: String) -> [Piece] {
        var pieces: [Piece] = [], text = "", rest = form[...]
        while let first = rest.first {
            if let hole = Hole.allCases.first(where: { rest.hasPrefix($0.rawValue) }) {
                if !text.isEmpty { pieces.append(.text(text)) }
                pieces.append(.hole(hole))
                text = ""
                rest = rest.dropFirst(hole.rawValue.count)
            } else {
                text.append(first)
                rest = rest.dropFirst()
            }
        }
        if !text.isEmpty { pieces.append(.text(text)) }
        return pieces
    }

    /// One operator's call, a form with its holes filled from left to right.
    private mutating func chainOperator() -> String {
        var call = ""
        for piece in Self.forms[choose(Self.forms.count)] {
            switch piece {
            case .text(let text): call += text
            case .hole(let hole): call += fill(hole)
            }
        }
        return call
    }

    private mutating func fill(_ hole: Hole) -> String {
        switch hole {
        case .expression: return operand()
        case .int: return String(choose(4))
        case .count: return String(choose(4) + 1)
        case .duration: return duration()
        case .bool: return choose(2) == 0 ? "true" : "false"
        case .publisher: return nested()
        case .command: return command()
        }
    }

    /// An `Int` expression of `$0`, sometimes through a declared func.
    private mutating func operand() -> String {
        if !funcs.isEmpty, choose(3) == 0 { return pick(funcs) + "($0)" }
        return expression("$0")
    }

    /// A publisher inside another's operator, kept shallow so programs stay small.
    private mutating func nested() -> String {
        guard nesting < 3 else { return "Just(1)" }
        nesting += 1
        defer { nesting -= 1 }
        return publisher(neverFails: true)
    }

    /// A chain and its sink; at the top level, sometimes stored with `let`.
    private mutating func subscription(stored canStore: Bool = true) -> String {
        let chain = publisher()
        let body: String
        // Swift takes a sink with only a value closure on a chain that cannot fail.
        switch chainCanFail ? 1 : choose(4) {
        case 0: body = ".sink { print($0) }"
        case 1: body = ".sink(receiveCompletion: { print($0) }, receiveValue: { \(command()) })"
        case 2: body = ".sink { _ in \(command()) }"
        default: body = ".sink { print($0) }"
        }
        if canStore, choose(3) == 0 {
            let name = "c\(stored.count)"
            stored.append(name)
            return "let \(name) = " + chain + body
        }
        return chain + body
    }

    private mutating func command() -> String {
        guard nesting < 4 else { return "print(0)" }
        nesting += 1
        defer { nesting -= 1 }
        switch choose(13) {
        case 0 where !subjects.isEmpty: return "send \(pick(subjects)) \(expression(number()))"
        case 1 where !subjects.isEmpty: return choose(2) == 0 ? "complete \(pick(subjects))" : "fail \(pick(subjects)) \"e\""
        case 2 where !publisheds.isEmpty: return "set \(pick(publisheds)) = \(expression(number()))"
        case 3 where !buttons.isEmpty: return "tap \(pick(buttons))"
        case 4: return "wait \(duration())"
        case 5 where !stored.isEmpty: return "cancel \(pick(stored))"
        case 6 where !views.isEmpty: return pick(["show ", "hide "]) + pick(views)
        case 7: return "repeat \(choose(4)) { \(command()) }"
        case 8: return "for i in 1...\(choose(4) + 1) { print(\(expression("i"))) }"
        case 9 where !funcs.isEmpty: return "print(\(pick(funcs))(\(number())))"
        case 10: return "if \(expression(number())) > \(number()) { \(command()) } else { \(command()) }"
        case 11: return "print(\(expression(number())))"
        default: return "print(\"\(pick(["a", "b", "\\(1)", "x y"]))\")"
        }
    }

    private mutating func expression(_ leaf: String) -> String {
        switch choose(8) {
        case 0: return "\(leaf) + \(number())"
        case 1: return "\(leaf) * \(number())"
        case 2: return "\(leaf) / \(number())"
        case 3: return "\(leaf) % \(number())"
        // `-` before a negative literal is an ambiguous `-(-2)` to Swift, which refuses it.
        case 4: return "(\(leaf) > \(number()) ? \(leaf) : \(leaf.hasPrefix("-") ? "0 - " : "-")\(leaf))"
        case 5: return "\(leaf) - \(number())"
        default: return leaf
        }
    }

    /// Small numbers mostly, now and then one at the edge of `Int` (whose arithmetic then
    /// overflows and stops the program, which is worth reaching but not every time).
    private mutating func number() -> String {
        pick(["0", "1", "2", "3", "7", "-1", "100", "0", "1", "2", "3", "5", "-2", "10", "4", "6",
              "9223372036854775807", "-9223372036854775807"])
    }

    private mutating func duration() -> String {
        // A duration too long for the clock is a located error that ends the program: rare.
        if choose(40) == 0 { return "9223372036854775807ns" }
        return pick(["0ms", "1ms", "100ms", "300ms", "1s", "0ns", "1ms", "100ms", "300ms", "1s", "200ms", "50ms", "1000000000s"])
    }
}
