/// A JSON value, as `tapline --machine` reads and writes them: one object a line.
///
/// Written here rather than taken from Foundation so the command links no Foundation, which
/// would slow its start. Objects keep their keys in order, so a reply is written in
/// the order the protocol documents (docs/MACHINE.md) and tests can compare whole lines.
/// `Sendable` is stated: inferring it through the tuples of `.object` is a cycle that the
/// compiler reports as a "circular reference" when it compiles a user of this file alone.
enum JSON: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    /// The member `key` of an object (nil for anything else).
    subscript(key: String) -> JSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// A number that is a whole `Int` (a cursor position), else nil.
    var int: Int? {
        guard case .number(let value) = self, value == value.rounded(), abs(value) < 1e15 else { return nil }
        return Int(value)
    }

    /// The value on one line: no spaces, strings escaped as JSON requires (control
    /// characters, `"` and `\`), everything else as UTF-8.
    var text: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let value):
            if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
            return value.isFinite ? String(value) : "null"
        case .string(let value): return JSON.quoted(value)
        case .array(let items): return "[" + items.map(\.text).joined(separator: ",") + "]"
        case .object(let members): return "{" + members.map { JSON.quoted($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
        }
    }

    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Parses one JSON text (RFC 8259). The error says what was expected and where.
    static func parse(_ text: String) throws(JSONError) -> JSON {
        var parser = JSONParser(Array(text.utf8))
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.atEnd else { throw parser.error("unexpected text after the value") }
        return value
    }
}

struct JSONError: Error {
    let message: String
}

/// A recursive-descent reader over UTF-8 bytes; nesting is bounded so no input overflows the stack.
private struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    static let maximumDepth = 256

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index >= bytes.count }

    func error(_ message: String) -> JSONError { JSONError(message: "\(message) at byte \(index + 1)") }

    mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    mutating func value(depth: Int) throws(JSONError) -> JSON {
        guard depth < Self.maximumDepth else { throw error("nested too deeply") }
        skipSpace()
        guard index < bytes.count else { throw error("expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try word("true", .bool(true))
        case UInt8(ascii: "f"): return try word("false", .bool(false))
        case UInt8(ascii: "n"): return try word("null", .null)
        default: return try number()
        }
    }

    private mutating func word(_ spelling: String, _ value: JSON) throws(JSONError) -> JSON {
        let expected = Array(spelling.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw error("expected a value")
        }
        index += expected.count
        return value
    }

    private mutating func object(depth: Int) throws(JSONError) -> JSON {
        index += 1
        var members: [(String, JSON)] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a member name in quotes") }
            let key = try string()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
            index += 1
            members.append((key, try value(depth: depth + 1)))
            skipSpace()
            guard index < bytes.count else { throw error("expected ',' or '}'") }
            index += 1
            if bytes[index - 1] == UInt8(ascii: "}") { return .object(members) }
            guard bytes[index - 1] == UInt8(ascii: ",") else { index -= 1; throw error("expected ',' or '}'") }
        }
    }

    private mutating func array(depth: Int) throws(JSONError) -> JSON {
        index += 1
        var items: [JSON] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            items.append(try value(depth: depth + 1))
            skipSpace()
            guard index < bytes.count else { throw error("expected ',' or ']'") }
            index += 1
            if bytes[index - 1] == UInt8(ascii: "]") { return .array(items) }
            guard bytes[index - 1] == UInt8(ascii: ",") else { index -= 1; throw error("expected ',' or ']'") }
        }
    }

    private mutating func number() throws(JSONError) -> JSON {
        let start = index
        let allowed = Set("+-0123456789.eE".utf8)
        while index < bytes.count, allowed.contains(bytes[index]) { index += 1 }
        guard index > start, let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
            index = start
            throw error("expected a value")
        }
        return .number(value)
    }

    /// A string, from its opening quote; `\u` escapes join surrogate pairs, and a lone
    /// surrogate becomes U+FFFD rather than an error.
    private mutating func string() throws(JSONError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\"") { break }
            if byte != UInt8(ascii: "\\") { run.append(byte); continue }
            scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
            run.removeAll()
            scalars.append(try escape())
        }
        scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
        return String(scalars)
    }

    private mutating func escape() throws(JSONError) -> Unicode.Scalar {
        guard index < bytes.count else { throw error("unterminated string") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{C}"
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return Unicode.Scalar(byte)
        case UInt8(ascii: "u"):
            let high = try hex4()
            guard (0xD800..<0xDC00).contains(high) else { return Unicode.Scalar(high) ?? "\u{FFFD}" }
            let save = index
            if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                index += 2
                let low = try hex4()
                if (0xDC00..<0xE000).contains(low) {
                    return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
                }
                index = save
            }
            return "\u{FFFD}"
        default:
            index -= 1
            throw error("unknown escape '\\\(Character(Unicode.Scalar(byte)))'")
        }
    }

    private mutating func hex4() throws(JSONError) -> UInt32 {
        guard bytes.count - index >= 4, let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
            throw error("expected four hex digits after \\u")
        }
        index += 4
        return value
    }
}
