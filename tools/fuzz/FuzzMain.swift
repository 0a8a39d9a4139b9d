// The libFuzzer entry point: every input goes through the lexer, the parser, the compiler and
// a bounded run, as arbitrary bytes or (first byte odd) as the seed of a generated program.
// Built by tools/fuzz/build.sh, run by tools/fuzz/run.sh; not part of the SwiftPM package.
#if canImport(Glibc)
import Glibc
#endif
import TaplineLanguage
@testable import TaplineLearn

/// How long one input may run before the interpreter is interrupted, in nanoseconds: long
/// enough for real work, short enough that a loop never reads as a hang (libFuzzer's -timeout).
/// `TAPLINE_FUZZ_BUDGET_MS` sets it (default 0.5, a fraction allowed): inputs that run to
/// the budget (timers, long loops) dominate a run's time, and an input that runs on past it
/// is stopped by the same interrupt, so a short budget finds the same hangs with many more
/// inputs a second.
private let runBudget: UInt64 = {
    guard let text = getenv("TAPLINE_FUZZ_BUDGET_MS"), let milliseconds = Double(String(cString: text)),
          milliseconds > 0, milliseconds < 1e9 else { return 500_000 }
    return UInt64(milliseconds * 1_000_000)
}()

private func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Runs one program as `tapline` would: lex, check the REPL's completeness test, run, format,
/// then what the REPL does around an entry.
private func exercise(_ text: String, verbose: Bool) {
    // One input in four is also lexed whole (as colouring does) and checked for completeness
    // (as the REPL does after each line): each reads the text again, which the run reads
    // anyway, so doing it for every input would cost more coverage a second than it finds.
    if text.utf8.count % 4 == 2 {
        _ = try? Lexer.tokenize(text)
        _ = Interpreter.isIncomplete(text)
    }
    let interpreter = Interpreter(output: { if verbose { show($0) } })
    // One input in eight is parsed on a second thread, as a long script is (`ReadAhead`):
    // starting that thread costs more than the rest of most inputs.
    interpreter.readsAhead = text.utf8.count % 8 == 0
    interpreter.longEntryHost = .threadsOnly
    // `marbles save PATH` draws the picture but writes no file: inputs are arbitrary.
    interpreter.writesFiles = false
    let deadline = now() + runBudget
    interpreter.isInterrupted = { now() > deadline }
    if let diagnostic = interpreter.run(text, name: "fuzz") {
        let formatted = interpreter.format(diagnostic)
        if verbose { show(formatted) }
    }
    // What the REPL does around an entry: TAB completion on the text (for one input in four,
    // like the whole lexing above), :list, :cancel, :reset.
    if text.utf8.count % 4 == 2 {
        _ = Completer.complete(String(text.suffix(200)), declarations: interpreter.declarations)
    }
    _ = interpreter.liveSubscriptions
    _ = interpreter.cancelSubscription(1)
    // A second entry into the same session, as the REPL would send after an error.
    if let diagnostic = interpreter.run("print(1)", name: "<repl>") {
        _ = interpreter.format(diagnostic)
    }
    interpreter.close()
}

/// What reads a program or a file besides the interpreter: the Swift export (one input in
/// eight: it compiles the program again), a `--machine` request's JSON (an input that
/// starts with `{` or `[`), a lesson file (one that starts with `# ` and has a `--- ` line)
/// and a progress file (one in four).
private func exerciseTheRest(_ text: String, bytes: [UInt8]) {
    if text.utf8.count % 8 == 3 { checkExport(text) }
    if let first = bytes.first, first == UInt8(ascii: "{") || first == UInt8(ascii: "[") { checkJSON(bytes) }
    if text.hasPrefix("# "), text.contains("\n--- ") { checkLesson(text) }
    if text.utf8.count % 4 == 1 { _ = Progress(text: text).text }
}

/// The export writes no character that ends a line or turns text around (a lone CR,
/// U+0085, U+2028, U+2029, a bidi control) and no other control but LF and tab: the
/// program's text reaches it only as comments and string literals, which escape them.
private func checkExport(_ text: String) {
    let interpreter = Interpreter(output: { _ in })
    interpreter.writesFiles = false
    defer { interpreter.close() }
    guard case .success(let swift) = interpreter.exportSwift(text, name: "fuzz\r\u{2028}.tapline") else { return }
    let bad = swift.unicodeScalars.first { scalar in
        let value = scalar.value
        return (value < 0x20 && value != 0x0A && value != 0x09) || value == 0x7F || value == 0x85 || value == 0x2028
            || value == 0x2029 || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }
    guard let bad else { return }
    show("the export holds U+\(String(bad.value, radix: 16, uppercase: true)) outside an escape:\n\(text)\n--- export:\n\(swift)\n")
    abort()
}

/// A request line as `--machine` reads it: what it decodes to writes out as JSON that
/// decodes to the same again.
private func checkJSON(_ bytes: [UInt8]) {
    guard let value = try? JSON.parse(bytes, keeping: "id") else { return }
    let text = value.text
    guard let again = try? JSON.parse(Array(text.utf8), keeping: "id"), again.text == text else {
        show("a request's JSON does not read back as itself:\n\(String(decoding: bytes, as: UTF8.self))\n--- written:\n\(text)\n")
        abort()
    }
}

/// A lesson file as `tapline learn` reads it, and its solution checked as `:check` would,
/// within the run budget.
private func checkLesson(_ text: String) {
    guard let lesson = try? Lesson.parse(text, fileName: "fuzz.lesson") else { return }
    let deadline = now() + runBudget
    _ = Checker.check(lesson, answer: [lesson.solution], isInterrupted: { now() > deadline })
}

