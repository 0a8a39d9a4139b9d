/// For a host that runs its own code inside operators' closures (the Tapline language): the
/// flag that says that code has stopped the program.
///
/// In Swift a closure that fails traps, and nothing after it happens. A host's closure cannot
/// throw into Combine, so when it fails it hands back a placeholder and raises this flag; an
/// operator given the flag (`stopping(on:)`) then acts on nothing its closure returned: it
/// forwards no value or completion, changes none of its state and asks for no demand, as a
/// trap would leave it. The host reports the error once delivery unwinds, and clears the flag
/// before it runs anything else, so the stage works again for the next event.
///
/// Package API: Combine has no such thing, and a user of the core never meets it.
///
/// ```swift
/// let stop = StopSignal()
/// subject.map { x -> Int in
///     guard x != 0 else { stop.isRaised = true; return 0 }   // the host's failed closure
///     return 10 / x
/// }.stopping(on: stop).sink { print($0) }
/// subject.send(0)   // prints nothing: the placeholder 0 is not forwarded
/// ```
package final class StopSignal {
    package var isRaised = false
    package init() {}
}

/// A publisher whose stages honour a `StopSignal` after each call of their closure.
package protocol Stoppable {
    var stop: StopSignal? { get set }
}

extension Stoppable {
    /// This publisher, honouring `signal` (see `StopSignal`).
    package func stopping(on signal: StopSignal?) -> Self {
        var copy = self
        copy.stop = signal
        return copy
    }
}

extension Optional where Wrapped == StopSignal {
    /// Whether a closure just called stopped the program (never, without a signal).
    @inline(__always) var isRaised: Bool { self?.isRaised == true }
}
