import Testing
import TaplineReactive

/// `InnerShortcut`: `flatMap` and `switchToLatest` taking an inner `Just`'s value without
/// subscribing must leave the whole history as subscribing leaves it — what the downstream
/// receives and when, and what is asked of the upstream — including when the downstream
/// re-enters the stage while the value is delivered; and so must the shortcut subscribing
/// the stage in the inner's place. Each scenario runs every way; the expected history is the
/// subscribing one, whose model the flatMap and switchToLatest suites
/// check against OpenCombine's tests run on Apple's Combine.
@Suite("inner shortcut")
struct InnerShortcutTests {
    typealias Inner = TypedJust<Int, TestError>

    /// What a run wrote down: the downstream's events (and the marks a scenario makes while
    /// a value is delivered), then what the upstream was asked. A class: the marks are made
    /// from inside deliveries nested in one another.
    final class Run {
        var log: [String] = []
        var marks: [String] = []
        var upstream: [RecordingSubscription.Event] = []
        var taken = 0
    }

    /// The ways a run takes its inners: subscribing, the shortcut delivering their values, or
    /// the shortcut subscribing in their place (as it does to what a `Deferred` makes).
    enum Way: CaseIterable { case subscribing, taking, standingIn }

    private static func shortcut(_ way: Way, _ run: Run) -> InnerShortcut<Inner, Int>? {
        switch way {
        case .subscribing: return nil
        case .taking: return { inner, deliver, _ in run.taken += 1; deliver(inner.output); return true }
        case .standingIn: return { inner, _, subscribe in run.taken += 1; subscribe(Inner(inner.output)); return true }
        }
    }

    /// `flatMap { Just($0 * 10) }` driven by `scenario`, taking its inners `way`.
    private func flatMapRun(_ way: Way, maxPublishers: Subscribers.Demand = .unlimited,
                            demand: Subscribers.Demand = .unlimited,
                            onValue: @escaping (Int, ManualPublisher<Int, TestError>, IntRecorder, Run) -> Void = { _, _, _, _ in },
                            scenario: (ManualPublisher<Int, TestError>, IntRecorder) -> Void) -> Run {
        let run = Run()
        let upstream = ManualPublisher<Int, TestError>()
        var flattened = upstream.flatMap(maxPublishers: maxPublishers) { Inner($0 * 10) }
        flattened.shortcut = Self.shortcut(way, run)
        return record(run, upstream, demand: demand, onValue: onValue, subscribe: flattened.subscribe, scenario: scenario)
    }

    /// Subscribes a recorder with `demand` through `subscribe`, runs `scenario`, and writes
    /// down in `run` what the recorder got (and `onValue` marked) and what `upstream` was asked.
    private func record<Element>(_ run: Run, _ upstream: ManualPublisher<Element, TestError>, demand: Subscribers.Demand,
                                 onValue: @escaping (Int, ManualPublisher<Element, TestError>, IntRecorder, Run) -> Void,
                                 subscribe: (IntRecorder) -> Void,
                                 scenario: (ManualPublisher<Element, TestError>, IntRecorder) -> Void) -> Run {
        var recorder: IntRecorder?
        let made = IntRecorder(demand: demand) { value in
            if let recorder { onValue(value, upstream, recorder, run) }
            return .none
        }
        recorder = made
        subscribe(made)
        scenario(upstream, made)
        run.log = made.events.map(\.description) + run.marks
        run.upstream = upstream.subscription.history
        return run
    }

    /// The runs every way, with the expectation that they are the same and that the shortcut
    /// was asked `taken` times; the subscribing run is returned.
    private func compared(taken: Int, _ make: (Way) -> Run) -> Run {
        let plain = make(.subscribing)
        for way in [Way.taking, .standingIn] {
            let shortcut = make(way)
            #expect(shortcut.taken == taken, "\(way)")
            #expect(shortcut.log == plain.log, "\(way)")
            #expect(shortcut.upstream == plain.upstream, "\(way)")
        }
        return plain
    }

    @Test func flatMapDeliversEachValueAsTheInnerWould() {
        let run = compared(taken: 3) { on in
            flatMapRun(on) { upstream, _ in
                upstream.send(1)
                upstream.send(2)
                upstream.send(3)
                upstream.send(completion: .finished)
            }
        }
        #expect(run.log == ["subscription(FlatMap)", "value(10)", "value(20)", "value(30)", "finished"])
        #expect(run.upstream == [.requested(.unlimited)])
    }

    @Test func flatMapAsksTheUpstreamForOneMoreAsEachTakenInnerEnds() {
        let run = compared(taken: 2) { on in
            flatMapRun(on, maxPublishers: .max(2)) { upstream, _ in
                upstream.send(1)
                upstream.send(2)
            }
        }
        #expect(run.log == ["subscription(FlatMap)", "value(10)", "value(20)"])
        #expect(run.upstream == [.requested(.max(2)), .requested(.max(1)), .requested(.max(1))])
    }

    /// Limited demand: an inner is asked for one value at a time, so nothing is taken.
    @Test func flatMapWithLimitedDemandSubscribes() {
        let run = compared(taken: 0) { on in
            flatMapRun(on, demand: .max(1)) { upstream, recorder in
                upstream.send(1)
                upstream.send(2)
                upstream.send(completion: .finished)
                recorder.request(.max(1))
            }
        }
        #expect(run.log == ["subscription(FlatMap)", "value(10)", "value(20)", "finished"])
    }

