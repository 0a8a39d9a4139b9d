import TaplineReactive

extension Compiler {
    /// Compiles one statement.
    func statement(_ stmt: Stmt) throws -> Action {
        let range = stmt.range
        let runtime = self.runtime
        switch stmt.kind {
        case .button(let name, let title, let action):
            let box = ButtonBox()
            box.tap.feedback.limit = runtime.feedbackLimit
            let entity = Entity(name: name.text, range: name.range, kind: .button(box), type: .void)
            try declare(entity)
            installFeedbackGuard(box.tap.feedback, name: name.text)
            let titleCode = try title.map { try expression($0).code }
            box.action = try action.map { statements in
                try inFrameAction(statements)
            }
            return { frame in
                box.title = try titleCode?(frame).description ?? name.text
                entity.isInitialized = true
            }

        case .subject(let name, let type):
            let subject = PassthroughSubject<Value, ScriptFailure>()
            subject.feedback.limit = runtime.feedbackLimit
            installFeedbackGuard(subject.feedback, name: name.text)
            let entity = Entity(name: name.text, range: name.range, kind: .subject(subject), type: type ?? .any)
            try declare(entity)
            return { _ in entity.isInitialized = true }

        case .current(let name, let type, let initial), .published(let name, let type, let initial):
            let (code, staticType) = try expression(initial)
            if let type, staticType.conflicts(with: type) {
                throw Diagnostic.error(Messages.typeMismatch("assign", expected: type.rawValue, got: staticType.name), at: initial.range)
            }
            let isCurrent: Bool
            if case .current = stmt.kind { isCurrent = true } else { isCurrent = false }
            let declaredType = type ?? staticType.typeName
            let entity: Entity
            let store: (Value) -> Void
            if isCurrent {
                let subject = CurrentValueSubject<Value, ScriptFailure>(.void)
                subject.feedback.limit = runtime.feedbackLimit
                installFeedbackGuard(subject.feedback, name: name.text)
                entity = Entity(name: name.text, range: name.range, kind: .current(subject), type: declaredType ?? .any)
                store = { subject.value = $0 }
            } else {
                let subject = PublishedSubject<Value>(.void)
                subject.feedback.limit = runtime.feedbackLimit
                installFeedbackGuard(subject.feedback, name: name.text)
                entity = Entity(name: name.text, range: name.range, kind: .published(subject), type: declaredType ?? .any)
                store = { subject.value = $0 }
            }
            try declare(entity)
            return { frame in
                let value = try code(frame)
                // An unannotated value takes the type of its first value, as Swift infers it.
                if declaredType == nil { entity.type = Compiler.inferredType(of: value) }
                try Compiler.check(value, fits: entity, range: initial.range, verb: "assign")
                store(value.converted(to: entity.type))
                entity.isInitialized = true
            }

        case .subscriber(let name, let demandExpr, let body, let completion):
            let box = SubscriberBox()
            let entity = Entity(name: name.text, range: name.range, kind: .subscriber(box))
            try declare(entity)
            let demandCode = try expression(demandExpr).code
            let valueClosure = try closure(body, inputs: [.unknown])
            let completionClosure = try completion.map { try closure($0, inputs: [.completion]) }
            return { frame in
                let demand = try Compiler.demand(from: try demandCode(frame), range: demandExpr.range, allowZero: true)
                let boundValue = valueClosure.bind(to: frame)
                let boundCompletion = completionClosure?.bind(to: frame)
                box.subscriber = Subscribers.Custom<Value, ScriptFailure>(
                    name: name.text,
                    demand: demand,
                    receiveValue: { value in
                        var more = Subscribers.Demand.none
                        runtime.deliver {
                            let result = try boundValue.call(value)
                            if case .demand(let demand) = result { more = demand }
                        }
                        return more
                    },
                    receiveCompletion: { completion in
                        guard let boundCompletion else { return }
                        runtime.deliver { _ = try boundCompletion.call(Compiler.value(of: completion)) }
                    })
                entity.isInitialized = true
            }

        case .function(let name, let body):
            let box = FunctionBox()
            let entity = Entity(name: name.text, range: name.range, kind: .function(box))
            if viewFunctions.isEmpty || isTopLevel { try declare(entity) } else { viewFunctions[name.text] = entity }
            var action: Action = { _ in }
            box.frameSize = try inFrame(isClosure: false, argumentTypes: []) { action = try block(body) }
            box.body = action
            return { _ in entity.isInitialized = true }

        case .view(let name, let functions, let appear, let disappear):
            let box = ViewBox()
            let entity = Entity(name: name.text, range: name.range, kind: .view(box))
            try declare(entity)
            let saved = viewFunctions
            defer { viewFunctions = saved }
            viewFunctions = [:]
            for function in functions {
                guard case .function(let functionName, let body) = function.kind else { continue }
                if let previous = viewFunctions[functionName.text] {
                    throw Diagnostic.error(Messages.alreadyDeclared(functionName.text), at: functionName.range,
                                           notes: [Diagnostic.Note(Messages.previousDeclaration, at: previous.range)])
                }
                let functionBox = FunctionBox()
                viewFunctions[functionName.text] = Entity(name: functionName.text, range: functionName.range, kind: .function(functionBox))
                var action: Action = { _ in }
                functionBox.frameSize = try inFrame(isClosure: false, argumentTypes: []) { action = try block(body) }
                functionBox.body = action
            }
            box.appear = try inFrameAction(appear)
            box.disappear = try inFrameAction(disappear)
            return { _ in entity.isInitialized = true }

        case .switchView(let subjectExpr, let cases):
            return try switchStatement(subjectExpr, cases: cases, range: range)

        case .letBinding(let name, let value):
            guard let subscription = try subscription(value, named: name.text) else {
                // `let shared = publisher.share()`: keep the publisher itself, built once.
                guard let plan = try publisher(value) else {
                    throw Diagnostic.error(Messages.letNeedsSubscription(name.text), at: value.range)
                }
                let box = StreamBox()
                box.chain = plan.text
                let entity = Entity(name: name.text, range: name.range, kind: .stream(box), type: plan.type.typeName ?? .any)
                try declare(entity)
                return { frame in
                    box.publisher = try plan.make(frame)
                    entity.isInitialized = true
                }
            }
            let box = SubscriptionBox()
            box.chain = subscription.chain
            let entity = Entity(name: name.text, range: name.range, kind: .subscription(box))
            try declare(entity)
            return { frame in
                box.token = try subscription.start(frame)
                entity.isInitialized = true
            }

        case .tap(let name):
            let entity = try entity(name)
            guard case .button(let box) = entity.kind else {
                throw Diagnostic.error(Messages.notA(name.text, isA: entity.kindDescription, expected: "a button"), at: name.range)
            }
            return { _ in
                if let action = box.action { try action(Frame(size: 0, parent: nil)) }
                try runtime.throwPending()
                box.tap.send(.void)
            }

        case .set(let name, let valueExpr):
            return try assignment(to: name, valueExpr, verb: "set")

        case .send(let name, let valueExpr):
            return try assignment(to: name, valueExpr, verb: "send")

        case .complete(let name):
            return try completion(of: name, failure: nil)

        case .fail(let name, let message):
            return try completion(of: name, failure: message)

        case .cancel(let name):
            let entity = try entity(name)
            switch entity.kind {
            case .subscription(let box): return { _ in box.token?.cancel() }
            case .subscriber(let box): return { _ in box.subscriber?.cancel() }
            default: throw Diagnostic.error(Messages.notASubscription(name.text), at: name.range)
            }

        case .request(let name, let amount):
            let entity = try entity(name)
            guard case .subscriber(let box) = entity.kind else {
                throw Diagnostic.error(Messages.notA(name.text, isA: entity.kindDescription, expected: "a subscriber"), at: name.range)
            }
            if case .int(0) = amount.kind { throw Diagnostic.error(Messages.requestZero, at: amount.range) }
            let code = try expression(amount).code
            return { frame in
                let demand = try Compiler.demand(from: try code(frame), range: amount.range, allowZero: false)
                box.subscriber?.request(demand)
            }

        case .wait(let durationExpr):
            let duration = try self.duration(durationExpr)
            return { frame in
                let nanoseconds = try duration(frame)
                let target = runtime.clock.now + .nanoseconds(nanoseconds)
                runtime.clock.advance(to: target, shouldStop: { runtime.isAborting || runtime.isInterrupted() })
                try runtime.throwPending()
                try runtime.checkInterrupt(range)
            }

        case .show(let name), .hide(let name):
            let entity = try entity(name)
            guard case .view(let box) = entity.kind else {
                throw Diagnostic.error(Messages.notA(name.text, isA: entity.kindDescription, expected: "a view"), at: name.range)
            }
            if case .show = stmt.kind { return { _ in try Compiler.show(box, runtime: runtime) } }
            return { _ in try Compiler.hide(box, runtime: runtime) }

        case .repeatLoop(let countExpr, let body):
            let (count, countType) = try expression(countExpr)
            if countType.isKnown, countType != .int {
                throw Diagnostic.error(Messages.repeatCount(countType.name), at: countExpr.range)
            }
            let action = try block(body)
            return { frame in
                guard case .int(let times) = try count(frame) else {
                    throw RuntimeError(message: Messages.repeatCount(try count(frame).typeName), range: countExpr.range)
                }
                var done = 0
                while done < times {
                    try runtime.checkInterrupt(range)
                    try action(frame)
                    done += 1
                }
            }

        case .forLoop(let name, let low, let high, let inclusive, let body):
            let lowCode = try integer(low)
            let highCode = try integer(high)
            let closuresBefore = closuresCompiled
            var compiled: Action = { _ in }
            let size = try inLoopFrame {
                _ = scope.addLocal(name.text, type: .int)
                compiled = try block(body)
            }
            let action = compiled   // a `let`, so the loop does not reach through a box
            // A fresh frame per turn only when a closure made in the body could keep it.
            let freshFramePerTurn = closuresCompiled != closuresBefore
            return { frame in
                let first = try lowCode(frame)
                let last = try highCode(frame)
                guard first <= last else {
                    throw RuntimeError(message: Messages.badRange(first, last), range: low.range.to(high.range))
                }
                var turn = Frame(size: size, parent: frame)
                var i = first
                while inclusive ? i <= last : i < last {
                    try runtime.checkInterrupt(range)
                    if freshFramePerTurn, i != first { turn = Frame(size: size, parent: frame) }
                    turn.slots[0] = .int(i)
                    try action(turn)
                    if i == Int.max { break }
                    i += 1
                }
            }

        case .ifStatement(let condition, let body, let elseBody):
            let test = try self.condition(condition)
            let then = try block(body)
            let otherwise = try elseBody.map { try block($0) }
            return { frame in
                if try test(frame) {
                    try then(frame)
                } else {
                    try otherwise?(frame)
                }
            }

        case .returnStatement(let valueExpr):
            guard canReturn else {
                throw Diagnostic.error(Messages.returnOutsideClosure, at: range)
            }
            let code = try valueExpr.map { try expression($0).code }
            return { frame in throw ReturnSignal(value: try code?(frame) ?? .void) }

        case .expression(let expr):
            return try expressionStatement(expr)
        }
    }

