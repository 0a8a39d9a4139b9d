import Glibc
import TaplineLanguage

/// `tapline lsp`: the Language Server Protocol on standard input and output, for editors.
/// Each open document is checked as `tapline --check` checks a file, in a session of its own
/// (nothing runs): its warnings and first error come back as diagnostics with their message
/// ids; hovering over an operator or a help topic shows its `:help` page, over a declared name
/// its declaration; completion offers
/// what the REPL's TAB offers (commands, declared names, operators and members); "go to
/// definition" finds where a name the document declares is declared.
///
/// Messages are JSON-RPC 2.0, each after a `Content-Length` header. Positions are the
/// protocol's: lines from 0, characters in UTF-16 code units.
final class LanguageServer {
    private let tool: Tool
    /// The text of each open document, by URI.
    private var documents: [String: String] = [:]
    /// What each open document declares, worked out once for each version of its text: hover
    /// and go to definition ask at every move of the pointer.
    private var declared: [String: [Interpreter.Declaration]] = [:]
    private var shutDown = false

    init(tool: Tool) { self.tool = tool }

    /// Serves until `exit` (status 0 after `shutdown`, 1 without) or the end of input.
    func run() -> Int32 {
        var reader = FrameReader(descriptor: 0)
        while let body = reader.next() {
            guard let message = try? JSON.parse(body, keeping: "id") else {
                respond(id: .null, error: (-32700, "the message is not JSON"))
                continue
            }
            if message["method"]?.string == "exit" { return shutDown ? Tool.Exit.success : 1 }
            handle(message)
        }
        return shutDown ? Tool.Exit.success : 1
    }

    private func handle(_ message: JSON) {
        let id = message["id"]
        let params = message["params"] ?? .null
        switch message["method"]?.string {
        case "initialize": respond(id: id, result: LanguageServer.capabilities)
        case "shutdown":
            shutDown = true
            respond(id: id, result: .null)
        case "textDocument/didOpen", "textDocument/didChange": update(params)
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.string else { return }
            documents[uri] = nil
            declared[uri] = nil
            publish(uri, .array([]))
        case "textDocument/hover": respond(id: id, result: hover(params))
        case "textDocument/completion": respond(id: id, result: completion(params))
        case "textDocument/definition": respond(id: id, result: definition(params))
        default:
            // A request gets an answer; a notification (`initialized`, `$/…`) none.
            if let id { respond(id: id, error: (-32601, "tapline does not handle '\(message["method"]?.string ?? "")'")) }
        }
    }

    static let capabilities = JSON.object([
        ("capabilities", .object([
            ("textDocumentSync", .number(1)),   // the whole text at each change
            ("hoverProvider", .bool(true)),
            ("definitionProvider", .bool(true)),
            ("completionProvider", .object([("triggerCharacters", .array([.string("."), .string("$")]))])),
        ])),
        ("serverInfo", .object([("name", .string("tapline")), ("version", .string(version))])),
    ])

    // MARK: Documents and diagnostics

    /// `didOpen` carries the text; `didChange` the whole text again (full sync).
    private func update(_ params: JSON) {
        guard let uri = params["textDocument"]?["uri"]?.string else { return }
        let changes: JSON? = params["contentChanges"]
        let text: String?
        if case .array(let items)? = changes { text = items.last?["text"]?.string } else { text = params["textDocument"]?["text"]?.string }
        guard let text else { return }
        documents[uri] = text
        declared[uri] = nil
        publish(uri, diagnostics(text, name: LanguageServer.path(of: uri)))
    }

    private func publish(_ uri: String, _ diagnostics: JSON) {
        send(.object([
            ("jsonrpc", .string("2.0")), ("method", .string("textDocument/publishDiagnostics")),
            ("params", .object([("uri", .string(uri)), ("diagnostics", diagnostics)])),
        ]))
    }

