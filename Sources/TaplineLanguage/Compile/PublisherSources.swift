import TaplineReactive

/// Where a chain starts: a subject or current value by name, `$published`, a button's `.tap`,
/// a sequence's `.publisher`, `Just(value)`, `Empty()`, `Fail(error:)`, a publisher stored
/// with `let`, or any expression whose value is a publisher (a func's result, a parameter).
extension Compiler {
    /// The publisher an expression names, if it is a chain's first stage; nil otherwise.
    func publisherSource(_ expr: Expr) throws(Diagnostic) -> PublisherPlan? {
        switch expr.kind {
        case .dollarName(let name):
            guard case .entity(let entity)? = resolve(name) else {
                if let implicit = implicitSelf("$" + name, range: expr.range) { return try valuePublisher(implicit) }
                throw unknownName(name, at: expr.range)
            }
            guard case .published(let subject) = entity.kind else {
                throw Diagnostic.error(Messages.dollarOnNonPublished(name, kind: entity.kindDescription), at: expr.range)
            }
            return PublisherPlan(make: { _ in subject.setFailureType(to: ScriptFailure.self).eraseToAnyPublisher() },
                                 type: entity.outputType, failure: .never, text: text(of: expr.range),
                                 describe: { _ in entity.stateDescription })
        case .name("objectWillChange") where resolve("objectWillChange") == nil && implicitSelf("objectWillChange", range: expr.range) == nil:
            let (changes, stream) = (runtime.objectWillChange, runtime.objectWillChangeStream)
            return PublisherPlan(make: { _ in stream },
                                 type: .void, failure: .never, text: text(of: expr.range),
                                 describe: { _ in "the program's objectWillChange: \(changes.subscriberCount) subscriber(s)" })
        case .name(let name):
            guard case .entity(let entity)? = resolve(name) else { return nil }
            return namedPublisher(entity, text: text(of: expr.range))
        case .member(let base, "tap", _):
            return try tapPublisher(base, range: expr.range, text: text(of: expr.range))
        case .member(let base, "publisher", _):
            return try memberPublisher(of: base, range: expr.range)
        case .call(let callee, let arguments, let trailing):
            if case .member(let base, "publish", _) = callee.kind, case .name("Timer") = base.kind, resolve("Timer") == nil, trailing == nil {
                return try timerPublisher(arguments, range: expr.range)
            }
            if case .specialized(let name, let generics) = callee.kind, trailing == nil, resolve(name) == nil,
               let source = PublisherFunction.named(name), [.just, .empty, .fail].contains(source) {
                return try specializedPublisher(source, generics: generics, arguments, range: expr.range)
            }
            if case .specialized(let name, let generics) = callee.kind, resolve(name) == nil,
               let source = PublisherFunction.named(name), [.future, .deferred, .record].contains(source) {
                // `Future<Int, Never> { promise in … }`, `Record<Int, Error>(output: [1], completion:
                // .finished)`: the types given, checked against the body's or the arguments'.
                let plan = try typeCalledPublisher(source, arguments, trailing: trailing, range: expr.range)
                let (output, failure) = try typesGiven(generics, to: plan, source, range: expr.range)
                var typed = PublisherPlan(make: plan.make, type: output, failure: failure, text: plan.text,
                                          describe: plan.describer ?? plan.valueDescription, valueDescription: plan.valueDescription)
                typed.held = plan.held
                return typed
            }
            // The name first: most calls are not to a publisher function, and then nothing is
            // looked up.
            guard case .name(let name) = callee.kind, let source = PublisherFunction.named(name), resolve(name) == nil else {
                return nil
            }
            switch source {
            case .future, .deferred, .record: return try typeCalledPublisher(source, arguments, trailing: trailing, range: expr.range)
            default: break
            }
            guard trailing == nil else { throw Diagnostic.error(Messages.operatorArguments(name, usage: source.usage), at: expr.range) }
            return try publisherFunction(source, arguments, range: expr.range)
        default:
            return nil
        }
    }

