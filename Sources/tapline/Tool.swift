#if canImport(Glibc)
import Glibc
#endif
import TaplineHost
import TaplineLanguage

let version = "0.1.0"

let usage = """
    usage: tapline [options] [FILE [ARGS…]]

      tapline FILE            run a script (a '#!/usr/bin/env tapline' first line is ignored)
      tapline -               run the script on standard input (also when stdin is piped)
      tapline -e 'CODE'       run a one-line program
      tapline --check FILE    parse and check a script without running it
      tapline --swift FILE    write the script as a Swift file over Combine's API, to stdout
      tapline -i FILE         run a script, then stay in the REPL with what it declared
      tapline --trace FILE    run a script, printing every event of every chain (trace on)
      tapline learn [N]       the lessons and your progress; open lesson N in the REPL
                              (--lang ko: in Korean; a ko_* locale chooses it too)
      tapline -q              start the REPL without the banner
      tapline --machine       serve one session as line-delimited JSON on stdin/stdout (docs/MACHINE.md)
      tapline lsp             the Language Server Protocol on stdin/stdout, for editors (docs/INTEGRATIONS.md)
      tapline serve [FILE]    the playground in a browser, on 127.0.0.1 (docs/PLAYGROUND.md)
                              (--port N, default 8090, 0 any free one; --learn N: open lesson N)
      tapline                 on a terminal: the interactive REPL
      tapline --help          show this help
      tapline --help TOPIC    a help page: an operator (debounce), commands, values, …
      tapline --version       show the version

    Exit status: 0 success, 1 an error in the program, 2 a usage error.
    """

/// Sessions `--check` leaves to the end of the process (see `Interpreter.checkedEntry`).
nonisolated(unsafe) private var checkedSessions: [Interpreter] = []

/// The `tapline` command: run a script, a one-liner or stdin; check a script; or (on a
/// terminal, with no arguments) start the REPL.
final class Tool {
    let stdout = Output(descriptor: 1)
    let stderr = Output(descriptor: 2)

    /// Writes every file the process writes for the user (`marbles save`, `:swift FILE`): one
    /// writer knows which files it wrote, so replacing one of those again says nothing.
    let files = FileWriter()

    /// Colour only on a terminal, and never when NO_COLOR is set.
    let errorsInColor = isatty(2) == 1 && getenv("NO_COLOR") == nil

    enum Exit {
        static let success: Int32 = 0
        static let programError: Int32 = 1
        static let usageError: Int32 = 2
    }

    func fail(usage message: String) -> Never {
        stderr.write("tapline: \(message)\n\(usage)\n")
        stderr.flush()
        exit(Exit.usageError)
    }

    /// Why a script could not be read.
    enum ReadFailure: Error {
        case system(Int32)
        /// Larger than `Limits.scriptBytes`: `/dev/zero` must not grow until memory runs out.
        case tooLarge
        case interrupted

        func message(_ path: String) -> String {
            switch self {
            case .system(let code): return "cannot read '\(path)': \(String(cString: strerror(code)))"
            case .tooLarge: return "\(path): script size limit: larger than \(Limits.scriptBytes) bytes (see docs/LIMITS.md)"
            case .interrupted: return "\(path): reading interrupted"
            }
        }
    }

