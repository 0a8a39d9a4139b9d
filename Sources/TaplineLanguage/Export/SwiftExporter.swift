import TaplineReactive

/// What the compiler learned of each node's static type, for the exporter (Swift needs the
/// generic arguments Tapline infers: `Fail<String, Error>`, a `Subscriber`'s `Input`).
final class TypeRecord {
    private var types: [ObjectIdentifier: SType] = [:]

    func note(_ expr: Expr, _ type: SType) { types[ObjectIdentifier(expr)] = type }

    func type(of expr: Expr) -> SType? { types[ObjectIdentifier(expr)] }

    /// The types of the arguments each closure is called with, where an operator calls it.
    private var closureInputs: [ObjectIdentifier: [SType]] = [:]

    func note(_ closure: ClosureExpr, inputs: [SType]) { closureInputs[ObjectIdentifier(closure)] = inputs }

    func inputs(of closure: ClosureExpr) -> [SType]? { closureInputs[ObjectIdentifier(closure)] }

    /// Numbers written where a duration goes, which are seconds (`debounce(for: 0.5, …)`).
    private var secondsNumbers: Set<ObjectIdentifier> = []

    func noteSeconds(_ expr: Expr) { secondsNumbers.insert(ObjectIdentifier(expr)) }

    func isSeconds(_ expr: Expr) -> Bool { secondsNumbers.contains(ObjectIdentifier(expr)) }
}

/// Where an exported statement stands: what its names mean there and where a subscription
/// made there is kept.
struct ExportContext {
    /// Names bound here (parameters, loop variables, `let`s in a body): written as they are.
    var locals: Set<String> = []
    /// `$0` in a custom subscriber's body is its `input`, in its completion `completion`.
    var argumentNames: [Int: String] = [:]
    /// A view's own funcs, or the members of the type being written: named on `self`, which
    /// Swift needs inside a class's closures.
    var selfMembers: Set<String> = []
    /// The set that keeps a subscription made here: the session's, or a view's bag.
    var bag = "subscriptions"
    /// The result type of the func being written, if it declares one.
    var result: TypeExpr?
    /// Inside the value a func returns: a publisher of unknown Output takes the func's.
    var inReturn = false
    /// In a custom subscriber's `receive(_:)`: what a `return` gives is a demand (`return 1`
    /// is `.max(1)`).
    var returnsDemand = false
    /// Inside `try …`: a call to a throwing func needs no `try` of its own.
    var insideTry = false
}

/// Writes a Tapline program as a Swift file over Combine's API (DESIGN §8 "Swift export"):
/// `#if canImport(Combine)` at the top, so it runs in Xcode as it is and on Linux against
/// TaplineReactive. It walks the checked tree: the compiler runs first (nothing runs), so the
/// program has no errors and every chain's types are known.
///
/// Declarations become Combine's types (`PassthroughSubject`, `@Published var` in one
/// `ObservableObject`, a `Subscriber` class, a view class with `appear()`/`disappear()` and
/// its bag); commands become calls; virtual time becomes one `TestScheduler`.
final class SwiftExporter {
    let statements: [Stmt]
    /// Where each REPL entry starts in `statements` (a script is one entry). A later entry may
    /// declare a name again, as the REPL lets it; the export opens a `do {` scope there, in
    /// which the new declaration shadows the old one as it does in the session.
    let entryStarts: [Int]
    /// The entries that declare a name an earlier one declared: each opens a scope.
    private(set) var redeclaringEntries: Set<Int> = []
    /// The declarations as each entry sees them (a name declared again means another thing).
    private var entryGlobals: [[String: Entity]] = []
    /// Every declaration compiling made, those declared again included, let go of at the end.
    private var compiledEntities: [Entity] = []
    let source: SourceCharacters
    let fileName: String
    var types = TypeRecord()
    var globals: [String: Entity] = [:]
    /// What the file needs beyond Combine, found while writing the program.
    var needs: Set<Need> = []
    /// The top-level views a `switch` shows.
    var mountedViews: Set<String> = []
    /// The views `show` and `hide` name.
    var shownOrHidden: Set<String> = []
    /// The funcs that throw: called with `try` where Tapline lets a program leave it out.
    var throwing: Set<String> = []
    /// How long one frame of a marble string is, as `frame` last set it.
    var frameNanoseconds: Int64 = 100_000_000
    /// The stack writing recurses on: the end of it is an error, as it is for the compiler
    /// that checked the same tree first (this writer's frames are not the compiler's size).
    private let stack = StackGuard.current()

