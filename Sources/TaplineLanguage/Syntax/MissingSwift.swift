import CGlibc
import Synchronization

/// Swift that Tapline does not read, each recognised on the line a parse error is on, so the
/// error names the feature instead of leaving a learner with "expected …, found …" on code
/// that is good Swift. One table: a feature's note, and how to find it on the line.
///
/// Only parse errors are looked at, and a feature is only named when it is on the error's
/// line: a typo in code Tapline does read keeps its plain message.
struct MissingSwiftFeature {
    /// A line of Swift that uses the feature (a test checks that it gets this note).
    let example: String
    /// What the note says: the feature, in Swift's words, and what to write instead.
    let note: String
    /// Text the line must hold, one of them, for `find` to be worth asking: the regex engine
    /// takes about a microsecond a character for each pattern, and most lines with an error
    /// hold none of these.
    let anchors: [StaticString]
    /// Where on the line the feature is (character offsets), if it is there.
    let find: (ParseErrorSite) -> Range<Int>?
}

/// A parse error's line, for the table's finders.
struct ParseErrorSite {
    let line: String
    /// The error's column, counted from 0; -1 when the error is on a later line of the
    /// statement.
    let column: Int
    /// The error's message id.
    let id: MessageID

    /// The first match of `regex` on the line, as character offsets.
    func first(_ regex: Regex<Substring>) -> Range<Int>? {
        guard let match = line.firstMatch(of: regex) else { return nil }
        return offsets(match.range)
    }

    /// The first match of `regex`, narrowed to its capture (the part to point at).
    func first(_ regex: Regex<(Substring, Substring)>) -> Range<Int>? {
        guard let match = line.firstMatch(of: regex) else { return nil }
        return offsets(match.output.1.startIndex..<match.output.1.endIndex)
    }

    /// Whether `text` stands anywhere on the line (glibc's memmem over the line's UTF-8).
    func holds(_ text: StaticString) -> Bool {
        var line = line
        return line.withUTF8 { line in
            text.withUTF8Buffer { text in
                tapline_contains_bytes(line.baseAddress, UInt(line.count), text.baseAddress, UInt(text.count)) != 0
            }
        }
    }

    /// The line up to the error (empty when the error is on a later line).
    var before: Substring { column < 0 ? "" : line.prefix(column) }

    /// The characters at the error, when they are `text`.
    func errorIs(_ text: String) -> Range<Int>? {
        let characters = Array(line)
        guard column >= 0, column + text.count <= characters.count,
              String(characters[column..<column + text.count]) == text else { return nil }
        return column..<column + text.count
    }

    private func offsets(_ range: Range<String.Index>) -> Range<Int> {
        line.distance(from: line.startIndex, to: range.lowerBound)..<line.distance(from: line.startIndex, to: range.upperBound)
    }
}

extension MissingSwiftFeature {
    /// The table, most specific first: the first feature found on the line is named. Built
    /// once: a regex literal is compiled each time it is evaluated, which in a finder would
    /// compile every pattern again for each parse error. A compiled `Regex` is not
    /// `Sendable`, so the table is only read under its lock.
    private static let table = Mutex(tableFirstHalf() + tableSecondHalf())

    /// Each feature's example and note, in the table's order (for the tests).
    static var all: [(example: String, note: String)] {
        table.withLock { features in features.map { ($0.example, $0.note) } }
    }

    /// The note naming the Swift feature that a parse error on `line` stumbled on, if one
    /// of the table's is there.
    static func note(forErrorAt column: Int, id: MessageID, on line: String) -> (note: String, range: Range<Int>)? {
        let site = ParseErrorSite(line: line, column: column, id: id)
        return table.withLock { features in
            for feature in features where feature.anchors.contains(where: site.holds) {
                if let range = feature.find(site) { return (feature.note, range) }
            }
            return nil
        }
    }

    /// The table's first half: declarations and literals.
    private static func tableFirstHalf() -> [MissingSwiftFeature] {
        let tuplePattern = /\b(?:let|var)\s*(\()/
        let severalNames = /\b(?:let|var)\s+\w+(?:\s*:[^=,]+)?(?:\s*=[^,]*)?$/
        let variadic = /:\s*[\w.<>\[\]?]+\s*(\.\.\.)\s*[,)]/
        let composition = /(?::|->)\s*\w+\s*&\s*\w+/
        return [
            MissingSwiftFeature(
                example: "let (a, b) = (1, 2)",
                note: "Swift's tuple patterns in a declaration ('let (a, b) = pair') are not in Tapline yet; keep the tuple whole, 'let pair = …', and read 'pair.0' and 'pair.1'",
                anchors: ["let", "var"],
                find: { $0.first(tuplePattern) }),
            MissingSwiftFeature(
                example: "var a = 1, b = 2",
                note: "declaring several names in one 'let' or 'var' ('var a = 1, b = 2') is not in Tapline yet; give each its own line",
                anchors: ["let", "var"],
                find: { site in
                    guard site.id == .expectedEndOfStatement, site.before.contains(severalNames) else { return nil }
                    return site.errorIs(",")
                }),
            MissingSwiftFeature(
                example: "func total(_ values: Int...) -> Int { 0 }",
                note: "Swift's variadic parameters ('_ values: Int...') are not in Tapline yet; take an array, '_ values: [Int]', and pass '[1, 2]'",
                anchors: ["..."],
                find: { $0.first(variadic) }),
            MissingSwiftFeature(
                example: "func show(_ x: Codable & Hashable) {}",
                note: "protocol composition types ('Codable & Hashable') are not in Tapline yet; name one protocol, or a protocol of the program's that refines both",
                anchors: ["&"],
                find: { site in site.line.contains(composition) ? site.errorIs("&") : nil }),
        ] + literalFeatures()
    }

