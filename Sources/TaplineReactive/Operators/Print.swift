extension Publishers {
    /// Writes a line for every event that passes, exactly as Combine's `print` does.
    ///
    /// ```swift
    /// let subject = PassthroughSubject<String, Never>()
    /// let token = subject.print("tag").sink { _ in }
    /// subject.send("a")
    /// // tag: receive subscription: (PassthroughSubject)
    /// // tag: request unlimited
    /// // tag: receive value: (a)
    /// ```
    public struct Print<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let prefix: String
        public let write: (String) -> Void

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, prefix: prefix.isEmpty ? "" : "\(prefix): ", write: write))
        }
    }
}

extension Publisher {
    /// Logs every event with `prefix`; each line goes to `write` (default: standard output).
    public func print(_ prefix: String = "", to write: @escaping (String) -> Void = { Swift.print($0) }) -> Publishers.Print<Self> {
        Publishers.Print(upstream: self, prefix: prefix, write: write)
    }
}

extension Publishers.Print {
    final class Inner<Downstream: Subscriber>: Relay<Output, Downstream>
    where Downstream.Input == Output, Downstream.Failure == Failure {
        let prefix: String
        let write: (String) -> Void

        init(downstream: Downstream, prefix: String, write: @escaping (String) -> Void) {
            self.prefix = prefix
            self.write = write
            super.init(downstream: downstream, name: "Print")
        }

        private func log(_ text: String) { write(prefix + text) }

        private static func describe(_ demand: Subscribers.Demand) -> String {
            demand.max.map { "max: (\($0))" } ?? "unlimited"
        }

        override func receive(subscription: any Subscription) {
            log("receive subscription: (\(subscription.description))")
            super.receive(subscription: subscription)
        }

        override func relay(_ input: Output) -> Subscribers.Demand {
            log("receive value: (\(input))")
            let more = downstream.receive(input)
            if more > 0 { log("request \(Self.describe(more)) (synchronous)") }
            return more
        }

        override func relay(completion: Subscribers.Completion<Failure>) {
            switch completion {
            case .finished: log("receive finished")
            case .failure(let error): log("receive error: (\(error))")
            }
            downstream.receive(completion: completion)
        }

        override func request(_ demand: Subscribers.Demand) {
            log("request \(Self.describe(demand))")
            super.request(demand)
        }

        override func cancel() {
            log("receive cancel")
            super.cancel()
        }
    }
}
