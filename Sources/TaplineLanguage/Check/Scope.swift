/// The compile-time picture of one frame: its blocks of named slots, and whether it is a
/// closure (whose `$0…` arguments occupy the first slots).
final class FrameScope {
    let parent: FrameScope?
    /// For a function body: the scope it was declared in (functions see no enclosing locals).
    var parentForFunctions: FrameScope?
    let isClosure: Bool
    let argumentTypes: [SType]
    /// A func's name and declared result type, which its `return`s must fit (`.unknown`: anything).
    var functionName = "the closure"
    var resultType = SType.unknown
    /// Whether a `return` leaves this frame, so that its body must catch one.
    var containsReturn = false
    /// For a closure: the operator or subscriber that calls it (whether it may throw).
    var closureOwner: String?
    /// For a func's body: the func, which becomes a throwing one when its body throws.
    var function: FunctionBox?
    /// For a method's body: its type, whose members a bare name may mean (`self` is slot 0).
    var selfType: UserType?
    /// For a closure: whether its body reads a name of a frame around it (`resolve` marks it).
    var readsOuter = false
    /// For a method: whether a closure made in it reads `self` (slot 0), so that the frame must
    /// keep `self` after the call for that closure.
    var closureReadsSelf = false
    /// The frame of a closure's capture list (no closure of its own: its names are the
    /// closure's), and the slots of its `weak` (false) and `unowned` (true) entries.
    var isCaptureList = false
    var weakSlots: [Int: Bool] = [:]
    /// The frame's own names (its arguments, and the locals of its body's outer block), and
    /// those of the blocks open inside it, innermost last. Kept apart so that a frame with
    /// no locals, as most closures' are, allocates nothing for them.
    var names: [String: (Int, SType)] = [:]
    var blocks: [[String: (Int, SType)]] = []
    /// The slots of `var` locals: the others (`let`, arguments, loop variables) cannot be set.
    var mutableSlots: Set<Int> = []
    /// How many loops, and loops and `switch`es, enclose the code being compiled within this
    /// func or closure: what a `continue` and a `break` may leave.
    var loops = 0
    var breakables = 0
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
        if blocks.isEmpty { names[name] = (slot, type) } else { blocks[blocks.count - 1][name] = (slot, type) }
        return slot
    }

    /// Names the argument slots (`{ a, b in … }`).
    func nameArgument(_ name: String, slot: Int) {
        guard name != "_" else { return }
        names[name] = (slot, argumentTypes[slot])
    }
}

extension FrameScope {
    /// Whether the local at `slot`, `depth` frames out from here, was declared with `var`.
    func isMutable(depth: Int, slot: Int) -> Bool {
        var frameScope: FrameScope? = self
        for _ in 0..<depth { frameScope = frameScope?.parent }
        return frameScope?.mutableSlots.contains(slot) ?? false
    }
}

/// Name resolution and scopes: where a name is found (a local slot, or a declaration) and the
/// frames that compiled code will run in.
extension Compiler {
    enum Resolved {
        case local(depth: Int, slot: Int, type: SType)
        case entity(Entity)
    }

    var isTopLevel: Bool { scope.parent == nil && scope.blocks.isEmpty && !scope.isClosure }

    func resolve(_ name: String) -> Resolved? {
        var depth = 0
        var current: FrameScope? = scope
        while let frameScope = current {
            for block in frameScope.blocks.reversed() {
                if let (slot, type) = block[name] { return readingOuter(depth, .local(depth: depth, slot: slot, type: type)) }
            }
            if let (slot, type) = frameScope.names[name] { return readingOuter(depth, .local(depth: depth, slot: slot, type: type)) }
            depth += 1
            current = frameScope.parent
        }
        if let function = viewFunctions[name] { return .entity(function) }
        return globals[name].map(Resolved.entity)
    }

    /// A local found `depth` frames out: every closure between here and there reads a frame
    /// around it, so it must be bound to one.
    private func readingOuter(_ depth: Int, _ resolved: Resolved) -> Resolved {
        var frameScope: FrameScope? = scope
        for _ in 0..<depth {
            frameScope?.readsOuter = true
            frameScope = frameScope?.parent
        }
        if depth > 0, case .local(_, 0, _) = resolved, frameScope?.selfType != nil { frameScope?.closureReadsSelf = true }
        return resolved
    }

    /// Whether the local at `slot`, `depth` frames out, is a `weak` (false) or `unowned` (true)
    /// capture; nil for any other.
    func weakness(depth: Int, slot: Int) -> Bool? {
        var frameScope: FrameScope? = scope
        for _ in 0..<depth { frameScope = frameScope?.parent }
        return frameScope?.weakSlots[slot]
    }

