#if canImport(Glibc)
import Glibc
#endif
import TaplineLanguage
import TaplineLearn

/// `tapline serve [FILE]`: the playground, a page on localhost with a code editor, the output,
/// and the program's own world drawn live — buttons that tap, subjects that send, views that
/// mount and dismantle, published values as they change — and its marble diagram growing as
/// the virtual clock moves. docs/PLAYGROUND.md says what each part does.
///
/// The page talks to the sessions through a small JSON API (`/api/…`); each browser tab has a
/// session of its own, kept here (the last `maximumSessions`), in which the program runs as
/// REPL entries do: time moves only when the page asks (`wait`), which is what its play,
/// step and speed controls do.
final class Playground {
    private let tool: Tool
    /// The program the page opens with, and its name.
    private let program: String
    private let programName: String
    /// The lesson the page opens (`--learn N`), if any.
    private let lesson: Lesson?
    private var sessions: [String: PlaygroundSession] = [:]
    private var uses = 0

    static let maximumSessions = 16
    /// How long one request may run a program before it is stopped, in seconds of wall time.
    static let requestSeconds = 5.0
    /// Where Debian's libjs-codemirror puts CodeMirror.
    static let codeMirror = "/usr/share/javascript/codemirror"

    init(tool: Tool, program: String, programName: String, lesson: Lesson?) {
        self.tool = tool
        self.program = program
        self.programName = programName
        self.lesson = lesson
    }

    /// Listens on `port` and serves until the process ends; returns only if it cannot listen.
    func run(port: Int) -> Int32 {
        let server: HTTPServer
        do {
            server = try HTTPServer(port: port)
        } catch {
            tool.stderr.write("tapline serve: \(error.message)\n")
            tool.stderr.flush()
            return Tool.Exit.programError
        }
        if access(Playground.codeMirror + "/lib/codemirror.js", R_OK) != 0 {
            tool.stderr.write("tapline serve: CodeMirror is not installed (\(Playground.codeMirror)); "
                + "install it with 'apt-get install libjs-codemirror' for the editor\n")
        }
        tool.stdout.write("Tapline playground: http://127.0.0.1:\(server.port)/  (Ctrl-C stops it)\n")
        tool.stdout.flush()
        server.serve { [self] request in respond(to: request, port: server.port) }
    }

    /// Routes one request. A request whose Host is not this server's (DNS rebinding), or a
    /// POST from another origin, is refused: only the page this server gave runs programs.
    func respond(to request: HTTPRequest, port: Int) -> HTTPResponse {
        let hosts = ["127.0.0.1:\(port)", "localhost:\(port)"]
        guard let host = request.headers["host"], hosts.contains(host) else {
            return .text("this server answers only at http://127.0.0.1:\(port)/\n", status: 403)
        }
        if request.method == "POST", let origin = request.headers["origin"], !hosts.map({ "http://" + $0 }).contains(origin) {
            return .text("a program may run only from the playground's own page\n", status: 403)
        }
        switch (request.method, request.path) {
        case ("GET", "/"): return .text(PlaygroundPage.html(config: config), status: 200, type: "text/html; charset=utf-8")
        case ("GET", let path) where path.hasPrefix("/codemirror/"): return codeMirrorFile(String(path.dropFirst("/codemirror/".count)))
        case ("POST", let path) where path.hasPrefix("/api/"):
            guard let body = try? JSON.parse(request.body), case .object = body else {
                return .json(.object([("error", .string("the request's body is not a JSON object"))]), status: 400)
            }
            return api(String(path.dropFirst("/api/".count)), body)
        case (_, "/"), ("POST", _): return .text("method not allowed\n", status: 405)
        default: return .text("not found\n", status: 404)
        }
    }

    /// What the page starts with: the program, the lesson, the language's words for its
    /// colouring (from the tables the lexer reads, so they cannot drift) and how long a request
    /// may run.
    private var config: JSON {
        var members: [(String, JSON)] = [
            ("program", .string(program)), ("name", .string(programName)),
            ("keywords", .array(Keyword.allCases.map { .string($0.rawValue) })),
            ("commands", .array(CommandWord.allCases.map { .string($0.rawValue) })),
            ("requestSeconds", .number(Playground.requestSeconds)),
        ]
        if let lesson {
            members.append(("lesson", .object([
                ("title", .string(lesson.title)), ("text", .string(lesson.text)), ("task", .string(lesson.task)),
                ("before", .string(lesson.starterBefore)), ("after", .string(lesson.starterAfter)),
                ("hints", .array(lesson.hints.map(JSON.string))),
            ])))
        }
        return .object(members)
    }

