import TaplineReactive

/// The schedulers a program names, as Apple's are named. They are all the session's virtual
/// clock — `DispatchQueue.main`, `RunLoop.main`, and, marked as off the main queue,
/// `DispatchQueue(label:)` and `DispatchQueue.global()` — except `ImmediateScheduler.shared`,
/// which runs work at once.
/// Work a scheduler is asked to do as soon as possible runs at the end of the entry (DESIGN §8).
extension Compiler {
    /// The scheduler `expr` names, or an error that names the ones Tapline has.
    func scheduler(_ expr: Expr) throws(Diagnostic) -> SessionQueue {
        guard let scheduler = knownScheduler(expr) else {
            throw Diagnostic.error(Messages.unknownScheduler(Compiler.describe(expr)), at: expr.range)
        }
        return scheduler
    }

    /// The scheduler `expr` names, or nil when it names none (asked of every top-level `let`,
    /// so it makes no error to throw away).
    func knownScheduler(_ expr: Expr) -> SessionQueue? {
        switch expr.kind {
        case .member(let base, let member, _):
            if case .name(let type) = base.kind, resolve(type) == nil {
                switch (type, member) {
                case ("DispatchQueue", "main"), ("RunLoop", "main"), ("RunLoop", "current"), ("OperationQueue", "main"):
                    return runtime.mainQueue
                case ("ImmediateScheduler", "shared"):
                    return runtime.immediateQueue
                default:
                    break
                }
            }
        case .call(let callee, let arguments, nil):
            // `DispatchQueue(label:)`, `DispatchQueue.global()`, `DispatchQueue.global(qos: .background)`:
            // one virtual queue off the main one.
            if case .name("DispatchQueue") = callee.kind, arguments.first?.label == "label", resolve("DispatchQueue") == nil {
                return runtime.backgroundQueue
            }
            if case .member(let base, "global", _) = callee.kind, case .name("DispatchQueue") = base.kind,
               resolve("DispatchQueue") == nil, arguments.allSatisfy({ $0.label == "qos" }) { return runtime.backgroundQueue }
        case .implicitMember("main"):
            return runtime.mainQueue
        case .name(let name):
            if case .entity(let entity)? = resolve(name), let scheduler = entity.scheduler { return scheduler }
        default:
            break
        }
        return nil
    }
}

/// A block handed to a dispatch queue, read from the tree as Foundation's code writes it —
/// `queue.asyncAfter(deadline: .now() + 0.5) { … }`, `queue.async { … }`, the block also as
/// `execute:` — so that the compiler runs and the exporter writes the same reading.
struct DispatchCall {
    /// When the block runs: as soon as possible, now, or this much after now.
    enum Deadline {
        case soon
        case now
        case after(Expr)
        /// A deadline that is not `.now()` or `.now() + delay`.
        case unreadable(Expr)
    }

    let block: ClosureExpr
    let deadline: Deadline

    /// Whether `method` hands a queue work (the queue itself is the caller's to check).
    static func isDispatch(_ method: String) -> Bool { method == "asyncAfter" || method == "async" }

    /// nil when the arguments are not those of `method` (`asyncAfter` or `async`).
    init?(_ method: String, _ arguments: [Argument], trailing: ClosureExpr?) {
        var rest = arguments
        var block = trailing
        if block == nil, rest.last?.label == "execute", case .closure(let last)? = rest.last?.value.kind {
            block = last
            rest.removeLast()
        }
        guard let block else { return nil }
        self.block = block
        if method == "async" {
            guard rest.allSatisfy({ $0.label != "deadline" && $0.label != "wallDeadline" }) else { return nil }
            deadline = .soon
            return
        }
        guard rest.count == 1, rest[0].label == "deadline" || rest[0].label == "wallDeadline" else { return nil }
        let expr = rest[0].value
        if DispatchCall.isNow(expr) {
            deadline = .now
        } else if case .binary(.plus, let left, let right) = expr.kind, DispatchCall.isNow(left) {
            deadline = .after(right)
        } else {
            deadline = .unreadable(expr)
        }
    }