    /// A body with its own frame (button actions, `on appear`).
    private func inFrameAction(_ statements: [Stmt]) throws -> Action {
        var compiled: Action = { _ in }
        let size = try inFrame(isClosure: false, argumentTypes: []) { compiled = try block(statements) }
        let action = compiled
        return { _ in try action(Frame(size: size, parent: nil)) }
    }

    private func installFeedbackGuard(_ guardObject: FeedbackGuard, name: String) {
        let runtime = self.runtime
        guardObject.onLoop = { [unowned guardObject] in
            runtime.raise(RuntimeError(
                message: Messages.feedbackLoop(name, limit: guardObject.limit),
                range: runtime.statementRange ?? .zero,
                notes: [Diagnostic.Note(Messages.feedbackLoopNote)]))
        }
    }

    // MARK: - set, send, complete, fail

    private func assignment(to name: Name, _ valueExpr: Expr, verb: String) throws -> Action {
        let entity = try entity(name)
        switch entity.kind {
        case .button:
            throw Diagnostic.error(Messages.setOnButton(name.text), at: name.range)
        case .published:
            guard verb == "set" else { throw Diagnostic.error(Messages.sendToPublished(name.text), at: name.range) }
        case .current, .subject:
            break
        default:
            throw Diagnostic.error(Messages.notA(name.text, isA: entity.kindDescription, expected: "a value you can \(verb)"), at: name.range)
        }
        let (code, staticType) = try expression(valueExpr)
        if staticType.conflicts(with: entity.type) {
            throw Diagnostic.error(Messages.sendTypeMismatch(name.text, expected: entity.type.rawValue, got: staticType.name), at: valueExpr.range)
        }
        let runtime = self.runtime
        let range = valueExpr.range
        /// The value as the entity stores it, after the type check a declaration promises.
        @inline(__always) func checked(_ value: Value) throws -> Value {
            if entity.type == .any { return value }
            try Compiler.check(value, fits: entity, range: range, verb: verb)
            return value.converted(to: entity.type)
        }
        // One closure per kind, so setting a value is one call, not two.
        switch entity.kind {
        case .published(let subject):
            return { frame in
                subject.value = try checked(try code(frame))
                try runtime.throwPending()
            }
        case .current(let subject):
            return { frame in
                subject.send(try checked(try code(frame)))
                try runtime.throwPending()
            }
        case .subject(let subject):
            return { frame in
                subject.send(try checked(try code(frame)))
                try runtime.throwPending()
            }
        default:
            return { _ in }
        }
    }