    /// The upstream finishes while a taken inner's value is delivered: the completion waits
    /// until the inner has ended, as it waits for a subscribed inner's end.
    @Test func flatMapFinishesAfterTheValueAnUpstreamCompletionInterrupts() {
        let run = compared(taken: 1) { on in
            flatMapRun(on, onValue: { _, upstream, recorder, run in
                upstream.send(completion: .finished)
                run.marks.append("after the completion, \(recorder.events.count) events")
            }) { upstream, _ in upstream.send(1) }
        }
        #expect(run.log == ["subscription(FlatMap)", "value(10)", "finished", "after the completion, 2 events"])
    }

    @Test func flatMapTakesAnInnerMadeWhileAValueIsDelivered() {
        let run = compared(taken: 2) { on in
            flatMapRun(on, onValue: { value, upstream, recorder, run in
                if value == 10 { upstream.send(2) }
                run.marks.append("\(value) delivered, \(recorder.events.count) events")
            }) { upstream, _ in upstream.send(1) }
        }
        #expect(run.log == ["subscription(FlatMap)", "value(10)", "value(20)", "20 delivered, 3 events", "10 delivered, 3 events"])
    }

    @Test func flatMapCancelledWhileAValueIsDeliveredTakesNoMore() {
        let run = compared(taken: 1) { on in
            flatMapRun(on, onValue: { _, _, recorder, _ in recorder.cancel() }) { upstream, _ in
                upstream.send(1)
                upstream.send(2)
                upstream.send(completion: .finished)
            }
        }
        #expect(run.log == ["subscription(FlatMap)", "value(10)"])
        #expect(run.upstream == [.requested(.unlimited), .cancelled])
    }

    /// `map { Just($0 * 10) }.switchToLatest()` driven by `scenario`, taking its inners `way`.
    private func switchRun(_ way: Way, demand: Subscribers.Demand = .unlimited,
                           onValue: @escaping (Int, ManualPublisher<Inner, TestError>, IntRecorder, Run) -> Void = { _, _, _, _ in },
                           scenario: (ManualPublisher<Inner, TestError>, IntRecorder) -> Void) -> Run {
        let run = Run()
        let upstream = ManualPublisher<Inner, TestError>()
        var switched = upstream.switchToLatest()
        switched.shortcut = Self.shortcut(way, run)
        return record(run, upstream, demand: demand, onValue: onValue, subscribe: switched.subscribe, scenario: scenario)
    }

    @Test func switchToLatestDeliversEachValueAsTheInnerWould() {
        let run = compared(taken: 2) { on in
            switchRun(on) { upstream, _ in
                upstream.send(Inner(10))
                upstream.send(Inner(20))
                upstream.send(completion: .finished)
            }
        }
        #expect(run.log == ["subscription(SwitchToLatest)", "value(10)", "value(20)", "finished"])
        #expect(run.upstream == [.requested(.unlimited)])
    }

    /// Without demand the inner must wait for a request, so it is subscribed to.
    @Test func switchToLatestWithoutDemandSubscribes() {
        let run = compared(taken: 1) { on in
            switchRun(on, demand: .max(1)) { upstream, recorder in
                upstream.send(Inner(10))
                upstream.send(Inner(20))
                upstream.send(completion: .finished)
                recorder.request(.max(1))
            }
        }
        #expect(run.log == ["subscription(SwitchToLatest)", "value(10)", "value(20)", "finished"])
    }

    @Test func switchToLatestFinishesAfterTheValueAnUpstreamCompletionInterrupts() {
        let run = compared(taken: 1) { on in
            switchRun(on, onValue: { _, upstream, recorder, run in
                upstream.send(completion: .finished)
                run.marks.append("after the completion, \(recorder.events.count) events")
            }) { upstream, _ in upstream.send(Inner(10)) }
        }
        #expect(run.log == ["subscription(SwitchToLatest)", "value(10)", "finished", "after the completion, 2 events"])
    }

    @Test func switchToLatestSwitchesToAnInnerSentWhileAValueIsDelivered() {
        let run = compared(taken: 2) { on in
            switchRun(on, onValue: { value, upstream, recorder, run in
                if value == 10 {
                    upstream.send(Inner(20))
                    upstream.send(completion: .finished)
                }
                run.marks.append("\(value) delivered, \(recorder.events.count) events")
            }) { upstream, _ in upstream.send(Inner(10)) }
        }
        #expect(run.log == ["subscription(SwitchToLatest)", "value(10)", "value(20)", "finished",
                            "20 delivered, 3 events", "10 delivered, 4 events"])
    }

    @Test func switchToLatestFailedWhileAValueIsDeliveredEndsThere() {
        let run = compared(taken: 1) { on in
            switchRun(on, onValue: { _, upstream, _, _ in upstream.send(completion: .failure(TestError())) }) { upstream, _ in
                upstream.send(Inner(10))
                upstream.send(Inner(20))
            }
        }
        #expect(run.log == ["subscription(SwitchToLatest)", "value(10)", "failure(oops)"])
    }
}
