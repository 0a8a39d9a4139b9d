import Foundation
import Testing

/// The `tapline` command, as a table of arguments and what it must print and return.
@Suite("tapline command line")
struct CommandLineTests {
    /// Under a Korean locale a help page's words are Korean; its code, declaration and diagram
    /// are the same page's.
    @Test func aKoreanLocaleGivesKoreanHelp() throws {
        let korean = try Tapline.run(["--help", "debounce"], environment: ["LANG": "ko_KR.UTF-8"])
        #expect(korean.stdout.contains("Combine의 선언:") && korean.stdout.contains("검색창"))
        let english = try Tapline.run(["--help", "debounce"])
        #expect(english.stdout.contains("Combine's declaration:"))
        #expect(korean.stdout.contains("func debounce<S>(for dueTime:") && english.stdout.contains("func debounce<S>(for dueTime:"))
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var stdin: String?
        var stdout: String
        var stderrStart: String
        var status: Int32
        var testDescription: String { "tapline " + arguments.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(arguments: ["--version"], stdout: "tapline 0.1.0\n", stderrStart: "", status: 0),
        Case(arguments: ["--help"], stdout: "usage: tapline [options] [FILE [ARGS…]]\n", stderrStart: "", status: 0),
        Case(arguments: ["--bogus"], stdout: "", stderrStart: "tapline: unknown option '--bogus'\nusage: tapline", status: 2),
        Case(arguments: ["-e"], stdout: "", stderrStart: "tapline: '-e' needs a program: tapline -e 'print(1)'\n", status: 2),
        Case(arguments: ["-e", "print(1 + 1)"], stdout: "2\n", stderrStart: "", status: 0),
        Case(arguments: ["-e", "tap nothing"], stdout: "", stderrStart: "-e:1:5: error: unknown name 'nothing'\n", status: 1),
        Case(arguments: ["missing.tapline"], stdout: "",
             stderrStart: "tapline: cannot read 'missing.tapline': No such file or directory\n", status: 2),
        Case(arguments: ["--check", "scripts/examples/map-views.tapline"], stdout: "", stderrStart: "", status: 0),
        Case(arguments: ["--check", "scripts/semantics/feedback-loop.error.tapline"], stdout: "", stderrStart: "", status: 0),
        Case(arguments: ["--check", "scripts/semantics/request-zero.error.tapline"], stdout: "",
             stderrStart: "scripts/semantics/request-zero.error.tapline:3:14: error: a subscriber cannot request 0 values", status: 1),
        Case(arguments: ["--swift"], stdout: "", stderrStart: "tapline: '--swift' needs a file: tapline --swift FILE\n", status: 2),
        Case(arguments: ["--swift", "-e", "print(1)"], stdout: "#if canImport(Combine)\n", stderrStart: "", status: 0),
        Case(arguments: ["--swift", "-"], stdin: "tap nothing", stdout: "", stderrStart: "<stdin>:1:5: error: unknown name 'nothing'\n", status: 1),
        Case(arguments: [], stdin: "print(\"piped\")\n", stdout: "piped\n", stderrStart: "", status: 0),
        Case(arguments: ["-"], stdin: "#!/usr/bin/env tapline\nprint(\"dash\")", stdout: "dash\n", stderrStart: "", status: 0),
        Case(arguments: [], stdin: "print(1)\nprint(x)\nprint(3)", stdout: "",
             stderrStart: "<stdin>:2:7: error: unknown name 'x'\n", status: 1),
        Case(arguments: ["-", "a", "b"], stdin: "print(arguments)", stdout: "[\"a\", \"b\"]\n", stderrStart: "", status: 0),
        // Options are read wherever they stand among the options, before anything runs.
        Case(arguments: ["-e", "print(1)", "--check"], stdout: "", stderrStart: "", status: 0),
        Case(arguments: ["-e", "subject s: Int\ns.sink { _ in }\nsend s 1", "--trace"],
             stdout: "[     0ms] s  receive subscription: (PassthroughSubject)\n[     0ms] s  request unlimited\n[     0ms] s  send value: (1)\n",
             stderrStart: "", status: 0),
        Case(arguments: ["-e", "print(arguments)", "--", "x"], stdout: "[\"x\"]\n", stderrStart: "", status: 0),
        Case(arguments: ["-q", "--machine"], stdout: "", stderrStart: "tapline: '--machine' takes no other arguments\n", status: 2),
        // A script ends once its scheduled work has run (DESIGN §9), ten virtual minutes on at most.
        Case(arguments: ["-e", "schedule(after: 2s) { print(\"later\", now) }\nprint(\"last\")"],
             stdout: "last\nlater 2000ms\n", stderrStart: "", status: 0),
        Case(arguments: ["-e", "schedule(after: 11min) { print(\"never\") }\nprint(\"last\")"], stdout: "last\n",
             stderrStart: "-e:2:1: warning: quiet time limit: the script's clock ran on 10 minutes after its last statement", status: 0),
        Case(arguments: ["-e", "schedule(after: 1s) { print(1 / 0) }"], stdout: "",
             stderrStart: "-e:1:29: error: division by zero", status: 1),
    ]

    @Test("arguments, output and exit status", arguments: cases)
    func command(_ testCase: Case) throws {
        let result = try Tapline.run(testCase.arguments, stdin: testCase.stdin)
        // The usage text and an exported Swift file are long: their start is checked.
        if testCase.stdout.hasPrefix("usage:") || testCase.stdout.hasPrefix("#if canImport(Combine)") {
            #expect(result.stdout.hasPrefix(testCase.stdout))
        } else {
            #expect(result.stdout == testCase.stdout)
        }
        #expect(result.stderr.hasPrefix(testCase.stderrStart), "stderr: \(result.stderr)")
        if testCase.stderrStart.isEmpty { #expect(result.stderr == "") }
        #expect(result.status == testCase.status)
    }

    @Test func aShebangScriptRunsWithItsArguments() throws {
        let result = try withTemporaryDirectory { directory in
            let script = directory.appendingPathComponent("hello.tapline")
            try "#!/usr/bin/env tapline\nprint(\"hello\", arguments.count)\n".write(to: script, atomically: true, encoding: .utf8)
            return try Tapline.run([script.path, "x"])
        }
        #expect(result.stdout == "hello 1\n")
        #expect(result.status == 0)
    }

    /// Fixed bytes, so a failure reproduces. In the order the lexer meets them: a byte-order
    /// mark (skipped), invalid UTF-8 in a string literal (a lone continuation byte, a truncated
    /// sequence, an overlong encoding, bytes that never occur: each read as U+FFFD), then on
    /// line 2 NUL, control characters and every byte value 0...255 in order.
    static let noise: [UInt8] = {
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let invalidUTF8: [UInt8] = [0x80, 0xE2, 0x82, 0xC0, 0xAF, 0xF5, 0xFE, 0xFF]
        let controls: [UInt8] = [0x00, 0x01, 0x07, 0x08, 0x09, 0x0B, 0x0C, 0x0D, 0x1B, 0x7F]
        let everyByte = (0...255).map { UInt8($0) }
        return byteOrderMark + Array("print(\"".utf8) + invalidUTF8 + Array("\")\n".utf8) + controls + everyByte
    }()

    @Test func binaryInputIsALocatedErrorNotACrash() throws {
        try withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("noise.bin")
            try Data(Self.noise).write(to: file)
            let result = try Tapline.run([file.path])
            #expect(result.status == 1)
            #expect(result.stderr.hasPrefix(file.path + ":2:1: error: unexpected character"), "stderr: \(result.stderr)")
            #expect(result.stdout == "")
        }
    }

    @Test func deeplyNestedInputIsALocatedError() throws {
        let result = try Tapline.run(["-e", String(repeating: "[", count: 100_000)])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("-e:1:201: error: too deeply nested (more than 200 levels)"))
    }

