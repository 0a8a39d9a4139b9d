import TaplineReactive

extension Compiler {
    /// `print("tag")` onto the core's `Publishers.Print`, writing Combine's lines to the output.
    ///
    ///     just(1).print("tag").sink { _ in }
    ///     // tag: receive subscription: (Just)
    ///     // tag: request unlimited
    ///     // tag: receive value: (1)
    ///     // tag: receive finished
    func compilePrint(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        guard call.trailing == nil, call.arguments.count <= 1, call.arguments.first?.label == nil else { throw call.misuse }
        let tag = try call.arguments.first.map { (each) throws(Diagnostic) in try expression(each.value).code }
        let runtime = self.runtime
        return call.plan(call.upstream.type) { stream, frame in
            let prefix = try tag?(frame).description ?? ""
            return stream.print(prefix, to: { runtime.write($0) }).eraseToAnyPublisher()
        }
    }

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

    /// `setFailureType(to: Error.self)`: the same values, with a Failure of `Error` for the
    /// compiler (every stage can already carry an error at run time). As in Swift, only a
    /// publisher that never fails has it.
    ///
    ///     subject s: Int
    ///     s.merge(with: Just(0).setFailureType(to: Error.self)).sink { print($0) }   // 0
    func compileSetFailureType(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        guard call.trailing == nil, call.arguments.count == 1, call.arguments[0].label == "to",
              case .member(let base, "self", _) = call.arguments[0].value.kind, case .name("Error") = base.kind else { throw call.misuse }
        guard call.upstream.failure != .error else {
            throw Diagnostic.error(Messages.alreadyFails(call.name, call.upstream.failure.name), at: call.nameRange)
        }
        return call.plan(call.upstream.type, failure: .error) { stream, _ in stream }
    }

    /// `eraseToAnyPublisher()`: every stage is already an `AnyPublisher`, so the values do not
    /// change; printed, it is an `AnyPublisher`, as in Swift.
    ///
    ///     just(1).eraseToAnyPublisher().sink { print($0) }   // 1
    func compileErase(_ call: OperatorCall) throws(Diagnostic) -> PublisherPlan {
        guard call.takesNothing else { throw call.misuse }
        return call.plan(call.upstream.type) { stream, _ in stream }
    }
}
