import TaplineReactive

/// Turns statements into Swift closures once, resolving every name and checking what can
/// be checked before anything runs. Compiled code holds direct references to the declared
/// objects, so no name is looked up while events flow.
///
/// One file per stage of compiling: `Declarations`, `Commands`, `ControlFlow` (statements,
/// one function per kind), `Expressions`, `Calls`, `Closures`, `Chains` with
/// `PublisherSources` and `ChainOperators/` (one file per operator or family, as in the core).
final class Compiler {
    let runtime: Runtime
    /// The session's declarations, by name. Only the compiler reads this.
    var globals: [String: Entity]
    /// Names this compilation declared, so a failed entry can forget them.
    var declared: [String] = []
    /// What those names meant before (REPL redeclarations), so a failed entry can restore it.
    var replaced: [String: Entity] = [:]
    /// In the REPL, an expression statement prints its value.
    let echoes: Bool
    /// How many closures have been compiled: a loop whose body made none can reuse one frame.
    var closuresCompiled = 0
    /// The text being compiled, to quote chains in `:list`.
    let source: SourceCharacters

    var scope: FrameScope
    /// An expression compiled to learn whether it is a publisher, kept so that it is not
    /// compiled again as a value (`valuePublisher`, `takeCompiled`).
    var compiled: (expr: Expr, code: Code, type: SType)?
    /// How many `try?` enclose the expression being compiled: an error cannot escape them.
    var optionalTries = 0
    /// What was legal but most likely not meant, said before the entry runs.
    var warnings: [Diagnostic] = []
    /// The functions of the view being compiled.
    var viewFunctions: [String: Entity] = [:]
    /// Top-level funcs whose bodies name what the entry declares further on (Swift lets a
    /// script's funcs use any of its globals): compiled again once the whole entry is
    /// (`compileDeferredBodies`), with the error they met first.
    var deferredBodies: [(declaration: FunctionDecl, box: FunctionBox, error: Diagnostic)] = []
    /// Set only by the Swift exporter: it learns each chain's and expression's static type here.
    var typeRecord: TypeRecord?
    /// The one switch for every fast path, which the differential grid flips: `IntKernel`s for
    /// `Int` closures, `FusedSteps` (a filter/map/compactMap/reduce run into its sink), the
    /// self-updates, the `Int` cases of binary operators (`ValueArithmetic.specialized`) and
    /// `send s i` of a local. A fast path is chosen here, at compile time, and never where
    /// something observes the steps it skips. An Int kernel only evaluates a
    /// closure's body faster: every stage still runs, so recording for `marbles`/`trace`
    /// (which taps stages, not closures) leaves it on. Fusion skips stages, so a recorded
    /// stage is never fused (`recorded` drops the run).
    var fastPaths = true
    /// False for a check, which runs nothing: code compiled only to find its errors, such as a
    /// button's action, is let go of at once rather than kept in the declaration, so that the
    /// memory is used again instead of growing, page by page, with every action checked.
    var keepsCode = true
    /// The type parameters of the generic types being compiled (`T` in `GenericSubscriber<T>`):
    /// any type, checked when the program runs.
    var genericParameters: Set<String> = []
    /// How many type declarations enclose the code being compiled (`declaredType`).
    var typeDeclarationDepth = 0
    /// The stack compiling recurses on, and a count of expressions compiled, to poll Ctrl-C.
    private let stack = StackGuard.current()
    private var ticks = 0

    init(runtime: Runtime, globals: [String: Entity], source: SourceCharacters, echoes: Bool) {
        self.runtime = runtime
        self.source = source
        self.globals = globals
        self.echoes = echoes
        scope = FrameScope(parent: nil, isClosure: false, argumentTypes: [])
    }

    /// Compiles a program's statements, each into a step for the top-level frame.
    func compileProgram(_ statements: [Stmt]) throws(Diagnostic) -> [Step] {
        let steps = try statements.map { (each) throws(Diagnostic) in try statement(each) }
        try compileDeferredBodies()
        return steps
    }

    var topLevelFrameSize: Int { scope.size }

    /// Compiles one statement: the one place every statement kind passes through, so each
    /// is wrapped in a `Step` that reports errors raised while it delivered events.
    func statement(_ stmt: Stmt) throws(Diagnostic) -> Step {
        try guardCompiling(stmt.range)
        compiled = nil   // what `valuePublisher` kept belongs to the statement it compiled
        return Step(action: try action(for: stmt), runtime: runtime)
    }

    /// Compiling can be long (a huge script) and deep (a long chain): Ctrl-C stops it, and
    /// the end of the stack is an error, as the parser's and the runtime's are.
    func guardCompiling(_ range: SourceRange) throws(Diagnostic) {
        ticks &+= 1
        if stack.isLow { throw Diagnostic.error(Messages.chainTooLong(Limits.chainLength), at: range) }
        if ticks & 255 == 0, runtime.isInterrupted() { throw Diagnostic.error(Messages.interrupted, at: range) }
    }

