/// The local variables of one closure or function call: closure arguments first, then
/// loop variables and named parameters. Compiled code reaches a variable by (depth, slot).
///
/// The slots are raw memory of `Value`s, not an array: making an array of them asked the
/// Swift runtime for the array's storage type at every frame made, and each write to an
/// array held by an object checks that the array is not shared. The compiler gives every
/// slot index within the frame's size.
final class Frame {
    let slots: UnsafeMutablePointer<Value>
    let size: Int
    let parent: Frame?

    /// A frame of `size` slots, each `()` until stored, inside `parent`.
    init(size: Int, parent: Frame?) {
        slots = .allocate(capacity: size)
        slots.initialize(repeating: .void, count: size)
        self.size = size
        self.parent = parent
    }

    deinit {
        slots.deinitialize(count: size)
        slots.deallocate()
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