    private func completion(of name: Name, failure: Expr?) throws -> Action {
        let entity = try entity(name)
        let message = try failure.map { try expression($0).code }
        let finish: (Subscribers.Completion<ScriptFailure>) -> Void
        switch entity.kind {
        case .subject(let subject): finish = { subject.send(completion: $0) }
        case .current(let subject): finish = { subject.send(completion: $0) }
        case .button, .published:
            throw Diagnostic.error(Messages.neverFails(name.text, kind: entity.kindDescription), at: name.range)
        default:
            throw Diagnostic.error(Messages.notA(name.text, isA: entity.kindDescription, expected: "a subject"), at: name.range)
        }
        let runtime = self.runtime
        return { frame in
            if let message {
                finish(.failure(ScriptFailure(message: try message(frame).description)))
            } else {
                finish(.finished)
            }
            try runtime.throwPending()
        }
    }

    // MARK: - Views

    static func show(_ view: ViewBox, runtime: Runtime) throws {
        guard !view.isShown else { return }
        view.isShown = true
        runtime.bagOwners.append(view)
        defer { runtime.bagOwners.removeLast() }
        try view.appear?(Frame(size: 0, parent: nil))
    }

    /// Dismantles a view: `on disappear` runs, then its bag is cancelled.
    static func hide(_ view: ViewBox, runtime: Runtime) throws {
        guard view.isShown else { return }
        view.isShown = false
        defer {
            let bag = view.bag
            view.bag.removeAll()
            for token in bag { token.cancel() }
        }
        try view.disappear?(Frame(size: 0, parent: nil))
    }

