import Foundation
import Testing
import TaplineLanguage
import TaplineTestSupport

/// `tapline --swift`: every script exports to Swift that compiles against TaplineReactive and
/// prints exactly what the interpreter prints, so the language and the Combine code it stands
/// for cannot drift apart. One scratch SwiftPM package in a temporary folder depends on this
/// one by path and holds every exported program as an executable target, built once.
@Suite("Swift export")
struct SwiftExportTests {
    /// The folders whose programs are exported (recursively): `*.tapline` scripts, and the
    /// exercise of each `*.lesson` (its starter with the solution in the gap; the check, an
    /// `expect`, checks a program and is not part of it). Adding a folder is one line.
    static let folders = [
        "scripts/examples",
        "scripts/semantics",
        "scripts/swift",
        "lessons",
    ]

    /// Programs with no Swift form, and why. Each must fail with a located "cannot export".
    static let cannotExport: [String: String] = [
        "scripts/swift/which-queue.tapline":
            "reads Thread.isMainThread: the file runs every queue on one test scheduler, on the main thread",
        "lessons/14-schedulers.lesson":
            "reads Thread.isMainThread: the file runs every queue on one test scheduler, on the main thread",
        "scripts/swift/failing-subjects.tapline":
            "prints a subject: Combine and the core describe a publisher differently",
        "scripts/semantics/now-reads-the-virtual-clock.tapline":
            "prints the difference of two times: Swift prints a scheduler's stride its own way",
        "scripts/swift/a-script-ends-when-quiet.tapline":
            "a Timer: its ticks on the test scheduler have no one Swift spelling for Combine and the core",
        "scripts/semantics/play-and-expect.tapline":
            "a marble test: `expect` checks a program and is not part of one",
        "scripts/semantics/expect-timing-operators.tapline":
            "a marble test: `expect` checks a program and is not part of one",
        "scripts/semantics/expect-combinators.tapline":
            "a marble test: `expect` checks a program and is not part of one",
        "scripts/examples/search-box-in-time.tapline":
            "draws and traces its run: `marbles` and `trace` show Tapline's recording, which Swift has no form for",
        "scripts/semantics/trace-shows-what-combine-drops.tapline":
            "traces its run: `trace` shows Tapline's recording, which Swift has no form for",
        "scripts/semantics/marbles-of-cold-publishers.tapline":
            "draws its run: `marbles` shows Tapline's recording, which Swift has no form for",
        "scripts/semantics/durations-print-every-digit.tapline":
            "prints durations: Swift prints a Duration its own way",
        "scripts/semantics/marbles-long-recordings.tapline":
            "draws its run: `marbles` shows Tapline's recording, which Swift has no form for",
        "scripts/examples/counter-view.tapline":
            "a view's body: what it shows is SwiftUI's to draw, and SwiftUI is not on Linux",
        "scripts/examples/state-object.tapline":
            "a view's @StateObject and @ObservedObject: SwiftUI keeps a view's objects, and SwiftUI is not on Linux",
    ]

    /// One program to export: where it comes from, and its text; with a `fileName`, it is
    /// exported from a file of that name (which the export's header names), else from stdin.
    struct Program {
        var path: String
        var text: String
        var fileName: String? = nil
        /// A REPL session's entries, exported as `:swift` exports them (then `text` is unused).
        var entries: [String]? = nil
    }

    /// A REPL session that declares names again, as the REPL lets it: its export shadows each
    /// in a scope of its own, and prints what the session printed.
    static let session = Program(path: "(a session that declares names again)", text: "", entries: [
        "let a = 1", "subject s: Int", "s.sink { print(\"s\", $0 + a) }", "send s 1",
        "let a = 2", "subject s: String", "s.sink { print(\"new s\", $0, a) }", "send s \"x\"", "print(a)",
    ])

    /// A program whose comments, `#` comments, trailing comment, string, marble string and file
    /// name hold text that ends a line where Swift does (a lone CR; a LF decoded from `\n`) or
    /// where an editor does (U+0085, U+2028, U+2029), with a statement after it, and control
    /// characters, quotes, backslashes and `\(`. Built and run with the scripts, its export
    /// prints only what the interpreter prints: none of that text became code.
    static let hostile = Program(path: "(hostile text)", text: """
        // a comment\rprint("INJECTED")
        # a hash comment\u{2028}print("INJECTED")
        // more\u{2029}print("INJECTED")\u{85}print("INJECTED")\u{B}\u{C}\u{0}\u{1B}\u{202E} */ /* \\( \\ "
        subject s: String
        s.sink { print("got \\($0)") }   # trailing\rprint("INJECTED")
        send s "cr\r lf\\n nul\\0 tab\t quote\\" backslash\\\\ interp\\\\(1) ls\u{2028} ps\u{2029} nel\u{85} vt\u{B} esc\u{1B} del\u{7F} rlo\u{202E} */"
        play s "-a\\rprint(\\"INJECTED\\")//\\nprint(\\"INJECTED\\")//|"
        wait 10s
        button b { print("tapped") }
        tap b

        """, fileName: "evil\rprint(\"INJECTED\")\u{2028}.tapline")

