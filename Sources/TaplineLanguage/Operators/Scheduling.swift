import TaplineReactive

/// Operators that take a scheduler or share one subscription: `receive(on:)`,
/// `subscribe(on:)`, `timeout`, `measureInterval(using:)`, `buffer`, `multicast`,
/// `makeConnectable`.
extension ChainOperator {
    static let scheduling: [ChainOperator] = [receive, subscribeOn, timeout, measureInterval, buffer, multicast, makeConnectable]
}

extension ChainOperator {
    static let receive = ChainOperator(
        name: "receive", forms: ["receive(on: DispatchQueue.main)"],
        signature: "func receive<S>(on scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.ReceiveOn<Self, S> where S: Scheduler",
        summary: "delivers on the scheduler: on the main queue, after the current entry",
        usage: "'.receive(on: DispatchQueue.main)'", completion: "receive(on:",
        example: "subject s: Int\ns.receive(on: DispatchQueue.main).sink { print(\"got\", $0) }\nprint(\"a\"); send s 1; print(\"b\")",
        output: "a\nb\ngot 1\n",
        timeline: OperatorTimeline(
            about: "Delivers values and the completion downstream on the given scheduler, such as the main queue for updating the UI. Values arrive after the current work finishes, never in the middle of it.",
            korean: KoreanWords(summary: "스케줄러에서 전달해요: 메인 큐면 지금 입력한 코드가 끝난 뒤에",
                                 about: "값과 완료 이벤트를 주어진 스케줄러(UI를 갱신할 때는 메인 큐 등)에서 다운스트림으로 전달해요. 값은 지금 하던 작업이 끝난 뒤에 도착하고, 작업 도중에 끼어들지 않아요."),
            rxSwift: "observe(on:)", rxJS: "observeOn",
            program: #"""
            subject n: Int
            play n "-1-2-3-|"
            n.receive(on: DispatchQueue.main).sink { _ in }
            wait 800ms
            """#),
        traits: OperatorTraits(scheduler: [.takesScheduler, .deliversAsSoonAsPossible], generated: ["receive(on: DispatchQueue.main)"]),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileHop(call, receiving: true) })
}

extension Compiler {
    /// `receive(on: DispatchQueue.main)` and `subscribe(on: …)`: the events (or the
    /// subscription and its requests) hop to the scheduler — on the virtual ones, to the end
    /// of the entry, as on a run loop.
    ///
    ///     subject s: Int
    ///     s.receive(on: DispatchQueue.main).sink { print("got", $0) }
    ///     print("a"); send s 1; print("b")                   // a, b, got 1
    func compileHop(_ call: OperatorCall, receiving: Bool) throws(Diagnostic) -> PublisherPlan {
        guard call.trailing == nil, call.arguments.first?.label == "on",
              call.arguments.dropFirst().allSatisfy({ $0.label == "options" }) else { throw call.misuse }
        let target = try scheduler(call.arguments[0].value)
        return call.plan(call.upstream.type) { stream, _ in
            receiving ? stream.receive(on: target).eraseToAnyPublisher() : stream.subscribe(on: target).eraseToAnyPublisher()
        }
    }
}

extension ChainOperator {
    static let subscribeOn = ChainOperator(
        name: "subscribe(on:)", forms: ["subscribe(on: DispatchQueue.main)"],
        signature: "func subscribe<S>(on scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.SubscribeOn<Self, S> where S: Scheduler",
        summary: "subscribes, requests and cancels on the scheduler",
        usage: "'.subscribe(on: DispatchQueue.main)'", completion: "subscribe(on:",
        example: "Just(1).subscribe(on: DispatchQueue.main).sink { print(\"got\", $0) }; print(\"subscribing\")",
        output: "subscribing\ngot 1\n",
        timeline: OperatorTimeline(
            about: "Makes the subscription, the requests and the cancel happen on the given scheduler; where values are delivered is receive(on:)'s job. An app uses it to start expensive upstream work off the main thread.",
            korean: KoreanWords(summary: "구독, 요청, 취소를 그 스케줄러에서 해요",
                                 about: "구독, 요청, 취소가 주어진 스케줄러에서 일어나게 하고, 값을 어디서 전달할지는 receive(on:)의 몫이에요. 앱에서는 비용이 큰 업스트림 작업을 메인 스레드 밖에서 시작할 때 써요."),
            rxJS: "subscribeOn",
            program: #"""
            subject n: Int
            play n "-1-2-3-|"
            n.subscribe(on: DispatchQueue(label: "work")).sink { _ in }
            wait 800ms
            """#),
        traits: OperatorTraits(scheduler: [.takesScheduler, .deliversAsSoonAsPossible]),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileHop(call, receiving: false) })
}

extension ChainOperator {
    static let timeout = ChainOperator(
        name: "timeout", forms: ["timeout(1s, scheduler: RunLoop.main)", "timeout(1s, scheduler: …, customError: { \"slow\" })"],
        signature: "func timeout<S>(_ interval: S.SchedulerTimeType.Stride, scheduler: S, options: S.SchedulerOptions? = nil, customError: (() -> Failure)? = nil) -> Publishers.Timeout<Self, S>",
        summary: "finishes (or fails) when the upstream is silent for that long",
        usage: "'.timeout(1s, scheduler: RunLoop.main)'", completion: "timeout(",
        example: "subject s: Int, Error\ns.timeout(1s, scheduler: RunLoop.main, customError: { \"too slow\" }).sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })\nsend s 1\nwait 2s",
        output: "1\nfailure(too slow)\n",
        timeline: OperatorTimeline(
            about: "Finishes when the upstream stays silent for longer than the interval, or fails with the customError closure's error. Note that without customError Combine finishes normally, where RxSwift and RxJS fail.",
            korean: KoreanWords(summary: "업스트림이 그 시간 동안 조용하면 완료(또는 실패)돼요",
                                 about: "업스트림이 주어진 간격보다 오래 조용하면 완료되거나, customError 클로저가 만든 에러로 실패해요. customError가 없으면 Combine은 정상적으로 완료되는데, RxSwift와 RxJS는 이때 실패한다는 점에 주의하세요."),
            program: #"""
            subject n: Int
            play n "-1-2------3-|"
            n.timeout(300ms, scheduler: RunLoop.main).sink { _ in }
            wait 1.2s
            """#),
        traits: OperatorTraits(scheduler: [.takesScheduler, .defaultsToMainRunLoop, .deliversAsSoonAsPossible],
            export: ExportTraits(write: { exporter, call throws(Diagnostic) in try exporter.exportTimeout(call) }),
            generated: ["timeout(DURATION, scheduler: RunLoop.main)"]),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileTimeout(call) })
}

extension Compiler {
    /// `timeout(1s, scheduler: RunLoop.main)`, optionally `customError: { "slow" }`: finishes
    /// (or fails) when the upstream is silent for that long.
    func compileTimeout(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        guard call.trailing == nil, call.arguments.count >= 1, call.arguments[0].label == nil else { throw call.misuse }
        let interval = try duration(call.arguments[0].value)
        var clock = runtime.mainQueue
        var makeError: CompiledClosure?
        for argument in call.arguments.dropFirst() {
            switch (argument.label, argument.value.kind) {
            case ("scheduler", _): clock = try scheduler(argument.value)
            case ("options", _), ("customError", .nilLiteral): continue
            case ("customError", .closure(let body)):
                let made = try closure(body, inputs: [], owner: call.name)
                // `customError` returns the upstream's Failure: a stream that cannot fail has none.
                if call.upstream.failure == .never {
                    let madeType = made.resultType.isKnown ? made.resultType.swiftName : "any Error"
                    throw Diagnostic.error(Messages.closureResultNever(madeType), at: argument.value.range).noting(Messages.timeoutErrorHint)
                }
                makeError = made
            default: throw call.misuse
            }
        }
        let runtime = self.runtime
        return call.plan(call.upstream.type, failure: nil) { stream, frame in
            let error = makeError.map { Compiler.transform($0, frame, runtime) }
            return stream.timeout(VirtualTime.Stride(nanoseconds: try interval(frame)), scheduler: clock,
                                  customError: error.map { make in { ScriptFailure(error: make(.void)) } })
                .stopping(on: runtime.stop).eraseToAnyPublisher()
        }
    }
}

extension ChainOperator {
    static let measureInterval = ChainOperator(
        name: "measureInterval", forms: ["measureInterval(using: RunLoop.main)"],
        signature: "func measureInterval<S>(using scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.MeasureInterval<Self, S>",
        summary: "the time between values (the first from the subscription)",
        usage: "'.measureInterval(using: RunLoop.main)'", completion: "measureInterval(using:",
        example: "subject s: Int\ns.measureInterval(using: RunLoop.main).sink { print($0) }\nwait 300ms\nsend s 1\nwait 1s\nsend s 2",
        output: "300ms\n1000ms\n",
        timeline: OperatorTimeline(
            about: "Emits the time since the previous value (the first is measured from the subscription) in place of each value. An app uses it to see how fast events come.",
            korean: KoreanWords(summary: "값 사이의 시간을 내요 (첫 값은 구독 시점부터)",
                                 about: "각 값 대신 이전 값으로부터 흐른 시간을 내보내고, 첫 값은 구독 시점부터 재요. 앱에서는 이벤트가 얼마나 빨리 들어오는지 볼 때 써요."),
            rxJS: "timeInterval",
            program: #"""
            subject n: Int
            play n "-1-2---3-|"
            n.measureInterval(using: RunLoop.main).sink { _ in }
            wait 1s
            """#),
        traits: OperatorTraits(scheduler: [.takesScheduler],
            export: ExportTraits(unexportable: ("'measureInterval'", "its values are durations, which Swift prints in its own way"))),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileMeasureInterval(call) })
}

extension Compiler {
    /// `measureInterval(using: RunLoop.main)`: the time between values (the first from the
    /// subscription), as a duration.
    func compileMeasureInterval(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        guard call.trailing == nil, call.arguments.first?.label == "using",
              call.arguments.dropFirst().allSatisfy({ $0.label == "options" }) else { throw call.misuse }
        let clock = try scheduler(call.arguments[0].value)
        return call.plan(.duration) { stream, _ in
            stream.measureInterval(using: clock).map { Value.duration($0.magnitude) }.eraseToAnyPublisher()
        }
    }
}

extension ChainOperator {
    static let buffer = ChainOperator(
        name: "buffer", forms: ["buffer(size: n, prefetch: .byRequest, whenFull: .dropOldest)"],
        signature: "func buffer(size: Int, prefetch: Publishers.PrefetchStrategy, whenFull: Publishers.BufferingStrategy<Failure>) -> Publishers.Buffer<Self>",
        summary: "holds values the subscriber has not asked for yet",
        usage: "'.buffer(size: 10, prefetch: .byRequest, whenFull: .dropOldest)'", completion: "buffer(size:",
        example: "subscriber slow(demand: 0) { print(\"got\", $0); return .none }\nsubject s: Int\ns.buffer(size: 2, prefetch: .byRequest, whenFull: .dropOldest).subscribe(slow)\nsend s 1\nsend s 2\nsend s 3\nrequest slow 5",
        output: "got 2\ngot 3\n",
        timeline: OperatorTimeline(
            about: "Holds up to size values that arrive before the subscriber asks for them and delivers them when demand comes; when full it drops the oldest or newest value, or fails, as whenFull says. A finish waits for the buffer to empty and for the subscriber to ask again, as in Combine, while a failure goes at once.",
            korean: KoreanWords(summary: "구독자가 아직 요청하지 않은 값을 담아 둬요",
                                 about: "구독자가 요청하기 전에 도착한 값을 최대 size개까지 담아 두었다가 demand가 생기면 전달하고, 가득 차면 whenFull에 따라 가장 오래된 값이나 가장 새 값을 버리거나 실패해요. Combine과 마찬가지로 완료는 버퍼가 비고 구독자가 다시 요청할 때까지 기다리지만, 실패는 곧바로 전달돼요."),
            program: #"""
            subscriber slow(demand: 0) { print($0) }
            subject n: Int
            n.buffer(size: 2, prefetch: .byRequest, whenFull: .dropOldest).subscribe(slow)
            play n "-1-2-3-|"
            wait 600ms
            request slow 1
            wait 200ms
            request slow 1
            wait 200ms
            request slow 1
            wait 200ms
            """#),
        traits: OperatorTraits(generated: ["buffer(size: COUNT, prefetch: .byRequest, whenFull: .dropOldest)"]),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileBuffer(call) })
}

extension Compiler {
    /// `buffer(size: n, prefetch: .keepFull | .byRequest, whenFull: .dropOldest | .dropNewest)`.
    func compileBuffer(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        guard call.trailing == nil, call.arguments.map(\.label) == ["size", "prefetch", "whenFull"],
              case .implicitMember(let prefetch) = call.arguments[1].value.kind, prefetch == "keepFull" || prefetch == "byRequest",
              case .implicitMember(let whenFull) = call.arguments[2].value.kind, whenFull == "dropOldest" || whenFull == "dropNewest"
        else { throw call.misuse }
        let size = try integer(call.arguments[0].value)
        let range = call.arguments[0].value.range
        return call.plan(call.upstream.type) { stream, frame in
            let count = try size(frame)
            guard count > 0 else { throw RuntimeError(Messages.negativeCount(call.name), at: range) }
            return stream.buffer(size: count, prefetch: prefetch == "keepFull" ? .keepFull : .byRequest,
                                 whenFull: whenFull == "dropOldest" ? .dropOldest : .dropNewest).eraseToAnyPublisher()
        }
    }
}

extension ChainOperator {
    static let multicast = ChainOperator(
        name: "multicast", forms: ["multicast { PassthroughSubject() }", "multicast(subject: SUBJECT)", "multicast { CurrentValueSubject(0) }"],
        signature: "func multicast<S>(_ createSubject: @escaping () -> S) -> Publishers.Multicast<Self, S> where S: Subject, Self.Failure == S.Failure, Self.Output == S.Output",
        summary: "one upstream subscription for every subscriber, once connected (autoconnect())",
        usage: "'.multicast { PassthroughSubject() }.autoconnect()'", completion: "multicast",
        example: "subject s: Int\nlet hub = s.map { $0 * 2 }.multicast { PassthroughSubject() }.autoconnect()\nhub.sink { print(\"A\", $0) }\nhub.sink { print(\"B\", $0) }\nsend s 1",
        output: "A 2\nB 2\n",
        timeline: OperatorTimeline(
            about: "Shares one upstream subscription among all its subscribers through a subject, starting only when connected (or at the first subscriber, with autoconnect()). Unlike share(), you choose the subject and when to connect.",
            korean: KoreanWords(summary: "연결되면 업스트림 구독 하나를 모두가 공유 (autoconnect())",
                                 about: "subject를 통해 업스트림 구독 하나를 모든 구독자가 공유하게 하고, 연결될 때(autoconnect()를 쓰면 첫 구독자가 올 때) 비로소 시작해요. share()와 달리 어떤 subject를 쓸지와 언제 연결할지를 직접 정해요."),
            rxSwift: "multicast(_:), publish()", rxJS: "connectable (multicast is deprecated)",
            program: #"""
            subject n: Int
            let hub = n.multicast { PassthroughSubject() }.autoconnect()
            hub.sink { _ in }
            hub.filter { $0 > 1 }.sink { _ in }
            play n "-1-2-3-|"
            wait 800ms
            """#),
        traits: OperatorTraits(isShared: true, export: ExportTraits(write: { exporter, call throws(Diagnostic) in try exporter.exportMulticast(call) })),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileMulticast(call) })
}

extension Compiler {
    /// `multicast { PassthroughSubject() }`, `multicast(subject: SUBJECT)` and
    /// `makeConnectable()`: one upstream subscription for every subscriber, made when the
    /// publisher is connected — by `connect()`, or by `autoconnect()` when the first
    /// subscriber comes. The subject is a `subject` or `current` by name, or one made where it
    /// is written (`PassthroughSubject<Int, Never>()`, `CurrentValueSubject(0)`), once for
    /// this publisher, in the closure form as in the argument.
    func compileMulticast(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        if call.name != "multicast" {
            guard call.takesNothing else { throw call.misuse }
            return multicastPlan(call) { _ in { PassthroughSubject<Value, ScriptFailure>() } }
        }
        let written: Expr
        if call.arguments.first?.label == "subject", call.arguments.count == 1, call.trailing == nil {
            written = call.arguments[0].value
        } else {
            guard let body = call.trailing ?? (call.arguments.count == 1 ? closureOf(call.arguments[0].value) : nil),
                  call.arguments.count <= 1, body.body.count == 1, case .expression(let made) = body.body[0].kind
            else { throw call.misuse }
            written = made
        }
        if case .name(let name) = written.kind {
            switch try entity(Name(text: name, range: written.range)).kind {
            case .subject(let subject): return multicastPlan(call) { _ in { subject } }
            case .current(let subject): return multicastPlan(call) { _ in { subject } }
            default: throw call.misuse
            }
        }
        guard case .call(let callee, let arguments, nil) = written.kind else { throw call.misuse }
        switch callee.kind {
        case .name("PassthroughSubject"), .specialized("PassthroughSubject", _):
            guard arguments.isEmpty else { throw call.misuse }
            return multicastPlan(call) { _ in { PassthroughSubject<Value, ScriptFailure>() } }
        case .name("CurrentValueSubject"), .specialized("CurrentValueSubject", _):
            guard arguments.count == 1, arguments[0].label == nil else { throw call.misuse }
            let (initial, type) = try expression(arguments[0].value)
            if type.isKnown, call.upstream.type.isKnown, type != call.upstream.type {
                throw Diagnostic.error(Messages.typeMismatch("convert", expected: call.upstream.type.name, got: type.name),
                                       at: arguments[0].value.range)
            }
            return multicastPlan(call) { frame in
                let value = try initial(frame)
                return { CurrentValueSubject<Value, ScriptFailure>(value) }
            }
        default:
            throw call.misuse
        }
    }

    /// The multicast publisher over the subject `subject` makes (the frame is the publisher's
    /// making; the closure, the subject's, which Combine calls once, at the first subscriber or
    /// the connection), as a chain stage, autoconnected, and with its `connect()`.
    private func multicastPlan<S: Subject>(_ call: OperatorCall, subject: @escaping (Frame) throws -> () -> S) -> PublisherPlan
    where S.Output == Value, S.Failure == ScriptFailure {
        let make = call.upstream.make
        // Never connected, it delivers nothing, as in Combine; `autoconnect()` connects it.
        var plan = call.plan(call.upstream.type) { stream, frame in stream.multicast(try subject(frame)).eraseToAnyPublisher() }
        plan.autoconnected = { frame in try make(frame).multicast(try subject(frame)).autoconnect().eraseToAnyPublisher() }
        plan.connectable = { frame in
            let shared = try make(frame).multicast(try subject(frame))
            return (shared.eraseToAnyPublisher(), { shared.connect() })
        }
        return plan
    }

    private func closureOf(_ expr: Expr) -> ClosureExpr? {
        if case .closure(let body) = expr.kind { return body }
        return nil
    }
}

extension ChainOperator {
    static let makeConnectable = ChainOperator(
        name: "makeConnectable", forms: ["makeConnectable()"],
        signature: "func makeConnectable() -> Publishers.MakeConnectable<Self> where Self.Failure == Never",
        summary: "a connectable publisher: nothing flows until it is connected (autoconnect())",
        usage: "'.makeConnectable().autoconnect()'", completion: "makeConnectable()",
        example: "[1, 2].publisher.makeConnectable().autoconnect().collect().sink { print($0) }",
        output: "[1, 2]\n",
        timeline: OperatorTimeline(
            about: "Wraps a publisher so that nothing flows until connect() is called, letting every subscriber attach first. Values sent before the connection are missed.",
            korean: KoreanWords(summary: "연결 전엔 아무것도 안 흐르는 퍼블리셔 (autoconnect())",
                                 about: "connect()를 호출할 때까지 아무것도 흐르지 않도록 퍼블리셔를 감싸서, 모든 구독자가 먼저 붙을 수 있게 해요. 연결 전에 보낸 값은 놓쳐요."),
            rxSwift: "publish()", rxJS: "connectable",
            program: #"""
            let n = PassthroughSubject<Int, Never>()
            let hub = n.makeConnectable()
            hub.map { $0 * 2 }.sink { _ in }
            play n "-1-2-3-4-|"
            wait 300ms
            let connection = hub.connect()
            wait 800ms
            """#),
        traits: OperatorTraits(isShared: true),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileMulticast(call) })
}

extension SwiftExporter {
    /// `timeout(…, customError: { "slow" })`: the closure's message becomes an `AppError`.
    func exportTimeout(_ call: ExportedCall) throws(Diagnostic) -> String? {
        try operatorCall(call, .timeout, wrappingErrorClosures: true)
    }

    /// `multicast { PassthroughSubject() }`, `multicast { CurrentValueSubject(0) }`: Swift
    /// needs the subject's generic arguments, the chain's (Tapline takes them from there).
    func exportMulticast(_ call: ExportedCall) throws(Diagnostic) -> String? {
        guard let body = call.trailing, call.arguments.isEmpty, body.body.count == 1, case .expression(let made) = body.body[0].kind,
              case .call(let callee, let arguments, nil) = made.kind, case .name(let subject) = callee.kind,
              case .publisher(let output, let failure)? = types.type(of: call.base) else { return nil }
        let generics = "<\(swiftType(output)), \(swiftType(failure))>"
        switch subject {
        case "PassthroughSubject" where arguments.isEmpty:
            return call.head + " { PassthroughSubject\(generics)() }"
        case "CurrentValueSubject" where arguments.count == 1:
            return call.head + " { CurrentValueSubject\(generics)(\(try expression(arguments[0].value, call.context))) }"
        default:
            return nil
        }
    }

}
