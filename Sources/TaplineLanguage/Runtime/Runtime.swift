import TaplineReactive

/// A subscription made at the top level without `let`: kept alive for the session, as the
/// Swift REPL keeps a result alive; the REPL lists and cancels these by number.
public struct LiveSubscription {
    public var id: Int
    let source: SourceText
    let token: AnyCancellable
    /// Whether its stream has ended: it is then no longer listed.
    let hasEnded: () -> Bool

    /// The chain as written.
    public var chain: String { source.description }
}

/// The state of a running program (a script, or a whole REPL session).
final class Runtime {
    /// Where program output goes (`print`, `.print("tag")`), as raw text.
    var output: (String) -> Void
    let clock = VirtualTimeScheduler()
    /// How long one frame of a marble string is (`frame 50ms`); RxJS's default is 1ms, ours
    /// 100ms, so that a string a few dozen frames long spans seconds.
    var frameNanoseconds: Int64 = 100_000_000
    /// The program is the `ObservableObject`: its `published` values are the @Published
    /// properties, and this is their `objectWillChange`.
    let objectWillChange = ObservableObjectPublisher()
    /// `objectWillChange` as the language's publishers carry it: `()` values, never failing.
    private(set) lazy var objectWillChangeStream: AnyPublisher<Value, ScriptFailure> =
        objectWillChange.map { Value.void }.setFailureType(to: ScriptFailure.self).eraseToAnyPublisher()
    /// What every stage did, for `trace` and `marbles`; nil (recording off) costs nothing.
    private(set) var recorder: Recorder?
    /// Whether `marbles save` writes its file (`Interpreter.writesFiles`).
    var writesFiles = true
    /// Writes `marbles save`'s files, and remembers which it wrote (replacing one of those
    /// again says nothing).
    var files = FileWriter()
    /// Receives warnings: the compiler's before an entry runs, and those a running statement
    /// raises (`marbles save` replacing a file).
    var warn: (Diagnostic) -> Void = { _ in }
    /// How wide `marbles` draws (the terminal's width, or 80).
    var diagramWidth = 80
    /// Asked for the terminal's width at each `marbles`, so that a diagram follows a resized
    /// window; nil (or a nil answer) keeps `diagramWidth`.
    var terminalWidth: (() -> Int?)?
    /// The width the next diagram is drawn in.
    var currentDiagramWidth: Int { terminalWidth?().map { max(40, $0) } ?? diagramWidth }

    /// Where `trace` lines go: with the program's output unless the host colours them.
    lazy var traceOutput: (TraceLine) -> Void = { [unowned self] line in self.write(line.text) }

    /// Turns recording on from now: stages compiled from here on are recorded.
    func startRecording() {
        guard recorder == nil else { return }
        recorder = Recorder(clock: clock) { [link] line in link.runtime?.traceOutput(line) }
    }

    /// Checked at safe points (each loop turn, each event, each timer): true stops the run.
    var isInterrupted: () -> Bool = { false }
    let feedbackLimit: Int
    /// The value of the `return` being unwound, until its closure or func takes it.
    var returned = Value.void

    /// Takes the returned value, leaving nothing behind.
    func takeReturned() -> Value {
        defer { returned = .void }
        return returned
    }

    /// How deeply `func` calls are nested now, and the bound on it.
    var callDepth = 0
    static let maximumCallDepth = 500

    /// One depth budget for all re-entrant work (`Limits.recursionDepth`): deliveries to
    /// closures, func calls, taps, views and clock runs nested in one another all count, so
    /// no ring of subjects, self-tapping button or self-showing view can exhaust the stack.
    private(set) var depth = 0
    /// The stack of the thread running the entry: the backstop of the depth budget.
    var stack = StackGuard.current()

    /// The script's command-line arguments (`tapline FILE ARGS…`), as `arguments`.
    var arguments: [String] = []

    /// The first error raised inside event delivery, where it cannot be thrown; once set,
    /// delivery stops, and the `Step` of the statement that started it throws it.
    private(set) var pendingError: RuntimeError?
    private var deliveries = 0
    /// Raised exactly while an error is pending: the core's stages that call the program's
    /// closures then act on nothing they return (`StopSignal`), as after a trap in Swift.
    let stop = StopSignal()
    /// The same, read by every delivery: a field of the runtime's own is one load less.
    private(set) var isAborting = false

    private func setAborting(_ aborting: Bool) {
        isAborting = aborting
        stop.isRaised = aborting
    }
    /// The top-level statement now running, to locate errors raised during delivery.
    var statementRange: SourceRange?
    /// Where subscriptions made now are kept: the view whose `on appear` is running.
    var bagOwners: [ViewBox] = []
    private(set) var live: [LiveSubscription] = []
    private var nextLiveID = 1

