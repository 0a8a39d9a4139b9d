/// A compiled closure bound to the frame it was made in, as a subscription holds it. When it
/// can, it keeps one frame for all its calls instead of allocating one per event.
final class BoundClosure {
    private let body: Code
    private let arity: Int
    private let frameSize: Int
    private let readsArguments: Bool
    private let reusesFrame: Bool
    private let parent: Frame?
    /// The frame every call uses when `reusesFrame` (made at binding time).
    private let cached: Frame
    private var busy = false

    init(_ closure: CompiledClosure, parent: Frame?) {
        body = closure.body
        arity = closure.arity
        frameSize = closure.frameSize
        readsArguments = closure.readsArguments
        reusesFrame = closure.reusesFrame
        self.parent = parent
        cached = Frame(size: closure.frameSize, parent: parent)
    }

    /// Calls with one value; a tuple is spread over `$0, $1…` when the closure takes that many.
    @inline(__always) func call(_ value: Value) throws -> Value {
        if reusesFrame, !busy {
            busy = true
            defer { busy = false }
            load(value, into: cached)
            return try run(cached)
        }
        // Re-entered, or the body makes closures that may keep its frame: a fresh one.
        let frame = Frame(size: frameSize, parent: parent)
        load(value, into: frame)
        return try run(frame)
    }

    /// Calls with two values (`scan`, `reduce`: the accumulator and the value).
    @inline(__always) func call(_ first: Value, _ second: Value) throws -> Value {
        if reusesFrame, !busy {
            busy = true
            defer { busy = false }
            cached.slots[0] = first
            cached.slots[1] = second
            return try run(cached)
        }
        let frame = Frame(size: frameSize, parent: parent)
        frame.slots[0] = first
        frame.slots[1] = second
        return try run(frame)
    }

    @inline(__always) private func load(_ value: Value, into frame: Frame) {
        guard readsArguments else { return }
        if arity > 1, case .tuple(let elements) = value, elements.count == arity {
            for index in 0..<arity { frame.slots[index] = elements[index] }
        } else if frameSize > 0 {
            frame.slots[0] = value
        }
    }

    /// A body with a `return` catches it itself (`Compiler.closure`).
    @inline(__always) private func run(_ frame: Frame) throws -> Value {
        try body(frame)
    }
}
