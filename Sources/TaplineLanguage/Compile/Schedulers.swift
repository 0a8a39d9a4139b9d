import TaplineReactive

/// The schedulers a program names, as Apple's are named. They are all the session's virtual
/// clock — `DispatchQueue.main`, `RunLoop.main`, `DispatchQueue(label:)` — except
/// `ImmediateScheduler.shared`, which runs work at once. Work a scheduler is asked to do as
/// soon as possible runs at the end of the entry (DESIGN §8).
extension Compiler {
    func scheduler(_ expr: Expr) throws(Diagnostic) -> any Scheduler {
        switch expr.kind {
        case .member(let base, let member, _):
            if case .name(let type) = base.kind {
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
            if case .name("DispatchQueue") = callee.kind, arguments.first?.label == "label" { return runtime.clock }
        case .implicitMember("main"):
            return runtime.clock
        default:
            break
        }
        throw Diagnostic.error(Messages.unknownScheduler(Compiler.describe(expr)), at: expr.range)
    }
}
