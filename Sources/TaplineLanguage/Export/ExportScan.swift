/// What the exporter learns by looking over the whole program before it writes anything:
/// which subjects can be `Never`-failing, what the file needs, what has no Swift form.
extension SwiftExporter {
    /// A statement or an expression, for a walk over the whole tree.
    enum Node {
        case stmt(Stmt)
        case expr(Expr)
    }

    /// Visits every statement and expression, outer before inner.
    static func walk(_ statements: [Stmt], _ visit: (Node) throws(Diagnostic) -> Void) throws(Diagnostic) {
        for statement in statements {
            try visit(.stmt(statement))
            for expr in childExpressions(of: statement) { try walk(expr, visit) }
            for block in childBlocks(of: statement) { try walk(block, visit) }
        }
    }

    static func walk(_ expr: Expr, _ visit: (Node) throws(Diagnostic) -> Void) throws(Diagnostic) {
        try visit(.expr(expr))
        switch expr.kind {
        case .string(let parts):
            for case .expr(let inner) in parts { try walk(inner, visit) }
        case .array(let elements), .tuple(let elements):
            for element in elements { try walk(element, visit) }
        case .unary(_, let operand), .member(let operand, _, _), .inout(let operand), .try(let operand, _),
             .optionalChain(let operand), .optionalBind(let operand), .forceUnwrap(let operand):
            try walk(operand, visit)
        case .subscriptAccess(let base, let index):
            try walk(base, visit)
            try walk(index, visit)
        case .binary(_, let left, let right):
            try walk(left, visit)
            try walk(right, visit)
        case .ternary(let test, let whenTrue, let whenFalse):
            for each in [test, whenTrue, whenFalse] { try walk(each, visit) }
        case .call(let callee, let arguments, let trailing):
            try walk(callee, visit)
            for argument in arguments { try walk(argument.value, visit) }
            if let trailing { try walk(trailing.body, visit) }
        case .closure(let closure):
            try walk(closure.body, visit)
        default:
            break
        }
    }

    private static func childExpressions(of statement: Stmt) -> [Expr] {
        switch statement.kind {
        case .button(_, let title, _): return title.map { [$0] } ?? []
        case .current(_, _, let value, _), .published(_, _, let value), .letBinding(_, let value), .variable(_, let value),
             .set(_, let value), .send(_, let value), .fail(_, let value), .request(_, let value), .wait(let value),
             .frame(let value), .repeatLoop(let value, _), .ifStatement(let value, _, _), .ifCase(_, let value, _, _),
             .throwStatement(let value), .expression(let value), .discard(let value), .switchStatement(let value, _):
            return [value]
        case .subscriber(_, let demand, _, _): return [demand]
        case .forLoop(_, let low, let high, _, _): return [low, high]
        case .returnStatement(let value): return value.map { [$0] } ?? []
        case .expect(let publisher, _, _): return [publisher]
        default: return []
        }
    }

    static func childBlocks(of statement: Stmt) -> [[Stmt]] {
        switch statement.kind {
        case .button(_, _, let action): return action.map { [$0] } ?? []
        case .subscriber(_, _, let body, let completion): return [body.body] + (completion.map { [$0.body] } ?? [])
        case .function(let declaration): return [declaration.body]
        case .view(let view): return [view.functions, view.appear, view.disappear]
        case .switchStatement(_, let cases): return cases.map(\.body)
        case .repeatLoop(_, let body), .forLoop(_, _, _, _, let body): return [body]
        case .ifStatement(_, let body, let elseBody), .ifCase(_, _, let body, let elseBody): return [body] + (elseBody.map { [$0] } ?? [])
        default: return []
        }
    }

    /// Whether statements throw themselves (not in a closure they make): a func that does is
    /// `throws` in Swift, which Tapline finds out without being told.
    static func throwsDirectly(_ statements: [Stmt]) -> Bool {
        statements.contains { statement in
            if case .throwStatement = statement.kind { return true }
            return childBlocks(of: statement).contains(where: throwsDirectly)
        }
    }

    /// The funcs that throw, declared so or found out: Swift calls them with `try`.
    func throwingFunctions() -> Set<String> {
        var names: Set<String> = []
        try? SwiftExporter.walk(statements) { node in
            guard case .stmt(let statement) = node, case .function(let declaration) = statement.kind else { return }
            if declaration.isThrowing || SwiftExporter.throwsDirectly(declaration.body) { names.insert(declaration.name.text) }
        }
        return names
    }

    /// A chain operator's call: its base, its operator and its arguments.
    static func operatorCall(_ expr: Expr) -> (base: Expr, entry: ChainOperator, arguments: [Argument])? {
        guard case .call(let callee, let arguments, _) = expr.kind, case .member(let base, let method, _) = callee.kind,
              let entry = ChainOperator.named(method, firstLabel: arguments.first?.label) else { return nil }
        return (base, entry, arguments)
    }

    /// What the file needs beyond Combine, from what the program uses.
    func scanNeeds() -> Set<Need> {
        var needs: Set<Need> = []
        var (completesSoon, ends) = (false, false)
        try? SwiftExporter.walk(statements) { node in
            switch node {
            case .stmt(let statement):
                switch statement.kind {
                case .button: needs.insert(.button)
                case .wait, .play: needs.insert(.scheduler)
                case .fail, .throwStatement: needs.insert(.appError)
                default: break
                }
                switch statement.kind {
                case .complete, .fail, .play: ends = true
                default: break
                }
            case .expr(let expr):
                needs.formUnion(self.needs(of: expr))
                if SwiftExporter.operatorCall(expr)?.entry.traits.scheduler.contains(.completesAsSoonAsPossible) == true { completesSoon = true }
                if SwiftExporter.isFiniteSource(expr) { ends = true }
            }
        }
        // debounce passes a completion on "as soon as possible": only a stream that ends needs it.
        if completesSoon && ends { needs.insert(.drain) }
        if needs.contains(.drain) { needs.insert(.scheduler) }
        return needs
    }

