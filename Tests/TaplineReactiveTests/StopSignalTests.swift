import Testing
@testable import TaplineReactive

/// `StopSignal`, the host's flag for a closure of its own that stopped the program: a stage
/// that honours it acts on nothing that closure returned — no value or completion passed on,
/// no demand asked, no state kept, nothing cancelled — and works again once the flag is
/// lowered. Not Combine behaviour (a failing Swift closure traps): what a trap would leave.
@Suite("StopSignal")
struct StopSignalTests {
    /// One operator whose closure "fails" (raises the flag and returns a placeholder) on 0.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let build: @Sendable (ManualPublisher<Int, TestError>, StopSignal) -> AnyPublisher<String, any Error>
        /// What the downstream records for 3, 0 (the failure), 5, then the upstream finishing.
        let events: [String]
        /// Whether the operator finishes at 5 and cancels its upstream (`first`, `contains`).
        var finishesAtFive = false
        var testDescription: String { name }
    }

    /// A closure for `stop` that raises it on 0 and otherwise gives `body(x)`.
    static func failing<T>(_ stop: StopSignal, placeholder: T, _ body: @escaping (Int) -> T) -> (Int) -> T {
        { x in
            guard x != 0 else {
                stop.isRaised = true
                return placeholder
            }
            return body(x)
        }
    }

    static func erased<P: Publisher>(_ publisher: P) -> AnyPublisher<String, any Error> {
        publisher.map { "\($0)" }.mapError { $0 as any Error }.eraseToAnyPublisher()
    }

    static let cases: [Case] = [
        Case(name: "map", build: { p, s in erased(p.map(failing(s, placeholder: -1) { $0 * 10 }).stopping(on: s)) },
             events: ["30", "50", "finished"]),
        Case(name: "compactMap", build: { p, s in erased(p.compactMap(failing(s, placeholder: nil) { $0 }).stopping(on: s)) },
             events: ["3", "5", "finished"]),
        Case(name: "filter", build: { p, s in erased(p.filter(failing(s, placeholder: true) { _ in true }).stopping(on: s)) },
             events: ["3", "5", "finished"]),
        Case(name: "scan", build: { p, s in
            erased(p.scan(0) { acc, x in failing(s, placeholder: -100) { acc + $0 }(x) }.stopping(on: s))
        }, events: ["3", "8", "finished"]),
        Case(name: "reduce", build: { p, s in
            erased(p.reduce(0) { acc, x in failing(s, placeholder: -100) { acc + $0 }(x) }.stopping(on: s))
        }, events: ["8", "finished"]),
        Case(name: "removeDuplicates(by:)", build: { p, s in
            erased(p.removeDuplicates { _, x in failing(s, placeholder: true) { _ in false }(x) }.stopping(on: s))
        }, events: ["3", "5", "finished"]),
        Case(name: "first(where:)", build: { p, s in erased(p.first(where: failing(s, placeholder: true) { $0 == 5 }).stopping(on: s)) },
             events: ["5", "finished"], finishesAtFive: true),
        Case(name: "last(where:)", build: { p, s in erased(p.last(where: failing(s, placeholder: true) { _ in true }).stopping(on: s)) },
             events: ["5", "finished"]),
        Case(name: "drop(while:)", build: { p, s in erased(p.drop(while: failing(s, placeholder: false) { $0 < 4 }).stopping(on: s)) },
             events: ["5", "finished"]),
        Case(name: "prefix(while:)", build: { p, s in erased(p.prefix(while: failing(s, placeholder: false) { _ in true }).stopping(on: s)) },
             events: ["3", "5", "finished"]),
        Case(name: "contains(where:)", build: { p, s in erased(p.contains(where: failing(s, placeholder: true) { $0 == 5 }).stopping(on: s)) },
             events: ["true", "finished"], finishesAtFive: true),
        Case(name: "allSatisfy", build: { p, s in erased(p.allSatisfy(failing(s, placeholder: false) { _ in true }).stopping(on: s)) },
             events: ["true", "finished"]),
        Case(name: "max(by:)", build: { p, s in
            erased(p.max { a, b in failing(s, placeholder: true) { a < $0 }(b) }.stopping(on: s))
        }, events: ["5", "finished"]),
        Case(name: "tryMap", build: { p, s in erased(p.tryMap(failing(s, placeholder: -1) { $0 * 10 }).stopping(on: s)) },
             events: ["30", "50", "finished"]),
        Case(name: "tryFilter", build: { p, s in erased(p.tryFilter(failing(s, placeholder: true) { _ in true }).stopping(on: s)) },
             events: ["3", "5", "finished"]),
        Case(name: "tryScan", build: { p, s in
            erased(p.tryScan(0) { acc, x in failing(s, placeholder: -100) { acc + $0 }(x) }.stopping(on: s))
        }, events: ["3", "8", "finished"]),
        Case(name: "tryReduce", build: { p, s in
            erased(p.tryReduce(0) { acc, x in failing(s, placeholder: -100) { acc + $0 }(x) }.stopping(on: s))
        }, events: ["8", "finished"]),
        Case(name: "tryDrop(while:)", build: { p, s in erased(p.tryDrop(while: failing(s, placeholder: false) { $0 < 4 }).stopping(on: s)) },
             events: ["5", "finished"]),
        Case(name: "handleEvents(receiveOutput:)", build: { p, s in
            erased(p.handleEvents(receiveOutput: { x in _ = failing(s, placeholder: ()) { _ in }(x) }).stopping(on: s))
        }, events: ["3", "5", "finished"]),
    ]

    @Test("a stage honouring the flag acts on nothing its closure returned", arguments: cases)
    func stageActsOnNothing(_ example: Case) {
        let upstream = ManualPublisher<Int, TestError>()
        let stop = StopSignal()
        let recorder = StringRecorder()
        example.build(upstream, stop).subscribe(recorder)
        _ = upstream.send(3)
        #expect(upstream.send(0) == .none, "no demand asked after the failure")
        #expect(stop.isRaised)
        stop.isRaised = false
        _ = upstream.send(5)
        upstream.send(completion: .finished)
        #expect(recorder.events == example.events)
        #expect(upstream.subscription.history.contains(.cancelled) == example.finishesAtFive)
    }

    @Test func mapErrorForwardsNoFailureItsClosureStopped() {
        let upstream = ManualPublisher<Int, TestError>()
        let stop = StopSignal()
        let recorder = StringRecorder()
        upstream.mapError { error -> any Error in
            stop.isRaised = true
            return error
        }.stopping(on: stop).map { "\($0)" }.subscribe(recorder)
        upstream.send(completion: .failure(TestError()))
        #expect(recorder.events.isEmpty)
    }

    @Test func withoutASignalNothingChanges() {
        let subject = PassthroughSubject<Int, Never>()
        var seen: [Int] = []
        let token = subject.map { $0 * 2 }.stopping(on: nil).sink { seen.append($0) }
        subject.send(1)
        #expect(seen == [2])
        token.cancel()
    }
}

/// Records values as text and the completion as `finished` or `failure`.
final class StringRecorder: Subscriber {
    typealias Input = String
    typealias Failure = any Error
    private(set) var events: [String] = []

    func receive(subscription: any Subscription) { subscription.request(.unlimited) }
    func receive(_ input: String) -> Subscribers.Demand {
        events.append(input)
        return .none
    }
    func receive(completion: Subscribers.Completion<any Error>) {
        if case .finished = completion { events.append("finished") } else { events.append("failure") }
    }
}