    /// Reads a whole file as text; invalid UTF-8 is replaced, not rejected, so binary input
    /// gets a located diagnostic instead of a crash. Stops at the script size limit, and at
    /// Ctrl-C (in the REPL, where SIGINT sets the flag instead of ending the process).
    func readFile(_ path: String) throws(ReadFailure) -> String {
        let descriptor = path == "-" ? 0 : open(path, O_RDONLY)
        guard descriptor >= 0 else { throw .system(errno) }
        defer { if descriptor != 0 { close(descriptor) } }
        // Standard input is read from where it stands (a shell may have read part of it).
        if descriptor != 0, let whole = readWhole(descriptor) { return whole }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            if Interrupt.isPending { throw .interrupted }
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count < 0 { throw .system(errno) }
            if count == 0 { break }
            bytes += chunk[0..<count]
            if bytes.count > Limits.scriptBytes { throw .tooLarge }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A regular file's text read straight into the string's own storage, which repairs
    /// invalid UTF-8 as `String(decoding:as:)` does; nil when the file is not a regular one of
    /// a size within the limit, or changed size while read (`pread` leaves the offset where it
    /// was, so `readFile` then reads it a chunk at a time from the start). Read in chunks into
    /// a growing array and then copied into a string, a script would touch several times its
    /// size in memory, each new page a fault.
    private func readWhole(_ descriptor: Int32) -> String? {
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
              info.st_size > 0, info.st_size <= Limits.scriptBytes else { return nil }
        let size = Int(info.st_size)
        var complete = true
        let text = String(unsafeUninitializedCapacity: size) { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            var filled = 0
            while filled < size {
                let count = pread(descriptor, base + filled, size - filled, off_t(filled))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { complete = false; break }
                filled += count
            }
            return filled
        }
        // A byte past the size the file had: it grew, and is read the other way.
        var probe: UInt8 = 0
        guard complete, pread(descriptor, &probe, 1, off_t(size)) == 0 else { return nil }
        return text
    }

    /// Runs a program and reports its first error; returns the exit status.
    func runProgram(_ text: String, fileName: String, checkOnly: Bool, arguments: [String] = []) -> Int32 {
        let interpreter = Interpreter(output: { self.stdout.write($0) })
        interpreter.longEntryHost = .process
        interpreter.arguments = arguments
        interpreter.files = files
        configureTime(interpreter)
        interpreter.warn = { [unowned interpreter] warning in self.report(warning, of: interpreter) }
        // Output that cannot be written ends the program at once: an endless printer into a
        // closed pipe (SIGPIPE ignored) must stop, and a full disk must not pass for success.
        // (Not an interrupt check: that would cost a closure call in every loop turn.)
        stdout.onFailure = { [stderr] message in
            stderr.write("tapline: cannot write the output: \(message)\n")
            stderr.flush()
            exit(Exit.programError)
        }
        let diagnostic = checkOnly ? interpreter.check(text, name: fileName) : interpreter.runScript(text, name: fileName)
        stdout.flush()
        // A check ends the process: the session is left for exit to drop, not freed piece by piece.
        if checkOnly { checkedSessions.append(interpreter) }
        guard let diagnostic else { return Exit.success }
        report(diagnostic, of: interpreter)
        return Exit.programError
    }

    /// `--trace` was given.
    var traces = false

    /// The width of the terminal on standard output, as it is now (nil when it is not one).
    static var terminalWidth: Int? {
        var size = winsize()
        guard isatty(1) == 1, ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Traces (coloured on a terminal) and diagrams as wide as the terminal.
    func configureTime(_ interpreter: Interpreter) {
        let colour = isatty(1) == 1 && getenv("NO_COLOR") == nil
        if colour {
            interpreter.traceOutput = { line in
                self.stdout.write(ANSI.paint(line.stamp, ANSI.dim) + " " + ANSI.paint(line.lane, ANSI.cyan) + "  " + line.event + "\n")
            }
        }
        if isatty(1) == 1 {
            interpreter.terminalWidth = { Tool.terminalWidth }
            if let width = Tool.terminalWidth { interpreter.diagramWidth = width }
        }
        if traces { interpreter.traces = true }
    }

    /// `tapline --swift FILE`: the program as Swift on stdout, or its first error (nothing runs).
    func exportSwift(_ text: String, fileName: String) -> Int32 {
        let interpreter = Interpreter(output: { _ in })
        switch interpreter.exportSwift(text, name: fileName) {
        case .success(let swift):
            stdout.write(swift)
            stdout.flush()
            return Exit.success
        case .failure(let diagnostic):
            report(diagnostic, of: interpreter)
            return Exit.programError
        }
    }

    /// Writes a diagnostic to stderr, in colour on a terminal.
    func report(_ diagnostic: Diagnostic, of interpreter: Interpreter) {
        stdout.flush()
        stderr.write(interpreter.format(diagnostic, decorator: errorsInColor ? ANSIDecorator() : PlainDecorator()))
        stderr.flush()
    }

    /// The interpreter runs on a thread with a large stack, so deep (but bounded) recursion in
    /// user programs cannot overflow it.
    func onLargeStack(_ body: @escaping () -> Int32) -> Int32 {
        final class Status {
            var value: Int32 = 0
        }
        let status = Status()
        // Signals must reach the thread that reads the terminal: a Ctrl-C has to interrupt
        // its blocked read (libedit), not the main thread waiting in pthread_join. So the
        // main thread blocks them all, and the worker, which inherits that mask, unblocks them.
        var all = sigset_t()
        var previous = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_BLOCK, &all, &previous)
        let started = LargeStackThread.start {
            var none = sigset_t()
            sigemptyset(&none)
            pthread_sigmask(SIG_SETMASK, &none, nil)
            status.value = body()
        }
        guard let thread = started else {
            pthread_sigmask(SIG_SETMASK, &previous, nil)
            return body()
        }
        pthread_join(thread, nil)
        return status.value
    }

    /// Reports a script that could not be read: too large is the program's error (exit 1),
    /// a missing file a usage error (exit 2).
    func cannotRead(_ path: String, _ failure: ReadFailure) -> Int32 {
        stderr.write("tapline: \(failure.message(path))\n")
        stderr.flush()
        if case .system = failure { return Exit.usageError }
        return Exit.programError
    }

    /// Starts the interactive session, after running `script` into it if there is one.
    func startREPL(quiet: Bool, script: (text: String, name: String)?) -> Int32 {
        guard let repl = REPL(tool: self, quiet: quiet) else {
            stderr.write("tapline: cannot start line editing on this terminal\n")
            stderr.flush()
            return Exit.usageError
        }
        if let script { repl.load(script.text, name: script.name) }
        return repl.run()
    }

    func main(_ arguments: [String]) -> Int32 {
        let options: Options
        do {
            options = try Options.parse(Array(arguments.dropFirst()))
        } catch {
            fail(usage: error.message)
        }
        traces = options.traces
        switch options.mode {
        case .help(let topic): return help(topic)
        case .version:
            stdout.write("tapline \(version)\n")
            stdout.flush()
            return Exit.success
        case .machine: return onLargeStack { Machine(tool: self).run() }
        case .languageServer: return onLargeStack { LanguageServer(tool: self).run() }
        case .learn(let rest): return learn(rest)
        case .serve(let port, let lesson): return onLargeStack { self.serve(port: port, lesson: lesson, source: options.source) }
        case .program(let action): return program(action, options)
        }
    }

    /// `--help` (the usage) or `--help TOPIC` (the page `:help TOPIC` shows in the REPL).
    private func help(_ topic: String?) -> Int32 {
        guard let topic else {
            stdout.write(usage + "\n")
            stdout.flush()
            return Exit.success
        }
        let known = Help.knows(topic)
        (known ? stdout : stderr).write(Help.text(for: topic))
        (known ? stdout : stderr).flush()
        return known ? Exit.success : Exit.usageError
    }

    /// Runs, checks or exports the program, or starts the REPL with it.
    private func program(_ action: Options.Action, _ options: Options) -> Int32 {
        guard let source = options.source else {
            // libedit only when both ends are terminals; otherwise stdin runs as a script.
            if isatty(0) == 1, isatty(1) == 1 { return onLargeStack { self.startREPL(quiet: options.quiet, script: nil) } }
            return program(action, Options(source: .standardInput, scriptArguments: options.scriptArguments))
        }
        let text: String
        switch source {
        case .code(let code): text = code
        case .standardInput, .file("-"):
            do { text = try readFile("-") } catch { return cannotRead("<stdin>", error) }
        case .file(let path):
            do { text = try readFile(path) } catch { return cannotRead(path, error) }
        }
        let name = source.name
        switch action {
        case .swift: return onLargeStack { self.exportSwift(text, fileName: name) }
        case .interactive:
            guard isatty(0) == 1, isatty(1) == 1 else { fail(usage: "'-i' needs a terminal") }
            return onLargeStack { self.startREPL(quiet: options.quiet, script: (text, name)) }
        case .run, .check:
            let arguments = options.scriptArguments
            return onLargeStack { self.runProgram(text, fileName: name, checkOnly: action == .check, arguments: arguments) }
        }
    }
}