    /// A publisher that finishes by itself: a sequence, `Just`, `Empty`, `Fail`, a `Future`…
    private static func isFiniteSource(_ expr: Expr) -> Bool {
        switch expr.kind {
        case .member(_, "publisher", _): return true
        case .call(let callee, _, _):
            if case .name(let name) = callee.kind { return ["Just", "just", "Empty", "Fail", "Record", "Future", "Deferred"].contains(name) }
            return false
        default: return false
        }
    }

    private func needs(of expr: Expr) -> Set<Need> {
        if let (_, entry, _) = SwiftExporter.operatorCall(expr) {
            var needs: Set<Need> = []
            let scheduler = entry.traits.scheduler
            if scheduler.contains(.takesScheduler) { needs.insert(.scheduler) }
            if scheduler.contains(.deliversAsSoonAsPossible) { needs.formUnion([.scheduler, .drain]) }
            if entry.traits.export.needsAppError { needs.insert(.appError) }
            return needs
        }
        guard case .call(let callee, _, _) = expr.kind else { return [] }
        switch callee.kind {
        case .name("schedule"): return [.scheduler]
        case .member(let base, let method, _) where isDispatch(method, on: base): return [.scheduler, .drain]
        case .name("Fail"), .name("Record"), .implicitMember("failure"), .specialized("Fail", _): return [.appError]
        default: return []
        }
    }

    /// The first construct with no Swift form, as a located error that says what to do.
    func rejectUnexportable(_ statements: [Stmt]) throws(Diagnostic) {
        let positions = durationPositions
        try SwiftExporter.walk(statements) { (node) throws(Diagnostic) in
            switch node {
            case .stmt(let statement): try rejectUnexportable(statement)
            case .expr(let expr): try rejectUnexportable(expr, durationPositions: positions)
            }
        }
    }

    private func rejectUnexportable(_ statement: Stmt) throws(Diagnostic) {
        switch statement.kind {
        case .expect:
            throw cannot("'expect'", hint: "it checks a program, it is not part of one: leave it out of the program you export",
                         at: statement.range)
        case .trace, .marbles:
            throw cannot("'trace' and 'marbles'", hint: "they show a run in Tapline, Swift has no diagram to draw: leave them out of the program you export",
                         at: statement.range)
        case .frame(let duration):
            guard case .duration = duration.kind else {
                throw cannot("a 'frame' computed while the program runs", hint: "write the frame's length: 'frame 50ms'", at: duration.range)
            }
        default: break
        }
    }

    private func rejectUnexportable(_ expr: Expr, durationPositions: Set<ObjectIdentifier>) throws(Diagnostic) {
        switch expr.kind {
        case .binary(_, let left, let right):
            for side in [left, right] {
                guard case .duration? = types.type(of: side) else { continue }
                throw cannot("arithmetic on times and durations", hint: "Swift prints a difference of times in its own way; print the times themselves",
                             at: expr.range)
            }
        case .name("arguments") where globals["arguments"] == nil:
            throw cannot("'arguments'", hint: "read 'CommandLine.arguments' in the Swift program", at: expr.range)
        case .member(let base, "isMainThread", _):
            guard case .name("Thread") = base.kind, globals["Thread"] == nil else { break }
            throw cannot("'Thread.isMainThread'", hint: "the file runs every queue on one test scheduler, on the main thread, so it would always say true",
                         at: expr.range)
        case .duration:
            if case .duration = types.type(of: expr) ?? .unknown, !durationPositions.contains(ObjectIdentifier(expr)) {
                throw cannot("a duration used as a value", hint: "Swift prints durations in its own way; pass durations only to operators, 'wait' and 'schedule(after:)'",
                             at: expr.range)
            }
        case .call(let callee, _, _):
            if let (what, hint) = SwiftExporter.operatorCall(expr)?.entry.traits.export.unexportable {
                throw cannot(what, hint: hint, at: expr.range)
            }
            if case .member(let base, "publish", _) = callee.kind, case .name("Timer") = base.kind {
                throw cannot("'Timer.publish'", hint: "a timer on the test scheduler has no one Swift spelling for Combine and the core; use 'schedule(after:)' or a 'delay'",
                             at: expr.range)
            }
        default:
            break
        }
    }

    /// Duration literals written where Swift takes a stride: operator arguments, `wait`,
    /// `schedule(after:)`. Found by position, since elsewhere a duration is a value.
    private var durationPositions: Set<ObjectIdentifier> {
        var positions: Set<ObjectIdentifier> = []
        try? SwiftExporter.walk(statements) { node in
            switch node {
            case .stmt(let statement):
                if case .wait(let value) = statement.kind { positions.insert(ObjectIdentifier(value)) }
                if case .frame(let value) = statement.kind { positions.insert(ObjectIdentifier(value)) }
            case .expr(let expr):
                // `print(1ns)` prints a value, which Swift writes its own way.
                guard case .call(let callee, let arguments, _) = expr.kind else { return }
                if case .name("print") = callee.kind { return }
                for argument in arguments { positions.insert(ObjectIdentifier(argument.value)) }
            }
        }
        return positions
    }
}