    enum Need: Hashable { case scheduler, drain, button, appError, session, mountedView }

    /// Whether the program was typed in the REPL, where a value on its own is shown.
    let echoes: Bool

    init(statements: [Stmt], entryStarts: [Int] = [0], source: SourceCharacters, fileName: String, echoes: Bool) {
        self.statements = statements
        self.entryStarts = entryStarts
        self.source = source
        self.fileName = fileName
        self.echoes = echoes
    }

    /// The Swift file, or the first construct that has no Swift form (located).
    func export() throws(Diagnostic) -> String {
        try learnTypes()
        try rejectUnexportable(statements)
        needs.formUnion(scanNeeds())
        throwing = throwingFunctions()
        try? SwiftExporter.walk(statements) { node in
            guard case .stmt(let statement) = node else { return }
            switch statement.kind {
            case .show(let name), .hide(let name): shownOrHidden.insert(name.text)
            default: break
            }
        }
        for statement in statements {
            guard case .switchStatement(_, let cases) = statement.kind, let arms = viewSwitch(cases) else { continue }
            mountedViews.formUnion(arms.compactMap(\.view))
        }
        let model = try viewModel()
        var body = SwiftWriter()
        try program(into: &body)
        return assemble(model: model, body: body)
    }

    /// Compiles the program (without running it) to learn its types, an entry at a time as
    /// the REPL compiled it.
    private func learnTypes() throws(Diagnostic) {
        let record = TypeRecord()
        let runtime = Runtime(output: { _ in }, feedbackLimit: 1000)
        for (index, range) in entryRanges.enumerated() {
            let compiler = Compiler(runtime: runtime, globals: globals, source: source, echoes: echoes)
            compiler.typeRecord = record
            do {
                _ = try compiler.compileProgram(Array(statements[range]))
            } catch {
                compiler.globals.values.forEach(Interpreter.release)
                compiledEntities.forEach(Interpreter.release)
                throw error
            }
            if !compiler.replaced.isEmpty {
                try rejectRedeclaration(compiler.replaced, now: compiler.globals)
                redeclaringEntries.insert(index)
                compiledEntities += compiler.replaced.values
            }
            globals = compiler.globals
            entryGlobals.append(globals)
        }
        types = record
    }

    /// The statements of each entry.
    var entryRanges: [Range<Int>] {
        zip(entryStarts, entryStarts.dropFirst() + [statements.count]).map { $0..<$1 }
    }

    /// The declarations as the entry with this index sees them.
    func useDeclarations(ofEntry index: Int) {
        if entryGlobals.indices.contains(index) { globals = entryGlobals[index] }
    }

    /// A name declared again in a scope of its own is shadowed as in the session; what the
    /// file declares once for the whole program (a published value of the view model, a
    /// view's or a subscriber's class, a func, a type) cannot be.
    private func rejectRedeclaration(_ replaced: [String: Entity], now: [String: Entity]) throws(Diagnostic) {
        for (name, old) in replaced {
            guard let new = now[name] else { continue }
            for entity in [old, new] {
                switch entity.kind {
                case .published, .view, .subscriber, .function, .type:
                    throw cannot("a second declaration of '\(name)'", hint: "the Swift file declares \(entity.kindDescription) once for the whole program; "
                                 + "give the new one another name", at: SourceRange(new.range.start, new.range.end))
                default: continue
                }
            }
        }
    }

    /// The name of the file's error made from a message: `AppError`, unless the program has a
    /// type of that name.
    var appErrorName: String { globals["AppError"] == nil ? "AppError" : "MessageError" }

    /// Lets go of the declarations compiling the program made, which hold one another (a
    /// func's body reaches the func), once the file is written. A compile that failed lets go
    /// of its own in `learnTypes`.
    func releaseCompiledProgram() {
        globals.values.forEach(Interpreter.release)
        compiledEntities.forEach(Interpreter.release)
        (globals, compiledEntities, entryGlobals) = ([:], [], [])
    }