    private func switchStatement(_ subjectExpr: Expr, cases: [SwitchCase], range: SourceRange) throws -> Action {
        guard let plan = try publisher(subjectExpr) else {
            throw Diagnostic.error(Messages.switchNeedsPublisher, at: subjectExpr.range)
        }
        var compiledCases: [(values: [Code], view: ViewBox?)] = []
        for switchCase in cases {
            let values = try switchCase.values.map { try expression($0).code }
            var view: ViewBox?
            if let viewName = switchCase.view {
                let entity = try entity(viewName)
                guard case .view(let box) = entity.kind else {
                    throw Diagnostic.error(Messages.notA(viewName.text, isA: entity.kindDescription, expected: "a view"), at: viewName.range)
                }
                view = box
            }
            compiledCases.append((values, view))
        }
        let runtime = self.runtime
        return { frame in
            var shown: ViewBox?
            let publisher = try plan.make(frame)
            let sink = ValueSink(receiveCompletion: { _ in }, receiveValue: { value in
                runtime.deliver {
                    var chosen: ViewBox?
                    search: for switchCase in compiledCases {
                        if switchCase.values.isEmpty {
                            chosen = switchCase.view
                            break search
                        }
                        for candidate in switchCase.values where try candidate(frame) == value {
                            chosen = switchCase.view
                            break search
                        }
                    }
                    // SwiftUI keeps a view whose identity did not change: no remount.
                    guard chosen !== shown else { return }
                    if let current = shown { try Compiler.hide(current, runtime: runtime) }
                    shown = chosen
                    if let next = chosen { try Compiler.show(next, runtime: runtime) }
                }
            })
            publisher.subscribe(sink)
            runtime.keep(AnyCancellable(sink), chain: "switch " + plan.text)
        }
    }

