import TaplineReactive

/// Calls: a declared `func`, a built-in function, a method on a value, `.max(n)`, and
/// `subject.send(value)`.
extension Compiler {
    /// Whether `method` is a subject's method that is a call, not a chain stage: `send`.
    /// (Compared, not hashed: every stage of every chain asks.)
    static func isSubjectMethod(_ method: String) -> Bool { method == "send" }

    func call(_ callee: Expr, _ arguments: [Argument], trailing: ClosureExpr?, range: SourceRange) throws(Diagnostic) -> (code: Code, type: SType) {
        var callee = callee
        if case .member(let base, "init", _) = callee.kind, case .name(let name) = base.kind, resolve(name) == nil,
           Builtins.functions.contains(name) {
            callee = base   // `Int.init("1")` is `Int("1")`
        } else if case .member(let base, let method, let nameRange) = callee.kind, case .name(let name) = base.kind, resolve(name) == nil,
           let implicit = implicitSelf(name, range: base.range) {
            // `items.append(x)` in a method is `self.items.append(x)`.
            callee = Expr(.member(implicit, method, nameRange: nameRange), callee.range)
        }
        if Compiler.mayBeUserCall(callee, names: runtime.userMemberNames),
           let found = try userCall(callee, arguments, trailing: trailing, range: range) { return found }
        if let subscriber = try anySubscriber(callee, arguments, trailing: trailing, range: range) { return subscriber }
        if let sleep = try threadSleep(callee, arguments, trailing: trailing) { return sleep }
        if arguments.isEmpty, trailing == nil, let type = Compiler.collectionType(callee) {
            return try emptyCollection(type, range: range)
        }
        switch callee.kind {
        case .name(let name):
            return try namedCall(name, callee, arguments, trailing: trailing, range: range)
        case .member(let baseExpr, let method, let nameRange):
            return try memberCall(method, on: baseExpr, nameRange: nameRange, arguments, trailing: trailing, range: range)
        case .implicitMember(let unit) where Compiler.durationUnits[unit] != nil && trailing == nil:
            // `.seconds(2)` as a value: the Duration it makes, as in `wait .seconds(2)`.
            let code = try duration(Expr(.call(callee, arguments, trailing: nil), range))
            return ({ frame in .duration(try code(frame)) }, .duration)

        case .implicitMember("max"):
            guard arguments.count == 1, arguments[0].label == nil, trailing == nil else {
                throw Diagnostic.error(Messages.operatorArguments("max", usage: "'.max(3)'"), at: range)
            }
            let code = try integer(arguments[0].value)
            return ({ frame in
                let count = try code(frame)
                guard count >= 0 else { throw RuntimeError(Messages.negativeDemand, at: range) }
                return .demand(.max(count))
            }, .demand)

        case .argument:
            // `$0(.success(1))`: a Future's promise, or a closure passed as a value.
            if Compiler.isPromiseCall(arguments) { return try promiseCall(try expression(callee).code, arguments, range: range) }
            return try functionValueCall(callee, arguments, trailing: trailing, range: range)
        case .implicitMember(let name) where ChainOperator.named(name) != nil:
            // `.map { … }` alone: a chain's next line, typed after the entry before it ran.
            throw Diagnostic.error(Messages.operatorWithoutPublisher(name), at: callee.range)
        default:
            throw Diagnostic.error(Messages.notCallable(Compiler.describe(callee)), at: callee.range)
        }
    }

    /// Whether a call may make or use one of the program's types: a name (a type, or a method
    /// of `self`), `.case(…)`, or a member call whose name some type declares. Told before
    /// compiling anything, so that other calls are compiled as they always were.
    static func mayBeUserCall(_ callee: Expr, names: Set<String>) -> Bool {
        switch callee.kind {
        case .name(let name), .implicitMember(let name), .specialized(let name, _): return names.contains(name)
        case .member(let base, let name, _):
            if names.contains(name) { return true }
            if case .name(let type) = base.kind { return names.contains(type) }
            return false
        default: return false
        }
    }