    /// Literals and effects Tapline does not read.
    private static func literalFeatures() -> [MissingSwiftFeature] {
        let radix = /\b0[xob][0-9A-Fa-f_]+/
        let rawString = /#+"/
        let multiLineString = /"""/
        let concurrency = /\b(?:async|await)\b/
        let typedThrows = /\bthrows\s*\(/
        return [
            MissingSwiftFeature(
                example: "let mask = 0xFF",
                note: "hexadecimal, octal and binary literals ('0x10', '0o17', '0b101') are not in Tapline yet; write the number in decimal",
                anchors: ["0x", "0o", "0b"],
                find: { $0.first(radix) }),
            MissingSwiftFeature(
                example: "let pattern = #\"\\d+\"#",
                note: "Swift's raw strings ('#\"…\"#') are not in Tapline yet; write an ordinary string, with '\\\\' for a backslash and '\\\"' for a quote",
                anchors: ["#\""],
                find: { $0.first(rawString) }),
            MissingSwiftFeature(
                example: "let text = \"\"\"",
                note: "multi-line string literals ('\"\"\"') are not in Tapline yet; write a string a line, or '\\n' inside one string",
                anchors: ["\"\"\""],
                find: { $0.first(multiLineString) }),
            MissingSwiftFeature(
                example: "func load() async -> Int { 1 }",
                note: "Swift concurrency ('async', 'await', 'Task') is not in Tapline; here time is the virtual clock: a 'Future', 'Deferred' or 'DispatchQueue.main.asyncAfter' stands for the work that takes time",
                anchors: ["async", "await"],
                find: { $0.first(concurrency) }),
            MissingSwiftFeature(
                example: "func load() throws(LoadError) -> Int { 1 }",
                note: "typed throws ('throws(MyError)') are not in Tapline yet; write 'throws', and 'catch' the error as the program's type ('catch let error as MyError')",
                anchors: ["throws"],
                find: { $0.first(typedThrows) }),
        ]
    }

    /// The table's second half: labels, patterns, attributes, operators.
    private static func tableSecondHalf() -> [MissingSwiftFeature] {
        let callable = /\b(?:func|init|subscript)\b/
        let labelledTuple = /\(\s*\w+\s*(:)\s*[^,():]+,\s*\w+\s*:/
        let optionalPattern = /\bcase\s+(?:let|var)\s+\w+(\?)/
        return [
            MissingSwiftFeature(
                example: "let point = (x: 1, y: 2)",
                note: "tuples with labels ('(name: \"a\", count: 1)') are not in Tapline yet; declare a struct with those properties, or use an unlabelled tuple and '.0', '.1'",
                anchors: [":"],
                find: { site in
                    guard site.id == .expected, !site.line.contains(callable) else { return nil }
                    return site.first(labelledTuple)
                }),
            MissingSwiftFeature(
                example: "let x: Int? = 1; if case let y? = x { print(y) }",
                note: "optional patterns ('case let x?') are not in Tapline yet; write 'if let x = value' or compare with 'nil'",
                anchors: ["case"],
                find: { $0.first(optionalPattern) }),
        ] + attributeFeatures()
    }

    /// Expressions, attributes and declarations beyond Tapline's grammar.
    private static func attributeFeatures() -> [MissingSwiftFeature] {
        let conditionalExpression = /=\s*((?:if|switch))\s/
        let directive = /(?:#if|#available|#unavailable|@available)\b/
        let objectiveC = /(?:@objc|#selector|#keyPath)\b/
        let customOperator = /\b(?:(?:prefix|postfix|infix)\s+operator|precedencegroup)\b|\bfunc\s+[^\w\s(<]+/
        let indirect = /\bindirect\b/
        return [
            MissingSwiftFeature(
                example: "let size = if true { 1 } else { 2 }",
                note: "'if' and 'switch' as expressions ('let x = if c { 1 } else { 2 }') are not in Tapline yet; use the conditional operator, 'c ? 1 : 2', or assign in each branch",
                anchors: ["if", "switch"],
                find: { $0.first(conditionalExpression) }),
            MissingSwiftFeature(
                example: "@available(iOS 15, *)\nfunc f() {}",
                note: "compiler directives and availability checks ('#if', '#available', '@available') are not in Tapline; leave them out, Tapline's Combine is there on every platform",
                anchors: ["#if", "#available", "#unavailable", "@available"],
                find: { $0.first(directive) }),
            MissingSwiftFeature(
                example: "let action = #selector(tapped)",
                note: "Objective-C interop ('@objc', '#selector', '#keyPath') is not in Tapline; a button's 'tap' or a subject stands for a target-action",
                anchors: ["@objc", "#selector", "#keyPath"],
                find: { $0.first(objectiveC) }),
            MissingSwiftFeature(
                example: "static func + (a: Int, b: Int) -> Int { a }",
                note: "custom operators ('prefix operator', 'static func +') are not in Tapline yet; write a func with a name",
                anchors: ["operator", "precedencegroup", "func"],
                find: { $0.first(customOperator) }),
            MissingSwiftFeature(
                example: "indirect enum Tree { case leaf }",
                note: "indirect enums are not in Tapline yet; give the case a payload of another type, or make the type a class",
                anchors: ["indirect"],
                find: { $0.first(indirect) }),
        ]
    }
}
