import TaplineReactive

/// Turns statements into Swift closures once, resolving every name and checking what can
/// be checked before anything runs. Compiled code holds direct references to the declared
/// objects, so no name is looked up while events flow.
final class Compiler {
    let runtime: Runtime
    /// The session's declarations, by name. Only the compiler reads this.
    private(set) var globals: [String: Entity]
    /// Names this compilation declared, so a failed entry can forget them.
    private(set) var declared: [String] = []
    /// What those names meant before (REPL redeclarations), so a failed entry can restore it.
    private(set) var replaced: [String: Entity] = [:]
    /// In the REPL, an expression statement prints its value.
    let echoes: Bool
    /// How many closures have been compiled: a loop whose body made none can reuse one frame.
    var closuresCompiled = 0
    /// The text being compiled, to quote chains in `:list`.
    let source: [Character]

    var scope: FrameScope
    /// The functions of the view being compiled.
    var viewFunctions: [String: Entity] = [:]
    var isTopLevel: Bool { scope.parent == nil && scope.blocks.count == 1 && !scope.isClosure }

    init(runtime: Runtime, globals: [String: Entity], source: [Character], echoes: Bool) {
        self.runtime = runtime
        self.source = source
        self.globals = globals
        self.echoes = echoes
        scope = FrameScope(parent: nil, isClosure: false, argumentTypes: [])
    }

    /// Compiles a program's statements into one action for the top-level frame.
    func compileProgram(_ statements: [Stmt]) throws -> [(Stmt, Action)] {
        try statements.map { ($0, try statement($0)) }
    }

    var topLevelFrameSize: Int { scope.size }

    // MARK: - Names

    enum Resolved {
        case local(depth: Int, slot: Int, type: SType)
        case entity(Entity)
    }

    func resolve(_ name: String) -> Resolved? {
        var depth = 0
        var current: FrameScope? = scope
        while let frameScope = current {
            for block in frameScope.blocks.reversed() {
                if let (slot, type) = block[name] { return .local(depth: depth, slot: slot, type: type) }
            }
            depth += 1
            current = frameScope.parent
        }
        if let function = viewFunctions[name] { return .entity(function) }
        return globals[name].map(Resolved.entity)
    }

    /// Every name visible here, for "did you mean".
    var visibleNames: [String] {
        var names = Array(globals.keys) + Array(viewFunctions.keys)
        var current: FrameScope? = scope
        while let frameScope = current {
            for block in frameScope.blocks { names += block.keys }
            current = frameScope.parent
        }
        return names
    }

    func unknownName(_ name: String, at range: SourceRange) -> Diagnostic {
        Diagnostic.error(Messages.unknownName(name, suggestion: Suggest.closest(to: name, in: visibleNames)), at: range)
    }

    func entity(_ name: Name) throws -> Entity {
        switch resolve(name.text) {
        case .entity(let entity): return entity
        case .local: throw Diagnostic.error(Messages.notA(name.text, isA: "a local value", expected: "a declaration"), at: name.range)
        case nil: throw unknownName(name.text, at: name.range)
        }
    }

    func declare(_ entity: Entity) throws {
        guard isTopLevel else { throw Diagnostic.error(Messages.declarationAtTopLevel, at: entity.range) }
        if let previous = globals[entity.name] {
            // The REPL lets a later entry declare a name again, as the Swift REPL does: code
            // compiled before keeps the old one. Within one script or entry it is a mistake.
            guard echoes, !declared.contains(entity.name) else {
                throw Diagnostic.error(Messages.alreadyDeclared(entity.name), at: entity.range,
                                       notes: [Diagnostic.Note(Messages.previousDeclaration, at: previous.range)])
            }
            replaced[entity.name] = previous
        }
        globals[entity.name] = entity
        declared.append(entity.name)
    }

    // These helpers are not generic on purpose: a closure that passes through a generic
    // result is stored in its most general form and every later call goes through a
    // reabstraction thunk. The body assigns its result to a local instead.

    /// Runs `body` with a new frame (a closure or function body); returns the frame's size.
    func inFrame(isClosure: Bool, argumentTypes: [SType], _ body: () throws -> Void) rethrows -> Int {
        let saved = scope
        scope = FrameScope(parent: isClosure ? saved : nil, isClosure: isClosure, argumentTypes: argumentTypes)
        if !isClosure { scope.parentForFunctions = saved }
        defer { scope = saved }
        try body()
        return scope.size
    }

    /// Runs `body` with a frame for one turn of a loop: it sees the enclosing names, and a
    /// closure made inside captures that turn's values (as each Swift loop turn binds anew).
    func inLoopFrame(_ body: () throws -> Void) rethrows -> Int {
        let saved = scope
        scope = FrameScope(parent: saved, isClosure: false, argumentTypes: [])
        scope.isLoop = true
        defer { scope = saved }
        try body()
        return scope.size
    }

    /// Whether a `return` here leaves a closure or function.
    var canReturn: Bool {
        var current: FrameScope? = scope
        while let frameScope = current {
            if frameScope.isClosure || frameScope.parentForFunctions != nil { return true }
            current = frameScope.parent
        }
        return false
    }

    func inBlock(_ body: () throws -> Void) rethrows {
        scope.blocks.append([:])
        defer { scope.blocks.removeLast() }
        try body()
    }

    // MARK: - Blocks

    /// Compiles statements into one action that runs them in order, stopping at an abort.
    func block(_ statements: [Stmt]) throws -> Action {
        var steps: [Step] = []
        try inBlock { steps = try statements.map { Step(run: try statement($0)) } }
        let runtime = self.runtime
        switch steps.count {
        case 0: return { _ in }
        case 1:
            let only = steps[0].run
            return { frame in
                try only(frame)
                try runtime.throwPending()
            }
        default:
            return { frame in
                for step in steps {
                    try step.run(frame)
                    try runtime.throwPending()
                }
            }
        }
    }
}

/// A compiled statement in a list. Wrapping the closure in a struct keeps it in its
/// concrete form: an array of bare closures would call each through a reabstraction thunk.
struct Step {
    let run: Action
}

/// The compile-time picture of one frame: its blocks of named slots, and whether it is a
/// closure (whose `$0…` arguments occupy the first slots).
final class FrameScope {
    let parent: FrameScope?
    /// For a function body: the scope it was declared in (functions see no enclosing locals).
    var parentForFunctions: FrameScope?
    let isClosure: Bool
    /// A loop turn's frame (see `Compiler.inLoopFrame`).
    var isLoop = false
    let argumentTypes: [SType]
    var blocks: [[String: (Int, SType)]] = [[:]]
    private(set) var size: Int

    init(parent: FrameScope?, isClosure: Bool, argumentTypes: [SType]) {
        self.parent = parent
        self.isClosure = isClosure
        self.argumentTypes = argumentTypes
        size = argumentTypes.count
    }

    func addLocal(_ name: String, type: SType) -> Int {
        let slot = size
        size += 1
        blocks[blocks.count - 1][name] = (slot, type)
        return slot
    }

    /// Names the argument slots (`{ a, b in … }`).
    func nameArgument(_ name: String, slot: Int) {
        guard name != "_" else { return }
        blocks[0][name] = (slot, argumentTypes[slot])
    }
}
