#if canImport(Glibc)
import Glibc
#endif
import TaplineHost
import TaplineLanguage

/// `tapline --machine`: one session driven by another program (the Jupyter kernel, an
/// editor) through line-delimited JSON on stdin and stdout — one request a line, one reply
/// a line, in order. Program output, the diagnostics as text (stderr) and the diagnostics
/// as data are kept apart in each reply, so nothing has to scrape a terminal.
/// docs/MACHINE.md is the protocol's reference.
final class Machine {
    /// Raised when the protocol changes in a way a client must know about.
    static let protocolVersion = 1

    private let tool: Tool
    private var session: CapturedSession
    private var interpreter: Interpreter { session.interpreter }

    init(tool: Tool) {
        self.tool = tool
        session = Machine.makeSession()
    }

    private static func makeSession() -> CapturedSession {
        let session = CapturedSession()
        session.interpreter.longEntryHost = .process
        session.interpreter.isInterrupted = { Interrupt.isPending }
        return session
    }

    /// Serves requests until stdin ends; returns the exit status.
    func run() -> Int32 {
        // SIGINT stops the running entry (the interpreter polls the flag) and keeps the session.
        Interrupt.install()
        reply(.object([
            ("type", .string("ready")), ("version", .string(version)), ("protocol", .integer(Machine.protocolVersion)),
        ]))
        // An interrupt that comes while a request is read or decoded stays pending, for the
        // request to act on; one that came while none was under way is forgotten as the next
        // one starts to arrive (`LineReader`).
        var reader = LineReader(descriptor: 0, limit: Limits.requestBytes)
        while let line = reader.next() {
            switch line {
            case .complete(let bytes):
                guard !bytes.allSatisfy({ $0 == 0x20 || (0x09...0x0D).contains($0) }) else { continue }
                reply(answer(bytes))
            case .tooLong(let start, let length):
                reply(failure(id: JSON.member("id", inTheStartOf: start) ?? .null, Machine.tooLong(length)))
            }
            Interrupt.clear()
        }
        return Tool.Exit.success
    }

    /// The request size limit's error: where the line passed it, and what to do instead.
    static func tooLong(_ length: Int) -> String {
        "request size limit: the request is longer than \(Limits.requestBytes) bytes at byte \(Limits.requestBytes + 1) "
            + "(it has \(length)), so it was skipped; send the code in smaller requests"
    }

    private func reply(_ value: JSON) {
        tool.stdout.write(value.text + "\n")
        tool.stdout.flush()
    }

    /// The reply to one request line: its `id` first, whatever the request was.
    func answer(_ line: [UInt8]) -> JSON {
        let request: JSON
        do {
            // The id is kept as it was written, so the reply copies it exactly.
            request = try JSON.parse(line, keeping: "id")
        } catch {
            return failure(id: .null, "the request is not JSON: \(error.message)")
        }
        let id = request["id"] ?? .null
        guard case .object = request, let type = request["type"]?.string else {
            return failure(id: id, "a request is an object with a \"type\": run, is_complete, complete, svg, help or reset")
        }
        let members: [(String, JSON)]
        switch type {
        case "run": members = run(request)
        case "is_complete": members = isComplete(request)
        case "complete": members = complete(request)
        case "svg": members = svg()
        case "help": members = help(request)
        case "reset": members = reset()
        default:
            return failure(id: id, "unknown request type '\(type)'; the types are run, is_complete, complete, svg, help and reset")
        }
        guard let first = members.first, first.0 == "error" else { return .object([("id", id)] + members) }
        return failure(id: id, first.1.string ?? "")
    }

    private func failure(id: JSON, _ message: String) -> JSON {
        .object([("id", id), ("status", .string("error")), ("error", .string(message))])
    }

    private func field(_ request: JSON, _ name: String) -> String? { request[name]?.string }
}

// MARK: - Requests

extension Machine {
    /// `run`: the code runs as REPL entries (DESIGN §8: a cell holds several).
    func run(_ request: JSON) -> [(String, JSON)] {
        guard let code = field(request, "code") else { return [("error", .string("'run' needs \"code\", a string"))] }
        return execute(code, name: field(request, "name") ?? "<input>")
    }

