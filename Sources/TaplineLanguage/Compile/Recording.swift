import TaplineReactive

/// `trace on|off` and `marbles [clear | save FILE]`, and what recording adds to compiled
/// chains: a `RecordingTap` after each stage, a monitor on each subject (DESIGN §7–§8).
/// With recording off none of it is compiled in.
extension Compiler {
    /// `trace on` / `trace off`.
    func trace(_ on: Bool) -> Action {
        let runtime = self.runtime
        return { _ in runtime.recorder?.isTracing = on }
    }

    /// `marbles`, `marbles clear`, `marbles save FILE.svg`.
    func marbles(_ command: MarblesCommand) -> Action {
        let runtime = self.runtime
        switch command {
        case .show:
            return { _ in
                guard let diagram = runtime.marbleDiagram(forPicture: false) else { return }
                runtime.write(diagram.text(width: runtime.currentDiagramWidth))
            }
        case .clear:
            return { _ in runtime.recorder?.clear() }
        case .save(let path, let range):
            return { _ in
                guard let diagram = runtime.marbleDiagram(forPicture: true) else { return }
                let document = MarbleSVG(diagram).document
                guard runtime.writesFiles else { return runtime.warn(.warning(Messages.filesNotWritten, at: range)) }
                switch runtime.files.write(document, to: path) {
                case .success(.replaced): runtime.warn(.warning(Messages.replacedFile(path), at: range))
                case .success: break
                case .failure(let failure): throw RuntimeError(Messages.cannotWrite(path, reason: failure.reason), at: range)
                }
            }
        }
    }

    /// The plan with a tap after it that records its events in the lane named by its text.
    /// `sendsOwnValues`: the stage is a subject, whose monitor records what it is sent.
    /// `shared`: its subscribers share one upstream subscription, so the lane shows each event once.
    /// `upstream`: the stage before it, whose lane (when its text begins this one's) names
    /// this one's with the text the stage adds.
    func recorded(_ plan: PublisherPlan, sendsOwnValues: Bool = false, shared: Bool = false,
                  after upstream: PublisherPlan? = nil) -> PublisherPlan {
        guard let recorder = runtime.recorder else { return plan }
        let lane: Int
        if let upstream, let before = upstream.recordedLane, let added = plan.text.added(to: upstream.text) {
            lane = recorder.lane(after: before, adding: added, shared: shared)
        } else {
            lane = recorder.lane(plan.text.description, shared: shared)
        }
        var tapped = plan
        tapped.fusable = nil   // a tap observes between the stages: they must stay apart
        tapped.recordedLane = lane
        let make = plan.make
        tapped.make = { frame in
            RecordingTap(upstream: try make(frame), recorder: recorder, lane: lane, sendsOwnValues: sendsOwnValues)
                .eraseToAnyPublisher()
        }
        return tapped
    }

    /// A monitor that records what a subject is sent and drops, in the lane `name`; nil
    /// when recording is off.
    func monitor<Failure: Error>(_ name: String) -> SubjectMonitor<Value, Failure>? {
        guard let recorder = runtime.recorder else { return nil }
        let lane = recorder.lane(name)
        return { [unowned recorder] activity in
            switch activity {
            case .value(let value): recorder.record(.sent(value), lane: lane)
            case .completion(.finished): recorder.record(.finished, lane: lane)
            case .completion(.failure(let error)): recorder.record(.failed("\(error)"), lane: lane)
            case .dropped(let value, let reason): recorder.record(.dropped(value, reason), lane: lane)
            // Numbered apart from the taps' subscriptions (which count up from 1).
            case .subscribed(let id): recorder.record(.attached, lane: lane, subscription: -abs(id) - 1)
            case .unsubscribed(let id): recorder.record(.detached, lane: lane, subscription: -abs(id) - 1)
            }
        }
    }
}
