extension Publishers {
    /// Turns the upstream's failure into another error; values and `finished` pass unchanged.
    ///
    /// ```swift
    /// struct Wrapped: Error { let inner: any Error }
    /// Fail<Int, TestError>(error: TestError()).mapError { Wrapped(inner: $0) }
    ///     .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    /// // failure(Wrapped(inner: oops))
    /// ```
    public struct MapError<Upstream: Publisher, Failure: Error>: Publisher, Stoppable {
        public typealias Output = Upstream.Output
        public let upstream: Upstream
        public let transform: (Upstream.Failure) -> Failure
        package var stop: StopSignal?

        public init(upstream: Upstream, _ map: @escaping (Upstream.Failure) -> Failure) {
            self.upstream = upstream
            self.transform = map
        }

        public init(upstream: Upstream, transform: @escaping (Upstream.Failure) -> Failure) {
            self.upstream = upstream
            self.transform = transform
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, transform: transform, stop: stop))
        }
    }
}

extension Publisher {
    /// Converts any failure from the upstream into a new error.
    public func mapError<E: Error>(_ transform: @escaping (Failure) -> E) -> Publishers.MapError<Self, E> {
        Publishers.MapError(upstream: self, transform: transform)
    }
}

extension Publishers.MapError {
    /// Only a subscriber, as in Combine: the upstream's subscription goes straight to the
    /// downstream (so `print` shows the upstream's name), and every event is passed on. A
    /// class rather than Combine's struct, as `map`'s is, for speed through erased stages.
    final class Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible, CustomReflectable,
        CustomPlaygroundDisplayConvertible
    where Downstream.Input == Output, Downstream.Failure == Failure {
        let downstream: Downstream
        let transform: (Upstream.Failure) -> Failure
        let stop: StopSignal?

        init(downstream: Downstream, transform: @escaping (Upstream.Failure) -> Failure, stop: StopSignal?) {
            self.downstream = downstream
            self.transform = transform
            self.stop = stop
        }

        var description: String { "MapError" }
        var customMirror: Mirror { Mirror(self, children: [:]) }
        var playgroundDescription: Any { description }

        func receive(subscription: any Subscription) { downstream.receive(subscription: subscription) }
        func receive(_ input: Output) -> Subscribers.Demand { downstream.receive(input) }

        func receive(completion: Subscribers.Completion<Upstream.Failure>) {
            switch completion {
            case .finished: downstream.receive(completion: .finished)
            case .failure(let error):
                let mapped = transform(error)
                if !stop.isRaised { downstream.receive(completion: .failure(mapped)) }
            }
        }
    }
}
