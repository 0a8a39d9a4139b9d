import TaplineReactive

/// One call of a chain operator as written (`upstream.name(arguments) { trailing }`), with
/// the helpers every operator's compile function reads its arguments through. A call whose
/// arguments do not fit is reported with the operator's usage.
struct OperatorCall {
    let entry: ChainOperator
    /// The chain before the dot (`nil` for a subscriber on a non-publisher — never built).
    let upstream: PublisherPlan
    let arguments: [Argument]
    let trailing: ClosureExpr?
    /// The whole call, and the operator's name in it.
    let range: SourceRange
    let nameRange: SourceRange
    /// The chain up to and including this call, as written.
    let text: SourceText

    var name: String { entry.name }

    /// The error for arguments that do not fit: "'filter' is used as '.filter { $0 > 1 }'".
    var misuse: Diagnostic { Diagnostic.error(Messages.operatorArguments(name, usage: entry.usage), at: range) }

    var takesNothing: Bool { arguments.isEmpty && trailing == nil }

    /// The labels of a closure passed with none: made once (a default `[nil]` would make a
    /// set at every call).
    static let unlabelled: Set<String?> = [nil]

    /// The operator's closure: trailing, or the one argument (optionally labelled).
    func closureArgument(labels: Set<String?> = OperatorCall.unlabelled) throws(Diagnostic) -> ClosureExpr {
        if let trailing, arguments.isEmpty { return trailing }
        guard trailing == nil, arguments.count == 1, labels.contains(arguments[0].label) else { throw misuse }
        switch arguments[0].value.kind {
        case .closure(let closure): return closure
        case .keyPath(let keyPath): return OperatorCall.closure(keyPath, at: arguments[0].value.range)
        case .name, .member: return OperatorCall.closure(calling: arguments[0].value)
        default: throw misuse
        }
    }

    /// `map(\.a, \.b)` (two or three key paths): the closure `{ ($0.a, $0.b) }`, as Combine's
    /// `map(_:_:)` makes a tuple; nil for any other arguments.
    func keyPathsClosure() -> ClosureExpr? {
        guard trailing == nil, (2...3).contains(arguments.count) else { return nil }
        var elements: [Expr] = []
        var root: TypeExpr?
        for argument in arguments {
            guard argument.label == nil, case .keyPath(let keyPath) = argument.value.kind,
                  case .expression(let element) = OperatorCall.closure(keyPath, at: argument.value.range).body[0].kind else { return nil }
            elements.append(element)
            root = root ?? keyPath.root
        }
        let range = arguments[0].value.range.to(arguments[arguments.count - 1].value.range)
        return ClosureExpr(parameters: nil, body: [Stmt(.expression(Expr(.tuple(elements), range)), range)], range: range, keyPathRoot: root)
    }

    /// A function given where a closure goes (`map(String.init)`, `compactMap(Int.init)`,
    /// `sink(receiveValue: show)`, `reduce(0, add)`): the closure `{ function($0) }` (or
    /// `{ function($0, $1) }` for two arguments), as Swift passes one.
    static func closure(calling function: Expr, arity: Int = 1) -> ClosureExpr {
        let arguments = (0..<arity).map { Argument(label: nil, value: Expr(.argument($0), function.range)) }
        let call = Expr(.call(function, arguments, trailing: nil), function.range)
        return ClosureExpr(parameters: nil, body: [Stmt(.expression(call), function.range)], range: function.range)
    }

    /// `\.count` as the closure `{ $0.count }`, as Swift reads a key path given for a function;
    /// `\.self` reads the value itself, and `\Person.name` must be given a `Person`.
    static func closure(_ keyPath: KeyPathExpr, at range: SourceRange) -> ClosureExpr {
        var expr = Expr(.argument(0), range)
        for name in keyPath.components where name != "self" { expr = Expr(.member(expr, name, nameRange: range), range) }
        return ClosureExpr(parameters: nil, body: [Stmt(.expression(expr), range)], range: range, keyPathRoot: keyPath.root)
    }