    /// `f(…)`: a declared func, a Future's promise, `schedule(after:)` or a built-in function.
    private func namedCall(_ name: String, _ callee: Expr, _ arguments: [Argument], trailing: ClosureExpr?,
                           range: SourceRange) throws(Diagnostic) -> (code: Code, type: SType) {
        let resolved = resolve(name)
        if case .local(_, _, let type)? = resolved {
            if case .function = type { return try functionValueCall(callee, arguments, trailing: trailing, range: range) }
            // A Future's promise, or a value whose type shows when it runs.
            guard type == .promise || type == .unknown else { throw Diagnostic.error(Messages.notCallable(name), at: callee.range) }
            if type == .unknown, !Compiler.isPromiseCall(arguments) {
                return try functionValueCall(callee, arguments, trailing: trailing, range: range)
            }
            return try promiseCall(try expression(callee).code, arguments, range: range)
        }
        if case .entity(let entity)? = resolved, case .value(let box) = entity.kind {
            guard case .function = box.type else { throw Diagnostic.error(Messages.notCallable(name), at: callee.range) }
            return try functionValueCall(callee, arguments, trailing: trailing, range: range)
        }
        if case .entity(let entity)? = resolved {
            guard case .function(let box) = entity.kind else {
                throw Diagnostic.error(Messages.notCallable(name), at: callee.range)
            }
            if box.isThrowing { try allowThrowing("calling '\(box.signature(name))', which can throw,", at: range) }
            let values = try functionArguments(box, name: name, arguments, trailing: trailing, range: range)
            return (functionCall(box, name: name, arguments: values, range: range), box.result)
        }
        if name == "schedule", resolved == nil { return try schedule(arguments, trailing: trailing, range: range) }
        if trailing != nil {
            // `example(of: "Just") { … }` with no such func: the name is what is missing.
            if resolved == nil, !Builtins.functions.contains(name) {
                throw MissingLibrary.noting(unknownName(name, at: callee.range), name: name)
            }
            throw Diagnostic.error(Messages.closureAsValue, at: range)
        }
        let compiled = try arguments.map { (argument) throws(Diagnostic) -> BuiltinArgument in
            let (code, type) = try expression(argument.value)
            return BuiltinArgument(label: argument.label, code: code, type: type, range: argument.value.range)
        }
        return try Builtins.call(name, compiled, range: range, calleeRange: callee.range, runtime: runtime, visible: { self.visibleNames })
    }

    /// `base.method(…)`: a subject's `send`, `objectWillChange.send()`, a bag's `removeAll()`,
    /// a token's `cancel()`, or a method on a value.
    private func memberCall(_ method: String, on baseExpr: Expr, nameRange: SourceRange, _ arguments: [Argument],
                            trailing: ClosureExpr?, range: SourceRange) throws(Diagnostic) -> (code: Code, type: SType) {
        if method == "random", trailing == nil, case .name(let type) = baseExpr.kind, let random = try randomValue(type, arguments, range: range) {
            return random
        }
        if Compiler.isSubjectMethod(method), case .name(let name) = baseExpr.kind, case .entity(let entity)? = resolve(name),
           !entity.isValue {
            return try sendCall(entity, arguments, range: range)
        }
        if method == "send", case .name("objectWillChange") = baseExpr.kind, resolve("objectWillChange") == nil {
            guard arguments.isEmpty, trailing == nil else {
                throw Diagnostic.error(Messages.operatorArguments("send", usage: "'objectWillChange.send()', with no value"), at: range)
            }
            // Telling watchers of a change no @Published value makes, as Swift code does.
            let changes = runtime.objectWillChange
            return ({ _ in
                changes.send()
                return .void
            }, .void)
        }
        if Compiler.isSubjectMethod(method), trailing == nil {
            let (base, type) = try expression(baseExpr)
            if case .publisher(let output, _) = type { return try subjectValueSend(base, output: output, arguments, range: range) }
            if type == .unknown { return try subjectValueSend(base, output: .unknown, arguments, range: range) }
        }
        if method == "removeAll", arguments.isEmpty, trailing == nil, case .name(let name) = baseExpr.kind,
           case .entity(let entity)? = resolve(name), case .bag(let bag) = entity.kind {
            // Letting the tokens go cancels those that nothing else holds.
            return ({ _ in
                bag.tokens.removeAll()
                return .void
            }, .void)
        }
        if method == "cancel", arguments.isEmpty, trailing == nil, case .name(let name) = baseExpr.kind,
           case .entity? = resolve(name) {
            // `token.cancel()`, as Swift writes `cancel token`.
            let step = try statement(Stmt(.cancel(Name(text: name, range: baseExpr.range)), range))
            return ({ frame in
                try step.run(frame)
                return .void
            }, .void)
        }
        if isDispatch(method, on: baseExpr) {
            return try dispatch(method, on: baseExpr, arguments, trailing: trailing, range: range)
        }
        if let mutating = MutatingMethod(rawValue: method), trailing == nil, Compiler.isPlace(baseExpr), try isCollectionPlace(baseExpr) {
            return try mutatingCall(mutating, on: baseExpr, arguments, range: range)
        }
        if Compiler.isCollectionMethod(method, arguments, trailing: trailing) || passesFunction(method, arguments, trailing: trailing) {
            return try collectionMethod(method, on: baseExpr, arguments, trailing: trailing, range: range)
        }
        if trailing != nil { throw Diagnostic.error(Messages.closureAsValue, at: range) }
        return try methodCall(method, on: baseExpr, arguments, nameRange: nameRange)
    }

