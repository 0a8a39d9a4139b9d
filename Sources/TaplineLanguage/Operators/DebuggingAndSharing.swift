import TaplineReactive

/// Operators that log, share, connect or retype a stream: `print`, `share`, `autoconnect`,
/// `setFailureType`, `eraseToAnyPublisher`.
extension ChainOperator {
    static let debuggingAndSharing: [ChainOperator] = [print, share, autoconnect, setFailureType, eraseToAnyPublisher]
}

extension ChainOperator {
    static let print = ChainOperator(
        name: "print", forms: ["print(\"tag\")"],
        signature: "func print(_ prefix: String = \"\", to stream: TextOutputStream? = nil) -> Publishers.Print<Self>",
        summary: "logs every event in Combine's format",
        usage: "'.print(\"tag\")'", completion: "print(",
        example: "just(1).print(\"tag\").sink { _ in }",
        output: "tag: receive subscription: (Just)\ntag: request unlimited\ntag: receive value: (1)\ntag: receive finished\n",
        timeline: OperatorTimeline(
            about: "Writes every event that passes (subscription, request, value, completion, cancel) in Combine's log format, prefixed with the tag, and changes nothing. It is the first tool for seeing what a chain really does.",
            korean: KoreanWords(summary: "모든 이벤트를 Combine 형식으로 로그에 남겨요",
                                 about: "지나가는 모든 이벤트(구독, 요청, 값, 완료, 취소)를 태그를 앞에 붙여 Combine의 로그 형식으로 출력하고, 아무것도 바꾸지 않아요. 체인이 실제로 어떻게 동작하는지 볼 때 가장 먼저 꺼내 드는 도구예요."),
            rxSwift: "debug(_:)", rxJS: "tap(console.log)",
            program: #"""
            subject n: Int
            play n "-1-2-|"
            n.print("n").sink { _ in }
            wait 600ms
            """#),
        traits: OperatorTraits(generated: ["print(\"t\")"]),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compilePrint(call) })
}

extension Compiler {
    /// `print("tag")` onto the core's `Publishers.Print`, writing Combine's lines to the output.
    ///
    ///     just(1).print("tag").sink { _ in }
    ///     // tag: receive subscription: (Just)
    ///     // tag: request unlimited
    ///     // tag: receive value: (1)
    ///     // tag: receive finished
    func compilePrint(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        // `to: nil`, the standard output, is what Tapline prints to anyway.
        var arguments = call.arguments
        if arguments.last?.label == "to", case .nilLiteral = arguments[arguments.count - 1].value.kind { arguments.removeLast() }
        guard call.trailing == nil, arguments.count <= 1, arguments.first?.label == nil else { throw call.misuse }
        let tag = try arguments.first.map { (each) throws(Diagnostic) in try expression(each.value).code }
        let runtime = self.runtime
        return call.plan(call.upstream.type) { stream, frame in
            let prefix = try tag?(frame).description ?? ""
            return stream.print(prefix, to: { runtime.write($0) }).eraseToAnyPublisher()
        }
    }
}

extension ChainOperator {
    static let share = ChainOperator(
        name: "share", forms: ["share()"],
        signature: "func share() -> Publishers.Share<Self>",
        summary: "one upstream subscription for all subscribers",
        usage: "'.share()'", completion: "share()",
        example: "subject s: Int\nlet shared = s.map { $0 * 2 }.share()\nshared.sink { print(\"A\", $0) }\nshared.sink { print(\"B\", $0) }\nsend s 1",
        output: "A 2\nB 2\n",
        timeline: OperatorTimeline(
            about: "Gives every subscriber one shared upstream subscription instead of one each, so upstream work runs once. Values go to the subscribers that are there at the time; a late subscriber misses what came before.",
            korean: KoreanWords(summary: "모든 구독자가 업스트림 구독 하나를 공유해요",
                                 about: "구독자마다 업스트림을 따로 구독하는 대신 모든 구독자가 구독 하나를 공유하게 해서, 업스트림 작업이 한 번만 실행돼요. 값은 그 시점에 붙어 있는 구독자에게만 가므로, 늦게 온 구독자는 그 전에 나온 값을 놓쳐요."),
            program: #"""
            subject n: Int
            let shared = n.map { $0 * 2 }.share()
            shared.sink { _ in }
            shared.filter { $0 > 2 }.sink { _ in }
            play n "-1-2-3-|"
            wait 800ms
            """#),
        traits: OperatorTraits(isShared: true, generated: ["share()"]),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileShare(call) })
}

extension Compiler {
    /// `share()` onto the core's `Publishers.Share`: one upstream subscription for all.
    ///
    ///     subject s: Int
    ///     let shared = s.map { $0 * 2 }.share()
    ///     shared.sink { print("A", $0) }
    ///     shared.sink { print("B", $0) }
    ///     send s 1                                    // A 2, B 2
    func compileShare(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        guard call.takesNothing else { throw call.misuse }
        return call.plan(call.upstream.type) { stream, _ in stream.share().eraseToAnyPublisher() }
    }
}

extension ChainOperator {
    static let autoconnect = ChainOperator(
        name: "autoconnect", forms: ["autoconnect()"],
        signature: "func autoconnect() -> Publishers.Autoconnect<Self>   // on a ConnectablePublisher",
        summary: "connects a connectable publisher (a Timer) when the first subscriber comes",
        usage: "'.autoconnect()'", completion: "autoconnect()",
        example: "Timer.publish(every: 1s).autoconnect().prefix(2).sink { print(\"tick at\", $0) }\nwait 3s",
        output: "tick at 1000ms\ntick at 2000ms\n",
        timeline: OperatorTimeline(
            about: "Connects a connectable publisher, such as a Timer, as soon as the first subscriber arrives, and disconnects when the last one leaves. Without it a Timer's publisher does nothing until connect() is called.",
            korean: KoreanWords(summary: "첫 구독자가 오면 connectable 퍼블리셔(Timer)를 연결해요",
                                 about: "Timer 같은 connectable 퍼블리셔를 첫 구독자가 붙는 즉시 연결하고, 마지막 구독자가 떠나면 연결을 끊어요. 이게 없으면 Timer의 퍼블리셔는 connect()를 호출할 때까지 아무것도 하지 않아요."),
            rxSwift: "refCount()", rxJS: "refCount() (share() in RxJS 7)",
            program: #"""
            Timer.publish(every: 300ms).autoconnect().prefix(3).sink { _ in }
            wait 1s
            """#),
        traits: OperatorTraits(isShared: true),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileAutoconnect(call) })
}

extension Compiler {
    /// `autoconnect()` on a connectable publisher (`Timer.publish(every:)`): connects it when
    /// the first subscriber comes, disconnects when the last one leaves.
    ///
    ///     Timer.publish(every: 1s).autoconnect().prefix(2).sink { print($0) }
    ///     wait 3s                                                    // 1000ms, 2000ms
    func compileAutoconnect(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        guard call.takesNothing else { throw call.misuse }
        guard let connected = call.upstream.autoconnected else {
            throw Diagnostic.error(Messages.notConnectable, at: call.nameRange)
        }
        return PublisherPlan(make: connected, type: call.upstream.type, failure: call.upstream.failure, text: call.text)
    }
}

extension ChainOperator {
    static let setFailureType = ChainOperator(
        name: "setFailureType", forms: ["setFailureType(to: Error.self)"],
        signature: "func setFailureType<E>(to failureType: E.Type) -> Publishers.SetFailureType<Self, E> where Self.Failure == Never",
        summary: "lets a publisher that never fails join ones that can (its Failure becomes Error)",
        usage: "'.setFailureType(to: Error.self)'", completion: "setFailureType(to:",
        example: "subject s: Int, Error\ns.merge(with: Just(0).setFailureType(to: Error.self))\n  .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })\nsend s 1\ncomplete s",
        output: "0\n1\nfinished\n",
        timeline: OperatorTimeline(
            about: "Changes the declared failure type of a publisher that never fails, so it can be combined with publishers that can. Nothing at run time changes; RxSwift and RxJS have no typed failures, so they have no counterpart.",
            korean: KoreanWords(summary: "실패 없는 퍼블리셔를 실패하는 것과 엮어요(Failure가 Error로)",
                                 about: "실패하지 않는 퍼블리셔의 선언된 실패 타입을 바꿔서, 실패할 수 있는 퍼블리셔와 결합할 수 있게 해요. 런타임 동작은 그대로이고, RxSwift와 RxJS에는 타입이 지정된 실패가 없어서 대응하는 연산자도 없어요."),
            program: #"""
            published name = "a"
            subject other: String, Error
            play other "--b--c-|"
            $name.setFailureType(to: Error.self).merge(with: other)
                .sink(receiveCompletion: { _ in }, receiveValue: { _ in })
            wait 800ms
            """#),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileSetFailureType(call) })
}

extension Compiler {
    /// `setFailureType(to: Error.self)` (or an error type of the program's, `NameError.self`):
    /// the same values, with a Failure of `Error` for the compiler (every stage can already
    /// carry an error at run time). As in Swift, only a publisher that never fails has it.
    ///
    ///     subject s: Int, Error
    ///     s.merge(with: Just(0).setFailureType(to: Error.self))
    ///         .sink(receiveCompletion: { _ in }, receiveValue: { print($0) })        // 0
    func compileSetFailureType(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        guard call.trailing == nil, call.arguments.count == 1, call.arguments[0].label == "to",
              case .member(let base, "self", _) = call.arguments[0].value.kind, case .name(let type) = base.kind,
              type == "Error" || declaredUserType(base)?.conformsToError == true else { throw call.misuse }
        try requireNeverFailing(call.upstream.failure, method: call.swiftMethodName, at: call.nameRange, hint: Messages.setFailureTypeHint)
        return call.plan(call.upstream.type, failure: type == "Error" ? .error : .user(type)) { stream, _ in stream }
    }
}

extension ChainOperator {
    static let eraseToAnyPublisher = ChainOperator(
        name: "eraseToAnyPublisher", forms: ["eraseToAnyPublisher()"],
        signature: "func eraseToAnyPublisher() -> AnyPublisher<Output, Failure>",
        summary: "changes nothing (accepted for familiarity)",
        usage: "'.eraseToAnyPublisher()'", completion: "eraseToAnyPublisher()",
        example: "just(1).eraseToAnyPublisher().sink { print($0) }",
        output: "1\n",
        timeline: OperatorTimeline(
            about: "Hides the publisher's concrete type behind AnyPublisher, so a function can return it without naming a long nested type. The events pass through unchanged.",
            korean: KoreanWords(summary: "아무것도 바꾸지 않아요 (익숙한 코드를 위해 허용해요)",
                                 about: "퍼블리셔의 구체 타입을 AnyPublisher 뒤로 감춰서, 함수가 길게 중첩된 타입을 적지 않고도 퍼블리셔를 반환할 수 있게 해요. 이벤트는 바뀌지 않고 그대로 지나가요."),
            rxSwift: "asObservable()", rxJS: "asObservable() (on a Subject)",
            program: #"""
            subject n: Int
            play n "-1-2-3-|"
            n.eraseToAnyPublisher().sink { _ in }
            wait 800ms
            """#),
        compile: .operator { compiler, call throws(Diagnostic) in try compiler.compileErase(call) })
}

extension Compiler {
    /// `eraseToAnyPublisher()`: every stage is already an `AnyPublisher`, so the values do not
    /// change; printed, it is an `AnyPublisher`, as in Swift.
    ///
    ///     just(1).eraseToAnyPublisher().sink { print($0) }   // 1
    func compileErase(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        guard call.takesNothing else { throw call.misuse }
        return call.plan(call.upstream.type) { stream, _ in stream }
    }
}
