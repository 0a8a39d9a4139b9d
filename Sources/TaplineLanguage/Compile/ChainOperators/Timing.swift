import TaplineReactive

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
        var clock: any Scheduler = runtime.clock   // where a script omits `scheduler:`, it is RunLoop.main
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
            let nanoseconds = Duration.nanoseconds(try interval(frame))
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