    /// The document checked in a session of its own: its warnings, then its first error.
    private func diagnostics(_ text: String, name: String) -> JSON {
        var warnings: [Diagnostic] = []
        let interpreter = Interpreter(output: { _ in })
        defer { interpreter.close() }
        interpreter.writesFiles = false
        interpreter.warn = { warnings.append($0) }
        let error = interpreter.check(text, name: name)
        let lines = LanguageServer.lines(text)
        return .array((warnings + (error.map { [$0] } ?? [])).map { diagnostic in
            let local = interpreter.locate(diagnostic).diagnostic
            return .object([
                ("range", LanguageServer.range(local.range, in: lines)),
                ("severity", .number(local.severity == .error ? 1 : 2)),
                ("code", .string(local.id.rawValue)), ("source", .string("tapline")),
                ("message", .string(([local.message] + local.notes.map(\.message)).joined(separator: "\n"))),
            ])
        })
    }

    // MARK: Hover and completion

    /// For the word under the cursor: an operator's or a topic's `:help` page, or how the
    /// document declares the name (`subject query: String`).
    private func hover(_ params: JSON) -> JSON {
        guard let word = word(params) else { return .null }
        let value: String
        if Help.knows(word) {
            value = "```text\n" + Help.text(for: word) + "```"
        } else if let uri = params["textDocument"]?["uri"]?.string, let text = documents[uri],
                  let declared = declarations(of: uri, text).first(where: { $0.name == word }) {
            value = "```swift\n\(declared.keyword) \(declared.name)" + (declared.type.map { ": " + $0 } ?? "") + "\n```"
        } else {
            return .null
        }
        return .object([("contents", .object([("kind", .string("markdown")), ("value", .string(value))]))])
    }

    /// Where the name under the cursor is declared in its document, if the document declares it.
    private func definition(_ params: JSON) -> JSON {
        guard let uri = params["textDocument"]?["uri"]?.string, let text = documents[uri], let word = word(params) else { return .null }
        guard let range = declarations(of: uri, text).first(where: { $0.name == word })?.range else { return .null }
        return .object([("uri", .string(uri)), ("range", LanguageServer.range(range, in: LanguageServer.lines(text)))])
    }

    /// The word (a name: letters, digits, `_`) under the cursor.
    private func word(_ params: JSON) -> String? {
        guard let (line, column) = position(params) else { return nil }
        let characters = Array(line)
        var start = column, end = column
        while start > 0, LanguageServer.isWordCharacter(characters[start - 1]) { start -= 1 }
        while end < characters.count, LanguageServer.isWordCharacter(characters[end]) { end += 1 }
        return start < end ? String(characters[start..<end]) : nil
    }

    /// What TAB offers at the cursor, with the names the document declares.
    private func completion(_ params: JSON) -> JSON {
        guard let uri = params["textDocument"]?["uri"]?.string, let text = documents[uri],
              let (line, column) = position(params) else { return .array([]) }
        // The declarations of the document without the line being typed, which may not parse.
        let lineNumber = params["position"]?["line"]?.int ?? 0
        var others = LanguageServer.lines(text)
        if lineNumber < others.count { others[lineNumber] = "" }
        let before = String(Array(line)[..<column])
        let declarations = LanguageServer.declarations(others, name: LanguageServer.path(of: uri))
        let (_, candidates) = Completer.complete(before, declarations: declarations)
        return .array(candidates.map { .object([("label", .string($0))]) })
    }

    /// What the open document `uri` declares, from the cache while its text has not changed.
    private func declarations(of uri: String, _ text: String) -> [Interpreter.Declaration] {
        if let known = declared[uri] { return known }
        let found = LanguageServer.declarations(LanguageServer.lines(text), name: LanguageServer.path(of: uri))
        declared[uri] = found
        return found
    }

    /// What a document declares, checked in a session of its own; when the check stops at an
    /// error, what the lines before that error's line declare.
    private static func declarations(_ lines: [String], name: String) -> [Interpreter.Declaration] {
        let interpreter = Interpreter(output: { _ in })
        defer { interpreter.close() }
        interpreter.writesFiles = false
        guard let error = interpreter.check(lines.joined(separator: "\n"), name: name) else { return interpreter.checkedDeclarations }
        let line = interpreter.locate(error).diagnostic.range.start.line
        guard line > 1, line - 1 < lines.count else { return [] }
        return declarations(Array(lines[..<(line - 1)]), name: name)
    }