    /// The arguments of a call to a declared `func`, checked against its signature as Swift
    /// checks them: one per parameter, in order, each with the parameter's label.
    func functionArguments(_ box: FunctionBox, name: String, _ arguments: [Argument], trailing: ClosureExpr?,
                                   range: SourceRange) throws(Diagnostic) -> [Code] {
        let signature = box.signature(name)
        let given = arguments.count + (trailing == nil ? 0 : 1)
        let required = box.parameters.indices.count { !box.hasDefault(at: $0) }
        guard (required...box.parameters.count).contains(given) else {
            throw Diagnostic.error(Messages.functionArguments(signature, given: given), at: range)
        }
        let matched = Compiler.matchArguments(arguments, trailing: trailing, to: box)
        if matched.count(where: { $0 != nil }) < given, let extra = arguments.first(where: { argument in
            !matched.contains { $0?.value.range == argument.value.range }
        }) {
            throw Diagnostic.error(Messages.extraArgument(extra.label), at: extra.labelRange ?? extra.value.range)
        }
        var codes: [Code] = []
        for (index, parameter) in box.parameters.enumerated() {
            guard let argument = matched[index] else {
                // Left out: the parameter's default, as the call would have passed it.
                guard box.hasDefault(at: index), let defaultValue = box.defaults[index] else {
                    let wrong = arguments.first { $0.label != parameter.label }
                    throw Diagnostic.error(Messages.argumentLabel(signature, expected: parameter.label, got: wrong?.label),
                                           at: wrong.map { $0.labelRange ?? $0.value.range } ?? range)
                }
                let (code, type) = try expression(defaultValue)
                guard parameter.type.admits(type) else {
                    throw Diagnostic.error(Messages.argumentType(signature, expected: parameter.type.name, got: type.name), at: defaultValue.range)
                }
                codes.append(code)
                continue
            }
            guard argument.label == parameter.label else {
                throw Diagnostic.error(Messages.argumentLabel(signature, expected: parameter.label, got: argument.label),
                                       at: argument.labelRange ?? argument.value.range)
            }
            if case .closure(let closure) = argument.value.kind {
                codes.append(try closureValue(closure, expected: parameter.type).code)
                continue
            }
            let (code, type) = try expression(argument.value)
            guard parameter.type.admits(type) else {
                throw Diagnostic.error(Messages.argumentType(signature, expected: parameter.type.name, got: type.name), at: argument.value.range)
            }
            codes.append(code)
        }
        return codes
    }

    /// The argument each parameter takes, as Swift matches them: in order, each with its
    /// parameter's label; a parameter with a default may be left out (nil). A trailing closure
    /// is the argument of the parameter after the ones written in the parentheses (before any
    /// labeled trailing closures), skipping defaults that take no function. What is left over
    /// is matched by position, for the label check to report.
    static func matchArguments(_ arguments: [Argument], trailing: ClosureExpr?, to box: FunctionBox) -> [Argument?] {
        let trailingAt = arguments.firstIndex(where: \.isTrailing) ?? arguments.count
        var pending = trailing
        var next = 0
        var matched: [Argument?] = []
        for (index, parameter) in box.parameters.enumerated() {
            let optional = box.hasDefault(at: index)
            if next == trailingAt, let closure = pending {
                // Swift's forward scan: a parameter with a default is skipped when it takes no
                // function, or when a later one must have an argument.
                let laterRequired = box.parameters.indices.contains { $0 > index && !box.hasDefault(at: $0) }
                if optional, laterRequired || !parameter.type.takesClosure {
                    matched.append(nil)
                    continue
                }
                matched.append(Argument(label: parameter.label, labelRange: nil, value: Expr(.closure(closure), closure.range)))
                pending = nil
            } else if next < arguments.count, !optional || arguments[next].label == parameter.label {
                matched.append(arguments[next])
                next += 1
            } else {
                matched.append(nil)
            }
        }
        return matched
    }

