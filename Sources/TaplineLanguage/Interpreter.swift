import TaplineReactive

/// Runs Tapline programs: a whole script, or a REPL session one entry at a time.
///
/// The whole pipeline is `run(_:)`: parse, compile (resolving names and checking types
/// before anything runs), then run each top-level statement. Declarations persist across
/// entries; an entry that fails leaves what was declared before it intact.
public final class Interpreter {
    /// What the session has been given so far, so that every location — including one inside
    /// a closure from an earlier REPL entry — can be shown with its line.
    public private(set) var source: [Character] = []
    private var end = SourceLocation(line: 1, column: 1, offset: 0)
    /// Where each piece of `source` came from, so a location can be shown as its file's own
    /// line: a script, a `:load`ed file, or one REPL entry.
    private var segments: [(start: SourceLocation, name: String)] = []
    private var globals: [String: Entity] = [:]
    private let runtime: Runtime
    private let echoes: Bool

    /// - Parameters:
    ///   - output: receives program output (`print`, `.print("tag")`), as raw text.
    ///   - echoes: whether an expression on its own prints its value (the REPL).
    ///   - feedbackLimit: how deeply a subject's sends may nest before a "feedback loop" error.
    public init(output: @escaping (String) -> Void, echoes: Bool = false, feedbackLimit: Int = 1000) {
        runtime = Runtime(output: output, feedbackLimit: feedbackLimit)
        self.echoes = echoes
        runtime.echo = { output($0 + "\n") }
    }

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

    /// Polled at safe points while a program runs; return true to stop it ("interrupted").
    public var isInterrupted: () -> Bool {
        get { runtime.isInterrupted }
        set { runtime.isInterrupted = newValue }
    }

    /// Runs `text` (a script, or one REPL entry). Returns the first error, if any.
    /// `name` is what diagnostics call the text (a file name, `<repl>`).
    @discardableResult
    public func run(_ text: String, name: String = "<input>") -> Diagnostic? {
        run(text, name: name, execute: true)
    }

    /// Parses and compiles `text` without running it (`tapline --check`).
    public func check(_ text: String, name: String = "<input>") -> Diagnostic? {
        run(text, name: name, execute: false)
    }

    private func run(_ text: String, name: String, execute: Bool) -> Diagnostic? {
        let start = append(text)
        segments.append((start, name))
        // 1. Lex and parse.
        let statements: [Stmt]
        do {
            statements = try Parser.parse(source, from: start)
        } catch {
            return error
        }
        // 2. Resolve names, check types and compile every closure, before anything runs.
        let compiler = Compiler(runtime: runtime, globals: globals, source: source, echoes: echoes)
        let program: [(Stmt, Action)]
        do {
            program = try compiler.compileProgram(statements)
        } catch let diagnostic as Diagnostic {
            return diagnostic
        } catch {
            return Diagnostic.error("\(error)", at: statements.first?.range ?? .zero)
        }
        guard execute else { return nil }
        globals = compiler.globals
        // 3. Run the top-level statements in order.
        let frame = Frame(size: compiler.topLevelFrameSize, parent: nil)
        for (statement, action) in program {
            runtime.statementRange = statement.range
            do {
                try action(frame)
                try runtime.throwPending()
            } catch {
                runtime.recover()
                forgetUninitialized(compiler.declared, restoring: compiler.replaced)
                return diagnostic(for: error, in: statement)
            }
        }
        return nil
    }

    /// Appends an entry to the session's text; returns where it starts.
    private func append(_ text: String) -> SourceLocation {
        var entry = Array(text)
        if entry.last != "\n" { entry.append("\n") }
        let start = end
        source += entry
        let newlines = entry.reduce(0) { $0 + ($1 == "\n" ? 1 : 0) }
        end = SourceLocation(line: end.line + newlines, column: 1, offset: source.count)
        return start
    }

    /// A declaration whose statement never ran (an earlier statement failed) is forgotten,
    /// so the session keeps exactly what was really declared.
    private func forgetUninitialized(_ names: [String], restoring replaced: [String: Entity]) {
        for name in names where globals[name]?.isInitialized == false { globals[name] = replaced[name] }
    }

    private func diagnostic(for error: Error, in statement: Stmt) -> Diagnostic {
        guard let runtimeError = error as? RuntimeError else {
            return Diagnostic.error("\(error)", at: statement.range)
        }
        var diagnostic = runtimeError.diagnostic
        let inside = runtimeError.range.start >= statement.range.start && runtimeError.range.end <= statement.range.end
        if !inside { diagnostic.notes.append(Diagnostic.Note(Messages.triggeredHere, at: statement.range)) }
        return diagnostic
    }

