extension Publisher {
    /// Passes on the first `maxLength` values, then finishes and cancels the upstream at once.
    /// As in Combine, it is a `Publishers.Output` over `0..<maxLength` (see `Output.swift`).
    ///
    /// ```swift
    /// let subject = PassthroughSubject<Int, Never>()
    /// let token = subject.prefix(2).sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    /// subject.send(1)   // 1
    /// subject.send(2)   // 2, then finished — and the subject has no subscriber left
    /// ```
    public func prefix(_ maxLength: Int) -> Publishers.Output<Self> {
        ContractViolation.check(maxLength >= 0, "prefix: maxLength must not be negative")
        return Publishers.Output(upstream: self, range: 0..<Swift.max(0, maxLength))
    }
}
