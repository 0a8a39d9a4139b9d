/// What a subject reports to a monitor: everything it is sent, and what it drops where
/// Combine is silent. Not part of Combine — Tapline's traces and marble diagrams read it.
///
/// ```swift
/// let s = PassthroughSubject<Int, Never>()
/// s.monitor = { print($0) }
/// s.send(1)        // value(1), then dropped(1, noSubscriber)
/// ```
public enum SubjectActivity<Output, Failure: Error> {
    /// A value sent to the subject, reported before any subscriber receives it.
    case value(Output)
    /// The subject's completion, reported before any subscriber receives it.
    case completion(Subscribers.Completion<Failure>)
    /// A subscriber was attached, or let go by a cancel; the number tells them apart.
    case subscribed(Int)
    case unsubscribed(Int)
    /// A value that reached no subscriber (once per send) or one subscriber (once per
    /// subscriber without demand), and why.
    case dropped(Output, DropReason)
}

/// Why a subject did not deliver a value.
public enum DropReason: String, Sendable {
    case noDemand = "no demand"
    case afterCompletion = "after completion"
    case noSubscriber = "no subscriber"
}

/// A subject's monitor: nil (the default) costs one check per send.
public typealias SubjectMonitor<Output, Failure: Error> = (SubjectActivity<Output, Failure>) -> Void
