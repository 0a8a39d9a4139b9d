extension Publishers {
    /// Turns a publisher that cannot fail into a connectable one: subscribers wait for
    /// `connect()`. It is `multicast(subject: PassthroughSubject())`, as in Combine.
    ///
    /// ```swift
    /// let connectable = [1, 2].publisher.makeConnectable()
    /// let token = connectable.sink { print($0) }
    /// let connection = connectable.connect()
    /// // 1
    /// // 2
    /// ```
    public struct MakeConnectable<Upstream: Publisher>: ConnectablePublisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        private let inner: Multicast<Upstream, PassthroughSubject<Output, Failure>>

        public init(upstream: Upstream) {
            inner = upstream.multicast(subject: PassthroughSubject())
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            inner.subscribe(subscriber)
        }

        public func connect() -> any Cancellable { inner.connect() }
    }
}

/// Only on publishers that cannot fail, as in Combine (a failing one uses `multicast`).
extension Publisher where Failure == Never {
    /// Makes this publisher connectable: it publishes from `connect()` on.
    public func makeConnectable() -> Publishers.MakeConnectable<Self> {
        Publishers.MakeConnectable(upstream: self)
    }
}