    /// A subject, current value or stored publisher used by name.
    private func namedPublisher(_ entity: Entity, text: SourceText) -> PublisherPlan? {
        let describe: (Frame) throws -> String = { _ in entity.stateDescription }
        switch entity.kind {
        case .subject(let subject):
            return PublisherPlan(make: { _ in subject.eraseToAnyPublisher() }, type: entity.outputType, failure: entity.failure,
                                 text: text, describe: describe)
        case .current(let subject):
            return PublisherPlan(make: { _ in subject.eraseToAnyPublisher() }, type: entity.outputType,
                                 failure: entity.failure, text: text, describe: describe)
        case .stream(let box):
            return PublisherPlan(make: { _ in box.publisher ?? Empty().eraseToAnyPublisher() }, type: box.output,
                                 failure: box.failure, text: text, describe: { _ in "a publisher: \(box.chain)" })
        default:
            return nil
        }
    }

    /// `button.tap`: the button's tap publisher.
    private func tapPublisher(_ base: Expr, range: SourceRange, text: SourceText) throws(Diagnostic) -> PublisherPlan? {
        guard case .name(let name) = base.kind else { return nil }
        guard case .entity(let entity)? = resolve(name) else { throw unknownName(name, at: base.range) }
        guard case .button(let box) = entity.kind else {
            throw Diagnostic.error(Messages.tapNeedsButton(name, isA: entity.kindDescription), at: range)
        }
        return PublisherPlan(make: { _ in box.tap.setFailureType(to: ScriptFailure.self).eraseToAnyPublisher() },
                             type: .void, failure: .never, text: text, describe: { _ in entity.stateDescription })
    }

    /// `Result<Int, Error>.success(1).publisher` (one value, then finished) and
    /// `….failure("x").publisher` (fails at once), as Combine's `Result.Publisher`.
    private func resultPublisher(_ base: Expr, range: SourceRange) throws(Diagnostic) -> PublisherPlan? {
        guard case .call(let callee, let arguments, nil) = base.kind, case .member(let type, let outcome, _) = callee.kind,
              case .specialized("Result", let generics) = type.kind, outcome == "success" || outcome == "failure",
              arguments.count == 1, arguments[0].label == nil else { return nil }
        let output = try generics.first.map { (type) throws(Diagnostic) in try staticType(type) } ?? .unknown
        let (code, _) = try expression(arguments[0].value)
        let succeeds = outcome == "success"
        return PublisherPlan(make: { frame in
            let value = try code(frame)
            return succeeds ? Just(value).setFailureType(to: ScriptFailure.self).eraseToAnyPublisher()
                            : Fail(error: ScriptFailure(error: value)).eraseToAnyPublisher()
        }, type: output, failure: .error, text: text(of: range))
    }

    /// Whether `base.publisher` reads a property of the program's type (a class that keeps
    /// its subject as `publisher` is common), not a sequence's publisher. Otherwise the base
    /// is left compiled for `sequencePublisher`.
    func declaresPublisherProperty(_ base: Expr) throws(Diagnostic) -> Bool {
        guard runtime.userMemberNames.contains("publisher") else { return false }
        let code: Code, type: SType
        if let taken = takeCompiled(base) { (code, type) = taken } else { (code, type) = try expression(base) }
        guard let user = userType(of: type), memberType("publisher", of: user) != nil else {
            compiled = (base, code, type)
            return false
        }
        return true
    }

    /// `base.publisher`: a `Result`'s, a sequence's, or nil for a property of the program's
    /// type named so, which is read as the property it is.
    private func memberPublisher(of base: Expr, range: SourceRange) throws(Diagnostic) -> PublisherPlan? {
        if let result = try resultPublisher(base, range: range) { return result }
        if try declaresPublisherProperty(base) { return nil }
        return try sequencePublisher(base, text: text(of: range))
    }