    /// The request's line of its document, and the cursor's place in it in characters.
    private func position(_ params: JSON) -> (String, Int)? {
        guard let uri = params["textDocument"]?["uri"]?.string, let text = documents[uri],
              let lineNumber = params["position"]?["line"]?.int, let unit = params["position"]?["character"]?.int else { return nil }
        let lines = LanguageServer.lines(text)
        guard lines.indices.contains(lineNumber) else { return nil }
        let line = lines[lineNumber]
        return (line, LanguageServer.characters(beforeUTF16: unit, in: line))
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    // MARK: Positions

    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0.droppingTrailing(while: { $0 == "\r" })) }
    }

    /// A diagnostic's range (lines from 1, columns in characters from 1) as the protocol's.
    static func range(_ range: SourceRange, in lines: [String]) -> JSON {
        func position(_ location: SourceLocation) -> JSON {
            let line = max(0, location.line - 1)
            let text = line < lines.count ? lines[line] : ""
            let units = text.prefix(max(0, location.column - 1)).utf16.count
            return .object([("line", .integer(line)), ("character", .integer(units))])
        }
        return .object([("start", position(range.start)), ("end", position(range.end))])
    }

    /// How many characters of `line` come before UTF-16 offset `units`.
    static func characters(beforeUTF16 units: Int, in line: String) -> Int {
        var count = 0, seen = 0
        for character in line {
            seen += character.utf16.count
            guard seen <= units else { break }
            count += 1
        }
        return count
    }

    /// A `file://` URI's path, for diagnostics to name; any other URI as it is.
    static func path(of uri: String) -> String {
        guard uri.hasPrefix("file://") else { return uri }
        return String(uri.dropFirst("file://".count)).removingPercentEncoding
    }

    // MARK: Messages

    private func respond(id: JSON?, result: JSON) {
        send(.object([("jsonrpc", .string("2.0")), ("id", id ?? .null), ("result", result)]))
    }

    private func respond(id: JSON?, error: (code: Int, message: String)) {
        send(.object([
            ("jsonrpc", .string("2.0")), ("id", id ?? .null),
            ("error", .object([("code", .integer(error.code)), ("message", .string(error.message))])),
        ]))
    }

    private func send(_ message: JSON) {
        let body = message.text
        tool.stdout.write("Content-Length: \(body.utf8.count)\r\n\r\n" + body)
        tool.stdout.flush()
    }
}

extension String {
    /// `%XX` escapes decoded, as a file URI writes a path's spaces and other characters.
    fileprivate var removingPercentEncoding: String {
        var bytes: [UInt8] = []
        var utf8 = Array(self.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2, let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Reads the protocol's messages: headers (`Content-Length: N`), a blank line, N bytes.
struct FrameReader {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var ended = false
    /// The largest message taken: a document is at most the script size (docs/LIMITS.md).
    static let limit = 64 << 20

    init(descriptor: Int32) { self.descriptor = descriptor }

    /// The next message's body; nil at the end of input.
    mutating func next() -> [UInt8]? {
        while true {
            if let end = headerEnd() {
                let header = String(decoding: buffer[..<end], as: UTF8.self)
                guard let length = FrameReader.contentLength(header), length <= FrameReader.limit else {
                    buffer.removeSubrange(..<(end + 4))
                    continue
                }
                while buffer.count < end + 4 + length, !ended { fill() }
                guard buffer.count >= end + 4 + length else { return nil }
                let body = Array(buffer[(end + 4)..<(end + 4 + length)])
                buffer.removeSubrange(..<(end + 4 + length))
                return body
            }
            if ended { return nil }
            fill()
        }
    }

    private func headerEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for index in 0...(buffer.count - 4) where buffer[index] == 13 && buffer[index + 1] == 10
            && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
            return index
        }
        return nil
    }

    static func contentLength(_ header: String) -> Int? {
        for line in header.split(whereSeparator: { $0 == "\r\n" || $0 == "\n" }) {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "content-length" {
                return Int(String(parts[1]).trimmingCharacters(in: " "))
            }
        }
        return nil
    }

    private mutating func fill() {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count > 0 {
            buffer += chunk[..<count]
        } else if count == 0 || errno != EINTR {
            ended = true
        }
    }
}