    /// `.now()`, `DispatchTime.now()`, `DispatchWallTime.now()`.
    private static func isNow(_ expr: Expr) -> Bool {
        guard case .call(let callee, let arguments, nil) = expr.kind, arguments.isEmpty else { return false }
        switch callee.kind {
        case .implicitMember("now"): return true
        case .member(let base, "now", _):
            if case .name(let type) = base.kind { return type == "DispatchTime" || type == "DispatchWallTime" }
            return false
        default: return false
        }
    }
}

/// Work handed to a dispatch queue: `asyncAfter(deadline:)` runs later on the virtual clock,
/// `async` as soon as possible (at the end of the entry).
extension Compiler {
    /// Whether `queue.method(…)` is work handed to a queue Tapline knows.
    func isDispatch(_ method: String, on queue: Expr) -> Bool {
        DispatchCall.isDispatch(method) && knownScheduler(queue) != nil
    }

    /// `DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { … }` and
    /// `DispatchQueue.global().async { … }`.
    func dispatch(_ method: String, on queue: Expr, _ arguments: [Argument], trailing: ClosureExpr?,
                  range: SourceRange) throws(Diagnostic) -> (code: Code, type: SType) {
        let clock = try scheduler(queue)
        guard let call = DispatchCall(method, arguments, trailing: trailing) else {
            let usage = method == "async" ? "'DispatchQueue.main.async { … }'" : "'DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { … }'"
            throw Diagnostic.error(Messages.operatorArguments(method, usage: usage), at: range)
        }
        let delay: ((Frame) throws -> Int64)?
        switch call.deadline {
        case .soon: delay = nil
        case .now: delay = { _ in 0 }
        case .after(let offset): delay = try duration(offset)
        case .unreadable(let expr):
            throw Diagnostic.error(Messages.operatorArguments("asyncAfter", usage: "'asyncAfter(deadline: .now() + 0.5)': a deadline from now"), at: expr.range)
        }
        return (try scheduledBlock(call.block, owner: method, on: clock, after: delay), .void)
    }

    /// Code that schedules `block` on `clock`, `after` a delay or as soon as possible; the
    /// block runs as a delivery does (errors and interrupts stop the run).
    func scheduledBlock(_ blockExpr: ClosureExpr, owner: String, on clock: SessionQueue,
                        after delay: ((Frame) throws -> Int64)?) throws(Diagnostic) -> Code {
        let block = try closure(blockExpr, inputs: [], owner: owner)
        let runtime = self.runtime
        return { frame in
            let bound = block.bind(to: frame)
            let work = { runtime.deliver { try bound.perform(.void) } }
            if let delay { clock.schedule(after: .nanoseconds(try delay(frame)), work) } else { clock.schedule(work) }
            return .void
        }
    }
}

extension Compiler {
    /// `Thread.sleep(forTimeInterval: 3)`: the queue running the code is busy that long, so the
    /// clock moves on and nothing runs meanwhile (what falls due runs late). Nil for any
    /// other call.
    func threadSleep(_ callee: Expr, _ arguments: [Argument], trailing: ClosureExpr?) throws(Diagnostic) -> (code: Code, type: SType)? {
        guard case .member(let base, "sleep", _) = callee.kind, case .name("Thread") = base.kind, resolve("Thread") == nil,
              trailing == nil, arguments.count == 1, arguments[0].label == "forTimeInterval" else { return nil }
        // A `TimeInterval`: seconds, as a number (the Swift export writes it back as it is).
        let (seconds, clock, range) = (try expression(arguments[0].value).code, runtime.clock, arguments[0].value.range)
        return ({ frame in
            let interval: Double
            switch try seconds(frame) {
            case .int(let whole): interval = Double(whole)
            case .double(let fraction): interval = fraction
            default: interval = .nan
            }
            guard interval.isFinite, interval < 1e9 else {
                throw RuntimeError(Messages.durationOutOfRange, at: range)
            }
            clock.block(for: .nanoseconds(Int64(max(0, interval) * 1e9)))
            return .void
        }, .void)
    }
}