    private func codeMirrorFile(_ relative: String) -> HTTPResponse {
        let parts = relative.split(separator: "/")
        guard !parts.isEmpty, !parts.contains(where: { $0 == ".." || $0.hasPrefix(".") }),
              relative.hasSuffix(".js") || relative.hasSuffix(".css") else { return .text("not found\n", status: 404) }
        guard let text = try? tool.readFile(Playground.codeMirror + "/" + relative) else { return .text("not found\n", status: 404) }
        return .text(text, status: 200, type: relative.hasSuffix(".js") ? "text/javascript; charset=utf-8" : "text/css; charset=utf-8")
    }
}

// MARK: - The API

extension Playground {
    private func api(_ name: String, _ body: JSON) -> HTTPResponse {
        let code = body["code"]?.string ?? ""
        switch name {
        case "run":
            // Run: the program from the start, in a new session for this tab.
            guard let tab = body["tab"]?.string else { return missing("tab") }
            let session = PlaygroundSession()
            store(session, for: tab)
            let editor = (code: code, name: PlaygroundSession.editorName)
            let pieces = lesson.map { [($0.starterBefore, "starter"), editor, ($0.starterAfter, "starter (below the gap)")] } ?? [editor]
            return .json(reply(session, session.run(pieces)))
        case "do":
            // A button tapped, a value sent, the clock moved: one entry in the tab's session.
            guard let tab = body["tab"]?.string else { return missing("tab") }
            guard let session = sessions[tab] else {
                return .json(.object([("error", .string("this tab has no session: press Run"))]), status: 400)
            }
            touch(session)
            return .json(reply(session, session.run([(code, "page")])))
        case "check":
            return .json(.object([("diagnostics", .array(PlaygroundSession.check(code)))]))
        case "lesson-check":
            guard let lesson else { return .json(.object([("error", .string("no lesson is open"))]), status: 400) }
            return .json(verdict(Checker.check(lesson, answer: [code], isInterrupted: PlaygroundSession.deadline())))
        default:
            return .json(.object([("error", .string("no such request: \(name)"))]), status: 404)
        }
    }

    private func missing(_ member: String) -> HTTPResponse {
        .json(.object([("error", .string("the request needs \"\(member)\", a string"))]), status: 400)
    }

    private func store(_ session: PlaygroundSession, for tab: String) {
        sessions[tab]?.close()
        touch(session)
        sessions[tab] = session
        while sessions.count > Playground.maximumSessions, let oldest = sessions.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            oldest.value.close()
            sessions[oldest.key] = nil
        }
    }

    /// Marks a session as the one used last (the oldest is closed first).
    private func touch(_ session: PlaygroundSession) {
        uses += 1
        session.lastUse = uses
    }

    private func reply(_ session: PlaygroundSession, _ result: PlaygroundSession.Result) -> JSON {
        .object([
            ("status", .string(result.status)), ("output", .string(result.output)), ("stderr", .string(result.stderr)),
            ("diagnostics", .array(result.diagnostics)), ("time", .string(session.time)), ("world", .array(session.world)),
            ("views", .array(result.views)), ("svg", session.svg.map(JSON.string) ?? .null),
        ])
    }

    private func verdict(_ result: CheckResult) -> JSON {
        .object([
            ("passed", .bool(result.passed)), ("output", .string(result.output)), ("problems", .array(result.problems.map(JSON.string))),
            ("error", result.error.map(JSON.string) ?? .null), ("mistake", result.mistake.map(JSON.string) ?? .null),
        ])
    }
}

extension Tool {
    /// `tapline serve`: reads the program (or opens the lesson), then serves the playground.
    func serve(port: Int, lesson number: String?, source: Options.Source?) -> Int32 {
        var program = "", name = "untitled.tapline"
        if case .file(let path)? = source {
            do {
                program = try readFile(path)
                name = path
            } catch {
                stderr.write("tapline: \(error.message(path))\n")
                stderr.flush()
                return Exit.programError
            }
        }
        var lesson: Lesson?
        if let number {
            switch Learning.make().flatMap({ learning in learning.lessonIndex(number, lister: "tapline serve --learn").map { learning.library.lessons[$0] } }) {
            case .success(let found): lesson = found
            case .failure(let error): fail(usage: error.message)
            }
        }
        return Playground(tool: self, program: lesson == nil ? program : "", programName: name, lesson: lesson).run(port: port)
    }
}