    init(output: @escaping (String) -> Void, feedbackLimit: Int) {
        self.output = output
        self.feedbackLimit = feedbackLimit
        // The clock's end is an error, never a silent saturation: a timer ticking there would
        // tick at one instant, and a `schedule(after:)` past it would run early.
        clock.whenPastEnd = { [unowned self] in
            self.raise(RuntimeError(Messages.clockEnd(waiting: false), at: self.statementRange ?? .zero))
        }
    }

    /// The `marbles` diagram of what was recorded, up to now; nil while recording is off.
    /// `forPicture`: it keeps each mark's events, for the SVG's tooltips.
    func marbleDiagram(forPicture: Bool) -> MarbleDiagram? {
        recorder.map { MarbleDiagram($0, frameLength: frameNanoseconds, now: clock.now.nanoseconds, keepsEvents: forPicture) }
    }

    /// Where a view's body is drawn (`Interpreter.drawViews`); by default its box of text
    /// joins the program's output.
    lazy var drawView: (ViewDrawing) -> Void = { [unowned self] drawing in
        if let text = drawing.text { writeRaw(text) }
    }

    /// Where the REPL's echo of an expression's value goes (one line, no newline).
    var echo: (String) -> Void = { _ in }

    /// The most bytes of output (prints, echoes, `trace` and `marbles`) one entry may write
    /// (`Interpreter.outputLimit`); nil for no bound.
    var outputLimit: Int?
    /// What the running entry has written so far, counted against `outputLimit`.
    var outputWritten = 0

    /// Writes one line of program output.
    func write(_ line: String) { limited(line + "\n", output) }
    /// Writes text as it is (a `print` with its own terminator).
    func writeRaw(_ text: String) { limited(text, output) }
    /// Echoes an expression's value (the sink adds the newline, which counts too).
    func writeEcho(_ line: String) { limited(line, adding: 1, echo) }

    /// Passes `text` to `sink` while the output limit has room for it and the `adding` bytes
    /// the sink appends; the first write past it passes what fits and stops the entry.
    @inline(__always) private func limited(_ text: String, adding extra: Int = 0, _ sink: (String) -> Void) {
        guard let limit = outputLimit else { return sink(text) }
        let size = text.utf8.count + extra
        guard outputWritten + size > limit else {
            outputWritten += size
            return sink(text)
        }
        overflow(text, room: limit - outputWritten - extra, limit: limit, sink)
    }

    @inline(never) private func overflow(_ text: String, room: Int, limit: Int, _ sink: (String) -> Void) {
        if room > 0 {
            // Cut where a character's UTF-8 starts, so what was kept stays valid text.
            var end = text.utf8.index(text.utf8.startIndex, offsetBy: room)
            while end > text.utf8.startIndex, UTF8.isContinuation(text.utf8[end]) { end = text.utf8.index(before: end) }
            sink(String(text[..<end]))
        }
        outputWritten = limit
        raise(RuntimeError(Messages.outputTooLarge(limit), at: statementRange ?? .zero))
    }

    /// Records an error raised during delivery and stops further delivery.
    func raise(_ error: RuntimeError) {
        if pendingError == nil { pendingError = error }
        setAborting(true)
    }

    /// Runs code called back by a publisher, turning a thrown error into a pending one.
    @inline(__always) func deliver(_ body: () throws -> Void) {
        guard !isAborting else { return }
        // Polling the interrupt flag on every event would cost more than many events do.
        deliveries &+= 1
        if deliveries & 1023 == 0, isInterrupted() {
            raise(RuntimeError(Messages.interrupted, at: statementRange ?? .zero))
            return
        }
        // Inlined at every delivery: the check is two comparisons, the error out of line.
        // The stack is looked at every 16th delivery, whatever the depth: the backstop for
        // nesting that no count sees (a subscription to a closure's publisher counts, through
        // `nested`); 16 such steps are far less than the reserve.
        let level = depth
        guard level < Limits.recursionDepth, deliveries & 15 != 0 || !stack.isLow else {
            raiseTooDeep()
            return
        }
        depth = level + 1
        do {
            try body()
        } catch let error as RuntimeError {
            raise(error)
        } catch let error as ThrownError {
            raise(error.uncaught)
        } catch {
            raise(RuntimeError(Messages.internalError(error), at: statementRange ?? .zero))
        }
        depth = level   // every error is caught above, so this always runs
    }