    /// A call of a declared `func`: a fresh frame per call holding the arguments, depth
    /// bounded so that endless recursion is an error rather than a stack overflow.
    private func functionCall(_ box: FunctionBox, name: String, arguments: [Code], range: SourceRange) -> Code {
        let runtime = self.runtime
        return { frame in
            try box.run(name: name, runtime: runtime, range: range) { callee in
                for (slot, argument) in arguments.enumerated() { try box.store(try argument(frame), in: callee, slot: slot, name: name, range: range) }
            }.result
        }
    }

    /// `value.method(arguments)`: one of the builtin methods (`uppercased()`, `contains(x)`…).
    private func methodCall(_ method: String, on baseExpr: Expr, _ arguments: [Argument], nameRange: SourceRange) throws(Diagnostic) -> (code: Code, type: SType) {
        let (base, baseType) = try expression(baseExpr)
        let compiled = try arguments.map { (each) throws(Diagnostic) in try expression(each.value) }
        let codes = compiled.map(\.code)
        guard Builtins.methods.contains(method) else {
            throw Diagnostic.error(Messages.noMember(method, on: baseType.name), at: nameRange)
        }
        return ({ frame in
            try Builtins.method(method, of: try base(frame), arguments: try codes.map { try $0(frame) }, range: nameRange)
        }, Builtins.methodType(method, on: baseType))
    }

    /// `[Int]`, `[String: Int]`, `Set<String>` written where a call's function goes
    /// (`[Int]()`): the type they spell, when each part is a type's name.
    static func collectionType(_ callee: Expr) -> TypeExpr? {
        func type(_ expr: Expr) -> TypeExpr? {
            switch expr.kind {
            case .name(let name) where name.first?.isUppercase == true: return TypeExpr(kind: .named(name, arguments: []), range: expr.range)
            case .specialized(let name, let arguments): return TypeExpr(kind: .named(name, arguments: arguments), range: expr.range)
            case .array(let elements) where elements.count == 1:
                return type(elements[0]).map { TypeExpr(kind: .array($0), range: expr.range) }
            case .dictionary(let pairs) where pairs.count == 1:
                guard let key = type(pairs[0].key), let value = type(pairs[0].value) else { return nil }
                return TypeExpr(kind: .dictionary(key, value), range: expr.range)
            default: return nil
            }
        }
        switch callee.kind {
        case .array, .dictionary: return type(callee)
        case .specialized(let name, _) where ["Array", "Set", "Dictionary"].contains(name): return type(callee)
        default: return nil
        }
    }

    /// `[Int]()`, `[String: Int]()`, `Set<String>()`: an empty collection of that type.
    private func emptyCollection(_ written: TypeExpr, range: SourceRange) throws(Diagnostic) -> (code: Code, type: SType) {
        let type = try staticType(written)
        switch type {
        case .dictionary: return ({ _ in .dictionary(keys: [], values: []) }, type)
        case .set: return ({ _ in .set([]) }, type)
        default: return ({ _ in .array([]) }, type)
        }
    }

    /// Whether the arguments are a promise's: `(.success(…))` or `(.failure(…))`.
    static func isPromiseCall(_ arguments: [Argument]) -> Bool {
        guard arguments.count == 1, case .call(let callee, _, nil) = arguments[0].value.kind,
              case .implicitMember(let outcome) = callee.kind else { return false }
        return outcome == "success" || outcome == "failure"
    }

