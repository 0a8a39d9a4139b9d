extension Subscribers {
    /// How a publisher ended: normally, or with an error.
    ///
    /// Prints the way Tapline shows it in a completion body:
    /// ```swift
    /// print(Subscribers.Completion<Never>.finished)   // finished
    /// ```
    public enum Completion<Failure: Error>: CustomStringConvertible {
        case finished
        case failure(Failure)

        public var description: String {
            switch self {
            case .finished: return "finished"
            case .failure(let error): return "failure(\(error))"
            }
        }
    }
}

extension Subscribers.Completion: Equatable where Failure: Equatable {}
extension Subscribers.Completion: Hashable where Failure: Hashable {}
extension Subscribers.Completion: Sendable where Failure: Sendable {}
