#if canImport(Glibc)
import Glibc
#endif
import TaplineReactive

/// Runs Tapline programs: a whole script, or a REPL session one entry at a time.
///
/// The whole pipeline is `run(_:name:execute:)`, top to bottom: parse (Syntax/), compile —
/// resolving names and checking types before anything runs (Check/, Compile/) — then run
/// each top-level statement (Runtime/). Declarations persist across entries; an entry that
/// fails leaves what was declared before it intact.
public final class Interpreter {
    /// What the session has been given so far, and where each piece came from.
    var text = SourceSegments()
    /// The session's declarations (the compiler of each entry starts from them).
    private(set) var globals: [String: Entity] = [:]
    /// A checked entry's compiled statements and compiler, let go with the session (or the
    /// next entry) instead of as the check ends: `tapline --check` then exits with them still
    /// held, as clang's `-disable-free` does, and never pays for freeing them piece by piece.
    private var checkedEntry: (program: [CompiledStatement], compiler: Compiler)?

    /// The declarations of the entry last checked (`check`) as well as the session's, as if it
    /// had run: what an editor completes and finds definitions in.
    public var checkedDeclarations: [Declaration] {
        Interpreter.declarations(of: checkedEntry?.compiler.globals ?? globals)
    }
    /// Declarations of failed entries that the session forgot: let go with the session (a view
    /// that shows itself, or a func that calls itself, holds itself until then).
    private var forgotten: [Entity] = []
    let runtime: Runtime
    private let echoes: Bool

    /// - Parameters:
    ///   - output: receives program output (`print`, `.print("tag")`), as raw text.
    ///   - echoes: whether an expression on its own prints its value (the REPL).
    ///   - feedbackLimit: how deeply a subject's sends may nest before a "feedback loop" error.
    public init(output: @escaping (String) -> Void, echoes: Bool = false, feedbackLimit: Int = 1000) {
        runtime = Runtime(output: output, feedbackLimit: feedbackLimit)
        // Work asked "as soon as possible" runs at the end of the entry, as on a run loop
        // (DESIGN §8): throttle's first value, receive(on:).
        runtime.clock.defersImmediateWork = true
        self.echoes = echoes
        runtime.echo = { output($0 + "\n") }
    }

    /// Whether entries compiled from now on may take fast paths (`Compiler.fastPaths`). They
    /// skip nothing a program can see, nor anything recording for `marbles` and `trace` sees
    /// (it taps stages: an Int kernel only evaluates a closure faster, and a recorded stage
    /// is never fused).
    public var fastPaths = true

    /// Whether an entry's statements are read on a second thread while they compile: nil (the
    /// default) for long entries only, as the host decides (`StatementSource`). Tests set it
    /// to prove both ways read the same. Never without a host to lend the thread.
    public var readsAhead: Bool?

    /// What the process lends a long entry: a thread to read it on, memory made ready for it.
    public var longEntryHost: LongEntryHost?

    /// All the text the session has been given: diagnostics' ranges point into it.
    public var source: SourceCharacters { text.source }

    /// Where the value of an expression typed on its own goes (the REPL colours it).
    public var echo: (String) -> Void {
        get { runtime.echo }
        set { runtime.echo = newValue }
    }

    /// The script's arguments, visible to it as `arguments` (`tapline FILE ARGS…`).
    public var arguments: [String] {
        get { runtime.arguments }
        set { runtime.arguments = newValue }
    }

    /// Receives each warning of an entry: the compiler's before the entry runs, then any its
    /// statements raise while they run (`marbles save` replacing a file it did not write).
    public var warn: (Diagnostic) -> Void {
        get { runtime.warn }
        set { runtime.warn = newValue }
    }

    /// The most bytes of output one entry may write — its prints, echoes, `trace` and
    /// `marbles` lines together — or nil (the default) for no bound. The write that goes past
    /// it is cut at the limit and stops the entry with an "output size limit" error at the
    /// statement running; the session goes on. `tapline --machine` sets
    /// `Limits.requestOutputBytes`, since its reply holds a request's output whole.
    public var outputLimit: Int? {
        get { runtime.outputLimit }
        set { runtime.outputLimit = newValue }
    }