    /// `action()`, `transform(x)`: a closure or function held as a value, called. A closure
    /// argument is compiled for the parameter's type.
    func functionValueCall(_ callee: Expr, _ arguments: [Argument], trailing: ClosureExpr?, range: SourceRange) throws(Diagnostic) -> (code: Code, type: SType) {
        let (function, type) = try expression(callee)
        var parameters: [SType] = []
        var result = SType.unknown
        if case .function(let types, let resultType) = type { (parameters, result) = (types, resultType) }
        var values = arguments.map(\.value)
        if let trailing { values.append(Expr(.closure(trailing), trailing.range)) }
        if case .function = type, values.count != parameters.count {
            throw Diagnostic.error(Messages.functionArguments(Compiler.describe(callee) + "(_:)", given: values.count), at: range)
        }
        var codes: [Code] = []
        for (index, value) in values.enumerated() {
            let expected = index < parameters.count ? parameters[index] : nil
            if case .closure(let closure) = value.kind {
                codes.append(try closureValue(closure, expected: expected).code)
            } else {
                codes.append(try expression(value).code)
            }
        }
        let runtime = self.runtime
        return ({ frame in
            guard case .function(let callable) = try function(frame) else {
                throw RuntimeError(Messages.notCallable(Compiler.describe(callee)), at: callee.range)
            }
            let arguments = try codes.map { try $0(frame) }
            guard runtime.callDepth < Runtime.maximumCallDepth else {
                throw RuntimeError(Messages.tooMuchRecursion(Compiler.describe(callee), Runtime.maximumCallDepth), at: range)
            }
            runtime.callDepth += 1
            defer { runtime.callDepth -= 1 }
            return try callable.call(arguments)
        }, result)
    }

    /// `promise(.success(value))`, `promise(.failure("message"))`: answers a Future. Any
    /// other `Result` (`promise(Result.success(value))`, a `Result` held in a variable) is
    /// taken apart when the promise is called.
    func promiseCall(_ promise: @escaping Code, _ arguments: [Argument], range: SourceRange) throws(Diagnostic) -> (code: Code, type: SType) {
        guard arguments.count == 1, arguments[0].label == nil, case .call(let callee, let inner, nil) = arguments[0].value.kind,
              case .implicitMember(let outcome) = callee.kind, outcome == "success" || outcome == "failure",
              inner.count == 1, inner[0].label == nil else {
            return try promiseResultCall(promise, arguments, range: range)
        }
        let (code, _) = try expression(inner[0].value)
        let succeeds = outcome == "success"
        return ({ frame in
            guard case .promise(let box) = try promise(frame) else {
                throw RuntimeError(Messages.notCallable("this value"), at: range)
            }
            let value = try code(frame)
            box.fulfill(succeeds ? .success(value) : .failure(ScriptFailure(error: value)))
            return .void
        }, .void)
    }

    /// `promise(result)`: a promise called with a `Result` that is not written out as
    /// `.success(…)` or `.failure(…)` at the call.
    private func promiseResultCall(_ promise: @escaping Code, _ arguments: [Argument], range: SourceRange) throws(Diagnostic) -> (code: Code, type: SType) {
        let usage = Messages.operatorArguments("promise", usage: "'promise(.success(value))' or 'promise(.failure(\"message\"))'")
        guard arguments.count == 1, arguments[0].label == nil else { throw Diagnostic.error(usage, at: range) }
        let (code, type) = try expression(arguments[0].value)
        switch type {
        case .user("Result"), .unknown: break
        default: throw Diagnostic.error(usage, at: range)
        }
        let resultType = runtime.resultType
        return ({ frame in
            guard case .promise(let box) = try promise(frame) else {
                throw RuntimeError(Messages.notCallable("this value"), at: range)
            }
            guard case .enumValue(let result) = try code(frame), result.type === resultType, result.payload.count == 1 else {
                throw RuntimeError(usage, at: range)
            }
            let value = result.payload[0]
            box.fulfill(result.name == "success" ? .success(value) : .failure(ScriptFailure(error: value)))
            return .void
        }, .void)
    }

    /// `schedule(after: 300ms) { … }`: runs the block later on the virtual clock (Combine's
    /// `Scheduler.schedule(after:)`), when `wait` or an `expect` moves the clock there.
    private func schedule(_ arguments: [Argument], trailing: ClosureExpr?, range: SourceRange) throws(Diagnostic) -> (code: Code, type: SType) {
        var closureExpr = trailing
        if closureExpr == nil, arguments.count == 2, case .closure(let last) = arguments[1].value.kind { closureExpr = last }
        guard let closureExpr, arguments.first?.label == "after", arguments.count == (trailing == nil ? 2 : 1) else {
            throw Diagnostic.error(Messages.operatorArguments("schedule", usage: "'schedule(after: 300ms) { … }'"), at: range)
        }
        let delay = try duration(arguments[0].value)
        return (try scheduledBlock(closureExpr, owner: "schedule", on: runtime.mainQueue, after: delay), .void)
    }