/// `TAPLINE_FUZZ_DIFFERENTIAL=1`: each program also runs twice more, with the fast paths on
/// and off (`Interpreter.fastPaths`), the second also read ahead on a second thread
/// (`Interpreter.readsAhead`), and any difference in what it prints or the error it ends with
/// is a finding (the process aborts after showing both).
private let differential = getenv("TAPLINE_FUZZ_DIFFERENTIAL") != nil

/// What one run of `text` printed and the error it ended with; nil when it ran out of budget
/// (where it stopped depends on how fast it ran).
private func outcome(_ text: String, fastPaths: Bool, readsAhead: Bool) -> String? {
    var output = ""
    let interpreter = Interpreter(output: { if output.utf8.count < 1 << 20 { output += $0 } })
    interpreter.writesFiles = false
    interpreter.fastPaths = fastPaths
    interpreter.readsAhead = readsAhead
    interpreter.longEntryHost = .threadsOnly
    let deadline = now() + runBudget
    var interrupted = false
    interpreter.isInterrupted = {
        if now() > deadline { interrupted = true }
        return interrupted
    }
    if let diagnostic = interpreter.run(text, name: "fuzz") { output += "\n" + interpreter.format(diagnostic) }
    interpreter.close()
    return interrupted ? nil : output
}

private func compareFastPaths(_ text: String) {
    guard let fast = outcome(text, fastPaths: true, readsAhead: false),
          let slow = outcome(text, fastPaths: false, readsAhead: true), fast != slow else { return }
    show("fast paths or reading ahead change what this program does:\n\(text)\n--- with fast paths, one thread:\n\(fast)\n--- without, read ahead:\n\(slow)\n")
    abort()
}

private func show(_ text: String) {
    _ = text.withCString { write(2, $0, strlen($0)) }
}

/// The interpreter expects the large stack `tapline` gives it (Tool.onLargeStack). run.sh
/// raises the main thread's stack limit to that size, so inputs run where libFuzzer calls
/// them: a thread started for each input cost more than most inputs take to run.
private func onLargeStack(_ body: @escaping () -> Void) {
    if mainStackIsLarge { return body() }
    guard let thread = LargeStackThread.start(body) else { return body() }
    pthread_join(thread, nil)
}

/// Whether the thread libFuzzer runs inputs on has the stack `tapline` gives the interpreter.
private let mainStackIsLarge: Bool = {
    var limit = rlimit()
    guard getrlimit(__rlimit_resource_t(RLIMIT_STACK.rawValue), &limit) == 0 else { return false }
    return limit.rlim_cur >= rlim_t(LargeStackThread.stackSize)   // RLIM_INFINITY is the largest
}()

/// Once, before any input: a broken Combine contract is an error, as in `tapline`.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> CInt {
    Interpreter.reportContractViolationsAsErrors()
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let text: String
    let generated = bytes.first.map { $0 & 1 == 1 && $0 >= 0x80 } ?? false
    if generated {
        // A generated program: valid by construction, so the fuzzer reaches the runtime.
        // Eight statements combine a declaration, its subscriptions and what they are sent;
        // longer programs (of longer inputs) spend their time on more of the same.
        var generator = ProgramGenerator(entropy: Array(bytes.dropFirst()), statements: 8)
        text = generator.program()
    } else {
        text = String(decoding: bytes, as: UTF8.self)
    }
    // TAPLINE_FUZZ_PRINT=1 tapline-fuzz FILE shows the program a finding ran and its output (turning a
    // generated one into a regression script).
    let verbose = getenv("TAPLINE_FUZZ_PRINT") != nil
    if verbose { show(text + "\n--- output:\n") }
    let started = now()
    onLargeStack {
        exercise(text, verbose: verbose)
        if differential { compareFastPaths(text) }
        exerciseTheRest(text, bytes: generated ? [] : bytes)
    }
    stats?.count(generated: generated, nanoseconds: now() - started)
    return 0
}

/// `TAPLINE_FUZZ_STATS=1`: at exit, how many inputs of each kind ran and how their time was
/// spread, to show where a run's time goes (libFuzzer reports only the slowest input).
/// libFuzzer runs inputs one at a time on one thread.
nonisolated(unsafe) private let stats: Stats? = getenv("TAPLINE_FUZZ_STATS") == nil ? nil : Stats()

private final class Stats {
    /// Inputs and their total time by kind (bytes, generated) and by power of two of the
    /// microseconds they took.
    private var counts = [[Int]](repeating: [Int](repeating: 0, count: 40), count: 2)
    private var totals = [[UInt64]](repeating: [UInt64](repeating: 0, count: 40), count: 2)

    init() { atexit { stats?.report() } }

    func count(generated: Bool, nanoseconds: UInt64) {
        let bucket = min(39, 64 - (nanoseconds / 1000).leadingZeroBitCount)
        counts[generated ? 1 : 0][bucket] += 1
        totals[generated ? 1 : 0][bucket] += nanoseconds
    }

    func report() {
        for (kind, name) in ["bytes", "generated"].enumerated() {
            let all = counts[kind].reduce(0, +), time = totals[kind].reduce(0, +)
            show("\(name): \(all) inputs, \(time / 1_000_000) ms\n")
            for bucket in 0..<40 where counts[kind][bucket] > 0 {
                show("  < \(1 << bucket) µs: \(counts[kind][bucket]) inputs, \(totals[kind][bucket] / 1_000_000) ms\n")
            }
        }
    }
}
