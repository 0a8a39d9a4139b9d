extension Publisher {
    /// Replaces each nil value with `output`; as in Combine it is a `map`, so the upstream's
    /// subscription is passed through.
    ///
    /// ```swift
    /// [1, nil, 3].publisher.replaceNil(with: 0).sink { print($0) }
    /// // 1
    /// // 0
    /// // 3
    /// ```
    public func replaceNil<T>(with output: T) -> Publishers.Map<Self, T> where Output == T? {
        map { $0 ?? output }
    }
}
