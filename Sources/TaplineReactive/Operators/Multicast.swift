extension Publishers {
    /// A connectable publisher that shares one subject among its subscribers: they attach to
    /// the subject (made once, lazily, by `createSubject`), and `connect()` subscribes the
    /// subject to the upstream. Each `connect()` subscribes it again; cancelling the result
    /// (or releasing it) disconnects. `autoconnect()` connects on the first subscriber.
    ///
    /// ```swift
    /// let source = PassthroughSubject<Int, Never>()
    /// let shared = source.multicast { PassthroughSubject<Int, Never>() }
    /// let one = shared.sink { print("one", $0) }
    /// let two = shared.sink { print("two", $0) }
    /// source.send(0)                   // nothing: not connected yet
    /// let connection = shared.connect()
    /// source.send(1)
    /// // one 1
    /// // two 1
    /// ```
    public final class Multicast<Upstream: Publisher, SubjectType: Subject>: ConnectablePublisher
    where Upstream.Failure == SubjectType.Failure, Upstream.Output == SubjectType.Output {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public final let upstream: Upstream
        public final let createSubject: () -> SubjectType
        private var subject: SubjectType?

        public init(upstream: Upstream, createSubject: @escaping () -> SubjectType) {
            self.upstream = upstream
            self.createSubject = createSubject
        }

        /// Made on first use and kept, as in Combine: every subscriber and connection share it.
        private var lazySubject: SubjectType {
            if let subject { return subject }
            let made = createSubject()
            subject = made
            return made
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            lazySubject.subscribe(Inner(downstream: subscriber))
        }

        public func connect() -> any Cancellable {
            upstream.subscribe(lazySubject)
        }
    }
}

extension Publisher {
    /// Shares this publisher through the subject `createSubject` makes, once connected.
    public func multicast<S: Subject>(_ createSubject: @escaping () -> S) -> Publishers.Multicast<Self, S>
    where Failure == S.Failure, Output == S.Output {
        Publishers.Multicast(upstream: self, createSubject: createSubject)
    }

    /// Shares this publisher through `subject`, once connected.
    public func multicast<S: Subject>(subject: S) -> Publishers.Multicast<Self, S>
    where Failure == S.Failure, Output == S.Output {
        Publishers.Multicast(upstream: self) { subject }
    }
}

extension Publishers.Multicast {
    /// Each subscriber's stage between it and the subject, named `Multicast` as in Combine.
    /// The demand a value returns goes to the subject's subscription, not back as a result.
    final class Inner<Downstream: Subscriber>: Relay<Output, Downstream>
    where Downstream.Input == Output, Downstream.Failure == Failure {
        init(downstream: Downstream) { super.init(downstream: downstream, name: "Multicast") }

        override func relay(_ input: Output) -> Subscribers.Demand {
            let more = downstream.receive(input)
            if more > 0 { upstream.request(more) }
            return .none
        }
    }
}
