import TaplineReactive

/// The schedulers a program names, as Apple's are named. They are all the session's virtual
/// clock — `DispatchQueue.main`, `RunLoop.main`, `DispatchQueue(label:)`,
/// `DispatchQueue.global()` — except `ImmediateScheduler.shared`, which runs work at once.
/// Work a scheduler is asked to do as soon as possible runs at the end of the entry (DESIGN §8).
extension Compiler {
    /// The scheduler `expr` names, or nil when it names none.
    func knownScheduler(_ expr: Expr) -> (any Scheduler)? {
        try? scheduler(expr)
    }

    func scheduler(_ expr: Expr) throws(Diagnostic) -> any Scheduler {
        switch expr.kind {
        case .member(let base, let member, _):
            if case .name(let type) = base.kind, resolve(type) == nil {
                switch (type, member) {
                case ("DispatchQueue", "main"), ("RunLoop", "main"), ("RunLoop", "current"), ("OperationQueue", "main"):
                    return runtime.clock
                case ("ImmediateScheduler", "shared"):
                    return ImmediateScheduler.shared
                default:
                    break
                }
            }
        case .call(let callee, let arguments, nil):
            if case .name("DispatchQueue") = callee.kind, arguments.first?.label == "label", resolve("DispatchQueue") == nil { return runtime.clock }
            // `DispatchQueue.global()`, `DispatchQueue.global(qos: .background)`: one virtual queue.
            if case .member(let base, "global", _) = callee.kind, case .name("DispatchQueue") = base.kind,
               resolve("DispatchQueue") == nil, arguments.allSatisfy({ $0.label == "qos" }) { return runtime.clock }
        case .implicitMember("main"):
            return runtime.clock
        default:
            break
        }
        throw Diagnostic.error(Messages.unknownScheduler(Compiler.describe(expr)), at: expr.range)
    }
}

/// Work handed to a dispatch queue, as Foundation's code hands it: `asyncAfter(deadline:)`
/// runs later on the virtual clock, `async` as soon as possible (at the end of the entry).
extension Compiler {
    /// Whether `queue.method(…)` is work handed to a queue Tapline knows.
    func isDispatch(_ method: String, on queue: Expr) -> Bool {
        (method == "asyncAfter" || method == "async") && knownScheduler(queue) != nil
    }

    /// `DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { … }` and
    /// `DispatchQueue.global().async { … }`; the block may also come as `execute:`.
    func dispatch(_ method: String, on queue: Expr, _ arguments: [Argument], trailing: ClosureExpr?,
                  range: SourceRange) throws(Diagnostic) -> (code: Code, type: SType) {
        let clock = try scheduler(queue)
        var rest = arguments
        var blockExpr = trailing
        if blockExpr == nil, rest.last?.label == "execute", case .closure(let last)? = rest.last?.value.kind {
            blockExpr = last
            rest.removeLast()
        }
        let usage = method == "async" ? "'DispatchQueue.main.async { … }'" : "'DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { … }'"
        guard let blockExpr, method == "async" ? rest.allSatisfy({ $0.label != "deadline" && $0.label != "wallDeadline" })
                : (rest.count == 1 && (rest[0].label == "deadline" || rest[0].label == "wallDeadline")) else {
            throw Diagnostic.error(Messages.operatorArguments(method, usage: usage), at: range)
        }
        let delay = method == "async" ? nil : try deadlineDelay(rest[0].value)
        let block = try closure(blockExpr, inputs: [], owner: method)
        let runtime = self.runtime
        return ({ frame in
            let bound = block.bind(to: frame)
            let work = { runtime.deliver { try bound.perform(.void) } }
            if let delay { clock.schedule(after: .nanoseconds(try delay(frame)), work) } else { clock.schedule(work) }
            return .void
        }, .void)
    }

    /// A deadline as Dispatch writes one — `.now()`, `.now() + 0.5`, `DispatchTime.now() +
    /// .milliseconds(300)` — as a delay from now, in nanoseconds.
    private func deadlineDelay(_ expr: Expr) throws(Diagnostic) -> (Frame) throws -> Int64 {
        func isNow(_ expr: Expr) -> Bool {
            guard case .call(let callee, let arguments, nil) = expr.kind, arguments.isEmpty else { return false }
            switch callee.kind {
            case .implicitMember("now"): return true
            case .member(let base, "now", _):
                if case .name(let type) = base.kind { return type == "DispatchTime" || type == "DispatchWallTime" }
                return false
            default: return false
            }
        }
        if isNow(expr) { return { _ in 0 } }
        if case .binary(.plus, let left, let right) = expr.kind, isNow(left) { return try duration(right) }
        throw Diagnostic.error(Messages.operatorArguments("asyncAfter", usage: "'asyncAfter(deadline: .now() + 0.5)': a deadline from now"), at: expr.range)
    }
}
