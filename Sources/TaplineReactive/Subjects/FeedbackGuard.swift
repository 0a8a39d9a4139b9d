/// Stops a runaway re-send into a subject instead of overflowing the stack.
///
/// Delivery is synchronous, so a sink that sends into its own upstream recurses, as in
/// Combine. A subject allows `limit` nested sends; the next one is dropped, `onLoop` is
/// called once, and every send into that subject is dropped until the recursion has
/// unwound. The interpreter turns the call into a "feedback loop" error naming the subject.
///
/// ```swift
/// let echo = PassthroughSubject<Int, Never>()
/// echo.feedback.limit = 3
/// echo.feedback.onLoop = { print("feedback loop") }
/// let token = echo.sink { echo.send($0 + 1) }
/// echo.send(0)          // feedback loop
/// ```
public final class FeedbackGuard {
    /// How many sends into one subject may be nested.
    public var limit = 1000
    /// Called once each time the limit is hit.
    public var onLoop: (() -> Void)?
    /// How deep the sends into this subject are nested right now.
    public private(set) var depth = 0
    private var tripped = false

    init() {}

    /// Returns false when this send must be dropped.
    @inline(__always) func enter() -> Bool {
        if tripped { return false }
        if depth >= limit {
            tripped = true
            onLoop?()
            return false
        }
        depth += 1
        return true
    }

    @inline(__always) func leave() {
        depth -= 1
        if depth == 0 { tripped = false }
    }
}