    /// `result.publisher` on a `Result` held in a value: its success once and finished, or its
    /// failure, as Combine's `Result.Publisher`.
    private func resultValuePublisher(_ code: @escaping Code, text: SourceText) -> PublisherPlan {
        PublisherPlan(make: { frame in
            guard case .enumValue(let result) = try code(frame), result.payload.count == 1 else {
                return Empty().eraseToAnyPublisher()
            }
            return result.name == "success" ? Just(result.payload[0]).setFailureType(to: ScriptFailure.self).eraseToAnyPublisher()
                                            : Fail(error: ScriptFailure(error: result.payload[0])).eraseToAnyPublisher()
        }, type: .unknown, failure: .error, text: text)
    }

    /// `[…].publisher`, `(1...3).publisher`, `"abc".publisher`: a sequence publisher over an
    /// array's elements or a string's characters. On an optional (`Int("42")`), Combine's
    /// `Optional.Publisher`: the value if there is one, then finished.
    private func sequencePublisher(_ base: Expr, text: SourceText) throws(Diagnostic) -> PublisherPlan {
        let code: Code, type: SType
        if let taken = takeCompiled(base) { (code, type) = taken } else { (code, type) = try expression(base) }
        let elementType: SType
        switch type {
        case .array(let element): elementType = element
        case .string: elementType = .string
        case .optional(let wrapped): elementType = wrapped
        case .unknown: elementType = .unknown
        case .user("Result"): return resultValuePublisher(code, text: text)
        default: throw Diagnostic.error(Messages.publisherOfNonArray(type.name), at: base.range)
        }
        return PublisherPlan(make: { frame in
            let value = try code(frame)   // evaluated once: the error below names its type
            let elements: [Value]
            switch value {
            case .array(let values): elements = values
            case .string(let text) where type != .unknown:
                return Publishers.Sequence<RangeValues, ScriptFailure>(sequence: RangeValues(characters: text)).eraseToAnyPublisher()
            case .nil where type == .unknown || type.isOptional: elements = []
            case .some(let wrapped): elements = [wrapped]
            case _ where type == .unknown: elements = [value]
            default: throw RuntimeError(Messages.publisherOfNonArray(value.typeName), at: base.range)
            }
            if let range = RangeValues(base, elements) {
                return Publishers.Sequence<RangeValues, ScriptFailure>(sequence: range).eraseToAnyPublisher()
            }
            return Publishers.Sequence<[Value], ScriptFailure>(sequence: elements).eraseToAnyPublisher()
        }, type: elementType, failure: .never, text: text, describe: { _ in "a sequence publisher" })
    }
}

/// The elements of a range written in a chain, `(1...9).publisher`, or of a string,
/// `"ab".publisher`, described as Swift describes the range or the string: Combine's `print`
/// shows `receive subscription: (1...9)` and `receive subscription: (ab)`.
struct RangeValues: Sequence, CustomStringConvertible {
    let elements: [Value]
    let description: String

    /// A string's characters, each a one-character string.
    init(characters text: String) {
        elements = text.map { .string(String($0)) }
        description = text
    }

    /// Nil unless `base` is a range `a...b` or `a..<b` and its `Int` elements are `elements`.
    init?(_ base: Expr, _ elements: [Value]) {
        guard case .binary(let op, _, _) = base.kind, op == .closedRange || op == .halfOpenRange,
              case .int(let low)? = elements.first, case .int(let last)? = elements.last else { return nil }
        self.elements = elements
        description = op == .closedRange ? "\(low)...\(last)" : "\(low)..<\(last + 1)"
    }

    func makeIterator() -> IndexingIterator<[Value]> { elements.makeIterator() }
}