    /// Polled at safe points while a program runs; return true to stop it ("interrupted").
    public var isInterrupted: () -> Bool {
        get { runtime.isInterrupted }
        set { runtime.isInterrupted = newValue }
    }

    /// Whether every stage's events are recorded for `marbles` and `trace` (DESIGN §8): the
    /// REPL, notebooks and `--machine` turn it on; a script turns it on by using `marbles` or
    /// `trace`. Once on, it stays on; stages compiled before it was on are not recorded.
    public var recordsEvents: Bool {
        get { runtime.recorder != nil }
        set { if newValue { runtime.startRecording() } }
    }

    /// Whether `trace` is on: every event printed as it happens (`tapline --trace`).
    public var traces: Bool {
        get { runtime.recorder?.isTracing ?? false }
        set {
            if newValue { runtime.startRecording() }
            runtime.recorder?.isTracing = newValue
        }
    }

    /// Where `trace` lines go; by default, with the program's output as plain text.
    public var traceOutput: (TraceLine) -> Void {
        get { runtime.traceOutput }
        set { runtime.traceOutput = newValue }
    }

    /// Whether `marbles save FILE` writes its file. Off, the picture is drawn and let go, with
    /// a warning that no file was written: a lesson's demonstration and check (a lesson is
    /// text to read, and must not write files) and the fuzzer (whose inputs could name any path).
    public var writesFiles: Bool {
        get { runtime.writesFiles }
        set { runtime.writesFiles = newValue }
    }

    /// What writes `marbles save`'s files: a host that makes new sessions (the REPL's `:reset`)
    /// hands each the same one, so a file written before is known as its own.
    public var files: FileWriter {
        get { runtime.files }
        set { runtime.files = newValue }
    }

    /// How many columns `marbles` may use (a terminal's width; 80 otherwise).
    public var diagramWidth: Int {
        get { runtime.diagramWidth }
        set { runtime.diagramWidth = max(40, newValue) }
    }

    /// Asked for the terminal's width each time `marbles` draws, so that the diagram follows a
    /// resized window (nil: `diagramWidth` stands).
    public var terminalWidth: (() -> Int?)? {
        get { runtime.terminalWidth }
        set { runtime.terminalWidth = newValue }
    }

    /// Receives each drawing of a view's body (`var body: some View { … }`) instead of the
    /// program's output, which by default shows it as a box of text: a notebook shows it as
    /// HTML, in place.
    public func drawViews(_ receive: @escaping (ViewDrawing) -> Void) {
        runtime.drawView = receive
    }

    /// Runs `text` (a script, or one REPL entry). Returns the first error, if any.
    /// `name` is what diagnostics call the text (a file name, `<repl>`).
    @discardableResult
    public func run(_ text: String, name: String = "<input>") -> Diagnostic? {
        run(text, name: name, execute: true)
    }

    /// Runs `text` as a whole script: then, if it ran without error, on until the clock is
    /// quiet (`runUntilQuiet`), as `tapline FILE` ends one.
    @discardableResult
    public func runScript(_ text: String, name: String = "<input>") -> Diagnostic? {
        run(text, name: name) ?? runUntilQuiet()
    }

    /// Parses and compiles `text` without running it (`tapline --check`).
    public func check(_ text: String, name: String = "<input>") -> Diagnostic? {
        run(text, name: name, execute: false)
    }