    /// The programs of `folders` that run without error (a `*.error.tapline` shows an error on purpose).
    static var programs: [Program] {
        folders.flatMap { folder -> [Program] in
            let base = Tapline.root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
            return walker.compactMap { $0 as? String }.sorted().compactMap { name -> Program? in
                let path = folder + "/" + name
                guard let text = try? String(contentsOf: base.appendingPathComponent(name), encoding: .utf8) else { return nil }
                if name.hasSuffix(".tapline"), !name.hasSuffix(".error.tapline") { return Program(path: path, text: text) }
                // A translated lesson (`lessons/ko/`) runs the very code of the one it translates.
                if name.hasSuffix(".lesson"), !name.contains("/") { return exercise(of: text).map { Program(path: path, text: $0) } }
                return nil
            }
        }
    }

    /// A sample of what the program generator writes (`ProgramGenerator`, the fuzzer's and the
    /// differential grid's): the first of its programs that show no time (odd seeds) which run
    /// to the end without error within a second and export, so the export is also built and
    /// compared on programs nobody wrote with it in mind. Not those that divide by a literal
    /// zero or compute with a literal at `Int`'s edge (`6 * 9223372036854775807`), which Swift
    /// refuses to compile and Tapline stops at only if they run; nor those that zip or combine
    /// two publishers, whose `.map { $0 + $1 }` in a long chain Swift's type checker gives up
    /// on ("unable to type-check this expression in reasonable time").
    static var generated: [Program] {
        var programs: [Program] = []
        var seed: UInt64 = 1
        while programs.count < 8, seed < 4000 {
            defer { seed += 2 }
            let text = ProgramGenerator.program(seed: seed)
            guard !["/ 0", "% 0", "922337203685477580", "zip(", "combineLatest("].contains(where: text.contains) else { continue }
            let deadline = Date().addingTimeInterval(1)
            let interpreter = Interpreter(output: { _ in })
            interpreter.writesFiles = false
            interpreter.isInterrupted = { Date() > deadline }
            let error = interpreter.run(text, name: "generated")
            interpreter.close()
            guard error == nil, case .success = Interpreter(output: { _ in }).exportSwift(text, name: "generated") else { continue }
            programs.append(Program(path: "(generated, seed \(seed))", text: text))
        }
        return programs
    }

