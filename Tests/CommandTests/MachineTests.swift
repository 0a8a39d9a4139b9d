import Foundation
import Testing

/// `tapline --machine` (docs/MACHINE.md), as a table: each case is a session — the request
/// lines sent, in order, and the exact reply lines that must come back.
@Suite("tapline --machine")
struct MachineTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        /// Request and reply, one pair a line of the exchange.
        var exchange: [(request: String, reply: String)]
        var testDescription: String { name }
    }

    static let ready = #"{"type":"ready","version":"0.1.0","protocol":1}"#

    static let cases: [Case] = [
        Case(name: "run keeps output, stderr and diagnostics apart; the session persists", exchange: [
            (#"{"id":1,"type":"run","code":"subject q: String\nq.sink { print(\"got\", $0) }","name":"<cell 1>"}"#,
             #"{"id":1,"status":"ok","stdout":"","stderr":"","diagnostics":[]}"#),
            (#"{"id":2,"type":"run","code":"send q \"é\"\n1 + 2","name":"<cell 2>"}"#,
             #"{"id":2,"status":"ok","stdout":"got é\n3\n","stderr":"","diagnostics":[]}"#),
            (#"{"id":3,"type":"run","code":"print(1)\ntap nothing","name":"<cell 3>"}"#,
             #"{"id":3,"status":"error","stdout":"","stderr":"<cell 3>:2:5: error: unknown name 'nothing'\n 2 | tap nothing\n   |     ^~~~~~~\n","diagnostics":[{"severity":"error","id":"unknownName","message":"unknown name 'nothing'","file":"<cell 3>","line":2,"column":5,"end_line":2,"end_column":12,"notes":[],"rendered":"<cell 3>:2:5: error: unknown name 'nothing'\n 2 | tap nothing\n   |     ^~~~~~~\n"}]}"#),
            (#"{"id":"after","type":"run","code":"send q \"kept\""}"#,
             #"{"id":"after","status":"ok","stdout":"got kept\n","stderr":"","diagnostics":[]}"#),
        ]),
        Case(name: "a warning goes to stderr and the diagnostics, and the entry runs", exchange: [
            (#"{"id":1,"type":"run","code":"subject q: String\nq.map { Just($0) }.sink { print($0) }\nsend q \"a\"","name":"c"}"#,
             #"{"id":1,"status":"ok","stdout":"Just<String>(output: \"a\")\n","stderr":"c:2:20: warning: the values of this chain are publishers, which a sink does not subscribe to; to get their values, use 'flatMap' or 'map' then 'switchToLatest'\n 2 | q.map { Just($0) }.sink { print($0) }\n   |                    ^~~~\n","diagnostics":[{"severity":"warning","id":"sinkOfPublishers","message":"the values of this chain are publishers, which a sink does not subscribe to; to get their values, use 'flatMap' or 'map' then 'switchToLatest'","file":"c","line":2,"column":20,"end_line":2,"end_column":24,"notes":[],"rendered":"c:2:20: warning: the values of this chain are publishers, which a sink does not subscribe to; to get their values, use 'flatMap' or 'map' then 'switchToLatest'\n 2 | q.map { Just($0) }.sink { print($0) }\n   |                    ^~~~\n"}]}"#),
        ]),
        Case(name: "an error raised in an earlier cell's closure has a note in the cell that ran", exchange: [
            (#"{"id":1,"type":"run","code":"subject z: Int\nz.map { 10 / $0 }.sink { print($0) }","name":"<cell 1>"}"#,
             #"{"id":1,"status":"ok","stdout":"","stderr":"","diagnostics":[]}"#),
            (#"{"id":2,"type":"run","code":"send z 0","name":"<cell 2>"}"#,
             #"{"id":2,"status":"error","stdout":"","stderr":"<cell 1>:2:9: error: division by zero\n 2 | z.map { 10 / $0 }.sink { print($0) }\n   |         ^~~~~~~\n<cell 2>:1:1: note: while running this statement\n 1 | send z 0\n   | ^~~~~~~~\n","diagnostics":[{"severity":"error","id":"divisionByZero","message":"division by zero","file":"<cell 1>","line":2,"column":9,"end_line":2,"end_column":16,"notes":[{"id":"triggeredHere","message":"while running this statement","file":"<cell 2>","line":1,"column":1}],"rendered":"<cell 1>:2:9: error: division by zero\n 2 | z.map { 10 / $0 }.sink { print($0) }\n   |         ^~~~~~~\n<cell 2>:1:1: note: while running this statement\n 1 | send z 0\n   | ^~~~~~~~\n"}]}"#),
        ]),
        Case(name: "is_complete: open braces ask for more, with an indent; a syntax error is invalid", exchange: [
            (#"{"id":1,"type":"is_complete","code":"button b {"}"#, #"{"id":1,"status":"incomplete","indent":"  "}"#),
            (#"{"id":2,"type":"is_complete","code":"view V {\non appear {"}"#, #"{"id":2,"status":"incomplete","indent":"    "}"#),
            (#"{"id":3,"type":"is_complete","code":"print(1"}"#, #"{"id":3,"status":"incomplete","indent":""}"#),
            (#"{"id":4,"type":"is_complete","code":"print(1)"}"#, #"{"id":4,"status":"complete"}"#),
            (#"{"id":5,"type":"is_complete","code":"print(1))"}"#, #"{"id":5,"status":"invalid"}"#),
            (#"{"id":6,"type":"is_complete","code":":help map"}"#, #"{"id":6,"status":"complete"}"#),
        ]),
        Case(name: "complete: the word before the cursor (in Unicode scalars) and its candidates", exchange: [
            (#"{"id":0,"type":"run","code":"subject query: String\nbutton go"}"#,
             #"{"id":0,"status":"ok","stdout":"","stderr":"","diagnostics":[]}"#),
            (#"{"id":1,"type":"complete","code":"query.deb","cursor":9}"#,
             #"{"id":1,"status":"ok","matches":["debounce(for:"],"cursor_start":6,"cursor_end":9}"#),
            (#"{"id":2,"type":"complete","code":"print(\"é\")\nse","cursor":13}"#,
             #"{"id":2,"status":"ok","matches":["send","set"],"cursor_start":11,"cursor_end":13}"#),
            (#"{"id":3,"type":"complete","code":"tap g"}"#,
             #"{"id":3,"status":"ok","matches":["go"],"cursor_start":4,"cursor_end":5}"#),
            (#"{"id":4,"type":"complete","code":":help swi"}"#,
             #"{"id":4,"status":"ok","matches":["switchToLatest"],"cursor_start":6,"cursor_end":9}"#),
            (#"{"id":5,"type":"complete","code":"é","cursor":9}"#,
             #"{"id":5,"status":"error","error":"'cursor' 9 is outside the code (0...1)"}"#),
        ]),
        Case(name: "help returns the REPL's page; reset empties the session", exchange: [
            (#"{"id":1,"type":"help","topic":"nosuch"}"#,
             #"{"id":1,"status":"ok","text":"no help on 'nosuch'; topics: commands, declarations, errors, keys, operators, values, an operator's name, or Future, Deferred, Just, Empty, Fail, Record, AnyCancellable, store(in:), connect, Published, objectWillChange, ObservableObject\n"}"#),
            (#"{"id":2,"type":"run","code":"subject s"}"#, #"{"id":2,"status":"ok","stdout":"","stderr":"","diagnostics":[]}"#),
            (#"{"id":3,"type":"reset"}"#, #"{"id":3,"status":"ok"}"#),
            (#"{"id":4,"type":"complete","code":"send "}"#, #"{"id":4,"status":"ok","matches":[],"cursor_start":5,"cursor_end":5}"#),
        ]),
        Case(name: "malformed requests get an error reply and the session goes on", exchange: [
            ("not json", #"{"id":null,"status":"error","error":"the request is not JSON: expected a value at byte 1"}"#),
            (#"{"id":1,"type":"run","code":"x"#, #"{"id":null,"status":"error","error":"the request is not JSON: unterminated string at byte 31"}"#),
            (#"[1,2]"#, #"{"id":null,"status":"error","error":"a request is an object with a \"type\": run, is_complete, complete, svg, help or reset"}"#),
            (#"{"id":[1,{"a":true}],"type":"fly"}"#,
             #"{"id":[1,{"a":true}],"status":"error","error":"unknown request type 'fly'; the types are run, is_complete, complete, svg, help and reset"}"#),
            (#"{"id":2,"type":"run"}"#, #"{"id":2,"status":"error","error":"'run' needs \"code\", a string"}"#),
            (#"{"id":3,"type":"run","code":"print(\"\ud83d\ude00 \u0041\t\")"}"#,
             "{\"id\":3,\"status\":\"ok\",\"stdout\":\"😀 A\\t\\n\",\"stderr\":\"\",\"diagnostics\":[]}"),
            (#"{"id":+1,"type":"reset"}"#, #"{"id":null,"status":"error","error":"the request is not JSON: expected a value at byte 7"}"#),
            (#"{"id":01,"type":"reset"}"#, #"{"id":null,"status":"error","error":"the request is not JSON: expected ',' or '}' at byte 8"}"#),
            (#"{"id":1.,"type":"reset"}"#, #"{"id":null,"status":"error","error":"the request is not JSON: expected a digit after '.' at byte 9"}"#),
        ]),
        Case(name: "the id comes back as it was written, byte for byte", exchange: [
            (#"{"id":9007199254740993,"type":"reset"}"#, #"{"id":9007199254740993,"status":"ok"}"#),
            (#"{"id":1.0,"type":"reset"}"#, #"{"id":1.0,"status":"ok"}"#),
            (#"{"id": -12.5e+3 ,"type":"reset"}"#, #"{"id":-12.5e+3,"status":"ok"}"#),
            (#"{"id":123456789012345678901234567890,"type":"fly"}"#,
             #"{"id":123456789012345678901234567890,"status":"error","error":"unknown request type 'fly'; the types are run, is_complete, complete, svg, help and reset"}"#),
            (#"{"id":"\u0041\/b","type":"reset"}"#, #"{"id":"\u0041\/b","status":"ok"}"#),
            (#"{"id":[1, {"a" : 2.50}],"type":"reset"}"#, #"{"id":[1, {"a" : 2.50}],"status":"ok"}"#),
            (#"{"type":"reset","id":7,"id":8}"#, #"{"id":7,"status":"ok"}"#),
        ]),
    ]

    @Test("requests and replies", arguments: cases)
    func exchange(_ testCase: Case) throws {
        let input = testCase.exchange.map { $0.request + "\n" }.joined()
        let result = try Tapline.run(["--machine"], stdin: input)
        let replies = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(replies.first == Self.ready)
        for (index, pair) in testCase.exchange.enumerated() {
            let reply = index + 1 < replies.count ? replies[index + 1] : "(no reply)"
            #expect(reply == pair.reply, "request: \(pair.request)")
        }
        #expect(replies.count == testCase.exchange.count + 2, "one reply a request, then the end: \(result.stdout)")
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    /// The reply carries the picture itself, drawn with no file in between.
    @Test func svgIsThePicture() throws {
        let result = try Tapline.run(["--machine"], stdin: #"{"id":1,"type":"svg"}"# + "\n")
        let reply = result.stdout.split(separator: "\n").dropFirst().first.map(String.init) ?? ""
        #expect(reply.hasPrefix(#"{"id":1,"status":"ok","svg":"<svg"#), "reply: \(reply)")
        #expect(reply.hasSuffix(#"</svg>\n","stdout":"","stderr":"","diagnostics":[]}"#), "reply: \(reply)")
    }

    /// A view's body comes as data, not in stdout: its box of text and its HTML, the last
    /// drawing of each view the request drew; then, when it is dismantled, `shown` false.
    @Test func viewsComeAsDataBesideTheOutput() throws {
        let requests = [#"{"id":1,"type":"run","code":"view V { body { Text(\"hi\") } }\nshow V"}"#, #"{"id":2,"type":"run","code":"hide V"}"#]
        let result = try Tapline.run(["--machine"], stdin: requests.joined(separator: "\n") + "\n")
        let replies = result.stdout.split(separator: "\n").map(String.init)
        #expect(replies.count == 3)
        #expect(replies.dropFirst().first?.hasPrefix(#"{"id":1,"status":"ok","stdout":"","stderr":"","diagnostics":[],"views":[{"name":"V","shown":true,"text":"╭─ V ─╮\n│ hi  │\n╰─────╯\n","html":"<div class=\"tapline-view\" data-view=\"V\""#) == true,
                "\(result.stdout)")
        #expect(replies.last?.contains(#""views":[{"name":"V","shown":false,"text":null,"html":"#) == true, "\(result.stdout)")
    }

    @Test func extraArgumentsAreAUsageError() throws {
        let result = try Tapline.run(["--machine", "script.tapline"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("tapline: '--machine' takes no other arguments\n"))
    }

    /// A request's output is bounded (`Limits.requestOutputBytes`): past it, the output is
    /// cut, the request stops with a located "output size limit" error, and the session keeps
    /// what was declared before.
    @Test func outputPastTheLimitIsCutAndTheSessionGoesOn() throws {
        let line = String(repeating: "0123456789", count: 10)
        let requests = [
            #"{"id":1,"type":"run","code":"let kept = 41","name":"c1"}"#,
            #"{"id":2,"type":"run","code":"print(\"start\")\nrepeat 100000 { print(\"\#(line)\") }\nprint(\"never\")","name":"c2"}"#,
            #"{"id":3,"type":"run","code":"print(kept + 1)"}"#,
        ]
        let result = try Tapline.run(["--machine"], stdin: requests.map { $0 + "\n" }.joined())
        let replies = result.stdout.split(separator: "\n").map(String.init)
        #expect(replies.count == 4)
        let cut = try #require(try JSONSerialization.jsonObject(with: Data(replies[2].utf8)) as? [String: Any])
        #expect(cut["status"] as? String == "error")
        let stdout = cut["stdout"] as? String ?? ""
        #expect(stdout.utf8.count == 8 << 20 && stdout.hasPrefix("start\n\(line)\n") && !stdout.contains("never"))
        #expect((cut["stderr"] as? String ?? "").hasPrefix("c2:2:1: error: output size limit: the entry printed more than 8388608 bytes"))
        let diagnostic = (cut["diagnostics"] as? [[String: Any]])?.first
        #expect(diagnostic?["id"] as? String == "outputTooLarge" && diagnostic?["line"] as? Int == 2)
        #expect(replies.last == #"{"id":3,"status":"ok","stdout":"42\n","stderr":"","diagnostics":[]}"#)
    }

    /// A request line past `Limits.requestBytes` is read past, not kept: the reply names the
    /// limit (and the id, read from the line's start), and the session goes on. Code past the
    /// script size, which `run` refuses, is `invalid` to `is_complete`.
    @Test func aRequestPastTheSizeLimitIsSkippedAndTheSessionGoesOn() throws {
        let long = #"{"id":"big","type":"run","code":"// "# + String(repeating: "x", count: 32 << 20) + #""}"#
        let overScript = #"{"id":4,"type":"is_complete","code":""# + String(repeating: "x", count: (8 << 20) + 1) + #""}"#
        let requests = [#"{"id":1,"type":"run","code":"let kept = 41"}"#, long, #"{"id":3,"type":"run","code":"print(kept + 1)"}"#, overScript, long]
        let result = try Tapline.run(["--machine"], stdin: requests.joined(separator: "\n"))
        let error = #"{"id":"big","status":"error","error":"request size limit: the request is longer than 33554432 bytes at byte 33554433 (it has \#(long.utf8.count)), so it was skipped; send the code in smaller requests"}"#
        #expect(result.stdout.split(separator: "\n").map(String.init) == [
            Self.ready, #"{"id":1,"status":"ok","stdout":"","stderr":"","diagnostics":[]}"#, error,
            #"{"id":3,"status":"ok","stdout":"42\n","stderr":"","diagnostics":[]}"#, #"{"id":4,"status":"invalid"}"#, error,
        ])
    }

    /// A cell of megabytes (thousands of escapes) is decoded in time proportional to its length,
    /// and an interrupt that comes while it is read, decoded or compiled acts at once: one
    /// SIGINT is enough, and the reply comes within seconds, not the minutes a decoding that
    /// rescans what it decoded takes.
    @Test func aLargeCellIsInterruptedPromptly() throws {
        let session = try MachineSession()
        defer { session.close() }
        #expect(session.readLine() == Self.ready)
        session.send(#"{"id":1,"type":"run","code":"let kept = 41"}"#)
        #expect(session.readLine() == #"{"id":1,"status":"ok","stdout":"","stderr":"","diagnostics":[]}"#)
        let code = String(repeating: #"print(\"x\")\n"#, count: 200_000) + #"repeat 1000000000 { }"#
        session.send(#"{"id":2,"type":"run","code":""# + code + #"","name":"big"}"#)
        session.interrupt()
        let sent = Date()
        let reply = session.readLine(waitingAtMost: 60) ?? "(no reply)"
        let seconds = Date().timeIntervalSince(sent)
        #expect(reply.hasPrefix(#"{"id":2,"status":"interrupted","stdout":""#), "reply: \(reply.prefix(300))")
        #expect(seconds < 5, "the reply took \(seconds) s")
        session.send(#"{"id":3,"type":"run","code":"print(kept + 1)"}"#)
        #expect(session.readLine() == #"{"id":3,"status":"ok","stdout":"42\n","stderr":"","diagnostics":[]}"#)
    }

    /// `is_complete` on a long cell (the kernel asks it before a `marbles` line) stops at an
    /// interrupt too, and says so.
    @Test func aLongIsCompleteIsInterruptedPromptly() throws {
        let session = try MachineSession()
        defer { session.close() }
        #expect(session.readLine() == Self.ready)
        let code = String(repeating: #"print(\"x\")\n"#, count: 700_000)
        session.send(#"{"id":1,"type":"is_complete","code":""# + code + #""}"#)
        session.interrupt()
        let sent = Date()
        let reply = session.readLine(waitingAtMost: 60)
        let seconds = Date().timeIntervalSince(sent)
        #expect(reply == #"{"id":1,"status":"interrupted"}"#)
        #expect(seconds < 5, "the reply took \(seconds) s")
        session.send(#"{"id":2,"type":"is_complete","code":"print(1)"}"#)
        #expect(session.readLine() == #"{"id":2,"status":"complete"}"#)
    }

    /// SIGINT stops the running entry and keeps the session. The signal is sent again until
    /// the reply comes (one sent before the entry starts is forgotten when it starts).
    @Test func anInterruptStopsTheEntryAndKeepsTheSession() throws {
        let session = try MachineSession()
        defer { session.close() }
        #expect(session.readLine() == Self.ready)
        session.send(#"{"id":1,"type":"run","code":"current n = 0\nrepeat 1000000000 { set n = n + 1 }","name":"c"}"#)
        var reply: String?
        while reply == nil {
            session.interrupt()
            reply = session.readLine(waitingAtMost: 0.2)
        }
        #expect(reply?.hasPrefix(#"{"id":1,"status":"interrupted","stdout":"","stderr":"c:2:1: error: interrupted\n"#) == true, "reply: \(reply ?? "")")
        session.send(#"{"id":2,"type":"run","code":"print(n > 0)"}"#)
        #expect(session.readLine() == #"{"id":2,"status":"ok","stdout":"true\n","stderr":"","diagnostics":[]}"#)
    }
}

/// A `tapline --machine` process kept open, for requests that depend on timing of the
/// other side (an interrupt).
final class MachineSession: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let lines = LockedLines()

    init() throws {
        process.executableURL = Tapline.binary
        process.arguments = ["--machine"]
        process.currentDirectoryURL = Tapline.root
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let handle = output.fileHandleForReading
        let lines = self.lines
        Thread.detachNewThread {
            var pending = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { lines.finish(); return }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: 10) {
                    lines.append(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                    pending = Data(pending[(newline + 1)...])
                }
            }
        }
    }

    func send(_ line: String) { input.fileHandleForWriting.write(Data((line + "\n").utf8)) }
    func interrupt() { kill(process.processIdentifier, SIGINT) }

    /// The next reply line; nil if none came within `seconds` (a poll, not an assertion).
    func readLine(waitingAtMost seconds: Double = 60) -> String? { lines.next(waitingAtMost: seconds) }

    func close() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}

/// Lines read by one thread and taken by another.
private final class LockedLines: @unchecked Sendable {
    private let condition = NSCondition()
    private var lines: [String] = []
    private var ended = false

    func append(_ line: String) {
        condition.lock()
        lines.append(line)
        condition.signal()
        condition.unlock()
    }

    func finish() {
        condition.lock()
        ended = true
        condition.broadcast()
        condition.unlock()
    }

    func next(waitingAtMost seconds: Double) -> String? {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: seconds)
        while lines.isEmpty, !ended {
            if !condition.wait(until: deadline) { break }
        }
        return lines.isEmpty ? nil : lines.removeFirst()
    }
}
