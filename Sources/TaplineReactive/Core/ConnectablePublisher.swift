/// A publisher that does nothing for its subscribers until `connect()` is called, so that
/// every subscriber can be attached before the first value (Combine's
/// `ConnectablePublisher`). `autoconnect()` connects on the first subscription.
///
/// ```swift
/// let timer = VirtualTimer.publish(every: .seconds(1), on: clock)
/// let token = timer.sink { print($0) }   // nothing yet
/// let connection = timer.connect()        // ticks from now on
/// ```
public protocol ConnectablePublisher<Output, Failure>: Publisher {
    /// Starts publishing; cancelling the result stops it.
    func connect() -> any Cancellable
}