    /// The file: the imports, a header, what the program needs, the view model, the program.
    private func assemble(model: [String], body: SwiftWriter) -> String {
        let header = [ExportSupport.comment(" \(fileName), exported by Tapline as Swift over Combine's API: it runs as it is.")] + leadingComments
        // Foundation's members (`components(separatedBy:)`) need it in Swift as in the program.
        let foundation = statements.contains { statement in
            guard case .importModule(let path) = statement.kind else { return false }
            return path.first?.text == "Foundation"
        }
        var parts = [ExportSupport.imports + (foundation ? "\nimport Foundation" : ""), header.joined(separator: "\n")]
        if needs.contains(.appError) {
            parts.append(ExportSupport.appError(named: appErrorName))
        }
        if needs.contains(.button) { parts.append(ExportSupport.button) }
        if needs.contains(.mountedView) { parts.append(ExportSupport.mountedView) }
        if needs.contains(.scheduler) { parts.append(ExportSupport.scheduler) }
        var globalsPart: [String] = []
        if needs.contains(.scheduler) { globalsPart.append("let scheduler = TestScheduler()") }
        if needs.contains(.session) {
            globalsPart.append("/// Keeps the subscriptions the program does not store itself, as Tapline's session does.")
            globalsPart.append("var subscriptions = Set<AnyCancellable>()")
        }
        if !globalsPart.isEmpty { parts.append(globalsPart.joined(separator: "\n")) }
        if !model.isEmpty { parts.append(model.joined(separator: "\n")) }
        parts.append(body.text)
        return parts.joined(separator: "\n\n") + "\n"
    }

    /// Stops a walk that has nearly used up the stack (a chain of thousands of stages).
    func guardStack(_ range: SourceRange) throws(Diagnostic) {
        if stack.isLow { throw Diagnostic.error(Messages.chainTooLong(Limits.chainLength), at: range) }
    }

    /// A located "cannot export" error.
    func cannot(_ what: String, hint: String, at range: SourceRange) -> Diagnostic {
        Diagnostic.error(Messages.cannotExport(what, hint: hint), at: range)
    }
}

/// Lines of Swift with indentation; text with newlines (a multi-line closure) is indented
/// as a whole.
struct SwiftWriter {
    private(set) var lines: [String] = []
    var indent = 0

    mutating func line(_ text: String) {
        for part in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lines.append(part.isEmpty ? "" : String(repeating: "    ", count: indent) + part)
        }
    }

    mutating func appendToLastLine(_ text: String) {
        guard let last = lines.indices.last else { return }
        lines[last] += text
    }

    mutating func blank() { if lines.last?.isEmpty == false { lines.append("") } }

    var text: String { lines.joined(separator: "\n") }
}

extension Interpreter {
    /// The program `text` as a Swift file over Combine's API (`tapline --swift`, `:swift`),
    /// or the first error: the program's own, or a construct that has no Swift form. With
    /// `echoes` (a REPL session), a value typed on its own is allowed, as the REPL shows it.
    public func exportSwift(_ text: String, name: String, echoes: Bool = false) -> Result<String, Diagnostic> {
        exportSwift(entries: [text], name: name, echoes: echoes)
    }

    /// The REPL's entries as one Swift file: each compiled as the session compiled it, so a
    /// later entry may declare a name again.
    public func exportSwift(entries: [String], name: String, echoes: Bool = true) -> Result<String, Diagnostic> {
        do {
            var statements: [Stmt] = [], entryStarts: [Int] = []
            for entry in entries {
                let start = appendSource(entry, name: name)
                entryStarts.append(statements.count)
                statements += try Parser.parse(source, from: start)
            }
            let baseName = name.split(separator: "/").last.map(String.init) ?? name
            let exporter = SwiftExporter(statements: statements, entryStarts: entryStarts, source: source, fileName: baseName, echoes: echoes)
            defer { exporter.releaseCompiledProgram() }
            return .success(try exporter.export())
        } catch {
            return .failure(error)
        }
    }
}
