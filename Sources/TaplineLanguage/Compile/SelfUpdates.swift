/// `set count = count + 1`: a value updated from itself by an `Int` literal (`+`, `-`, `*`),
/// the counter every reactive example keeps. Done in place: the current value read as the
/// general code reads it and, when it is an `Int` and the result does not overflow, the
/// result stored without building the expression's `Value`s or checking its type again (an
/// `Int` fits wherever the `Int` it replaces did). Anything else — another type, an
/// overflow and its error — runs the general code, which reads the same value again: a read
/// has no effects. Made only when `Compiler.fastPaths` is on.
extension Compiler {
    /// The operator and literal of `valueExpr` when it is `NAME OP c` with this `name`.
    func selfUpdate(of name: Name, _ valueExpr: Expr) -> (op: Punct, constant: Int)? {
        guard fastPaths, case .binary(let op, let left, let right) = valueExpr.kind,
              [.plus, .minus, .star].contains(op),
              case .name(let read) = left.kind, read == name.text,
              case .int(let constant) = right.kind else { return nil }
        return (op, constant)
    }

    /// `x OP c`, or nil when it overflows (the general code reports it).
    @inline(__always) static func updated(_ x: Int, _ op: Punct, _ c: Int) -> Int? {
        ValueArithmetic.intResult(op, x, c)
    }

    /// The update of a declared value (`current`, `@Published`; a subject is not readable),
    /// or `general` where it must run every time (a `Double` converts what it stores).
    /// (Never an optional closure: one passed through `Optional` is called through two
    /// reabstraction thunks, on every delivery.)
    func selfUpdateAssignment(_ entity: Entity, _ name: Name, _ valueExpr: Expr, general: @escaping Action) -> Action {
        guard entity.type == .int || entity.type == .any, let (op, c) = selfUpdate(of: name, valueExpr) else { return general }
        switch entity.kind {
        case .published(let subject):
            return { frame in
                if case .int(let x) = subject.value, let result = Compiler.updated(x, op, c) {
                    subject.value = .int(result)
                } else {
                    try general(frame)
                }
            }
        case .current(let subject):
            return { frame in
                if case .int(let x) = subject.value, let result = Compiler.updated(x, op, c) {
                    subject.send(.int(result))
                } else {
                    try general(frame)
                }
            }
        default:
            return general
        }
    }

    /// The update of a top-level `var` or a local of type `type`, stored by `store`; or
    /// `general`.
    func selfUpdateStore(_ name: Name, _ valueExpr: Expr, type: SType, read: @escaping (Frame) -> Value,
                         store: @escaping (Frame, Value) -> Void, general: @escaping Action) -> Action {
        guard type != .double, let (op, c) = selfUpdate(of: name, valueExpr) else { return general }
        return { frame in
            if case .int(let x) = read(frame), let result = Compiler.updated(x, op, c) {
                store(frame, .int(result))
            } else {
                try general(frame)
            }
        }
    }
}
