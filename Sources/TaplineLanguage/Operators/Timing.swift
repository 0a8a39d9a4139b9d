import TaplineReactive

/// Operators that wait on the virtual clock: `debounce`, `throttle`, `delay`.
extension ChainOperator {
    static let timing: [ChainOperator] = [debounce, throttle, delay]
}

extension ChainOperator {
    static let debounce = ChainOperator(
        name: "debounce", forms: ["debounce(for: 300ms)"],
        signature: "func debounce<S>(for dueTime: S.SchedulerTimeType.Stride, scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.Debounce<Self, S>",
        summary: "emits after a pause; drops a pending value on completion",
        usage: "'.debounce(for: 300ms)'", completion: "debounce(for:",
        example: "subject s: Int\ns.debounce(for: 100ms).sink { print(\"debounce\", $0) }\nsend s 1\nsend s 2\nwait 200ms",
        output: "debounce 2\n",
        timeline: OperatorTimeline(
            about: "Waits until the upstream has been quiet for the given time, then emits the latest value; a new value restarts the wait. A search box uses it to query only when the user pauses typing; a value still pending when the upstream finishes is dropped.",
            korean: KoreanWords(summary: "잠잠해진 뒤 내보내고, 완료 시 대기 중인 값은 버려요",
                                 about: "업스트림이 주어진 시간 동안 조용해질 때까지 기다렸다가 최신 값을 내보내고, 새 값이 오면 기다림이 다시 시작돼요. 검색창에서 사용자가 입력을 멈췄을 때만 검색하는 데 쓰며, 업스트림이 완료될 때 아직 대기 중인 값은 버려져요."),
            rxJS: "debounceTime",
            program: #"""
            subject q: String
            play q "-a-b-----c-d-e-----|"
            q.debounce(for: 300ms).sink { _ in }
            wait 2s
            """#),
        traits: OperatorTraits(scheduler: [.takesScheduler, .defaultsToMainRunLoop, .completesAsSoonAsPossible], generated: ["debounce(for: DURATION, scheduler: RunLoop.main)"]),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileTimed(call, .debounce) })
}

extension Compiler {
    /// The operators that wait on the virtual clock.
    enum TimedOperator {
        case debounce, throttle, delay
    }

    /// `debounce(for:)`, `throttle(for:latest:)` and `delay(for:)` onto the core's operators
    /// of the same names, on the session's virtual clock (only `wait` moves it).
    ///
    ///     subject s: Int
    ///     s.debounce(for: 100ms).sink { print($0) }
    ///     send s 1
    ///     send s 2
    ///     wait 200ms                                  // 2
    func compileTimed(_ call: OperatorCall, _ kind: TimedOperator) throws(Diagnostic) -> PublisherPlan {
        var interval: ((Frame) throws -> Int64)?
        var latest: Code?
        var clock = runtime.mainQueue   // where a script omits `scheduler:`, it is RunLoop.main
        for argument in call.arguments {
            switch argument.label {
            case "for": interval = try duration(argument.value)
            case "latest" where kind == .throttle: latest = try expression(argument.value).code
            case "scheduler": clock = try scheduler(argument.value)
            case "options", "tolerance": continue
            default: throw call.misuse
            }
        }
        guard let interval, call.trailing == nil, kind != .throttle || latest != nil else { throw call.misuse }
        let range = call.range
        return call.plan(call.upstream.type) { stream, frame in
            let nanoseconds = VirtualTime.Stride(nanoseconds: try interval(frame))
            switch kind {
            case .debounce: return stream.debounce(for: nanoseconds, scheduler: clock).eraseToAnyPublisher()
            case .delay: return stream.delay(for: nanoseconds, scheduler: clock).eraseToAnyPublisher()
            case .throttle:
                let keepLatest = try ValueArithmetic.truth(try latest?(frame) ?? .bool(true), range: range)
                return stream.throttle(for: nanoseconds, scheduler: clock, latest: keepLatest).eraseToAnyPublisher()
            }
        }
    }
}

extension ChainOperator {
    static let throttle = ChainOperator(
        name: "throttle", forms: ["throttle(for: 1s, latest: Bool)"],
        signature: "func throttle<S>(for interval: S.SchedulerTimeType.Stride, scheduler: S, latest: Bool) -> Publishers.Throttle<Self, S>",
        summary: "first value at once, then one per interval",
        usage: "'.throttle(for: 1s, latest: true)'", completion: "throttle(for:",
        example: "subject s: Int\ns.throttle(for: 100ms, latest: true).sink { print(\"throttle\", $0) }\nsend s 1\nsend s 2\nwait 200ms",
        output: "throttle 1\nthrottle 2\n",
        timeline: OperatorTimeline(
            about: "Emits at most one value per interval: the first at once, then the latest (or with latest: false the first) of each busy window. Unlike debounce it keeps emitting while values keep coming.",
            korean: KoreanWords(summary: "첫 값은 바로, 그 뒤로는 간격마다 하나씩 내요",
                                 about: "간격마다 최대 한 값만 내보내요: 첫 값은 바로, 그 뒤로는 값이 몰린 구간마다 최신 값(latest: false로 두면 첫 값)을 내요. debounce와 달리 값이 계속 들어오는 동안에도 계속 내보내요."),
            rxJS: "throttleTime",
            program: #"""
            subject q: String
            play q "-abcdef----g-h-|"
            q.throttle(for: 300ms, latest: true).sink { _ in }
            wait 2s
            """#),
        traits: OperatorTraits(scheduler: [.takesScheduler, .defaultsToMainRunLoop, .deliversAsSoonAsPossible], generated: ["throttle(for: DURATION, scheduler: RunLoop.main, latest: BOOL)"]),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileTimed(call, .throttle) })
}

extension ChainOperator {
    static let delay = ChainOperator(
        name: "delay", forms: ["delay(for: 500ms)"],
        signature: "func delay<S>(for interval: S.SchedulerTimeType.Stride, tolerance: S.SchedulerTimeType.Stride? = nil, scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.Delay<Self, S>",
        summary: "shifts values and completion later",
        usage: "'.delay(for: 1s)'", completion: "delay(for:",
        example: "subject s: Int\ns.delay(for: 50ms).sink { print(\"delay\", $0) }\nsend s 1\nprint(\"sent\")\nwait 50ms",
        output: "sent\ndelay 1\n",
        timeline: OperatorTimeline(
            about: "Shifts every value and the completion (or failure) later by the given time, keeping their spacing. Unlike debounce it drops nothing: every value still arrives, only later.",
            korean: KoreanWords(summary: "값과 완료를 뒤로 미뤄요",
                                 about: "모든 값과 완료(또는 실패)를 주어진 시간만큼 뒤로 미루고, 간격은 그대로 유지해요. debounce와 달리 아무것도 버리지 않아서, 모든 값이 늦게 도착할 뿐 빠짐없이 와요."),
            program: #"""
            subject n: Int
            play n "-1-2--3-|"
            n.delay(for: 300ms).sink { _ in }
            wait 1.2s
            """#),
        traits: OperatorTraits(scheduler: [.takesScheduler, .defaultsToMainRunLoop], generated: ["delay(for: DURATION, scheduler: RunLoop.main)"]),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileTimed(call, .delay) })
}