    @inline(never) private func raiseTooDeep() {
        raise(RuntimeError(Messages.recursionDepthLimit(Limits.recursionDepth), at: statementRange ?? .zero))
    }

    /// Runs a closure that may throw, called back by a core `try…` operator: what the program
    /// threw goes on to fail the stream; any other error is parked as in `deliver`, and the
    /// stream fails too (delivery has stopped, so no one sees that failure).
    func deliverThrowing(_ body: () throws -> Value) throws -> Value {
        guard !isAborting else { throw DeliveryStopped() }
        do {
            return try body()
        } catch let error as ThrownError {
            throw error
        } catch let error as RuntimeError {
            raise(error)
        } catch {
            raise(RuntimeError(Messages.internalError(error), at: statementRange ?? .zero))
        }
        throw DeliveryStopped()
    }

    /// Ends a stream whose delivery has stopped.
    struct DeliveryStopped: Error {}

    /// Throws the pending error, if any, and clears it so the session can go on. `Step.run`
    /// calls it after every statement; nothing else needs to.
    func throwPending() throws {
        // `isAborting` is set exactly when an error is pending, and is one byte to test
        // (the error is a large optional): this runs after every statement.
        guard isAborting, let error = pendingError else { return }
        pendingError = nil
        setAborting(false)
        throw error
    }

    /// Runs re-entrant work (a func's body, a button's action, a view's `on appear`, a clock
    /// run, a subscription to a closure's publisher) as one level of the depth budget; past it, the recursion-depth error, at the
    /// running statement (at `range` only outside one) whether the count or the stack ran out
    /// first, as delivery's error does: which of the two trips first depends on frame sizes
    /// (a recorded chain's taps, a test's smaller stack), and what is printed must not.
    func nested<T>(at range: SourceRange, _ body: () throws -> T) throws -> T {
        guard depth < Limits.recursionDepth, !stack.isLow else {
            throw RuntimeError(Messages.recursionDepthLimit(Limits.recursionDepth), at: statementRange ?? range)
        }
        // A recursion with nothing delivered in it (a view shown from its own handler) turns
        // no loop either: Ctrl-C is looked for here too, reported where the depth error is.
        try pollInterrupt(statementRange ?? range)
        depth += 1
        defer { depth -= 1 }
        return try body()
    }

    /// What the clock checks before each action it runs: an interrupt, an error, or too
    /// many actions at one instant (a zero delay that feeds itself never lets time move).
    func clockShouldStop(at range: SourceRange) -> () -> Bool {
        var instant = clock.now
        var count = 0
        var total = 0
        return { [unowned self] in
            if self.isAborting { return true }
            if self.clock.now != instant {
                instant = self.clock.now
                count = 0
            }
            count += 1
            total &+= 1
            if count > Limits.eventsPerInstant {
                self.raise(RuntimeError(Messages.eventsPerInstantLimit(Limits.eventsPerInstant, at: instant.description), at: range))
                return true
            }
            // Polled across instants: a timer ticking once per instant must not escape Ctrl-C.
            if total & 255 == 0, self.isInterrupted() {
                self.raise(RuntimeError(Messages.interrupted, at: range))
                return true
            }
            return false
        }
    }

    /// Clears an abort after a failed top-level statement.
    func recover() {
        depth = 0
        callDepth = 0
        pendingError = nil
        setAborting(false)
        bagOwners.removeAll()
    }

    func checkInterrupt(_ range: SourceRange) throws {
        if isInterrupted() { throw RuntimeError(Messages.interrupted, at: range) }
    }

    /// `checkInterrupt` at every 16th turn of a loop: asking the host is a closure call, costly
    /// beside a short body, and 16 turns of any body take far less than a keystroke.
    @inline(__always) func pollInterrupt(_ range: SourceRange) throws {
        turns &+= 1
        if turns & 15 == 0 { try checkInterrupt(range) }
    }
    private var turns = 0

    /// Keeps a new subscription: in the view being shown, else for the session.
    func keep(_ subscribed: Subscribed, chain: SourceText) {
        if let owner = bagOwners.last {
            owner.bag.append(subscribed.token)
        } else {
            // Ended ones are dropped as the list doubles (as `track` does), not at every keep:
            // a loop that subscribes n times would otherwise ask n² times.
            if live.count >= 64, live.count.nonzeroBitCount == 1 { live.removeAll { $0.hasEnded() } }
            live.append(LiveSubscription(id: nextLiveID, source: chain, token: subscribed.token, hasEnded: subscribed.hasEnded))
            nextLiveID += 1
        }
    }

    /// The session's subscriptions whose streams go on (those that ended are let go of).
    var liveSubscriptions: [LiveSubscription] {
        live.removeAll { $0.hasEnded() }
        return live
    }

