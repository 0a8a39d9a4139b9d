import Foundation
import Testing

/// The `tapline` command, as a table of arguments and what it must print and return.
@Suite("tapline command line")
struct CommandLineTests {
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
        Case(arguments: [], stdin: "print(\"piped\")\n", stdout: "piped\n", stderrStart: "", status: 0),
        Case(arguments: ["-"], stdin: "#!/usr/bin/env tapline\nprint(\"dash\")", stdout: "dash\n", stderrStart: "", status: 0),
        Case(arguments: [], stdin: "print(1)\nprint(x)\nprint(3)", stdout: "",
             stderrStart: "<stdin>:2:7: error: unknown name 'x'\n", status: 1),
        Case(arguments: ["-", "a", "b"], stdin: "print(arguments)", stdout: "[\"a\", \"b\"]\n", stderrStart: "", status: 0),
    ]

    @Test("arguments, output and exit status", arguments: cases)
    func command(_ testCase: Case) throws {
        let result = try Tapline.run(testCase.arguments, stdin: testCase.stdin)
        if testCase.stdout.hasPrefix("usage:") {
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

    @Test func binaryInputIsALocatedErrorNotACrash() throws {
        try withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("noise.bin")
            var generator = SystemRandomNumberGenerator()
            try Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(to: file)
            let result = try Tapline.run([file.path])
            #expect(result.status == 1)
            #expect(result.stderr.hasPrefix(file.path + ":"))
        }
    }

    @Test func deeplyNestedInputIsALocatedError() throws {
        let result = try Tapline.run(["-e", String(repeating: "[", count: 100_000)])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("-e:1:201: error: too deeply nested (more than 200 levels)"))
    }
}
