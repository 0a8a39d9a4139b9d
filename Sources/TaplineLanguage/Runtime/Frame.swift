/// The local variables of one closure or function call: closure arguments first, then
/// loop variables and named parameters. Compiled code reaches a variable by (depth, slot).
final class Frame {
    var slots: [Value]
    let parent: Frame?

    init(size: Int, parent: Frame?) {
        slots = Array(repeating: .void, count: size)
        self.parent = parent
    }

    @inline(__always) func ancestor(_ depth: Int) -> Frame {
        var frame = self
        for _ in 0..<depth { frame = frame.parent ?? frame }
        return frame
    }
}

/// Compiled code: an expression gives a value, a statement runs for its effect.
typealias Code = (Frame) throws -> Value
typealias Action = (Frame) throws -> Void
/// A body that makes its own frame (a button's action, a view's `on appear`).
typealias Body = () throws -> Void