extension Compiler {
    /// `Timer.publish(every: 1s)` (also with `tolerance:`, `on: .main`, `in: .common`): a
    /// connectable publisher that ticks on the virtual clock once connected, emitting the
    /// clock's time; `.autoconnect()` connects it when the first subscriber comes.
    func timerPublisher(_ arguments: [Argument], range: SourceRange) throws(Diagnostic) -> PublisherPlan {
        var every: ((Frame) throws -> Int64)?
        for argument in arguments {
            switch argument.label {
            case "every": every = try duration(argument.value)
            case "tolerance": if case .nilLiteral = argument.value.kind {} else { _ = try duration(argument.value) }
            case "on", "in", "options": continue   // run loops, modes and their options: the clock is virtual
            default: every = nil
            }
        }
        guard let every, arguments.first?.label == "every" else {
            throw Diagnostic.error(Messages.operatorArguments("Timer.publish", usage: "'Timer.publish(every: 1s).autoconnect()'"), at: range)
        }
        let clock = runtime.clock
        let timer: (Frame) throws -> VirtualTimer.TimerPublisher = { frame in
            VirtualTimer.publish(every: .nanoseconds(max(Limits.shortestRepeatingInterval, try every(frame))), on: clock)
        }
        func values(_ ticks: some Publisher<VirtualTime, Never>) -> PublisherPlan.Stream {
            ticks.map { Value.duration($0.nanoseconds) }.setFailureType(to: ScriptFailure.self).eraseToAnyPublisher()
        }
        var plan = PublisherPlan(make: { frame in values(try timer(frame)) }, type: .duration, failure: .never,
                                 text: text(of: range), valueDescription: { _ in "Timer.TimerPublisher" })
        plan.autoconnected = { frame in values(try timer(frame).autoconnect()) }
        plan.connectable = { frame in
            let ticking = try timer(frame)
            return (values(ticking), { ticking.connect() })
        }
        return plan
    }
}

/// The publishers a program makes by calling their type, as in Swift.
extension String {
    /// The text with the first `target` replaced (this module has no Foundation).
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return String(self[..<range.lowerBound]) + replacement + String(self[range.upperBound...])
    }

    private func range(of target: String) -> Range<String.Index>? {
        var start = startIndex
        while start < endIndex {
            if self[start...].hasPrefix(target) { return start..<index(start, offsetBy: target.count) }
            start = index(after: start)
        }
        return nil
    }
}

enum PublisherFunction: String, CaseIterable {
    case just = "Just", justLowercase = "just", empty = "Empty", fail = "Fail"
    case future = "Future", deferred = "Deferred", record = "Record"

    /// The function `name` names, if any. A name whose first letter starts none is turned
    /// away before the names are compared: `init(rawValue:)` compares with every case in turn,
    /// and every call of a plain function (`print`) asks.
    static func named(_ name: String) -> PublisherFunction? {
        guard let first = name.utf8.first, first < 128, initials[Int(first)] else { return nil }
        return PublisherFunction(rawValue: name)
    }

    private static let initials: [Bool] = {
        var initials = Array(repeating: false, count: 128)
        for function in allCases { initials[Int(function.rawValue.utf8.first ?? 0)] = true }
        return initials
    }()

    var usage: String {
        switch self {
        case .just, .justLowercase: return "'Just(value)'"
        case .empty: return "'Empty()' or 'Empty(completeImmediately: false)'"
        case .fail: return "'Fail(error: \"message\")'"
        case .future: return "'Future { promise in promise(.success(1)) }'"
        case .deferred: return "'Deferred { Just(1) }'"
        case .record: return "'Record(output: [1, 2], completion: .finished)'"
        }
    }
}

extension Compiler {
    /// `Just(v)`, `Empty()`, `Empty(completeImmediately: false)`, `Fail(error: "x")`.
    /// `Just<Int>(1)`, `Empty<Int, Never>()`, `Fail<Int, Error>(error: "x")`: Swift's explicit
    /// generic arguments give the Output (and Failure) the compiler would otherwise infer.
    private func specializedPublisher(_ source: PublisherFunction, generics: [TypeExpr], _ arguments: [Argument],
                                      range: SourceRange) throws(Diagnostic) -> PublisherPlan {
        let plan = try publisherFunction(source, arguments, range: range)
        guard !generics.isEmpty else { return plan }
        let (output, failure) = try typesGiven(generics, to: plan, source, range: range)
        // `Empty<String, Never>()`: how Swift prints it, with the types given.
        let given = { (inferred: String) in source == .just ? inferred : inferred.replacingFirst("<Any, ", with: "<\(output.name), ") }
        let inferred = plan.valueDescription
        var specialized = PublisherPlan(make: plan.make, type: output, failure: failure, text: plan.text,
                                        describe: plan.describer ?? plan.valueDescription,
                                        valueDescription: { frame in given(try inferred?(frame) ?? "") })
        if let described = plan.described {
            specialized.described = { frame in
                let (stream, describe) = try described(frame)
                return (stream, { given(describe()) })
            }
        }
        specialized.held = plan.held   // `given` leaves a Just's description as it is
        return specialized
    }

