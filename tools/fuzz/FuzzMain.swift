// The libFuzzer entry point: every input goes through the lexer, the parser, the compiler and
// a bounded run, as arbitrary bytes or (first byte odd) as the seed of a generated program.
// Built by tools/fuzz/build.sh, run by tools/fuzz/run.sh; not part of the SwiftPM package.
#if canImport(Glibc)
import Glibc
#endif
import TaplineLanguage

/// How long one input may run before the interpreter is interrupted, in nanoseconds: long
/// enough for real work, short enough that a loop never reads as a hang (libFuzzer's -timeout).
/// `TAPLINE_FUZZ_BUDGET_MS` sets it (default 20): inputs that run to the budget (timers,
/// long loops) dominate a run's time, and an input that runs on past it is stopped by the
/// same interrupt, so a short budget finds the same hangs with many more inputs a second.
private let runBudget: UInt64 = {
    guard let text = getenv("TAPLINE_FUZZ_BUDGET_MS"), let milliseconds = UInt64(String(cString: text)),
          milliseconds > 0 else { return 20_000_000 }
    return milliseconds * 1_000_000
}()

private func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Runs one program as `tapline` would: lex, check the REPL's completeness test, run, format,
/// then what the REPL does around an entry.
private func exercise(_ text: String, verbose: Bool) {
    _ = try? Lexer.tokenize(text)
    _ = Interpreter.isIncomplete(text)
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
    // What the REPL does around an entry: TAB completion on the text, :list, :cancel, :reset.
    _ = Completer.complete(String(text.suffix(200)), declarations: interpreter.declarations)
    _ = interpreter.liveSubscriptions
    _ = interpreter.cancelSubscription(1)
    // A second entry into the same session, as the REPL would send after an error.
    if let diagnostic = interpreter.run("print(1)", name: "<repl>") {
        _ = interpreter.format(diagnostic)
    }
    interpreter.close()
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
    if let first = bytes.first, first & 1 == 1, first >= 0x80 {
        // A generated program: valid by construction, so the fuzzer reaches the runtime.
        var generator = ProgramGenerator(entropy: Array(bytes.dropFirst()))
        text = generator.program()
    } else {
        text = String(decoding: bytes, as: UTF8.self)
    }
    // TAPLINE_FUZZ_PRINT=1 tapline-fuzz FILE shows the program a finding ran and its output (turning a
    // generated one into a regression script).
    let verbose = getenv("TAPLINE_FUZZ_PRINT") != nil
    if verbose { show(text + "\n--- output:\n") }
    onLargeStack {
        exercise(text, verbose: verbose)
        if differential { compareFastPaths(text) }
    }
    return 0
}
