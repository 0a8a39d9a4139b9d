extension Publishers {
    /// Passes values and `finished` on, and turns a failure into a contract violation
    /// (Combine traps). Here the failure goes to `ContractViolation.report`, which traps by
    /// default; a host that replaces it (the language reports a located error) gets the
    /// message, and the failure is then not delivered.
    ///
    /// ```swift
    /// [1, 2].publisher.setFailureType(to: TestError.self).assertNoFailure()
    ///     .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    /// // 1
    /// // 2
    /// // finished
    /// Fail<Int, TestError>(error: TestError()).assertNoFailure("net").sink { _ in }
    /// // reported: "net: oops"
    /// ```
    public struct AssertNoFailure<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Never
        public let upstream: Upstream
        public let prefix: String
        public let file: StaticString
        public let line: UInt

        public init(upstream: Upstream, prefix: String, file: StaticString, line: UInt) {
            self.upstream = upstream
            self.prefix = prefix
            self.file = file
            self.line = line
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
            upstream.subscribe(Inner(downstream: subscriber, prefix: prefix, file: file, line: line))
        }
    }
}

extension Publisher {
    /// Asserts that the upstream never fails; a failure is reported (see `AssertNoFailure`).
    public func assertNoFailure(_ prefix: String = "", file: StaticString = #file, line: UInt = #line)
        -> Publishers.AssertNoFailure<Self> {
        Publishers.AssertNoFailure(upstream: self, prefix: prefix, file: file, line: line)
    }
}

extension Publishers.AssertNoFailure {
    /// Only a subscriber, as in Combine: the upstream's subscription goes to the downstream.
    /// A class rather than Combine's struct, as `map`'s is, for speed through erased stages.
    final class Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible, CustomReflectable,
        CustomPlaygroundDisplayConvertible
    where Downstream.Input == Output, Downstream.Failure == Never {
        let downstream: Downstream
        let prefix: String
        let file: StaticString
        let line: UInt

        init(downstream: Downstream, prefix: String, file: StaticString, line: UInt) {
            self.downstream = downstream
            self.prefix = prefix
            self.file = file
            self.line = line
        }

        var description: String { "AssertNoFailure" }
        var customMirror: Mirror { Mirror(self, children: ["file": file, "line": line, "prefix": prefix]) }
        var playgroundDescription: Any { description }

        func receive(subscription: any Subscription) { downstream.receive(subscription: subscription) }
        func receive(_ input: Output) -> Subscribers.Demand { downstream.receive(input) }

        func receive(completion: Subscribers.Completion<Upstream.Failure>) {
            switch completion {
            case .finished:
                downstream.receive(completion: .finished)
            case .failure(let error):
                // Combine's message: the prefix, then the error; the host knows the location.
                ContractViolation.report((prefix.isEmpty ? "" : prefix + ": ") + "\(error)")
            }
        }
    }
}