    /// A lesson's exercise as a program: its `starter` with the `solution` in the `___` gap.
    static func exercise(of lesson: String) -> String? {
        var sections: [String: [String]] = [:]
        var current: String?
        for line in lesson.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("--- ") {
                current = String(line.dropFirst(4)).trimmingCharacters(in: .whitespaces)
                sections[current ?? ""] = []
            } else if let current {
                sections[current, default: []].append(line)
            }
        }
        guard let starter = sections["starter"], let solution = sections["solution"] else { return nil }
        return starter.flatMap { $0 == "___" ? solution : [$0] }.joined(separator: "\n") + "\n"
    }

    @Test func theSeedsReadLikeCombineCode() throws {
        let tap = try Tapline.run(["--swift", "scripts/examples/tap-button.tapline"])
        #expect(tap.status == 0)
        #expect(tap.stdout.hasPrefix("#if canImport(Combine)\nimport Combine\n#else\nimport TaplineReactive\n#endif\n"))
        for line in ["#if canImport(Combine)\nimport Combine\n#else\nimport TaplineReactive\n#endif",
                     "let dummy = TapButton(\"Dummy Button\")", "final class DidTapSubscriber: Subscriber {",
                     "        subscription.request(.unlimited)", "dummy.tap.subscribe(didTap)", "dummy.sendTap()"] {
            #expect(tap.stdout.contains(line), "missing: \(line)")
        }
        #expect(!tap.stdout.contains("TestScheduler"), "a program without time needs no scheduler")
        let map = try Tapline.run(["--swift", "scripts/examples/map-views.tapline"])
        #expect(map.status == 0)
        for line in ["    @Published var value1 = \"aaa\"", "let value2 = PassthroughSubject<String, Never>()",
                     "final class AppleMapView: MountedView {", "    private var bag = Set<AnyCancellable>()",
                     "        viewModel.$value1.filter { $0 == \"aaa\" }.sink { print(\"=============== apple 1111 \\($0)\"); self.aaa() }.store(in: &bag)",
                     "        bag.removeAll()", "setBBB.sendTap()", "value2.send(\"aaa\")"] {
            #expect(map.stdout.contains(line), "missing: \(line)")
        }
    }

    @Test func whatHasNoSwiftFormIsALocatedError() throws {
        let result = try Tapline.run(["--swift", "-"], stdin: "subject q: String\nexpect q \"-a-|\"\n")
        #expect(result.status == 1)
        #expect(result.stderr == """
            <stdin>:2:1: error: cannot export 'expect' to Swift; it checks a program, it is not part of one: leave it out of the program you export
             2 | expect q "-a-|"
               | ^~~~~~~~~~~~~~~

            """)
        #expect(result.stdout.isEmpty)
    }

    @Test func exportedProgramsPrintWhatTheInterpreterPrints() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tapline-swift-export-\(getpid())")
        try? FileManager.default.removeItem(at: scratch)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var targets: [(name: String, program: Program)] = []
        var refused: Set<String> = []
        let generated = Self.generated
        #expect(generated.count == 8, "fewer generated programs run and export than the sample asks for")
        for (index, program) in (Self.programs + [Self.hostile, Self.session] + generated).enumerated() {
            let exported = try Self.export(program, in: scratch)
            if exported.status != 0 {
                #expect(exported.stderr.contains("error: cannot export"), "\(program.path): \(exported.stderr)")
                refused.insert(program.path)
                continue
            }
            let name = "Program\(index)"
            let folder = scratch.appendingPathComponent("Sources/\(name)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try exported.stdout.write(to: folder.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
            targets.append((name, program))
        }
        #expect(targets.count >= 40, "the folders hold fewer programs than the examples and semantics scripts")
        #expect(refused == Set(Self.cannotExport.keys), "scripts that cannot export: update `cannotExport` with the reason")
        try Self.package(targets.map(\.name)).write(to: scratch.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let build = try Self.swift(["build"], in: scratch)
        #expect(build.status == 0, "\(build.output)")
        // The generator writes conditions whose answer is known (`if 3 > 9`), which Swift warns of.
        let generatedTargets = targets.filter { $0.program.path.hasPrefix("(generated") }.map(\.name)
        #expect(Self.warnings(in: build.output, outside: generatedTargets).isEmpty, "\(build.output)")
        guard build.status == 0 else { return }
        for target in targets {
            let interpreted = try Self.interpret(target.program)
            #expect(interpreted.status == 0, "\(target.program.path): \(interpreted.stderr)")
            // Swift names a type of the program with its module where it prints one inside
            // another value (`failure(Program3.NameError.unknown)`); Tapline, whose program is
            // one module, leaves the module out (LANGUAGE.md, "Differences").
            let compiled = try Self.run(scratch.appendingPathComponent(".build/debug/\(target.name)"))
                .replacingOccurrences(of: target.name + ".", with: "")
            #expect(compiled == interpreted.stdout, "\(target.program.path) as Swift (\(target.name)) prints otherwise")
        }
    }

    /// The warnings of a build's output (`FILE:LINE:COL: warning: …`) in a file outside the
    /// targets `excepted`.
    static func warnings(in output: String, outside excepted: [String]) -> [Substring] {
        output.split(separator: "\n").filter { line in
            line.contains(".swift:") && line.contains(": warning:") && !excepted.contains { line.contains("/Sources/\($0)/") }
        }
    }

    /// `tapline --swift` on the program: from stdin, or from a file named as `fileName` says;
    /// a session's entries as `:swift` exports them.
    static func export(_ program: Program, in scratch: URL) throws -> Tapline.Result {
        if let entries = program.entries {
            let exporter = Interpreter(output: { _ in })
            defer { exporter.close() }
            switch exporter.exportSwift(entries: entries, name: "session") {
            case .success(let swift): return Tapline.Result(stdout: swift, stderr: "", status: 0)
            case .failure(let diagnostic): return Tapline.Result(stdout: "", stderr: exporter.format(diagnostic), status: 1)
            }
        }
        guard let fileName = program.fileName else { return try Tapline.run(["--swift", "-"], stdin: program.text) }
        let folder = scratch.appendingPathComponent("inputs")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(fileName)
        try program.text.write(to: file, atomically: true, encoding: .utf8)
        return try Tapline.run(["--swift", file.path])
    }

    /// What the interpreter prints for the program: `tapline -`, or a session's entries run
    /// one after another as the REPL runs them.
    static func interpret(_ program: Program) throws -> Tapline.Result {
        guard let entries = program.entries else { return try Tapline.run(["-"], stdin: program.text) }
        var output = ""
        let interpreter = Interpreter(output: { output += $0 }, echoes: true)
        defer { interpreter.close() }
        for entry in entries {
            if let diagnostic = interpreter.run(entry, name: "session") {
                return Tapline.Result(stdout: output, stderr: interpreter.format(diagnostic), status: 1)
            }
        }
        return Tapline.Result(stdout: output, stderr: "", status: 0)
    }

    /// The scratch package: one executable target per exported program, on TaplineReactive.
    static func package(_ targets: [String]) -> String {
        let identity = Tapline.root.lastPathComponent.lowercased()
        let list = targets.map {
            "        .executableTarget(name: \"\($0)\", dependencies: [.product(name: \"TaplineReactive\", package: \"\(identity)\")]),"
        }
        return """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "ExportedPrograms",
                dependencies: [.package(path: "\(Tapline.root.path)")],
                targets: [
            \(list.joined(separator: "\n"))
                ]
            )

            """
    }

    /// Runs `swift ARGUMENTS` in `folder`; its output and error together.
    static func swift(_ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift"] + arguments
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// What a built program prints on stdout.
    static func run(_ executable: URL) throws -> String {
        let process = Process()
        process.executableURL = executable
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
