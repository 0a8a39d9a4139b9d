/// The local variables of one closure or function call: closure arguments first, then
/// loop variables and named parameters. Compiled code reaches a variable by (depth, slot).
///
/// The slots live in the frame's own allocation, after its header (a `ManagedBuffer`): a
/// frame is one allocation, and no array's storage type is looked up, nor its uniqueness
/// checked, as a frame is made or written. The compiler gives every slot index within the
/// frame's size.
final class Frame: ManagedBuffer<FrameHeader, Value> {
    /// A frame of `size` slots, each `()` until stored, inside `parent`.
    static func make(size: Int, parent: Frame?) -> Frame {
        let made = create(minimumCapacity: size) { buffer in
            // The slots' address, read once: they never move while the frame lives.
            FrameHeader(parent: parent, size: size, slots: buffer.withUnsafeMutablePointerToElements { $0 })
        }
        let frame = unsafeDowncast(made, to: Frame.self)
        frame.slots.initialize(repeating: .void, count: size)
        return frame
    }

    deinit {
        slots.deinitialize(count: size)
    }

    /// The slots, by index: `frame.slots[0] = value`.
    @inline(__always) var slots: UnsafeMutablePointer<Value> { header.slots }
    @inline(__always) var size: Int { header.size }
    /// The frame around this one. Set only by a caller that reuses a frame for calls made
    /// in different places (`ClosureCaller`).
    @inline(__always) var parent: Frame? {
        get { header.parent }
        set { header.parent = newValue }
    }

    /// Lets go of every slot's value and of the parent, as a call's locals end with the call,
    /// so that a frame kept for the next call keeps nothing alive meanwhile.
    func empty() {
        for index in 0..<size { slots[index] = .void }
        header.parent = nil
    }

    /// The `Int` in slot `slot` of the frame `depth` levels up, or nil when it holds another
    /// value: matched in place, where reading the slot out of the frame copied the value and
    /// retained the frame twice (an Int kernel reads an enclosing local at every value).
    @inline(__always) func int(up depth: Int, at slot: Int) -> Int? {
        guard case .int(let value) = slots(up: depth)[slot] else { return nil }
        return value
    }

    /// The slots of the frame `depth` levels up (this one's at 0), reached without counting a
    /// reference to each frame on the way: this frame holds the chain, and the caller reads or
    /// writes a slot there and then. (Walking it as `Frame`s retains and releases each.)
    @inline(__always) func slots(up depth: Int) -> UnsafeMutablePointer<Value> {
        if depth == 0 { return slots }
        var header = withUnsafeMutablePointerToHeader { $0 }
        for _ in 0..<depth {
            // `parent` read as the pointer it is: an optional reference and an optional
            // unmanaged one are laid out alike.
            let parentAddress = withUnsafeMutablePointer(to: &header.pointee.parent) { UnsafeRawPointer($0) }
            guard let parent = parentAddress.load(as: Unmanaged<Frame>?.self) else { break }
            header = parent._withUnsafeGuaranteedRef { $0.withUnsafeMutablePointerToHeader { $0 } }
        }
        return header.pointee.slots
    }

    @inline(__always) func ancestor(_ depth: Int) -> Frame {
        var frame = self
        for _ in 0..<depth { frame = frame.parent ?? frame }
        return frame
    }
}

/// What a frame keeps before its slots.
struct FrameHeader {
    var parent: Frame?
    let size: Int
    let slots: UnsafeMutablePointer<Value>
}

/// Compiled code: an expression gives a value, a statement runs for its effect.
typealias Code = (Frame) throws -> Value
typealias Action = (Frame) throws -> Void
/// A body that makes its own frame (a button's action, a view's `on appear`).
typealias Body = () throws -> Void