    /// Runs code in the session; what it printed, its warnings and its error, kept apart.
    private func execute(_ code: String, name: String) -> [(String, JSON)] {
        let outcome = session.run([(code, name)])
        let views = outcome.drawings.map(CapturedSession.viewData)
        return [
            ("status", .string(outcome.status)), ("stdout", .string(outcome.output)),
            ("stderr", .string(outcome.diagnostics.map(\.rendered).joined())),
            ("diagnostics", .array(outcome.diagnostics.map { session.describe($0.diagnostic, rendered: $0.rendered) })),
        ] + (views.isEmpty ? [] : [("views", .array(views))])
    }


    /// `is_complete`: whether the REPL would run this or ask for another line, and the
    /// indent it would give that line (two spaces a `{` still open).
    func isComplete(_ request: JSON) -> [(String, JSON)] {
        guard let code = field(request, "code") else { return [("error", .string("'is_complete' needs \"code\", a string"))] }
        if code.hasPrefix(":") { return [("status", .string("complete"))] }
        // Past the script size a `run` is refused (docs/LIMITS.md), so the code is invalid.
        guard code.utf8.count <= Limits.scriptBytes else { return [("status", .string("invalid"))] }
        let characters = SourceCharacters(code)
        do {
            _ = try Parser.parse(characters, isInterrupted: { Interrupt.isPending })
            return [("status", .string("complete"))]
        } catch {
            // A syntax error is "invalid": the client may run it anyway, to show the error.
            if error.id == .interrupted { return [("status", .string("interrupted"))] }
            guard error.isIncompleteInput else { return [("status", .string("invalid"))] }
        }
        var lexer = Lexer(characters)
        _ = try? lexer.run(until: characters.count)
        return [("status", .string("incomplete")), ("indent", .string(String(repeating: "  ", count: lexer.openBraces)))]
    }

    /// `complete`: the candidates for the word before `cursor` (counted in Unicode scalars,
    /// as Jupyter counts), and the range of the text they replace.
    func complete(_ request: JSON) -> [(String, JSON)] {
        guard let code = field(request, "code") else { return [("error", .string("'complete' needs \"code\", a string"))] }
        let scalars = Array(code.unicodeScalars)
        let cursor = request["cursor"]?.int ?? scalars.count
        guard (0...scalars.count).contains(cursor) else {
            return [("error", .string("'cursor' \(cursor) is outside the code (0...\(scalars.count))"))]
        }
        // Only the line the cursor is on counts, so the rest of a long cell is not copied.
        let lineStart = scalars[..<cursor].lastIndex(of: "\n").map { $0 + 1 } ?? 0
        var before = String.UnicodeScalarView()
        before.append(contentsOf: scalars[lineStart..<cursor])
        let line = String(before)
        let (word, candidates) = line.drop(while: { $0 == " " }).hasPrefix(":") ? Machine.completeMeta(line) : Completer.complete(line, declarations: interpreter.declarations)
        return [
            ("status", .string("ok")), ("matches", .array(candidates.map { .string($0) })),
            ("cursor_start", .integer(cursor - word.unicodeScalars.count)), ("cursor_end", .integer(cursor)),
        ]
    }

    /// After `:`: the one meta-command a client passes on (`:help`), then its topics.
    static func completeMeta(_ line: String) -> (String, [String]) {
        let word = String(line.reversed().prefix { $0 != " " }.reversed())
        let trimmed = line.drop(while: { $0 == " " })
        let pool = !trimmed.contains(" ") ? [":help"] : trimmed.hasPrefix(":help ") ? Help.topics : []
        return (word, pool.filter { $0.hasPrefix(word) }.sorted())
    }