    private func run(_ entry: String, name: String, execute: Bool) -> Diagnostic? {
        guard entry.utf8.count <= Limits.scriptBytes else {
            // Only the start of its first line joins the session: enough for the caret, and
            // the oversized entry is not kept.
            let start = text.append(String(entry.prefix { $0 != "\n" }.prefix(200)), name: name)
            return Diagnostic.error(Messages.scriptTooLarge(Limits.scriptBytes), at: SourceRange(start, start))
        }
        runtime.outputWritten = 0
        // Before the entry's bytes are copied in: they are the first large block.
        let host = LongEntryHost.isLong(entry.utf8.count) ? longEntryHost : nil
        host?.beginEntry()
        defer { host?.endEntry() }
        let start = text.append(entry, name: name)
        // A script that draws or traces is recorded from its first stage on (so a benchmark
        // pays nothing), known from its statements before it compiles (DESIGN §8). A check
        // runs nothing, so records nothing.
        if execute, !recordsEvents, Interpreter.hasRecordingStatement(text.source, from: start, isInterrupted: runtime.isInterrupted) { recordsEvents = true }
        // 1–2. Lex, parse and compile.
        let compiler: Compiler, program: [CompiledStatement]
        do {
            (compiler, program) = try compileEntry(from: start, keepingSteps: execute)
        } catch {
            return error
        }
        compiler.warnings.forEach(warn)
        guard execute else {
            checkedEntry = (program, compiler)
            return nil
        }
        checkedEntry = nil
        globals = compiler.globals
        // 3. Run the top-level statements in order; the first error stops the entry.
        let frame = Frame.make(size: compiler.topLevelFrameSize, parent: nil)
        runtime.stack = StackGuard.current()
        for (index, (range, step)) in program.enumerated() {
            runtime.statementRange = range
            do {
                try step.run(frame)
                if Interpreter.endsAnEntry(range, before: index + 1 < program.count ? program[index + 1].range : nil) {
                    runtime.clock.runImmediateWork(shouldStop: runtime.clockShouldStop(at: range))
                    try runtime.throwPending()
                }
                try ContractViolations.shared.check(range)
            } catch {
                runtime.recover()
                forgetUninitialized(compiler.declared, restoring: compiler.replaced)
                return diagnostic(for: error, in: range)
            }
        }
        return nil
    }

    /// The end of a script (DESIGN §9): after its last statement the clock runs on while work
    /// scheduled once is waiting — an `asyncAfter`, a `delay`, a `debounce`, a Future that
    /// answers later — as a playground page shows everything once it goes quiet. Repeating
    /// timers tick on the way but are not waited for; past `Limits.quietTime` of virtual time
    /// the clock stops with a warning. Returns the first error the work raised, as `run` does.
    /// The REPL never calls it: there time moves only with `wait`.
    public func runUntilQuiet() -> Diagnostic? {
        let range = runtime.statementRange ?? .zero
        let (end, overflow) = runtime.clock.now.nanoseconds.addingReportingOverflow(Limits.quietTime)
        let stop = runtime.clockShouldStop(at: range)
        do {
            let stopped = runtime.clock.runUntilQuiet(limit: VirtualTime(nanoseconds: overflow ? .max : end), shouldStop: stop)
            try runtime.throwPending()
            try runtime.checkInterrupt(range)
            if stopped { warn(Diagnostic.warning(Messages.quietTimeLimit(Limits.quietTime), at: range)) }
            return nil
        } catch {
            runtime.recover()
            return diagnostic(for: error, in: range)
        }
    }

    /// A compiled top-level statement, and where it stands (what its run's errors point at).
    private typealias CompiledStatement = (range: SourceRange, step: Step)

