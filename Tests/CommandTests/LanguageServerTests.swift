import Foundation
import Testing

/// `tapline lsp`, driven as an editor drives it: framed JSON-RPC messages on stdin, the
/// replies and notifications read back from stdout, frame by frame.
@Suite("tapline lsp")
struct LanguageServerTests {
    static let uri = "file:///work/search%20box.tapline"
    static let document = """
        subject query: String
        query.debounce(for: 300ms).sink { print($0) }
        send query 42

        """

    /// One editor session: open a script with an error, hover over an operator, complete after
    /// a dot, go to a subject's declaration, close, shut down.
    @Test func diagnosticsHoverCompletionAndDefinition() throws {
        let messages = try Self.session([
            Self.request(1, "initialize", ["capabilities": [:] as [String: Any]]),
            Self.notification("initialized", [:]),
            Self.notification("textDocument/didOpen", ["textDocument": ["uri": Self.uri, "languageId": "tapline", "version": 1, "text": Self.document]]),
            Self.request(2, "textDocument/hover", Self.at(line: 1, character: 9)),
            Self.request(7, "textDocument/hover", Self.at(line: 2, character: 7)),
            Self.notification("textDocument/didChange", ["textDocument": ["uri": Self.uri, "version": 2],
                                                        "contentChanges": [["text": "subject query: String\nquery.deb"]]]),
            Self.request(3, "textDocument/completion", Self.at(line: 1, character: 9)),
            Self.request(4, "textDocument/definition", Self.at(line: 1, character: 2)),
            Self.request(5, "textDocument/references", Self.at(line: 1, character: 2)),
            Self.request(6, "shutdown", nil),
            Self.notification("exit", nil),
        ])
        let capabilities = try #require(messages.first { $0["id"] as? Int == 1 }?["result"] as? [String: Any])["capabilities"] as? [String: Any]
        #expect(capabilities?["hoverProvider"] as? Bool == true)
        #expect(capabilities?["definitionProvider"] as? Bool == true)

        // The error, located as the protocol counts: line 2 from 0, characters from 0.
        let published = messages.filter { $0["method"] as? String == "textDocument/publishDiagnostics" }
        #expect(published.count == 2)
        let diagnostic = try #require(((published.first?["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]])?.first)
        #expect(diagnostic["code"] as? String == "sendTypeMismatch")
        #expect(diagnostic["severity"] as? Int == 1)
        #expect(diagnostic["message"] as? String == "cannot send 'Int' to 'query', which carries 'String'")
        let start = (diagnostic["range"] as? [String: Any])?["start"] as? [String: Any]
        #expect(start?["line"] as? Int == 2 && start?["character"] as? Int == 11)

        let hover = try #require(Self.result(2, messages) as? [String: Any])
        #expect(((hover["contents"] as? [String: Any])?["value"] as? String)?.contains("Waits until the upstream has been quiet") == true)

        let declaration = try #require(Self.result(7, messages) as? [String: Any])
        #expect((declaration["contents"] as? [String: Any])?["value"] as? String == "```swift\nsubject query: String\n```")

        let completion = try #require(Self.result(3, messages) as? [[String: Any]])
        #expect(completion.compactMap { $0["label"] as? String } == ["debounce(for:"])

        let definition = try #require(Self.result(4, messages) as? [String: Any])
        #expect(definition["uri"] as? String == Self.uri)
        let declared = (definition["range"] as? [String: Any])?["start"] as? [String: Any]
        #expect(declared?["line"] as? Int == 0 && declared?["character"] as? Int == 8)

        // What it does not do is an error, as the protocol says; the session goes on.
        let unhandled = try #require(messages.first { $0["id"] as? Int == 5 }?["error"] as? [String: Any])
        #expect(unhandled["code"] as? Int == -32601)
        #expect(messages.contains { $0["id"] as? Int == 6 && $0.keys.contains("result") })
    }

    /// `exit` without `shutdown` first ends with status 1, as the protocol asks.
    @Test func exitWithoutShutdownIsStatus1() throws {
        let result = try Tapline.run(["lsp"], stdin: Self.frame(Self.notification("exit", nil)))
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
    }

    // MARK: Steps

    static func at(line: Int, character: Int) -> [String: Any] {
        ["textDocument": ["uri": uri], "position": ["line": line, "character": character]]
    }

    static func request(_ id: Int, _ method: String, _ params: [String: Any]?) -> [String: Any] {
        var message: [String: Any] = ["jsonrpc": "2.0", "id": id, "method": method]
        if let params { message["params"] = params }
        return message
    }

    static func notification(_ method: String, _ params: [String: Any]?) -> [String: Any] {
        var message: [String: Any] = ["jsonrpc": "2.0", "method": method]
        if let params { message["params"] = params }
        return message
    }

    static func frame(_ message: [String: Any]) -> String {
        let body = (try? JSONSerialization.data(withJSONObject: message)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return "Content-Length: \(body.utf8.count)\r\n\r\n" + body
    }

    /// Sends the messages; returns what came back, each frame decoded.
    static func session(_ messages: [[String: Any]]) throws -> [[String: Any]] {
        let result = try Tapline.run(["lsp"], stdin: messages.map(frame).joined())
        #expect(result.status == 0, "stderr: \(result.stderr)")
        var rest = Array(result.stdout.utf8)[...]
        var decoded: [[String: Any]] = []
        while let end = rest.firstRange(of: Array("\r\n\r\n".utf8)) {
            let header = String(decoding: rest[..<end.lowerBound], as: UTF8.self)
            let length = try #require(Int(header.replacingOccurrences(of: "Content-Length: ", with: "")))
            let body = rest[end.upperBound..<(end.upperBound + length)]
            decoded.append(try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]))
            rest = rest[(end.upperBound + length)...]
        }
        return decoded
    }

    static func result(_ id: Int, _ messages: [[String: Any]]) -> Any? {
        messages.first { $0["id"] as? Int == id }?["result"]
    }
}