    /// A plan that transforms the upstream's publisher, for the next stage; it fails as the
    /// upstream does unless `failure` says otherwise.
    func plan(_ type: SType, failure: SType? = nil,
              _ transform: @escaping (PublisherPlan.Stream, Frame) throws -> PublisherPlan.Stream) -> PublisherPlan {
        let make = upstream.make
        return PublisherPlan(make: { frame in try transform(try make(frame), frame) }, type: type,
                             failure: failure ?? upstream.failure, text: text)
    }
}

/// What the compile functions of several families share: reading arguments, the closures
/// the core's operators take, an accumulator (`scan`, `reduce` and their `try…` twins) and
/// the publisher a closure returns (`catch`, `flatMap`).
extension Compiler {
    /// An `Int` argument evaluated when the chain is built (`prefix(2)`), 0 or more unless
    /// `negativeAllowed`.
    func countArgument(_ call: OperatorCall, default value: Int?, negativeAllowed: Bool = false) throws(Diagnostic) -> (Frame) throws -> Int {
        if call.takesNothing, let value { return { _ in value } }
        guard call.arguments.count == 1, call.arguments[0].label == nil, call.trailing == nil else { throw call.misuse }
        let code = try integer(call.arguments[0].value)
        let argumentRange = call.arguments[0].value.range
        let name = call.name
        return { frame in
            let count = try code(frame)
            guard count >= 0 || negativeAllowed else { throw RuntimeError(Messages.negativeCount(name), at: argumentRange) }
            return count
        }
    }

    /// Other publishers given as arguments (`merge(with:)`, `combineLatest`, `zip`), and an
    /// optional closure that combines their values.
    func otherPublishers(_ call: OperatorCall, firstLabel: String?) throws(Diagnostic) -> ([PublisherPlan], ClosureExpr?) {
        var others: [PublisherPlan] = []
        var combiner = call.trailing
        for (index, argument) in call.arguments.enumerated() {
            if case .closure(let closure) = argument.value.kind, index == call.arguments.count - 1, combiner == nil {
                combiner = closure
                continue
            }
            guard argument.label == (index == 0 ? firstLabel : nil) || argument.label == nil else { throw call.misuse }
            guard let other = try publisher(argument.value) else {
                throw Diagnostic.error(Messages.notAPublisher("'\(text(of: argument.value.range))'"), at: argument.value.range)
            }
            others.append(other)
        }
        guard !others.isEmpty else { throw call.misuse }
        return (others, combiner)
    }

    /// A closure that must return a `Bool` (`filter`, `first(where:)`), checked where its type is known.
    func predicate(_ closureExpr: ClosureExpr, inputs: [SType], for call: OperatorCall) throws(Diagnostic) -> CompiledClosure {
        let compiled = try closure(closureExpr, inputs: inputs, owner: call.name)
        if compiled.resultType.isKnown, compiled.resultType != .bool {
            throw Diagnostic.error(Messages.closureMustReturnBool(call.name, got: compiled.resultType.name), at: call.range)
        }
        return compiled
    }

    /// A predicate closure as the core's operators take it; an error stops delivery.
    static func test(_ predicate: CompiledClosure, _ frame: Frame, _ runtime: Runtime, range: SourceRange) -> (Value) -> Bool {
        let bound = predicate.bind(to: frame)
        return { value in
            var result = false
            runtime.deliver { result = try ValueArithmetic.truth(try bound.call(value), range: range) }
            return result
        }
    }

    /// A transforming closure as the core's operators take it; an error stops delivery.
    static func transform(_ closure: CompiledClosure, _ frame: Frame, _ runtime: Runtime) -> (Value) -> Value {
        let bound = closure.bind(to: frame)
        return { value in call(bound, with: value, runtime) }
    }

    /// A bound closure called with `value` as a delivery is: `.void` when the runtime stops.
    static func call(_ bound: BoundClosure, with value: Value, _ runtime: Runtime) -> Value {
        var result = Value.void
        runtime.deliver { result = try bound.call(value) }
        return result
    }

