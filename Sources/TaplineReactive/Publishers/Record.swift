/// Replays recorded values, as the downstream asks for them, then the recorded completion.
///
/// ```swift
/// Record<Int, TestError>(output: [1, 2], completion: .failure(TestError()))
///     .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
/// // 1
/// // 2
/// // failure(oops)
/// ```
public struct Record<Output, Failure: Error>: Publisher {
    public let recording: Recording

    public init(recording: Recording) { self.recording = recording }

    /// Records by calling `record` with an empty recording.
    public init(record: (inout Recording) -> Void) {
        var recording = Recording()
        record(&recording)
        self.recording = recording
    }

    public init(output: [Output], completion: Subscribers.Completion<Failure>) {
        recording = Recording(output: output, completion: completion)
    }

    /// With nothing to replay, the completion comes at once (with the `Empty` subscription),
    /// as in Combine.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        if recording.output.isEmpty {
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: recording.completion)
        } else {
            subscriber.receive(subscription: Replay(recording: recording, downstream: subscriber))
        }
    }

    /// Values and one completion, recorded in order.
    public struct Recording {
        public typealias Input = Output
        public private(set) var output: [Output]
        public private(set) var completion: Subscribers.Completion<Failure>
        private var complete: Bool

        /// An empty recording that still takes values; its completion is `finished` until set.
        public init() {
            output = []
            completion = .finished
            complete = false
        }

        public init(output: [Output], completion: Subscribers.Completion<Failure> = .finished) {
            self.output = output
            self.completion = completion
            complete = true
        }

        /// Adds a value; one after the completion is a contract violation (Combine traps).
        public mutating func receive(_ input: Input) {
            guard ContractViolation.check(!complete, "Record: value after completion") else { return }
            output.append(input)
        }

        /// Sets the completion; a second one is a contract violation (Combine traps).
        public mutating func receive(completion: Subscribers.Completion<Failure>) {
            guard ContractViolation.check(!complete, "Record: completion after completion") else { return }
            self.completion = completion
            complete = true
        }
    }
}

extension Record {
    /// Delivers while there is demand; a request made from inside a delivery adds to the
    /// demand the running loop uses, instead of starting a second loop.
    final class Replay<Downstream: Subscriber>: Subscription, CustomReflectable, CustomPlaygroundDisplayConvertible
    where Downstream.Input == Output, Downstream.Failure == Failure {
        private var recording: Recording?
        /// What the mirror shows as the completion, before and after it was delivered (Apple's
        /// shows it after, with no values left: OpenCombine's RecordTests).
        private let completion: Subscribers.Completion<Failure>
        private var downstream: Downstream?
        private var next = 0
        private var demand = Subscribers.Demand.none
        private var delivering = false

        init(recording: Recording, downstream: Downstream) {
            self.recording = recording
            completion = recording.completion
            self.downstream = downstream
        }

        /// Combine names the subscription after the recorded values.
        var description: String { recording.map { "\($0.output)" } ?? "Cancelled Events" }
        var customMirror: Mirror {
            Mirror(self, children: ["sequence": recording?.output ?? [], "completion": completion])
        }
        var playgroundDescription: Any { description }

        func request(_ demand: Subscribers.Demand) {
            // Combine's Record ignores a request for nothing (RecordTests.testRecordNoInitialDemand:
            // "Shouldn't crash").
            guard demand > 0, downstream != nil else { return }
            self.demand += demand
            guard !delivering else { return }
            delivering = true
            defer { delivering = false }
            while let recording, let downstream, self.demand > 0, next < recording.output.count {
                self.demand -= 1
                next += 1
                self.demand += downstream.receive(recording.output[next - 1])
            }
            finishIfDone()
        }

        private func finishIfDone() {
            guard let recording, let downstream, next == recording.output.count else { return }
            self.recording = nil
            self.downstream = nil
            downstream.receive(completion: recording.completion)
        }

        func cancel() {
            recording = nil
            downstream = nil
        }
    }
}
