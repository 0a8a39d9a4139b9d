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
    /// JSON text kept as it was read and written back as it is: a request's `id`, which a
    /// reply must copy exactly (a number beyond a `Double`'s precision, `1.0`, `"\u0041"`).
    case raw(String)

    /// A whole number, as JSON writes every number.
    static func integer(_ value: Int) -> JSON { .number(Double(value)) }

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
        case .raw(let text): return text
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

    /// Parses one JSON text (RFC 8259), in one pass over its UTF-8 bytes. The value of the
    /// top-level object's member `keeping`, if any, is kept as its text (`.raw`). The error
    /// says what was expected and where.
    static func parse(_ bytes: [UInt8], keeping key: String? = nil) throws(JSONError) -> JSON {
        var parser = JSONParser(bytes, keeping: key)
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.atEnd else { throw parser.error("unexpected text after the value") }
        return value
    }

    /// The text of the member `key` of the object that `bytes` begins, read as far as it
    /// goes: the start of a request too long to read whole still names its id.
    static func member(_ key: String, inTheStartOf bytes: [UInt8]) -> JSON? {
        var parser = JSONParser(bytes, keeping: key)
        parser.skipSpace()
        guard !parser.atEnd, bytes[parser.position] == UInt8(ascii: "{") else { return nil }
        _ = try? parser.value(depth: 0)
        return parser.kept
    }
}

struct JSONError: Error {
    let message: String
}

/// A recursive-descent reader over UTF-8 bytes, in one pass: each byte is looked at once, so
/// a request takes time in proportion to its length. Nesting is bounded so no input
/// overflows the stack.
private struct JSONParser {
    private let bytes: [UInt8]
    private(set) var position = 0
    /// The top-level member whose value is kept as its text, and that text once read.
    private let keptKey: String?
    private(set) var kept: JSON?
    static let maximumDepth = 256

    init(_ bytes: [UInt8], keeping key: String? = nil) {
        self.bytes = bytes
        keptKey = key
    }

    var atEnd: Bool { position >= bytes.count }

    private var next: UInt8? { position < bytes.count ? bytes[position] : nil }

    func error(_ message: String) -> JSONError { JSONError(message: "\(message) at byte \(position + 1)") }

    mutating func skipSpace() {
        while let byte = next, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
    }

    mutating func value(depth: Int) throws(JSONError) -> JSON {
        guard depth < Self.maximumDepth else { throw error("nested too deeply") }
        skipSpace()
        guard let byte = next else { throw error("expected a value") }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try word("true", .bool(true))
        case UInt8(ascii: "f"): return try word("false", .bool(false))
        case UInt8(ascii: "n"): return try word("null", .null)
        default: return try number()
        }
    }

    private mutating func word(_ spelling: StaticString, _ value: JSON) throws(JSONError) -> JSON {
        let count = spelling.utf8CodeUnitCount
        let matches = bytes.count - position >= count && spelling.withUTF8Buffer { $0.elementsEqual(bytes[position..<position + count]) }
        guard matches else { throw error("expected a value") }
        position += count
        return value
    }

    private mutating func object(depth: Int) throws(JSONError) -> JSON {
        position += 1
        var members: [(String, JSON)] = []
        skipSpace()
        if next == UInt8(ascii: "}") { position += 1; return .object(members) }
        while true {
            skipSpace()
            guard next == UInt8(ascii: "\"") else { throw error("expected a member name in quotes") }
            let key = try string()
            skipSpace()
            guard next == UInt8(ascii: ":") else { throw error("expected ':'") }
            position += 1
            members.append((key, try member(key, depth: depth)))
            skipSpace()
            guard let byte = next else { throw error("expected ',' or '}'") }
            if byte == UInt8(ascii: "}") { position += 1; return .object(members) }
            guard byte == UInt8(ascii: ",") else { throw error("expected ',' or '}'") }
            position += 1
        }
    }

    /// A member's value; the kept member of the top-level object as its text.
    private mutating func member(_ key: String, depth: Int) throws(JSONError) -> JSON {
        guard depth == 0, key == keptKey else { return try value(depth: depth + 1) }
        skipSpace()
        let start = position
        _ = try value(depth: depth + 1)
        let text = JSON.raw(String(decoding: bytes[start..<position], as: UTF8.self))
        if kept == nil { kept = text }
        return text
    }

    private mutating func array(depth: Int) throws(JSONError) -> JSON {
        position += 1
        var items: [JSON] = []
        skipSpace()
        if next == UInt8(ascii: "]") { position += 1; return .array(items) }
        while true {
            items.append(try value(depth: depth + 1))
            skipSpace()
            guard let byte = next else { throw error("expected ',' or ']'") }
            if byte == UInt8(ascii: "]") { position += 1; return .array(items) }
            guard byte == UInt8(ascii: ",") else { throw error("expected ',' or ']'") }
            position += 1
        }
    }

    /// A number as RFC 8259 spells it: `-`, digits without a leading zero, a fraction, an
    /// exponent. Nothing else passes, so a number kept as its text is valid JSON.
    private mutating func number() throws(JSONError) -> JSON {
        let start = position
        if next == UInt8(ascii: "-") { position += 1 }
        if next == UInt8(ascii: "0") {
            position += 1
        } else if digits() == 0 {
            position = start
            throw error("expected a value")
        }
        if next == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw error("expected a digit after '.'") }
        }
        if next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
            position += 1
            if next == UInt8(ascii: "+") || next == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw error("expected a digit in the exponent") }
        }
        return .number(Double(String(decoding: bytes[start..<position], as: UTF8.self)) ?? .nan)
    }

    /// Skips decimal digits; how many there were.
    private mutating func digits() -> Int {
        let start = position
        while let byte = next, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { position += 1 }
        return position - start
    }

    /// A string, from its opening quote: the bytes between escapes are copied as they are,
    /// each escape appends its character's UTF-8, and the whole is decoded once at the end
    /// (invalid UTF-8 becomes U+FFFD). `\u` escapes join surrogate pairs, and a lone
    /// surrogate becomes U+FFFD rather than an error.
    private mutating func string() throws(JSONError) -> String {
        position += 1
        var run = position
        var decoded: [UInt8] = []
        while true {
            guard let byte = next else { throw error("unterminated string") }
            guard byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
                position += 1
                continue
            }
            if byte == UInt8(ascii: "\"") && decoded.isEmpty {
                // No escape: the bytes are the string.
                defer { position += 1 }
                return String(decoding: bytes[run..<position], as: UTF8.self)
            }
            decoded.append(contentsOf: bytes[run..<position])
            position += 1
            if byte == UInt8(ascii: "\"") { return String(decoding: decoded, as: UTF8.self) }
            UTF8.encode(try escape()) { decoded.append($0) }
            run = position
        }
    }

    private mutating func escape() throws(JSONError) -> Unicode.Scalar {
        guard let byte = next else { throw error("unterminated string") }
        position += 1
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
            let save = position
            if next == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u") {
                position += 2
                let low = try hex4()
                if (0xDC00..<0xE000).contains(low) {
                    return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
                }
                position = save
            }
            return "\u{FFFD}"
        default:
            position -= 1
            throw error("unknown escape '\\\(Character(Unicode.Scalar(byte)))'")
        }
    }

    private mutating func hex4() throws(JSONError) -> UInt32 {
        var value: UInt32 = 0
        for offset in 0..<4 {
            guard position + offset < bytes.count, let digit = Self.hexDigit(bytes[position + offset]) else {
                throw error("expected four hex digits after \\u")
            }
            value = value << 4 | digit
        }
        position += 4
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}