    /// `scan(initial) { acc, value in … }` and `reduce(initial) { … }` onto the core's
    /// `Publishers.Scan` and `Publishers.Reduce`: one emits every step, the other the last.
    /// With `throwing`, `tryScan` and `tryReduce`: the closure may throw, which fails the stream.
    ///
    ///     [1, 2, 3].publisher.scan(0) { $0 + $1 }.collect().sink { print($0) }   // [1, 3, 6]
    ///     [1, 2, 3].publisher.reduce(0) { $0 + $1 }.sink { print($0) }           // 6
    func compileAccumulator(_ call: OperatorCall, emitsEachStep: Bool, throwing: Bool = false) throws(Diagnostic) -> PublisherPlan {
        var closureExpr = call.trailing
        var initialExpr: Expr?
        for argument in call.arguments where argument.label == nil {
            if case .closure(let closure) = argument.value.kind, closureExpr == nil { closureExpr = closure } else { initialExpr = argument.value }
        }
        guard let closureExpr, let initialExpr, call.arguments.count == (call.trailing == nil ? 2 : 1) else { throw call.misuse }
        let (initial, initialType) = try expression(initialExpr)
        let next = try closure(closureExpr, inputs: [initialType, call.upstream.type], owner: call.name)
        let resultType = next.resultType == initialType ? initialType : .unknown
        let runtime = self.runtime
        if throwing {
            return call.plan(resultType, failure: .error) { stream, frame in
                let start = try initial(frame)
                let bound = next.bind(to: frame)
                let step: (Value, Value) throws -> Value = { accumulator, value in
                    try runtime.deliverThrowing { try bound.call(accumulator, value) }
                }
                return Compiler.settle(emitsEachStep ? stream.tryScan(start, step).stopping(on: runtime.stop).eraseToAnyPublisher()
                                                     : stream.tryReduce(start, step).stopping(on: runtime.stop).eraseToAnyPublisher())
            }
        }
        let plan = call.plan(resultType) { stream, frame in
            let start = try initial(frame)
            let bound = next.bind(to: frame)
            let step: (Value, Value) -> Value = { accumulator, value in
                var result = accumulator
                runtime.deliver { result = try bound.call(accumulator, value) }
                return result
            }
            return emitsEachStep ? stream.scan(start, step).stopping(on: runtime.stop).eraseToAnyPublisher()
                                 : stream.reduce(start, step).stopping(on: runtime.stop).eraseToAnyPublisher()
        }
        return fusing(plan, closure: next, initial: initial, call: call)
    }

    /// The Output and Failure of the publisher a closure returns, as far as it is known;
    /// `forValues` names the operator to use for a closure that returns a plain value.
    func publisherResult(of closure: CompiledClosure, _ call: OperatorCall,
                         forValues: ChainOperator? = nil) throws(Diagnostic) -> (SType, SType) {
        switch closure.resultType {
        case .publisher(let output, let failure): return (output, failure)
        case .unknown: return (.unknown, .unknown)
        default:
            let message = Messages.closureMustReturnPublisher(call.name, got: closure.resultType.name, forValues: forValues?.name)
            throw Diagnostic.error(message, at: call.range)
        }
    }

    /// The stream a closure's result holds; a value that is not a publisher stops the program.
    /// Subscribing to it is one level of the depth budget: a publisher that re-subscribes
    /// itself (`catch { _ in again() }`, `Deferred { f() }`, a `flatMap` into itself) nests a
    /// subscription per level inside the core, where no delivery to a closure counts it.
    static func stream(of value: Value, at range: SourceRange, _ runtime: Runtime) throws -> PublisherPlan.Stream {
        ClosurePublisher(upstream: try publisher(of: value, at: range, runtime), runtime: runtime).eraseToAnyPublisher()
    }

    /// The publisher a closure returned; a value that is not one stops the program.
    static func publisher(of value: Value, at range: SourceRange, _ runtime: Runtime) throws -> PublisherValue {
        guard case .publisher(let publisher) = value else {
            let error = RuntimeError(Messages.notAPublisher("a value of type '\(value.typeName)'"), at: range)
            runtime.raise(error)
            throw error
        }
        return publisher
    }