    /// `help`: the REPL's `:help TOPIC` page.
    func help(_ request: JSON) -> [(String, JSON)] {
        let topic = (field(request, "topic") ?? "").trimmingCharacters(in: " ")
        var reply: [(String, JSON)] = [("status", .string("ok")), ("text", .string(Help.text(for: topic)))]
        // An operator's page, and a topic's where time matters, comes with its marble diagram as a picture.
        if let program = ChainOperator.topic(topic)?.timeline.program ?? HelpTopic.named(topic)?.program,
           let svg = Diagrams.svg(of: program) {
            reply.append(("svg", .string(svg)))
        }
        return reply
    }

    /// `reset`: an empty session, as the REPL's `:reset`.
    func reset() -> [(String, JSON)] {
        session.close()
        session = Machine.makeSession()
        return [("status", .string("ok"))]
    }

    /// `svg`: the `marbles` diagram as an SVG picture, the one `marbles save FILE.svg` would
    /// write, drawn straight into the reply: no file is written, so none can be a link planted
    /// at a name in a shared folder (DESIGN §8).
    func svg() -> [(String, JSON)] {
        guard let svg = interpreter.marblesSVG else {
            return [("error", .string("the session records no events, so there is no diagram to draw"))]
        }
        return [("status", .string("ok")), ("svg", .string(svg)), ("stdout", .string("")), ("stderr", .string("")), ("diagnostics", .array([]))]
    }
}

/// Reads request lines from a descriptor, retrying reads that a signal interrupted. Each
/// byte is searched for the newline once, and a line longer than `limit` is not kept: its
/// start (where a request names its id) is, and the rest is read past.
struct LineReader {
    enum Line {
        case complete([UInt8])
        /// A line past the limit: its first bytes, and how long it was.
        case tooLong(start: [UInt8], length: Int)
    }

    private let descriptor: Int32
    private let limit: Int
    /// Read and not yet returned from `start` on; searched for a newline up to `scanned`.
    private var buffer: [UInt8] = []
    private var start = 0
    private var scanned = 0
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)
    private var ended = false
    /// How much of a line past the limit is kept: enough for the members a client writes first.
    static let keptStart = 1 << 16

    init(descriptor: Int32, limit: Int) {
        self.descriptor = descriptor
        self.limit = limit
    }

    mutating func next() -> Line? {
        while true {
            if let newline = buffer[scanned...].firstIndex(of: 10) { return take(upTo: newline) }
            scanned = buffer.count
            if buffer.count - start > limit { return skipLongLine() }
            if ended { return start < buffer.count ? take(upTo: buffer.count) : nil }
            let idle = start == buffer.count
            // A request starts to arrive: an interrupt that came before it meant none.
            if fill(), idle { Interrupt.clear() }
        }
    }

    /// The line from `start` to `end` (a newline, or the end of input), and past it.
    private mutating func take(upTo end: Int) -> Line {
        let line = end - start > limit
            ? Line.tooLong(start: Array(buffer[start..<start + min(Self.keptStart, limit)]), length: end - start)
            : Line.complete(Array(buffer[start..<end]))
        start = min(end + 1, buffer.count)
        scanned = start
        if start == buffer.count {
            // A long request's buffer is let go, not kept for the small ones after it.
            buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
            (start, scanned) = (0, 0)
        } else if start >= 1 << 16, start * 2 >= buffer.count {
            buffer.removeSubrange(..<start)
            (start, scanned) = (0, 0)
        }
        return line
    }

    /// Reads past the rest of a line that is over the limit, keeping only its start.
    private mutating func skipLongLine() -> Line {
        let kept = Array(buffer[start..<start + min(Self.keptStart, limit)])
        var length = buffer.count - start
        buffer = []
        (start, scanned) = (0, 0)
        while fill() {
            if let newline = buffer.firstIndex(of: 10) {
                length += newline
                buffer.removeSubrange(...newline)
                return .tooLong(start: kept, length: length)
            }
            length += buffer.count
            buffer.removeAll(keepingCapacity: true)
        }
        return .tooLong(start: kept, length: length)
    }

    /// Appends what the descriptor has to the buffer; false once it has ended.
    private mutating func fill() -> Bool {
        while !ended {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 {
                ended = true
                break
            }
            buffer += chunk[..<count]
            return true
        }
        return false
    }
}