    // MARK: - Expression statements

    private func expressionStatement(_ expr: Expr) throws -> Action {
        if let subscription = try subscription(expr, named: nil) {
            let runtime = self.runtime
            return { frame in
                let token = try subscription.start(frame)
                runtime.keep(token, chain: subscription.chain)
                try runtime.throwPending()
            }
        }
        if let plan = try publisher(expr) {
            if echoes {
                let runtime = self.runtime
                return { frame in runtime.echo(try plan.describe(frame)) }
            }
            throw Diagnostic.error(Messages.chainNotSubscribed("'.sink { … }'"), at: expr.range)
        }
        let (code, _) = try expression(expr)
        let runtime = self.runtime
        if echoes, !Compiler.isCall(expr) {
            return { frame in runtime.echo(try code(frame).debugDescription) }
        }
        if echoes {
            return { frame in
                let value = try code(frame)
                if value != .void { runtime.echo(value.debugDescription) }
            }
        }
        return { frame in _ = try code(frame) }
    }

    static func isCall(_ expr: Expr) -> Bool {
        if case .call = expr.kind { return true }
        return false
    }

    // MARK: - Helpers shared with the runtime

    static func inferredType(of value: Value) -> TypeName {
        switch value {
        case .string: return .string
        case .int: return .int
        case .double: return .double
        case .bool: return .bool
        case .void: return .void
        default: return .any
        }
    }

    static func check(_ value: Value, fits entity: Entity, range: SourceRange, verb: String) throws {
        guard !value.fits(entity.type) else { return }
        throw RuntimeError(message: verb == "assign"
            ? Messages.typeMismatch("assign", expected: entity.type.rawValue, got: value.typeName)
            : Messages.sendTypeMismatch(entity.name, expected: entity.type.rawValue, got: value.typeName), range: range)
    }

    static func demand(from value: Value, range: SourceRange, allowZero: Bool) throws -> Subscribers.Demand {
        switch value {
        case .demand(let demand):
            if !allowZero, demand == .none { throw RuntimeError(message: Messages.requestZero, range: range) }
            return demand
        case .int(let count):
            if count < 0 { throw RuntimeError(message: Messages.negativeDemand, range: range) }
            if count == 0, !allowZero { throw RuntimeError(message: Messages.requestZero, range: range) }
            return .max(count)
        default:
            throw RuntimeError(message: Messages.notADemand(value.typeName), range: range)
        }
    }

    static func value(of completion: Subscribers.Completion<ScriptFailure>) -> Value {
        switch completion {
        case .finished: return .completion(failure: nil)
        case .failure(let failure): return .completion(failure: failure.message)
        }
    }
}