    /// Each statement kind has its own compile function, in the file of its family.
    private func action(for stmt: Stmt) throws(Diagnostic) -> Action {
        switch stmt.kind {
        case .button(let name, let title, let body): return try button(name, title: title, body: body)
        case .subject(let name, let type, let failure): return try subject(name, type: type, failure: try failureType(failure))
        case .current(let name, let type, let initial, let failure):
            return try valueSubject(name, type: type, initial: initial, isPublished: false, failure: try failureType(failure))
        case .published(let name, let type, let initial): return try valueSubject(name, type: type, initial: initial, isPublished: true)
        case .subscriber(let name, let demand, let body, let completion): return try subscriber(name, demand: demand, body: body, completion: completion)
        case .function(let declaration): return try function(declaration)
        case .view(let declaration): return try view(declaration)
        case .switchStatement(let subject, let cases): return try switchStatement(subject, cases: cases)
        case .letBinding(let name, let value): return try letBinding(name, value)
        case .variable(let name, let value): return try bag(name, value)
        case .typedBinding(let name, let type, let value, let isMutable):
            return try typedBinding(name, type: type, value: value, isMutable: isMutable)
        case .tap(let name): return try tap(name)
        case .set(let name, let value): return try assignment(to: name, value, verb: .set)
        case .send(let name, let value): return try assignment(to: name, value, verb: .send)
        case .complete(let name): return try completion(of: name, failure: nil)
        case .fail(let name, let message): return try completion(of: name, failure: message)
        case .cancel(let name): return try cancel(name)
        case .request(let name, let amount): return try request(name, amount)
        case .wait(let duration): return try wait(duration, range: stmt.range)
        case .frame(let duration): return try frame(duration)
        case .play(let name, let marbles, let legend): return try play(name, marbles, legend: legend)
        case .expect(let publisher, let marbles, let legend): return try expect(publisher, marbles, legend: legend, range: stmt.range)
        case .trace(let on): return trace(on)
        case .marbles(let command): return marbles(command)
        case .show(let name): return try showOrHide(name, show: true)
        case .hide(let name): return try showOrHide(name, show: false)
        case .repeatLoop(let count, let body): return try repeatLoop(count, body: body, range: stmt.range)
        case .forLoop(let name, let low, let high, let inclusive, let body):
            return try forLoop(name, from: low, to: high, inclusive: inclusive, body: body, range: stmt.range)
        case .ifStatement(let condition, let body, let elseBody): return try ifStatement(condition, body: body, else: elseBody)
        case .ifCase(let pattern, let value, let body, let elseBody): return try ifCase(pattern, value, body: body, else: elseBody)
        case .returnStatement(let value): return try returnStatement(value, range: stmt.range)
        case .throwStatement(let value): return try throwStatement(value, range: stmt.range)
        case .doCatch(let body, let clauses): return try doCatch(body, clauses, range: stmt.range)
        case .expression(let expr): return try expressionStatement(expr)
        case .discard(let expr): return try discard(expr)
        case .importModule(let path): return try importModule(path)
        case .conditional(let conditions, let body, let elseBody): return try conditional(conditions, body: body, else: elseBody)
        case .guardStatement(let conditions, let elseBody): return try guardStatement(conditions, else: elseBody, range: stmt.range)
        case .whileLoop(let conditions, let body): return try whileLoop(conditions, body: body, range: stmt.range)
        case .repeatWhile(let body, let condition): return try repeatWhile(body, condition: condition, range: stmt.range)
        case .forEach(let name, let sequence, let body, let parts):
            return try forEach(name, in: sequence, body: Compiler.binding(parts, of: name) + body, range: stmt.range)
        case .assignPlace(let place, let op, let value): return try assignPlace(place, op, value)
        case .typeDeclaration(let declaration): return try typeDeclaration(declaration)
        case .typeAlias(let name, let type): return try typeAlias(name, type)
        case .breakStatement: return try jump(breaking: true, range: stmt.range)
        case .continueStatement: return try jump(breaking: false, range: stmt.range)
        }
    }

    /// Compiles statements into one action that runs them in order, in a block of their own.
    func block(_ statements: [Stmt]) throws(Diagnostic) -> Action {
        Compiler.sequence(try blockSteps(statements))
    }

    /// The steps of a block's statements, compiled in a scope of their own.
    func blockSteps(_ statements: [Stmt]) throws(Diagnostic) -> [Step] {
        var steps: [Step] = []
        try inBlock { () throws(Diagnostic) in steps = try statements.map { (each) throws(Diagnostic) in try statement(each) } }
        return steps
    }

    /// Steps run one after another.
    static func sequence(_ steps: [Step]) -> Action {
        switch steps.count {
        case 0: return { _ in }
        case 1:
            let only = steps[0]
            return { frame in try only.run(frame) }
        // Two and three steps (a loop's usual body) as constants the closure holds: a step
        // read out of an array is retained, code and runtime, for its run.
        case 2:
            let (first, second) = (steps[0], steps[1])
            return { frame in
                try first.run(frame)
                try second.run(frame)
            }
        case 3:
            let (first, second, third) = (steps[0], steps[1], steps[2])
            return { frame in
                try first.run(frame)
                try second.run(frame)
                try third.run(frame)
            }
        default:
            return { frame in
                for step in steps { try step.run(frame) }
            }
        }
    }
}

/// A compiled statement, ready to run.
///
/// A subscriber's closure cannot throw into Combine, so an error raised while a statement
/// delivers events is parked in the runtime (`Runtime.deliver`) and delivery stops. Running a
/// step is where it surfaces, as if the statement had thrown it: every statement, of any
/// kind, runs through here, so no kind can forget to report it. (A struct, not a bare
/// closure: an array of closures would call each through a reabstraction thunk.)
struct Step {
    let action: Action
    let runtime: Runtime

    @inline(__always) func run(_ frame: Frame) throws {
        try action(frame)
        try runtime.throwPending()
    }
}
