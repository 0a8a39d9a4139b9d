extension VirtualTimeScheduler {
    /// Runs `action` when the clock reaches `time` (at once, as the clock next runs, if it is
    /// already past): Combine's `Scheduler.schedule(after:_:)`, whose argument is a point in
    /// the scheduler's time. The protocol's `schedule(after:)` with a `Duration` is the
    /// relative form the language's `schedule(after: 300ms)` uses. (Write `Duration.zero` or
    /// `VirtualTime.zero`: a bare `.zero` names both.)
    ///
    /// ```swift
    /// let clock = VirtualTimeScheduler()
    /// clock.schedule(after: VirtualTime(nanoseconds: 300_000_000)) { print(clock.now) }
    /// clock.advance(by: .seconds(1))
    /// // 300ms
    /// ```
    @discardableResult
    public func schedule(after time: VirtualTime, _ action: @escaping () -> Void) -> any Cancellable {
        schedule(after: time - now, action)
    }
}
