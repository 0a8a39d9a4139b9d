import TaplineReactive

/// `set count = count + 1`, `total += $0`: a value updated from itself by an `Int` literal or
/// an `Int` read from a frame (`+`, `-`, `*`), the counter and the sum every reactive example
/// keeps. Done in place: the current value read as the general code reads it and, when it and
/// the operand are `Int`s and the result does not overflow, the result stored without building
/// the expression's `Value`s or checking its type again (an `Int` fits wherever the `Int` it
/// replaces did). Anything else — another type, an overflow and its error — runs the general
/// code, which reads the same values again: a read has no effects. Made only when
/// `Compiler.fastPaths` is on.
extension Compiler {
    /// The operator and operand of `valueExpr` when it is `NAME OP operand` with this `name`.
    func selfUpdate(of name: Name, _ valueExpr: Expr) -> (op: Punct, operand: UpdateOperand)? {
        guard fastPaths, case .binary(let op, let left, let right) = valueExpr.kind,
              [.plus, .minus, .star].contains(op),
              case .name(let read) = left.kind, read == name.text else { return nil }
        switch right.kind {
        case .int(let constant):
            return (op, .constant(constant))
        case .argument(let index):
            guard let (depth, closure) = enclosingClosure(), index < closure.argumentTypes.count else { return nil }
            return (op, .slot(depth: depth, index: index))
        case .name(let local):
            guard case .local(let depth, let slot, _)? = resolve(local) else { return nil }
            return (op, .slot(depth: depth, index: slot))
        default:
            return nil
        }
    }

    /// `x OP y`, or nil when it overflows (the general code reports it).
    @inline(__always) static func updated(_ x: Int, _ op: Punct, _ y: Int) -> Int? {
        ValueArithmetic.intResult(op, x, y)
    }

    /// The update of a declared value (`current`, `@Published`; a subject is not readable),
    /// or `general` where it must run every time (a `Double` converts what it stores).
    /// (Never an optional closure: one passed through `Optional` is called through two
    /// reabstraction thunks, on every delivery.)
    func selfUpdateAssignment(_ entity: Entity, _ name: Name, _ valueExpr: Expr, general: @escaping Action) -> Action {
        guard entity.type == .int || entity.type == .any, let (op, operand) = selfUpdate(of: name, valueExpr) else { return general }
        switch entity.kind {
        case .published(let subject): return Compiler.update(PublishedTarget(subject: subject), op, operand, general: general)
        case .current(let subject): return Compiler.update(CurrentTarget(subject: subject), op, operand, general: general)
        default: return general
        }
    }

    /// The update of a top-level `var` or a local of type `type` (`target`), or `general`.
    func selfUpdate<Target: UpdateTarget>(_ target: Target, _ name: Name, _ valueExpr: Expr, type: SType,
                                          general: @escaping Action) -> Action {
        guard type != .double, let (op, operand) = selfUpdate(of: name, valueExpr) else { return general }
        return Compiler.update(target, op, operand, general: general)
    }

    /// The update itself, made for its target and operand, each specialised into the closure:
    /// it runs at every delivery (a fan-out's counter), where a call to read the target or to
    /// take the operand apart would cost a third more. A literal is a constant of the closure.
    private static func update<Target: UpdateTarget>(_ target: Target, _ op: Punct, _ operand: UpdateOperand,
                                                     general: @escaping Action) -> Action {
        switch operand {
        case .constant(let c):
            return { frame in
                if case .int(let x) = target.read(frame), let result = Compiler.updated(x, op, c) {
                    target.store(frame, .int(result))
                } else {
                    try general(frame)
                }
            }
        case .slot(let depth, let index):
            return { frame in
                if case .int(let x) = target.read(frame), let y = frame.int(up: depth, at: index),
                   let result = Compiler.updated(x, op, y) {
                    target.store(frame, .int(result))
                } else {
                    try general(frame)
                }
            }
        }
    }
}

/// Where a self-update reads its value and stores the result.
protocol UpdateTarget {
    func read(_ frame: Frame) -> Value
    func store(_ frame: Frame, _ value: Value)
}

/// An `@Published` value: stored as its setter stores it.
private struct PublishedTarget: UpdateTarget {
    let subject: PublishedSubject<Value>
    func read(_ frame: Frame) -> Value { subject.value }
    func store(_ frame: Frame, _ value: Value) { subject.value = value }
}

/// A `current` value: stored by sending it.
private struct CurrentTarget: UpdateTarget {
    let subject: CurrentValueSubject<Value, ScriptFailure>
    func read(_ frame: Frame) -> Value { subject.value }
    func store(_ frame: Frame, _ value: Value) { subject.send(value) }
}

/// A top-level `var`: its box.
struct BoxTarget: UpdateTarget {
    let box: ValueBox
    func read(_ frame: Frame) -> Value { box.value }
    func store(_ frame: Frame, _ value: Value) { box.value = value }
}

/// A local: its slot in the frame `depth` levels up.
struct SlotTarget: UpdateTarget {
    let depth: Int, slot: Int
    func read(_ frame: Frame) -> Value { frame.slots(up: depth)[slot] }
    func store(_ frame: Frame, _ value: Value) { frame.slots(up: depth)[slot] = value }
}

/// What a self-update adds, subtracts or multiplies by: a literal, or an `Int` read in place
/// from a frame (`$0`, a parameter, a local), which has no effects and can be read again.
enum UpdateOperand {
    case constant(Int)
    case slot(depth: Int, index: Int)
}
