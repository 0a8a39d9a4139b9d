/// Swift that Tapline does not read, each recognised on the line a parse error is on, so the
/// error names the feature instead of leaving a learner with "expected …, found …" on code
/// that is good Swift. One table: a feature's note, and how to find it on the line.
///
/// Only parse errors are looked at, and a feature is only named when it is on the error's
/// line: a typo in code Tapline does read keeps its plain message.
struct MissingSwiftFeature: Sendable {
    /// A line of Swift that uses the feature (a test checks that it gets this note).
    let example: String
    /// What the note says: the feature, in Swift's words, and what to write instead.
    let note: String
    /// Where on the line the feature is (character offsets), if it is there.
    let find: @Sendable (ParseErrorSite) -> Range<Int>?
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
    /// The table, most specific first: the first feature found on the line is named.
    static let all: [MissingSwiftFeature] = [
        MissingSwiftFeature(
            example: "let (a, b) = (1, 2)",
            note: "Swift's tuple patterns in a declaration ('let (a, b) = pair') are not in Tapline yet; keep the tuple whole, 'let pair = …', and read 'pair.0' and 'pair.1'",
            find: { $0.first(/\b(?:let|var)\s*(\()/) }),
        MissingSwiftFeature(
            example: "var a = 1, b = 2",
            note: "declaring several names in one 'let' or 'var' ('var a = 1, b = 2') is not in Tapline yet; give each its own line",
            find: { site in
                guard site.id == .expectedEndOfStatement, site.before.contains(/\b(?:let|var)\s+\w+(?:\s*:[^=,]+)?(?:\s*=[^,]*)?$/) else { return nil }
                return site.errorIs(",")
            }),
        MissingSwiftFeature(
            example: "func total(_ values: Int...) -> Int { 0 }",
            note: "Swift's variadic parameters ('_ values: Int...') are not in Tapline yet; take an array, '_ values: [Int]', and pass '[1, 2]'",
            find: { $0.first(/:\s*[\w.<>\[\]?]+\s*(\.\.\.)\s*[,)]/) }),
        MissingSwiftFeature(
            example: "func show(_ x: Codable & Hashable) {}",
            note: "protocol composition types ('Codable & Hashable') are not in Tapline yet; name one protocol, or a protocol of the program's that refines both",
            find: { site in site.line.contains(/(?::|->)\s*\w+\s*&\s*\w+/) ? site.errorIs("&") : nil }),
        MissingSwiftFeature(
            example: "let mask = 0xFF",
            note: "hexadecimal, octal and binary literals ('0x10', '0o17', '0b101') are not in Tapline yet; write the number in decimal",
            find: { $0.first(/\b0[xob][0-9A-Fa-f_]+/) }),
        MissingSwiftFeature(
            example: "let pattern = #\"\\d+\"#",
            note: "Swift's raw strings ('#\"…\"#') are not in Tapline yet; write an ordinary string, with '\\\\' for a backslash and '\\\"' for a quote",
            find: { $0.first(/#+"/) }),
        MissingSwiftFeature(
            example: "let text = \"\"\"",
            note: "multi-line string literals ('\"\"\"') are not in Tapline yet; write a string a line, or '\\n' inside one string",
            find: { $0.first(/"""/) }),
        MissingSwiftFeature(
            example: "func load() async -> Int { 1 }",
            note: "Swift concurrency ('async', 'await', 'Task') is not in Tapline; here time is the virtual clock: a 'Future', 'Deferred' or 'DispatchQueue.main.asyncAfter' stands for the work that takes time",
            find: { $0.first(/\b(?:async|await)\b/) }),
        MissingSwiftFeature(
            example: "func load() throws(LoadError) -> Int { 1 }",
            note: "typed throws ('throws(MyError)') are not in Tapline yet; write 'throws', and 'catch' the error as the program's type ('catch let error as MyError')",
            find: { $0.first(/\bthrows\s*\(/) }),
        MissingSwiftFeature(
            example: "let point = (x: 1, y: 2)",
            note: "tuples with labels ('(name: \"a\", count: 1)') are not in Tapline yet; declare a struct with those properties, or use an unlabelled tuple and '.0', '.1'",
            find: { site in
                guard site.id == .expected, !site.line.contains(/\b(?:func|init|subscript)\b/) else { return nil }
                return site.first(/\(\s*\w+\s*(:)\s*[^,():]+,\s*\w+\s*:/)
            }),
        MissingSwiftFeature(
            example: "func greet(name: String = \"you\") {}",
            note: "default parameter values ('name: String = \"you\"') are not in Tapline yet; leave the default out and pass the value at each call",
            find: { site in site.line.contains(/\b(?:func|init)\b/) ? site.errorIs("=") : nil }),
        MissingSwiftFeature(
            example: "let rest = [1, 2, 3][1...]",
            note: "one-sided ranges ('1...', '..<5', in a subscript or a 'case') are not in Tapline yet; write both ends: 'values[1...(values.count - 1)]', 'case 1...Int.max:'",
            find: { $0.first(/(?:\w|\))\s*(?:\.\.\.|\.\.<)\s*[\]),:]|[\[(,]\s*(?:\.\.\.|\.\.<)/) }),
        MissingSwiftFeature(
            example: "let x: Int? = 1; if case let y? = x { print(y) }",
            note: "optional patterns ('case let x?') are not in Tapline yet; write 'if let x = value' or compare with 'nil'",
            find: { $0.first(/\bcase\s+(?:let|var)\s+\w+(\?)/) }),
        MissingSwiftFeature(
            example: "let size = if true { 1 } else { 2 }",
            note: "'if' and 'switch' as expressions ('let x = if c { 1 } else { 2 }') are not in Tapline yet; use the conditional operator, 'c ? 1 : 2', or assign in each branch",
            find: { $0.first(/=\s*((?:if|switch))\s/) }),
        MissingSwiftFeature(
            example: "@available(iOS 15, *)\nfunc f() {}",
            note: "compiler directives and availability checks ('#if', '#available', '@available') are not in Tapline; leave them out, Tapline's Combine is there on every platform",
            find: { $0.first(/(?:#if|#available|#unavailable|@available)\b/) }),
        MissingSwiftFeature(
            example: "let action = #selector(tapped)",
            note: "Objective-C interop ('@objc', '#selector', '#keyPath') is not in Tapline; a button's 'tap' or a subject stands for a target-action",
            find: { $0.first(/(?:@objc|#selector|#keyPath)\b/) }),
        MissingSwiftFeature(
            example: "static func + (a: Int, b: Int) -> Int { a }",
            note: "custom operators ('prefix operator', 'static func +') are not in Tapline yet; write a func with a name",
            find: { $0.first(/\b(?:(?:prefix|postfix|infix)\s+operator|precedencegroup)\b|\bfunc\s+[^\w\s(<]+/) }),
        MissingSwiftFeature(
            example: "indirect enum Tree { case leaf }",
            note: "indirect enums are not in Tapline yet; give the case a payload of another type, or make the type a class",
            find: { $0.first(/\bindirect\b/) }),
    ]

    /// The note naming the Swift feature that a parse error on `line` stumbled on, if one
    /// of the table's is there.
    static func note(forErrorAt column: Int, id: MessageID, on line: String) -> (note: String, range: Range<Int>)? {
        let site = ParseErrorSite(line: line, column: column, id: id)
        for feature in all {
            if let range = feature.find(site) { return (feature.note, range) }
        }
        return nil
    }
}