    /// `stream(of:)` for an operator that takes the publisher as it is (`flatMap`,
    /// `switchToLatest`): a publisher made for every value is not wrapped twice. A value that
    /// is not a publisher, or a runtime already stopping, gives one that never calls its
    /// subscriber (see `stopped`).
    static func inner(of value: Value, at range: SourceRange, _ runtime: Runtime) -> ClosurePublisher {
        guard case .publisher(let publisher) = value else {
            _ = try? publisher(of: value, at: range, runtime)   // raises the error
            return ClosurePublisher(upstream: nil, runtime: runtime)
        }
        return ClosurePublisher(upstream: publisher, runtime: runtime)
    }

    /// How `flatMap` and `switchToLatest` take an inner publisher when fast paths are on
    /// (`InnerShortcut`): `Just(x)`'s x, or a kept Future's value, is delivered where the
    /// subscription would deliver it, in the same level of the depth budget; a `Deferred`'s body
    /// runs as its subscription runs it, and what it makes is taken or subscribed to.
    static func innerShortcut(fastPaths: Bool) -> InnerShortcut<ClosurePublisher, Value>? {
        guard fastPaths else { return nil }
        return { inner, deliver, subscribe in
            switch inner.upstream?.held {
            case .just(let output, _)?:
                inner.withinBudget { deliver(output) }
            case .deferred(let body, let parent)?:
                // As the Deferred's subscription: the body runs, then what it made is
                // subscribed to, or taken when it is a Just.
                inner.withinBudget {
                    guard let made = body.make(in: parent) else { return }
                    let madeInner = ClosurePublisher(upstream: made, runtime: body.runtime)
                    if let output = made.justOutput { madeInner.withinBudget { deliver(output) } } else { subscribe(madeInner) }
                }
            case .future(let future, _)?:
                // A Future whose promise was kept with a value sends it as a Just does.
                guard let output = future.keptValue else { return false }
                inner.withinBudget { deliver(output) }
            case .stream?, nil:
                return false
            }
            return true
        }
    }

    /// A closure's publisher, subscribed to as one level of the runtime's depth budget; past
    /// the budget the recursion-depth error is raised and the subscriber is never called, as
    /// by `stopped` (which it is when it has no upstream).
    ///
    /// One is made inside a delivery of its runtime and subscribed to, or taken, there and then
    /// (by `flatMap`, `switchToLatest`, `catch`, a `Deferred`'s subscription): the runtime, which
    /// runs that delivery, outlives it. So it holds the runtime unretained, with no count at
    /// all: an `unowned` one was counted as each was made and let go, several times a value.
    struct ClosurePublisher: Publisher {
        typealias Output = Value
        typealias Failure = ScriptFailure
        let upstream: PublisherValue?
        unowned(unsafe) let runtime: Runtime

        func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == ScriptFailure {
            guard let upstream else { return }
            withinBudget { upstream.stream.subscribe(subscriber) }
        }

        /// Runs `body` one level deeper in the depth budget, unless the runtime is stopping.
        func withinBudget(_ body: () -> Void) {
            let runtime = self.runtime   // once: each read of an unowned reference retains it
            guard !runtime.isAborting else { return }
            do {
                try runtime.nested(at: .zero, body)
            } catch let error as RuntimeError {
                runtime.raise(error)
            } catch {}
        }
    }

    /// What a closure that stopped the program yields in place of its publisher: one that
    /// never calls its subscriber. An `Empty` there would send a subscription and a completion
    /// down every stage nested above it; a publisher that re-subscribes itself
    /// (`Deferred { f() }`) nests a stage per level until the stack runs low, and that walk
    /// back would overflow what is left. Delivery has stopped anyway.
    static var stopped: PublisherPlan.Stream { Stopped().eraseToAnyPublisher() }

    private struct Stopped: Publisher {
        typealias Output = Value
        typealias Failure = ScriptFailure
        func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == ScriptFailure {}
    }
}