    /// Reads the entry from `start` a statement at a time, and resolves names, checks types
    /// and compiles every closure of each statement as it is read: all before anything runs,
    /// and with one statement's syntax tree held at a time, not a long script's whole tree.
    /// A syntax error anywhere is the error reported, before one found compiling (the rest of
    /// the entry is read on to look for one), as if the whole entry were parsed first.
    /// A check (`keepingSteps` false) lets go of each statement's code as soon as it is
    /// compiled too (it never runs, and only the declarations are needed to compile the
    /// rest), and makes no fast paths.
    private func compileEntry(from start: SourceLocation, keepingSteps: Bool) throws(Diagnostic) -> (Compiler, [CompiledStatement]) {
        var statements = StatementSource(text.source, from: start, isInterrupted: runtime.isInterrupted, readsAhead: readsAhead,
                                         host: longEntryHost)
        defer { statements.finish() }
        let compiler = Compiler(runtime: runtime, globals: globals, source: text.source, echoes: echoes)
        // Fast paths only make code run faster, and find no error: a check, which runs
        // nothing, makes none.
        compiler.fastPaths = fastPaths && keepingSteps
        if keepingSteps { runtime.retiming.isOn = fastPaths }
        compiler.keepsCode = keepingSteps
        var program: [CompiledStatement] = []
        do throws(Diagnostic) {
            while let statement = try statements.next() {
                do throws(Diagnostic) {
                    let step = try compiler.statement(statement)
                    if keepingSteps { program.append((statement.range, step)) }
                } catch {
                    while try statements.next() != nil {}
                    throw error
                }
            }
            try compiler.compileDeferredBodies()
        } catch {
            releaseDeclarations(of: compiler)
            throw error
        }
        return (compiler, program)
    }

    /// Whether every statement of `text` is `marbles` or `trace`: an entry that only shows the
    /// run, which `:swift` leaves out of the program it exports.
    public static func onlyShowsTime(_ text: String) -> Bool {
        guard let statements = try? Parser.parse(text), !statements.isEmpty else { return false }
        return statements.allSatisfy { statement in
            switch statement.kind {
            case .marbles, .trace: return true
            default: return false
            }
        }
    }

    /// Whether the entry from `start` has a `trace` or `marbles` statement anywhere, in a
    /// func, a button or a view as well as at the top level: read by a parser of its own,
    /// each tree let go of as soon as it is read. A syntax error ends the reading; compiling
    /// reports it.
    static func hasRecordingStatement(_ source: SourceCharacters, from start: SourceLocation,
                                      isInterrupted: @escaping () -> Bool = { false }) -> Bool {
        // Both are keywords, which Swift spells with no escapes: a text without either word
        // has no such statement, and most scripts need not be parsed a second time.
        guard source.contains("trace", from: start.offset) || source.contains("marbles", from: start.offset) else { return false }
        var parser = Parser.reader(source, from: start, isInterrupted: isInterrupted)
        while !parser.readRecordingStatement {
            guard let statement = try? parser.nextStatement() else { break }
            withExtendedLifetime(statement) {}
        }
        return parser.readRecordingStatement
    }

    /// Adds text to the session's source without running it (the Swift exporter reads it).
    func appendSource(_ entry: String, name: String) -> SourceLocation { text.append(entry, name: name) }

    /// Ends the session (`:reset`): cancels every subscription it holds — kept for the
    /// session, stored with `let`, in a bag or a view's bag, a custom subscriber's — drops what
    /// the clock was to run and forgets every declaration, so that nothing of it stays in
    /// memory (its closures and subjects hold one another until cancelled).
    public func close() {
        runtime.runsDeinit = false
        checkedEntry = nil
        // In the order they were declared (as `:list` lists them): a dictionary's order
        // changes from run to run, and with `trace` on each cancel prints a line.
        for entity in globals.values.sorted(by: { $0.range.start.offset < $1.range.start.offset }) {
            Interpreter.release(entity)
        }
        globals.removeAll()
        forgotten.forEach(Interpreter.release)
        forgotten.removeAll()
        runtime.close()
    }

    /// Breaks what a declaration holds of itself and of the rest (a func's body, a view's
    /// code, a subject's subscribers), so that it and what it reaches can be let go.
    static func release(_ entity: Entity) {
        switch entity.kind {
        case .subscription(let box): box.token?.cancel(); box.token = nil
        case .bag(let box): box.tokens.forEach { $0.cancel() }; box.tokens.removeAll()
        case .view(let box):
            box.bag.forEach { $0.cancel() }
            box.bag.removeAll()
            (box.appear, box.disappear) = (nil, nil)
            box.functions.forEach { $0.body = nil }
            box.properties.forEach { $0.box.value = .void }
            box.body = nil
        case .subscriber(let box): box.subscriber?.cancel(); box.subscriber = nil
        case .button(let box): box.action = nil
        case .function(let box): box.body = nil
        case .stream(let box): box.publisher = nil
        case .value(let box): box.value = .void
        case .subject(let subject): subject.releaseAllSubscribers()
        case .current(let subject): subject.releaseAllSubscribers()
        case .published(let subject): subject.releaseAllSubscribers()
        case .type(let type): type.release()
        case .typeAlias: break
        }
    }