    /// Every name visible here, for "did you mean".
    var visibleNames: [String] {
        var names = Array(globals.keys) + Array(viewFunctions.keys)
        var current: FrameScope? = scope
        while let frameScope = current {
            names += frameScope.names.keys
            for block in frameScope.blocks { names += block.keys }
            current = frameScope.parent
        }
        return names
    }

    /// A name spelled like one of Tapline's words says so: the program read it as a name.
    func unknownName(_ name: String, at range: SourceRange) -> Diagnostic {
        let diagnostic = MissingLibrary.noting(
            Diagnostic.error(Messages.unknownName(name, suggestion: Suggest.closest(to: name, in: visibleNames)), at: range), name: name)
        guard let word = CommandWord(rawValue: name) else { return diagnostic }
        return diagnostic.noting(Messages.commandWordReading(word))
    }

    /// The declaration a command names (`tap NAME`, `set NAME`…).
    func entity(_ name: Name) throws(Diagnostic) -> Entity {
        switch resolve(name.text) {
        case .entity(let entity): return entity
        case .local: throw Diagnostic.error(Messages.notA(name.text, isA: "a local value", expected: "a declaration"), at: name.range)
        case nil: throw unknownName(name.text, at: name.range)
        }
    }

    func declare(_ entity: Entity) throws(Diagnostic) {
        guard isTopLevel else { throw Diagnostic.error(Messages.declarationAtTopLevel, at: entity.range) }
        // Stored first and put back on a mistake: one look-up of the name, not two.
        if let previous = globals.updateValue(entity, forKey: entity.name) {
            // The REPL lets a later entry declare a name again, as the Swift REPL does: code
            // compiled before keeps the old one. Within one script or entry it is a mistake.
            guard echoes, !declared.contains(entity.name) else {
                globals[entity.name] = previous
                throw Diagnostic.error(Messages.alreadyDeclared(entity.name), at: entity.range,
                                       notes: [Diagnostic.Note(Messages.previousDeclaration, at: previous.range)])
            }
            replaced[entity.name] = previous
        }
        declared.append(entity.name)
    }

    // These helpers are not generic on purpose: a closure that passes through a generic
    // result is stored in its most general form and every later call goes through a
    // reabstraction thunk. The body assigns its result to a local instead.

    /// Runs `body` with a new frame (a closure or function body); returns the frame's size.
    func inFrame(isClosure: Bool, argumentTypes: [SType], _ body: () throws(Diagnostic) -> Void) throws(Diagnostic) -> Int {
        let saved = scope
        scope = FrameScope(parent: isClosure ? saved : nil, isClosure: isClosure, argumentTypes: argumentTypes)
        if !isClosure { scope.parentForFunctions = saved }
        defer { scope = saved }
        try body()
        return scope.size
    }

    /// Runs `body` with a frame for one turn of a loop: it sees the enclosing names, and a
    /// closure made inside captures that turn's values (as each Swift loop turn binds anew).
    /// Gives the frame's size and what `body` gave.
    func inLoopFrame<Result>(_ body: () throws(Diagnostic) -> Result) throws(Diagnostic) -> (size: Int, result: Result) {
        let saved = scope
        scope = FrameScope(parent: saved, isClosure: false, argumentTypes: [])
        (scope.loops, scope.breakables) = (saved.loops, saved.breakables)
        defer { scope = saved }
        let result = try body()
        return (scope.size, result)
    }

    /// The frame a `return` here leaves — a closure's or a func's — or nil outside both.
    var returnScope: FrameScope? {
        var current: FrameScope? = scope
        while let frameScope = current {
            if frameScope.isClosure || frameScope.parentForFunctions != nil { return frameScope }
            current = frameScope.parent
        }
        return nil
    }

    /// Checks that an error may be thrown here — by `throw`, or by calling a func that
    /// throws — and marks the func it leaves as throwing. Only the closure of an operator
    /// that is not a `try…` one forbids it (unless inside `try?`); at the top level, in a
    /// button or a view, an error no one catches is reported where it was thrown.
    func allowThrowing(_ what: String, at range: SourceRange) throws(Diagnostic) {
        guard optionalTries == 0, let target = returnScope else { return }
        if let function = target.function { function.isThrowing = true }
        guard let owner = target.closureOwner, !owner.hasPrefix("try") else { return }
        let variant = "try" + owner.prefix(1).uppercased() + owner.dropFirst()
        throw Diagnostic.error(Messages.cannotThrow(what, in: owner, use: ChainOperator.named(variant)?.name), at: range)
    }

    func inBlock<Result>(_ body: () throws(Diagnostic) -> Result) throws(Diagnostic) -> Result {
        scope.blocks.append([:])
        defer { scope.blocks.removeLast() }
        return try body()
    }
}
