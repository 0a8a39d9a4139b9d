extension Publishers {
    /// Passes on a value only when a throwing predicate says it differs from the previous
    /// value received; a throw fails the stream with that error and cancels the upstream.
    ///
    /// ```swift
    /// struct Unexpected: Error {}
    /// [1, 1, 2, 0, 3].publisher
    ///     .tryRemoveDuplicates { previous, value in
    ///         guard value != 0 else { throw Unexpected() }
    ///         return previous == value
    ///     }
    ///     .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    /// // 1
    /// // 2
    /// // failure(Unexpected())
    /// ```
    public struct TryRemoveDuplicates<Upstream: Publisher>: Publisher, Stoppable {
        public typealias Output = Upstream.Output
        public typealias Failure = any Error
        public let upstream: Upstream
        public let predicate: (Output, Output) throws -> Bool
        package var stop: StopSignal?

        public init(upstream: Upstream, predicate: @escaping (Output, Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let inner = Inner(downstream: subscriber, predicate: predicate).honouring(stop)
            upstream.subscribe(FailureEraser<Inner<S>, Upstream.Failure>(relay: inner))
        }
    }
}

extension Publisher {
    /// Drops a value when `predicate(previous, value)` says it duplicates the previous one.
    public func tryRemoveDuplicates(by predicate: @escaping (Output, Output) throws -> Bool)
        -> Publishers.TryRemoveDuplicates<Self> {
        Publishers.TryRemoveDuplicates(upstream: self, predicate: predicate)
    }
}

extension Publishers.TryRemoveDuplicates {
    /// As Combine's (OpenCombine's reading of it), each value is compared with the value
    /// received just before it, whether or not that one was passed on.
    final class Inner<Downstream: Subscriber>: FilteringRelay<Output, any Error, Downstream>
    where Downstream.Input == Output, Downstream.Failure == any Error {
        let predicate: (Output, Output) throws -> Bool
        var previous: Output?

        init(downstream: Downstream, predicate: @escaping (Output, Output) throws -> Bool) {
            self.predicate = predicate
            super.init(downstream: downstream, name: "TryRemoveDuplicates", failure: { $0 })
        }

        override var mirrorChildren: KeyValuePairs<String, Any> { ["downstream": downstream, "last": previous as Any] }

        override func step(_ input: Output) throws -> FilterStep<Output> {
            guard let last = previous else {
                previous = input
                return .emit(input)
            }
            let same: Bool
            do {
                same = try predicate(last, input)
            } catch {
                // The value that failed the comparison is the one the next is compared with.
                if !isStopped { previous = input }
                throw error
            }
            if !isStopped { previous = input }
            return same ? .skip : .emit(input)
        }
    }
}