    /// `send(_:)`, `send(completion:)` and `send()` on a subject held as a value (one made in a
    /// func or a closure).
    private func subjectValueSend(_ base: @escaping Code, output: SType, _ arguments: [Argument], range: SourceRange) throws(Diagnostic) -> (code: Code, type: SType) {
        func subject(_ frame: Frame) throws -> SubjectHandle { try subjectAndOutput(frame).handle }
        func subjectAndOutput(_ frame: Frame) throws -> (handle: SubjectHandle, output: SType) {
            guard case .publisher(let publisher) = try base(frame), let handle = publisher.subject else {
                throw RuntimeError(Messages.notA("this value", isA: "a publisher", expected: "a subject to send to"), at: range)
            }
            return (handle, publisher.output)
        }
        if arguments.isEmpty { return ({ frame in try subject(frame).send(.void); return .void }, .void) }
        guard arguments.count == 1 else {
            throw Diagnostic.error(Messages.operatorArguments("send", usage: "'subject.send(value)'"), at: range)
        }
        guard arguments[0].label == "completion" else {
            // What is sent takes the subject's Output, as a literal does in Swift (`22` to a
            // subject of `Double` is `22.0`); where the Output is known, it is checked first.
            let value = try storable(arguments[0].value, into: output)
            return ({ frame in
                let (handle, subjectOutput) = try subjectAndOutput(frame)
                let sent = try value(frame)
                handle.send(subjectOutput.stored(sent))
                return .void
            }, .void)
        }
        let completion = try completionValue(arguments[0].value)
        return ({ frame in try subject(frame).complete(try completion(frame)); return .void }, .void)
    }

    /// `.finished`, `.failure(error)`: what `send(completion:)` is given.
    func completionValue(_ expr: Expr) throws(Diagnostic) -> (Frame) throws -> Subscribers.Completion<ScriptFailure> {
        if case .implicitMember("finished") = expr.kind { return { _ in .finished } }
        guard case .call(let callee, let inner, nil) = expr.kind, case .implicitMember("failure") = callee.kind,
              inner.count == 1, inner[0].label == nil else {
            throw Diagnostic.error(Messages.operatorArguments("send", usage: "'send(completion: .finished)' or 'send(completion: .failure(error))'"),
                                   at: expr.range)
        }
        let (error, _) = try expression(inner[0].value)
        return { frame in .failure(ScriptFailure(error: try error(frame))) }
    }

    /// `subject.send(value)` and `subject.send(completion: .finished)` in expression position.
    private func sendCall(_ entity: Entity, _ arguments: [Argument], range: SourceRange) throws(Diagnostic) -> (code: Code, type: SType) {
        guard arguments.count == 1 else {
            throw Diagnostic.error(Messages.operatorArguments("send", usage: "'\(entity.name).send(value)'"), at: range)
        }
        let name = Name(text: entity.name, range: range)
        let step: Step
        if arguments[0].label == "completion" {
            let completion = arguments[0].value
            if case .call(let callee, let inner, nil) = completion.kind, case .implicitMember("failure") = callee.kind,
               inner.count == 1, inner[0].label == nil {
                // `send(completion: .failure(error))` is `fail NAME error`.
                return try sendCall(entity, failure: inner[0].value, range: range)
            }
            guard case .implicitMember("finished") = completion.kind else {
                throw Diagnostic.error(Messages.sendCompletionForm(entity.name), at: completion.range)
            }
            step = try statement(Stmt(.complete(name), range))
        } else {
            step = try statement(Stmt(.send(name, arguments[0].value), range))
        }
        return ({ frame in
            try step.run(frame)
            return .void
        }, .void)
    }

    /// `subject.send(completion: .failure(error))`, as `fail` sends it.
    private func sendCall(_ entity: Entity, failure: Expr, range: SourceRange) throws(Diagnostic) -> (code: Code, type: SType) {
        let step = try statement(Stmt(.fail(Name(text: entity.name, range: range), failure), range))
        return ({ frame in
            try step.run(frame)
            return .void
        }, .void)
    }

    /// A short spelling of an expression for messages.
    static func describe(_ expr: Expr) -> String {
        switch expr.kind {
        case .name(let name): return name
        case .dollarName(let name): return "$" + name
        case .member(let base, let name, _): return describe(base) + "." + name
        case .implicitMember(let name): return "." + name
        case .call(let callee, _, _): return describe(callee) + "(…)"
        default: return "this expression"
        }
    }
}
