/// A compiled closure bound to the frame it was made in, as a subscription holds it. When it
/// can, it keeps one frame for all its calls instead of allocating one per event.
///
/// It owns the choice between the closure's `IntKernel` and its general code: a call with
/// `Int`s runs the kernel when the closure has one, and the general code when it has none or
/// when a value the kernel reads is not an `Int` (the kernel has no effects, so nothing can
/// tell it began). Its callers only call.
final class BoundClosure {
    private let body: Code
    /// The body's one statement, if that is all it is (`CompiledClosure.statement`), kept as
    /// its two parts: a `Step` read out of an optional is copied, a reference count each.
    private let statementAction: Action?
    private let statementRuntime: Runtime?
    private let arity: Int
    private let frameSize: Int
    private let readsArguments: Bool
    private let reusesFrame: Bool
    private let parent: Frame?
    /// The frame every call uses when `reusesFrame` (made at binding time).
    private let cached: Frame
    private var busy = false
    /// The kernel, for calls with as many `Int`s as it takes (`kernelArity`, 0 when there is
    /// none). Not an optional: binding one out of `self` would retain it for every call.
    private let kernel: IntKernel
    private let kernelArity: Int
    /// The first slot after the arguments: the body's own locals.
    private let localsStart: Int

    init(_ closure: CompiledClosure, parent: Frame?) {
        body = closure.body
        statementAction = closure.statement?.action
        statementRuntime = closure.statement?.runtime
        arity = closure.arity
        frameSize = closure.frameSize
        readsArguments = closure.readsArguments
        reusesFrame = closure.reusesFrame
        self.parent = parent
        cached = Frame.make(size: closure.frameSize, parent: parent)
        (kernel, kernelArity) = closure.kernel.map { ($0, closure.arity) } ?? (.int(ArgumentNode(0)), 0)
        localsStart = max(closure.arity, 1)
    }

    /// Calls with one value; a tuple is spread over `$0, $1…` when the closure takes that many.
    @inline(__always) func call(_ value: Value) throws -> Value {
        if kernelArity == 1, case .int(let x) = value, let fast = try kernel.value(x, 0, parent) { return fast }
        if kernelArity == 2, case .tuple(let pair) = value, let fast = try pairKernel(pair) { return fast }
        if reusesFrame, !busy {
            busy = true
            defer {
                busy = false
                if localsStart < frameSize { releaseLocals() }
            }
            load(value, into: cached)
            return try run(cached)
        }
        // Re-entered, or the body makes closures that may keep its frame: a fresh one.
        let frame = Frame.make(size: frameSize, parent: parent)
        load(value, into: frame)
        return try run(frame)
    }

    /// Calls with one value and drops the result, as a sink does: a body of one statement runs
    /// without the closure around it that would give back `()` (one call fewer on every
    /// delivery to the usual `sink { set count = count + 1 }`).
    @inline(__always) func perform(_ value: Value) throws {
        guard statementAction != nil else {
            _ = try call(value)
            return
        }
        if reusesFrame, !busy {
            busy = true
            defer {
                busy = false
                if localsStart < frameSize { releaseLocals() }
            }
            load(value, into: cached)
            try runStatement(cached)
            return
        }
        let frame = Frame.make(size: frameSize, parent: parent)
        load(value, into: frame)
        try runStatement(frame)
    }

    /// What `Step.run` does.
    @inline(__always) private func runStatement(_ frame: Frame) throws {
        try statementAction?(frame)
        try statementRuntime?.throwPending()
    }

    /// The kernel's result for a pair of `Int`s spread over `$0, $1` (`zip`'s and
    /// `combineLatest`'s tuples); nil when the pair is not two `Int`s.
    @inline(__always) private func pairKernel(_ pair: [Value]) throws -> Value? {
        guard pair.count == 2, case .int(let a) = pair[0], case .int(let b) = pair[1] else { return nil }
        return try kernel.value(a, b, parent)
    }

    /// Calls with two values (`scan`, `reduce`: the accumulator and the value).
    @inline(__always) func call(_ first: Value, _ second: Value) throws -> Value {
        if kernelArity == 2, case .int(let a) = first, case .int(let b) = second, let fast = try kernel.value(a, b, parent) {
            return fast
        }
        if reusesFrame, !busy {
            busy = true
            defer {
                busy = false
                if localsStart < frameSize { releaseLocals() }
            }
            cached.slots[0] = first
            cached.slots[1] = second
            return try run(cached)
        }
        let frame = Frame.make(size: frameSize, parent: parent)
        frame.slots[0] = first
        frame.slots[1] = second
        return try run(frame)
    }

    @inline(__always) private func load(_ value: Value, into frame: Frame) {
        BoundClosure.load(value, into: frame, arity: arity, readsArguments: readsArguments)
    }

    /// Puts a call's value in its frame: a tuple spread over `$0, $1…` when the closure takes
    /// that many, else the value in slot 0 (when the frame has one).
    @inline(__always) static func load(_ value: Value, into frame: Frame, arity: Int, readsArguments: Bool) {
        guard readsArguments else { return }
        if arity > 1, case .tuple(let elements) = value, elements.count == arity {
            for index in 0..<arity { frame.slots[index] = elements[index] }
        } else if frame.size > 0 {
            frame.slots[0] = value
        }
    }

    /// Lets go of what the body's locals hold once a call on the kept frame returns, as a
    /// Swift closure's locals end with the call (an object held in one would otherwise live
    /// on until the next event).
    @inline(never) private func releaseLocals() {
        for slot in localsStart..<frameSize { cached.slots[slot] = .void }
    }

    /// A body with a `return` catches it itself (`Compiler.closure`).
    @inline(__always) private func run(_ frame: Frame) throws -> Value {
        try body(frame)
    }
}