    /// The message of the diagnostic a Ctrl-C produces.
    public static let interruptedMessage = Messages.interrupted

    /// Renders a diagnostic with the name and line numbers of the piece of text it is in.
    public func render(_ diagnostic: Diagnostic, useColor: Bool) -> String {
        let (name, relative) = localize(diagnostic)
        return DiagnosticRenderer(useColor: useColor).render(relative, source: source, fileName: name)
    }

    private func localize(_ diagnostic: Diagnostic) -> (String, Diagnostic) {
        func segment(of location: SourceLocation) -> (start: SourceLocation, name: String)? {
            segments.last { $0.start.offset <= location.offset }
        }
        func shifted(_ range: SourceRange) -> SourceRange {
            guard let base = segment(of: range.start)?.start else { return range }
            var copy = range
            copy.start.line -= base.line - 1
            copy.end.line -= base.line - 1
            return copy
        }
        var copy = diagnostic
        copy.range = shifted(diagnostic.range)
        copy.notes = diagnostic.notes.map { note in
            var note = note
            note.range = note.range.map(shifted)
            return note
        }
        return (segment(of: diagnostic.range.start)?.name ?? "<input>", copy)
    }

    // MARK: - What the session holds (for the REPL's :list and completion)

    /// One declared name.
    public struct Declaration: Equatable, Sendable {
        /// The keyword that declared it: `button`, `subject`, `current`, `published`,
        /// `subscriber`, `func`, `view`, `let`.
        public var keyword: String
        public var name: String
        /// The type it carries, where it has one.
        public var type: String?
        /// A short state: a value, a subscriber count, "shown"…
        public var detail: String
        /// What it can be used for, for completion.
        public var kind: Kind

        public enum Kind: Sendable {
            case button, subject, current, published, subscriber, function, view, subscription, publisher
        }
    }

    /// Everything declared, in declaration order.
    public var declarations: [Declaration] {
        globals.values.sorted { $0.range.start.offset < $1.range.start.offset }.map(Interpreter.describe)
    }

    private static func describe(_ entity: Entity) -> Declaration {
        var type = entity.type == .any ? nil : entity.type.rawValue
        let detail: String
        let kind: Declaration.Kind
        switch entity.kind {
        case .button(let box):
            (type, detail, kind) = (nil, Value.quote(box.title), .button)
        case .subject(let subject):
            type = type ?? "Any"
            (detail, kind) = (Compiler.count(subject.subscriberCount) + Compiler.ended(subject.completion), .subject)
        case .current(let subject):
            detail = "= \(subject.value.debugDescription), " + Compiler.count(subject.subscriberCount) + Compiler.ended(subject.completion)
            kind = .current
        case .published(let subject):
            (detail, kind) = ("= \(subject.value.debugDescription), " + Compiler.count(subject.subscriberCount), .published)
        case .subscriber(let box):
            let state = box.subscriber.map { subscriber in
                "demand \(subscriber.initialDemand)"
                    + (box.isAttached ? (subscriber.isSubscribed ? ", subscribed" : ", ended") : ", not subscribed")
            }
            (type, detail, kind) = (nil, state ?? "", .subscriber)
        case .function:
            (type, detail, kind) = (nil, "", .function)
        case .view(let box):
            (type, detail, kind) = (nil, box.isShown ? "shown, \(box.bag.count) in its bag" : "hidden", .view)
        case .subscription(let box):
            (type, detail, kind) = (nil, box.chain, .subscription)
        case .stream(let box):
            (detail, kind) = (box.chain, .publisher)
        }
        return Declaration(keyword: entity.keyword, name: entity.name, type: type, detail: detail, kind: kind)
    }

    /// Subscriptions made at the top level without `let`, alive for the session.
    public var liveSubscriptions: [(id: Int, chain: String)] {
        runtime.live.map { ($0.id, $0.chain) }
    }

    /// Cancels a live subscription by its number; false if there is none.
    public func cancelSubscription(_ id: Int) -> Bool { runtime.cancelLive(id) }

    /// How many `{` are open at the end of `text`: the REPL indents its continuation prompt by it.
    public static func openBlockDepth(_ text: String) -> Int {
        var lexer = Lexer(Array(text))
        _ = try? lexer.run(until: text.count)
        return lexer.openBraces
    }

    /// True when `text` stops inside an open `{`, `(`, `[` or string: the REPL asks for more.
    public static func isIncomplete(_ text: String) -> Bool {
        do {
            _ = try Parser.parse(Array(text))
            return false
        } catch {
            return error.isIncompleteInput
        }
    }
}

extension Messages {
    static let triggeredHere = "while running this statement"
}