    /// Swift's `Result<Success, Failure>`: an enum of two cases, `success` and `failure`, each
    /// with one value of any type.
    private(set) lazy var resultType: UserType = {
        let type = UserType(name: "Result", kind: .enum)
        type.cases = [EnumCase(name: "success", labels: [nil], types: [.unknown], rawValue: nil),
                      EnumCase(name: "failure", labels: [nil], types: [.unknown], rawValue: nil)]
        return type
    }()

    /// Whether the work running is the main queue's (`Thread.isMainThread`): false while a
    /// background queue's work runs (`SessionQueue`).
    var onMainQueue = true
    /// Whether the program's schedulers move a waiting timer instead of cancelling it and
    /// making another (`VirtualClockScheduler.retime`): a fast path, on with the entry's
    /// others (`Interpreter.fastPaths`).
    let retiming = FastPathSwitch()
    /// The schedulers a program names (`Queues.swift`): the main queue and the background
    /// queues are the clock; the immediate scheduler runs work at once.
    private(set) lazy var mainQueue = SessionQueue(.main, clock: clock, runtime: self)
    private(set) lazy var backgroundQueue = SessionQueue(.background, clock: clock, runtime: self)
    private(set) lazy var immediateQueue = SessionQueue(.immediate, clock: clock, runtime: self)

    /// Combine's `AnySubscriber` made of closures: a class of three fields (`UserMembers.swift`).
    private(set) lazy var anySubscriberType: UserType = {
        let type = AnySubscriberType.make()
        type.runtimeLink = link
        return type
    }()

    /// The names of every member of the program's types (`$name` for a `@Published` one's
    /// publisher): only an expression naming one is compiled as a member of such a type.
    var userMemberNames: Set<String> = ["Result", "success", "failure", "get"]

    /// Whether a class instance's `deinit` runs when its last reference goes: not once the
    /// session ends, as a playground's top-level objects are never let go.
    var runsDeinit = true

    /// The way back to this runtime for what it holds (`RuntimeLink`).
    private(set) lazy var link = RuntimeLink(self)

    deinit { link.runtime = nil }

    /// The instances of the program's classes that are alive, by identity: at the session's end
    /// those still alive — kept by a retain cycle the program made, as Swift would keep them —
    /// let go of what they hold, so that closing a session frees it. Held unretained, and
    /// taken out by the instance as it goes (`Instance.deinit`), not held weakly: a weak
    /// reference gives its object a side table, through which every retain and release of
    /// the object then goes, and an instance is retained at each use of it.
    private var instances: [ObjectIdentifier: Unmanaged<Instance>] = [:]

    /// Notes a class's new instance (of a type whose `runtimeLink` is this runtime's).
    func track(_ instance: Instance) {
        instances[ObjectIdentifier(instance)] = .passUnretained(instance)
    }

    /// Forgets an instance that is going (`Instance.deinit`).
    func untrack(_ instance: Instance) { instances[ObjectIdentifier(instance)] = nil }

    /// Runs a `deinit`: an error in it is reported as any error in delivery is.
    func runDeinit(_ box: FunctionBox, of instance: Value) {
        deliver { _ = try UserMembers.invoke(box, name: "deinit", receiver: instance, [], range: statementRange ?? .zero) }
    }

    /// Cancels everything the session keeps and what the clock was to run (`Interpreter.close`).
    func close() {
        runsDeinit = false
        // Every instance listed is alive (one that went took itself out), and is held here
        // while the others let go of their fields.
        let alive = instances.values.map { $0.takeUnretainedValue() }
        instances.removeAll()
        for instance in alive { instance.releaseFields() }
        live.forEach { $0.token.cancel() }
        live.removeAll()
        clock.cancelAll()
        returned = .void
    }

    /// Cancels a session subscription by number; false if there is none.
    func cancelLive(_ id: Int) -> Bool {
        guard let index = live.firstIndex(where: { $0.id == id && !$0.hasEnded() }) else { return false }
        live.remove(at: index).token.cancel()
        return true
    }
}

/// The way back to the runtime for what the runtime holds and what must not keep it alive:
/// the program's types, their methods, their instances, the recorder. Not a weak reference:
/// an object referred to weakly gets a side table, through which every retain and release of
/// it then goes, and the runtime is retained several times for each event. The runtime
/// clears the link as it goes, so a holder that outlives it finds nil.
final class RuntimeLink {
    fileprivate(set) unowned(unsafe) var runtime: Runtime?

    fileprivate init(_ runtime: Runtime) { self.runtime = runtime }
}
