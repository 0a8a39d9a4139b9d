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

    /// Combine's spelling: each line goes to `stream` (standard output when nil) through
    /// Swift's `print(_:to:)`, so the stream sees what Combine's sees: "", the line, "\n".
    /// Like Combine, it writes to its own copy of the stream, so a class stream sees the
    /// lines and a struct passed by value does not.
    public func print(_ prefix: String = "", to stream: (any TextOutputStream)?) -> Publishers.Print<Self> {
        guard let stream else { return print(prefix) }
        var target = PrintTarget(stream: stream)
        return print(prefix) { line in Swift.print(line, to: &target) }
    }
}

/// A concrete stream around an existential one: passing `inout any TextOutputStream` to
/// `Swift.print(_:to:)` crashes the Swift 6.3 compiler (signal 11 while opening it).
private struct PrintTarget: TextOutputStream {
    var stream: any TextOutputStream
    mutating func write(_ string: String) { stream.write(string) }
}

extension Publishers.Print {
    /// Stateless, as Combine's: every event is logged and passed on, whenever it comes
    /// (even after a completion or a cancel), and every request and cancel is logged; they
    /// reach the upstream while it is held.
    final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomReflectable,
        CustomPlaygroundDisplayConvertible
    where Downstream.Input == Output, Downstream.Failure == Failure {
        let downstream: Downstream
        let prefix: String
        let write: (String) -> Void
        private var upstream = UpstreamLink()

        init(downstream: Downstream, prefix: String, write: @escaping (String) -> Void) {
            self.downstream = downstream
            self.prefix = prefix
            self.write = write
        }

        var description: String { "Print" }
        var customMirror: Mirror { Mirror(self, children: [:]) }
        var playgroundDescription: Any { description }

        private func log(_ text: String) { write(prefix + text) }

        private static func describe(_ demand: Subscribers.Demand) -> String {
            demand.max.map { "max: (\($0))" } ?? "unlimited"
        }

        func receive(subscription: any Subscription) {
            log("receive subscription: (\(subscription.description))")
            guard upstream.accept(subscription, cancellingLate: false) else { return }
            downstream.receive(subscription: self)
        }

        func receive(_ input: Output) -> Subscribers.Demand {
            log("receive value: (\(input))")
            let more = downstream.receive(input)
            if more > 0 { log("request \(Self.describe(more)) (synchronous)") }
            return more
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            switch completion {
            case .finished: log("receive finished")
            case .failure(let error): log("receive error: (\(error))")
            }
            upstream.end()
            downstream.receive(completion: completion)
        }

        func request(_ demand: Subscribers.Demand) {
            log("request \(Self.describe(demand))")
            upstream.request(demand)
        }

        func cancel() {
            log("receive cancel")
            upstream.detach()?.cancel()
        }
    }
}