    /// The Output and Failure that explicit generic arguments give a publisher, the Output
    /// checked against the one its arguments or body give.
    private func typesGiven(_ generics: [TypeExpr], to plan: PublisherPlan, _ source: PublisherFunction,
                            range: SourceRange) throws(Diagnostic) -> (output: SType, failure: SType) {
        guard let first = generics.first else { return (plan.type, plan.failure) }
        let output = try staticType(first)
        if plan.type.isKnown, output.isKnown, plan.type != output {
            throw Diagnostic.error(Messages.genericArgumentMismatch(source.rawValue, expected: output.name, got: plan.type.name), at: range)
        }
        var failure = plan.failure
        if generics.count > 1 {
            failure = try failureType(generics[1])
            if source == .fail, failure == .never { failure = .error }
        }
        return (output, failure)
    }

    func publisherFunction(_ source: PublisherFunction, _ arguments: [Argument], range: SourceRange) throws(Diagnostic) -> PublisherPlan {
        let misuse = Diagnostic.error(Messages.operatorArguments(source.rawValue, usage: source.usage), at: range)
        let labels = arguments.map(\.label)
        let text = self.text(of: range)
        switch source {
        case .future, .deferred, .record:
            throw misuse   // compiled by their own functions (FuturePublishers.swift)
        case .just, .justLowercase:
            guard labels == [nil] else { throw misuse }
            let (code, type) = try expression(arguments[0].value)
            // Not `Just(…).setFailureType(to:)`: that is Combine's specialisation, a
            // `Result.Publisher` whose subscription is named "Once", not "Just".
            let stream = { (output: Value) in TypedJust<Value, ScriptFailure>(output).eraseToAnyPublisher() }
            let name = "Just<\(type.name)>"
            let describe = { (output: Value) in PublisherValue.justDescription(name, output) }
            var plan = PublisherPlan(make: { frame in stream(try code(frame)) }, type: type, failure: .never, text: text,
                                     valueDescription: { frame in describe(try code(frame)) })
            plan.described = { frame in
                let output = try code(frame)
                return (stream(output), { describe(output) })
            }
            plan.held = .just(code, name: name)
            return plan
        case .empty:
            guard labels.isEmpty || labels == ["completeImmediately"] else { throw misuse }
            let completes = try arguments.first.map { (argument) throws(Diagnostic) in try condition(argument.value) }
            return PublisherPlan(make: { frame in
                Empty(completeImmediately: try completes?(frame) ?? true).eraseToAnyPublisher()
            }, type: .unknown, failure: .never, text: text, valueDescription: { _ in "Empty<Any, Never>()" })
        case .fail:
            guard labels == ["error"] else { throw misuse }
            let (code, errorType) = try expression(arguments[0].value)
            // Swift infers the Failure from the error given: an enum of the program's is its own.
            let failure: SType = isOwnErrorType(errorType) ? errorType : .error
            let describe = { (error: Value) in "Fail<Any, Error>(error: \(error.description))" }
            var plan = PublisherPlan(make: { frame in
                Fail(error: ScriptFailure(error: try code(frame))).eraseToAnyPublisher()
            }, type: .unknown, failure: failure, text: text, valueDescription: { frame in describe(try code(frame)) })
            plan.described = { frame in
                let error = try code(frame)
                return (Fail(error: ScriptFailure(error: error)).eraseToAnyPublisher(), { describe(error) })
            }
            return plan
        }
    }
}