    /// Makes what the core reports where Combine would trap (requesting `.none`, a negative
    /// count) an error of the statement that caused it, instead of the end of the process.
    /// The language checks those before it calls the core; this is for one it missed. Call it
    /// once, before any program runs (the `tapline` command does, at start-up).
    /// It takes `ContractViolation.lock`, as whoever replaces the report for a while does, so
    /// that it cannot replace one that is standing in meanwhile.
    public static func reportContractViolationsAsErrors() {
        ContractViolation.lock.withLock { _ in ContractViolation.report = ContractViolations.shared.report }
    }

    /// An entry is a top-level statement with its continuation lines, or several statements
    /// `;`-separated on one line (DESIGN §8): it ends unless the next statement starts on the
    /// line where this one ends.
    private static func endsAnEntry(_ statement: SourceRange, before next: SourceRange?) -> Bool {
        guard let next else { return true }
        return next.start.line != statement.end.line
    }

    /// A declaration whose statement never ran (an earlier statement failed) is forgotten,
    /// so the session keeps exactly what was really declared.
    private func forgetUninitialized(_ names: [String], restoring replaced: [String: Entity]) {
        for name in names where globals[name]?.isInitialized == false {
            // Kept aside, not let go now: a func declared earlier in the entry may call it.
            if let entity = globals[name] { forgotten.append(entity) }
            globals[name] = replaced[name]
        }
    }

    /// What an entry that failed to compile declared, which the session never gets: let go as
    /// `close()` lets go of the session's (a func that calls itself holds itself through its
    /// body, and would otherwise leak with everything it reaches).
    private func releaseDeclarations(of compiler: Compiler) {
        for name in compiler.declared {
            if let entity = compiler.globals[name], entity !== globals[name] { Interpreter.release(entity) }
        }
    }

    /// A run-time error as the user sees it: where it was raised, and — when that is outside
    /// the statement (in a closure declared earlier) — a note pointing at the statement.
    private func diagnostic(for error: any Error, in statement: SourceRange) -> Diagnostic {
        guard var diagnostic = (error as? RuntimeError ?? (error as? ThrownError)?.uncaught)?.diagnostic else {
            return Diagnostic.error(Messages.internalError(error), at: statement)
        }
        let inside = diagnostic.range.start >= statement.start && diagnostic.range.end <= statement.end
        if !inside { diagnostic.notes.append(Diagnostic.Note(Messages.triggeredHere, at: statement)) }
        return diagnostic
    }

    /// Formats a diagnostic with the name and line numbers of the piece of text it is in.
    /// The decorator styles its parts (the tool colours them on a terminal).
    public func format(_ diagnostic: Diagnostic, decorator: any DiagnosticDecorator = PlainDecorator()) -> String {
        let (name, local) = text.localize(diagnostic)
        return DiagnosticFormatter(decorator: decorator).format(local, source: text.source, fileName: name, noteFileNames: text.noteNames(diagnostic))
    }

    /// The diagnostic with its lines (and its notes' lines) counted within the piece of text
    /// it is in, and that piece's name: what `format` writes, as data (`tapline --machine`).
    /// `noteNames[i]` names the text of note i.
    public func locate(_ diagnostic: Diagnostic) -> (name: String, diagnostic: Diagnostic, noteNames: [String]) {
        let (name, local) = text.localize(diagnostic)
        return (name, local, text.noteNames(diagnostic))
    }

    /// True when `text` stops inside an open `{`, `(`, `[` or string: the REPL asks for more.
    public static func isIncomplete(_ text: String) -> Bool {
        do {
            _ = try Parser.parse(text)
            return false
        } catch {
            return error.isIncompleteInput
        }
    }
}