    // MARK: Issue 14: limits and output errors

    @Test func aScriptOverTheSizeLimitIsRefusedUnread() throws {
        try withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("huge.tapline")
            try Data(repeating: UInt8(ascii: " "), count: 8 << 20 + 1).write(to: file)
            let result = try Tapline.run([file.path])
            #expect(result.status == 1)
            #expect(result.stderr == "tapline: \(file.path): script size limit: larger than 8388608 bytes (see docs/LIMITS.md)\n")
        }
    }

    @Test func aLongElseIfChainIsALocatedError() throws {
        try withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("chain.tapline")
            let branches = (1...10_001).map { " else if \($0) == 0 { print(\($0)) }" }.joined()
            try Data(("if 0 == 1 { print(0) }" + branches + "\n").utf8).write(to: file)
            let result = try Tapline.run([file.path])
            #expect(result.status == 1)
            #expect(result.stderr.contains("error: chain too long: more than 10000 operators"), "stderr: \(result.stderr)")
        }
    }

    /// Output that cannot be written is an error (exit 1, said on stderr), never a silent 0.
    @Test func aFullDiskIsReportedAndFailsTheRun() throws {
        let process = Process()
        process.executableURL = Tapline.binary
        process.arguments = ["-e", "print(1)"]
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let errors = Pipe()
        process.standardOutput = full
        process.standardError = errors
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(stderr == "tapline: cannot write the output: No space left on device\n")
    }
}
