extension Publishers {
    /// `catch` whose handler may throw: a thrown error fails the stream. Its failure type is
    /// `any Error`, as in Combine.
    ///
    /// ```swift
    /// let subject = PassthroughSubject<Int, TestError>()
    /// let token = subject.tryCatch { error -> Just<Int> in
    ///     if retriesLeft == 0 { throw error }
    ///     return Just(-1)
    /// }
    /// .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    /// subject.send(completion: .failure(TestError()))
    /// // -1              (or, with no retries left: failure(oops))
    /// // finished
    /// ```
    public struct TryCatch<Upstream: Publisher, NewPublisher: Publisher>: Publisher
    where Upstream.Output == NewPublisher.Output {
        public typealias Output = Upstream.Output
        public typealias Failure = any Error
        public let upstream: Upstream
        public let handler: (Upstream.Failure) throws -> NewPublisher

        public init(upstream: Upstream, handler: @escaping (Upstream.Failure) throws -> NewPublisher) {
            self.upstream = upstream
            self.handler = handler
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == any Error {
            let handler = self.handler
            let core = CatchCore<Upstream, NewPublisher, S>(
                downstream: subscriber, name: "TryCatch",
                handler: { error in Result { try handler(error) } },
                mapFailure: { $0 })
            upstream.subscribe(CatchCore.Before(core: core))
        }
    }
}

extension Publisher {
    /// Handles a failure by switching to another publisher, or by throwing a new error.
    public func tryCatch<P: Publisher>(_ handler: @escaping (Failure) throws -> P) -> Publishers.TryCatch<Self, P>
    where P.Output == Output {
        Publishers.TryCatch(upstream: self, handler: handler)
    }
}
