extension Subscribers {
    /// How a publisher ended: normally, or with an error. As Combine's, it prints as Swift
    /// prints an enum, its error as `debugPrint` shows it:
    /// ```swift
    /// print(Subscribers.Completion<Never>.finished)   // finished
    /// ```
    public enum Completion<Failure: Error> {
        case finished
        case failure(Failure)
    }
}

extension Subscribers.Completion: Equatable where Failure: Equatable {}
extension Subscribers.Completion: Hashable where Failure: Hashable {}
extension Subscribers.Completion: Sendable where Failure: Sendable {}
