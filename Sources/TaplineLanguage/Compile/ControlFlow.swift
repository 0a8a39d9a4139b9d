import TaplineReactive

/// `repeat`, `for`, `if`, `return`, and `switch` choosing a view from a publisher's values.
extension Compiler {
    /// `repeat N { … }`
    func repeatLoop(_ countExpr: Expr, body: [Stmt], range: SourceRange) throws(Diagnostic) -> Action {
        let (count, countType) = try expression(countExpr)
        if countType.isKnown, countType != .int {
            throw Diagnostic.error(Messages.repeatCount(countType.name), at: countExpr.range)
        }
        let runtime = self.runtime
        let body = try loopBody(body)
        return { frame in
            let value = try count(frame)   // evaluated once: the error below names its type
            guard case .int(let times) = value else {
                throw RuntimeError(Messages.repeatCount(value.typeName), at: countExpr.range)
            }
            var done = 0
            while done < times {
                try runtime.pollInterrupt(range)
                guard try Compiler.turn(body, frame) else { break }
                done += 1
            }
        }
    }

    /// `for NAME in LOW...HIGH { … }` and `for NAME in LOW..<HIGH { … }`
    func forLoop(_ name: Name, from low: Expr, to high: Expr, inclusive: Bool, body: [Stmt], range: SourceRange) throws(Diagnostic) -> Action {
        let lowCode = try integer(low)
        let highCode = try integer(high)
        let closuresBefore = closuresCompiled
        // The body a constant the loop's closure captures: a captured `var` is read out of its
        // box, and what is read retained, at every turn.
        let (size, turnBody) = try inLoopFrame { () throws(Diagnostic) in
            _ = scope.addLocal(name.text, type: .int)
            return try loopBody(body)
        }
        let runtime = self.runtime
        // A fresh frame per turn only when a closure made in the body could keep it.
        let freshFramePerTurn = closuresCompiled != closuresBefore
        return { frame in
            let first = try lowCode(frame)
            let last = try highCode(frame)
            guard first <= last else {
                throw RuntimeError(Messages.badRange(first, last), at: low.range.to(high.range))
            }
            var turn = Frame.make(size: size, parent: frame)
            var i = first
            while inclusive ? i <= last : i < last {
                try runtime.pollInterrupt(range)
                if freshFramePerTurn, i != first { turn = Frame.make(size: size, parent: frame) }
                turn.slots[0] = .int(i)
                guard try Compiler.turn(turnBody, turn) else { break }
                if i == Int.max { break }
                i += 1
            }
        }
    }

    /// An `else` body; an `else if` needs no block of its own: a chain of thousands would nest
    /// one scope per branch, and every name look-up would walk them all.
    private func elseBlock(_ statements: [Stmt]) throws(Diagnostic) -> Action {
        guard statements.count == 1, case .ifStatement = statements[0].kind else { return try block(statements) }
        let step = try statement(statements[0])
        return { frame in try step.run(frame) }
    }

    /// `if CONDITION { … } [else { … }]`
    func ifStatement(_ condition: Expr, body: [Stmt], else elseBody: [Stmt]?) throws(Diagnostic) -> Action {
        let test = try self.condition(condition)
        let then = try block(body)
        let otherwise = try elseBody.map { (each) throws(Diagnostic) in try elseBlock(each) }
        return { frame in
            if try test(frame) {
                try then(frame)
            } else {
                try otherwise?(frame)
            }
        }
    }

    /// `return [value]`: leaves the closure or function (caught where it is called).
    func returnStatement(_ valueExpr: Expr?, range: SourceRange) throws(Diagnostic) -> Action {
        guard let target = returnScope else { throw Diagnostic.error(Messages.returnOutsideClosure, at: range) }
        target.containsReturn = true
        let (name, declared) = (target.functionName, target.resultType)
        let compiled = try valueExpr.map { (each) throws(Diagnostic) in try expression(each) }
        let type = compiled?.type ?? .void
        if !declared.admits(type), !Compiler.takesTypesFromContext(valueExpr, declared) {
            throw Diagnostic.error(Messages.resultType(name, expected: declared.name, got: type.name), at: valueExpr?.range ?? range)
        }
        let code = compiled?.code
        let runtime = self.runtime
        return { frame in
            runtime.returned = try code?(frame) ?? .void
            throw ReturnSignal()
        }
    }

    /// `Future { … }` or `Deferred { … }` written without its types, returned where a
    /// publisher's types are declared: Swift takes them from there (`-> Future<Int, Never>`).
    static func takesTypesFromContext(_ value: Expr?, _ declared: SType) -> Bool {
        guard case .publisher = declared, let value, case .call(let callee, _, _) = value.kind, case .name(let name) = callee.kind else { return false }
        return PublisherFunction.named(name) == .future || PublisherFunction.named(name) == .deferred
    }

    /// `throw VALUE`: an `Error` made from the value (a message, or an error caught earlier).
    func throwStatement(_ valueExpr: Expr, range: SourceRange) throws(Diagnostic) -> Action {
        try allowThrowing("'throw'", at: range)
        let (code, _) = try expression(valueExpr)
        return { frame in throw ThrownError(try code(frame), range: range) }
    }

    /// `do { … } catch … { … }`: an error the body throws goes to the first clause that matches
    /// it, its name bound in that clause's block; one no clause matches goes on, as in Swift.
    /// With a clause that takes every error, the body may throw wherever it is (as in `try?`).
    func doCatch(_ body: [Stmt], _ clauses: [CatchClause], range: SourceRange) throws(Diagnostic) -> Action {
        let catchesAll = clauses.contains { if case .any = $0.match { true } else { false } }
        if !catchesAll { try allowThrowing("an error no 'catch' matches", at: range) }
        if catchesAll { optionalTries += 1 }
        let tried = try block(body)
        if catchesAll { optionalTries -= 1 }
        var compiled: [(matches: Matcher, body: Action)] = []
        for clause in clauses {
            try inBlock { () throws(Diagnostic) in
                compiled.append((try catchMatcher(clause.match, at: clause.range), try block(clause.body)))
            }
        }
        let handlers = compiled
        return { frame in
            do {
                try tried(frame)
            } catch let thrown as ThrownError {
                let error = ScriptFailure(thrown: thrown).error
                for handler in handlers where try handler.matches(error, frame) {
                    try handler.body(frame)
                    return
                }
                throw thrown
            }
        }
    }

    /// What a `catch` matches, binding its name in the clause's block.
    private func catchMatcher(_ match: CatchClause.Match, at range: SourceRange) throws(Diagnostic) -> Matcher {
        switch match {
        case .any(let name): return try matcher(.binding(name), against: .error, single: true, at: range)
        case .cast(let name, let type): return try matcher(.cast(name, type), against: .error, single: true, at: range)
        case .type(let type): return try matcher(.cast(nil, type), against: .error, single: true, at: range)
        case .pattern(let pattern): return try matcher(pattern, against: .error, single: true, at: range)
        }
    }

    /// Whether a value is of `type`, as `is` tests it: `Error` takes every error the program
    /// throws or declares, another type its own values.
    static func isValue(_ value: Value, of type: SType) -> Bool {
        switch value {
        case .instance(let instance) where type == .error: return instance.type.conformsToError
        case .enumValue(let enumValue) where type == .error: return enumValue.type.conformsToError
        case .error: return type == .error || type == .unknown
        default: return type.admits(SType(of: value))
        }
    }

    /// `switch`: at the top level, one whose every case names a view chooses a view from a
    /// publisher's values (DESIGN §8); anywhere else it is Swift's `switch` statement.
    func switchStatement(_ subjectExpr: Expr, cases: [SwitchCase]) throws(Diagnostic) -> Action {
        if isTopLevel, let views = viewCases(cases) { return try switchView(subjectExpr, cases: views) }
        let (subject, subjectType) = try expression(subjectExpr)
        if case .publisher = subjectType {
            if isTopLevel, let unknown = unknownView(in: cases) { throw unknown }
            throw Diagnostic.error(Messages.switchOnPublisher, at: subjectExpr.range)
        }
        var arms: [(matches: [Matcher], body: Action)] = []
        // `break` in a case leaves the switch.
        scope.breakables += 1
        defer { scope.breakables -= 1 }
        for arm in cases {
            var matchers: [Matcher] = []
            var body: Action = { _ in }
            try inBlock { () throws(Diagnostic) in
                for pattern in arm.patterns {
                    matchers.append(try matcher(pattern, against: subjectType, single: arm.patterns.count == 1, at: arm.range))
                }
                body = try block(arm.body)
            }
            arms.append((matchers, body))
        }
        let compiledArms = arms   // a constant: a captured `var` is read out of its box at every run
        return { frame in
            let value = try subject(frame)
            for arm in compiledArms where try arm.matches.isEmpty || arm.matches.contains(where: { try $0(value, frame) }) {
                do { try arm.body(frame) } catch is BreakSignal {}
                return
            }
        }
    }

    /// `if case PATTERN = value { … } [else { … }]`
    func ifCase(_ pattern: Pattern, _ valueExpr: Expr, body: [Stmt], else elseBody: [Stmt]?) throws(Diagnostic) -> Action {
        let (value, type) = try expression(valueExpr)
        let (matches, then) = try inBlock { () throws(Diagnostic) in
            (try matcher(pattern, against: type, single: true, at: valueExpr.range), try block(body))
        }
        let otherwise = try elseBody.map { (each) throws(Diagnostic) in try block(each) }
        return { frame in
            if try matches(try value(frame), frame) {
                try then(frame)
            } else {
                try otherwise?(frame)
            }
        }
    }

    /// Tests a value against a pattern, and stores what the pattern binds as it matches.
    typealias Matcher = (Value, Frame) throws -> Bool

    /// Whether a value matches a pattern: a value by `==`, a completion or an enum's value by
    /// its case (then its payload, pattern by pattern). The names it binds are locals of the
    /// current block.
    func matcher(_ pattern: Pattern, against type: SType, single: Bool, at range: SourceRange) throws(Diagnostic) -> Matcher {
        switch pattern {
        case .value(let expr):
            if let contains = try rangeMatcher(expr) { return contains }
            let (code, _) = try expression(expr)
            return { value, frame in ValueArithmetic.equal(value, try code(frame)) }
        case .tuple(let elements):
            return try tupleMatcher(elements, against: type, single: single, at: range)
        case .wildcard:
            return { _, _ in true }
        case .binding(let name):
            if !single { throw Diagnostic.error(Messages.bindingInManyPatterns(name.text), at: name.range) }
            let slot = scope.addLocal(name.text, type: type)
            return { value, frame in
                frame.slots[slot] = value
                return true
            }
        case .failure(let binding) where userType(of: type) != nil:
            // A `Result`'s `.failure(let error)`: its case, as any enum's.
            return try caseMatcher("failure", binding.map { [.binding($0)] }, against: type, single: single, at: range)
        case .finished, .failure:
            if type.isKnown, type != .completion {
                throw Diagnostic.error(Messages.completionPattern(ASTPrinter.print(pattern), type.name), at: range)
            }
            if case .finished = pattern { return { value, _ in value == .completion(failure: nil) } }
            guard case .failure(let binding?) = pattern else {
                return { value, _ in
                    if case .completion(_?) = value { return true }
                    return false
                }
            }
            if !single { throw Diagnostic.error(Messages.bindingInManyPatterns(binding.text), at: binding.range) }
            let slot = scope.addLocal(binding.text, type: .error)
            return { value, frame in
                switch value {
                case .completion(let error?): frame.slots[slot] = error
                case .enumValue(let result) where result.name == "failure" && result.payload.count == 1: frame.slots[slot] = result.payload[0]
                default: return false
                }
                return true
            }
        case .enumCase(let name, let payload):
            return try caseMatcher(name, payload, against: type, single: single, at: range)
        case .cast(let name, let typeExpr):
            let target = try staticType(typeExpr)
            if let name, !single { throw Diagnostic.error(Messages.bindingInManyPatterns(name.text), at: name.range) }
            let slot = name.map { scope.addLocal($0.text, type: target) }
            return { value, frame in
                guard Compiler.isValue(value, of: target) else { return false }
                if let slot { frame.slots[slot] = target.stored(value) }
                return true
            }
        }
    }

    /// `case 1...5:`, `case ..<0:`: a range matches the values it holds, as Swift's `~=` on a
    /// range, without making the range's elements. Nil for an expression that is no range.
    private func rangeMatcher(_ expr: Expr) throws(Diagnostic) -> Matcher? {
        guard case .binary(let op, let lowExpr, let highExpr) = expr.kind, op == .closedRange || op == .halfOpenRange else { return nil }
        let (low, _) = try expression(lowExpr)
        let (high, _) = try expression(highExpr)
        let closed = op == .closedRange
        return { value, frame in
            guard let above = ValueArithmetic.compare(value, try low(frame)), above >= 0,
                  let below = ValueArithmetic.compare(value, try high(frame)) else { return false }
            return closed ? below <= 0 : below < 0
        }
    }

    /// `case (1..., _):`: a tuple of as many values, each matching its pattern.
    private func tupleMatcher(_ elements: [Pattern], against type: SType, single: Bool, at range: SourceRange) throws(Diagnostic) -> Matcher {
        var types = Array(repeating: SType.unknown, count: elements.count)
        if case .tuple(let known) = type, known.count == elements.count { types = known }
        var matchers: [Matcher] = []
        for (element, elementType) in zip(elements, types) {
            matchers.append(try matcher(element, against: elementType, single: single, at: range))
        }
        let parts = matchers
        return { value, frame in
            guard case .tuple(let values) = value, values.count == parts.count else { return false }
            for (part, element) in zip(parts, values) where try !part(element, frame) { return false }
            return true
        }
    }

    /// `.name` or `.name(patterns…)`: an enum's case, a completion's `.failure(…)`, or a
    /// constant such as `.unlimited`.
    private func caseMatcher(_ name: String, _ payload: [Pattern]?, against type: SType, single: Bool,
                             at range: SourceRange) throws(Diagnostic) -> Matcher {
        let payloadTypes = userType(of: type)?.payloadTypes(of: name)
        var inner: [Matcher] = []
        for (index, each) in (payload ?? []).enumerated() {
            let elementType = name == "failure" ? SType.error : payloadTypes.flatMap { index < $0.count ? $0[index] : nil } ?? .unknown
            inner.append(try matcher(each, against: elementType, single: single, at: range))
        }
        let constant = Value.implicitMember(name)
        return { value, frame in
            switch value {
            case .enumValue(let enumValue):
                guard enumValue.name == name else { return false }
                guard !inner.isEmpty else { return true }
                guard inner.count == enumValue.payload.count else { return false }
                for (test, element) in zip(inner, enumValue.payload) where !(try test(element, frame)) { return false }
                return true
            case .completion(let error):
                guard let error else { return name == "finished" }
                guard name == "failure" else { return false }
                return try inner.first?(error, frame) ?? true
            default:
                return constant.map { ValueArithmetic.equal(value, $0) } ?? false
            }
        }
    }

    /// The cases of a view `switch`, or nil when the `switch` is Swift's.
    private func viewCases(_ cases: [SwitchCase]) -> [(values: [Expr], view: Name?)]? {
        cases.viewArms { name in
            guard case .entity(let entity)? = resolve(name), case .view = entity.kind else { return false }
            return true
        }
    }

    /// A top-level `switch` over a publisher whose case names no view that is declared
    /// (`default: Bee`): that name, with the view it may be a slip for.
    private func unknownView(in cases: [SwitchCase]) -> Diagnostic? {
        for arm in cases where arm.body.count == 1 {
            guard case .expression(let expr) = arm.body[0].kind, case .name(let name) = expr.kind else { continue }
            if case .entity(let entity)? = resolve(name), case .view = entity.kind { continue }
            let views = visibleNames.filter { candidate in
                guard case .entity(let entity)? = resolve(candidate), case .view = entity.kind else { return false }
                return true
            }
            let suggestion = Suggest.closest(to: name, in: views)
            return Diagnostic.error(Messages.unknownView(name, suggestion: suggestion), at: expr.range)
        }
        return nil
    }

    /// `switch PUBLISHER { case V: VIEW … default: VIEW }`: SwiftUI's `if`/`else` choosing a
    /// view from state. Selecting the view already shown remounts nothing.
    func switchView(_ subjectExpr: Expr, cases: [(values: [Expr], view: Name?)]) throws(Diagnostic) -> Action {
        guard let plan = try publisher(subjectExpr) else {
            throw Diagnostic.error(Messages.switchNeedsPublisher, at: subjectExpr.range)
        }
        let compiledCases = try cases.map { (switchCase) throws(Diagnostic) -> (values: [Code], view: ViewBox?) in
            let values = try switchCase.values.map { (value) throws(Diagnostic) in try expression(value).code }
            guard let viewName = switchCase.view, case .view(let box) = try entity(viewName).kind else { return (values, nil) }
            return (values, box)
        }
        let runtime = self.runtime
        return { frame in
            var shown: ViewBox?
            let sink = ValueSink(receiveCompletion: { _ in }, receiveValue: { value in
                runtime.deliver {
                    let chosen = try compiledCases.first { switchCase in
                        try switchCase.values.isEmpty || switchCase.values.contains { try $0(frame) == value }
                    }?.view
                    guard chosen !== shown else { return try chosen.map(runtime.chosenAgain) ?? () }
                    if let current = shown { try runtime.hide(current) }
                    shown = chosen
                    if let next = chosen { try runtime.show(next) }
                }
                return .none
            })
            try plan.make(frame).subscribe(sink)
            runtime.keep(Subscribed(sink), chain: plan.text.prefixed("switch "))
        }
    }
}

/// Swift's control flow beyond `if` and counted loops: conditions that bind optionals
/// (`if let`, `guard let … else`), `while`, `repeat { } while`, `for … in` over any sequence,
/// and `break` / `continue`.
extension Compiler {
    /// Code that tests the conditions in order, binding what they unwrap in the current
    /// block; false at the first that does not hold.
    private func conditionsTest(_ conditions: [Condition]) throws(Diagnostic) -> (Frame) throws -> Bool {
        var tests: [(Frame) throws -> Bool] = []
        for condition in conditions {
            switch condition {
            case .expression(let expr):
                tests.append(try self.condition(expr))
            case .binding(let name, let valueExpr, let isMutable):
                let (code, type) = try expression(valueExpr)
                let bound: SType
                switch type {
                case .optional(let wrapped): bound = wrapped
                case .unknown, .nil: bound = .unknown
                default: throw Diagnostic.error(Messages.bindingNotOptional(type.name), at: valueExpr.range)
                }
                let slot = scope.addLocal(name.text, type: bound)
                if isMutable { scope.mutableSlots.insert(slot) }
                tests.append { frame in
                    guard let value = try code(frame).unwrapped else { return false }
                    frame.slots[slot] = value
                    return true
                }
            case .pattern(let pattern, let valueExpr):
                let (value, type) = try expression(valueExpr)
                let matches = try matcher(pattern, against: type, single: true, at: valueExpr.range)
                tests.append { frame in try matches(try value(frame), frame) }
            }
        }
        return { frame in
            for test in tests where !(try test(frame)) { return false }
            return true
        }
    }

    /// `if let x = a, x > 1 { … } else { … }`: what the conditions bind is seen in the body.
    func conditional(_ conditions: [Condition], body: [Stmt], else elseBody: [Stmt]?) throws(Diagnostic) -> Action {
        let (test, then) = try inBlock { () throws(Diagnostic) in (try conditionsTest(conditions), try block(body)) }
        let otherwise = try elseBody.map { (each) throws(Diagnostic) in try block(each) }
        return { frame in
            if try test(frame) { try then(frame) } else { try otherwise?(frame) }
        }
    }

    /// `guard conditions else { … }`: the else body must leave (return, throw, break,
    /// continue); what the conditions bind is seen after the guard.
    func guardStatement(_ conditions: [Condition], else elseBody: [Stmt], range: SourceRange) throws(Diagnostic) -> Action {
        guard Compiler.exits(elseBody) else { throw Diagnostic.error(Messages.guardFallsThrough, at: range) }
        let otherwise = try block(elseBody)
        let test = try conditionsTest(conditions)
        return { frame in
            if try !test(frame) { try otherwise(frame) }
        }
    }

    /// Whether a block always leaves the scope it is in (a `guard`'s else body).
    static func exits(_ statements: [Stmt]) -> Bool {
        guard let last = statements.last else { return false }
        switch last.kind {
        case .returnStatement, .throwStatement, .breakStatement, .continueStatement: return true
        case .expression(let expr):
            if case .call(let callee, _, _) = expr.kind, case .name(let name) = callee.kind {
                return name == "fatalError" || name == "preconditionFailure"
            }
            return false
        case .ifStatement(_, let body, let elseBody?), .conditional(_, let body, let elseBody?):
            return exits(body) && exits(elseBody)
        default: return false
        }
    }

    /// `break`, `continue`: only inside what they leave.
    func jump(breaking: Bool, range: SourceRange) throws(Diagnostic) -> Action {
        if breaking {
            guard scope.breakables > 0 else { throw Diagnostic.error(Messages.breakOutsideLoop, at: range) }
            return { _ in throw BreakSignal() }
        }
        guard scope.loops > 0 else { throw Diagnostic.error(Messages.continueOutsideLoop, at: range) }
        return { _ in throw ContinueSignal() }
    }

    /// A loop's body as one step, compiled where `break` and `continue` may leave it: its one
    /// statement's own step (`for i in 0..<n { send s i }`), called from the loop without a
    /// block's closure around it, or its statements in turn.
    func loopBody(_ body: [Stmt]) throws(Diagnostic) -> Step {
        scope.loops += 1
        scope.breakables += 1
        defer {
            scope.loops -= 1
            scope.breakables -= 1
        }
        let steps = try blockSteps(body)
        return steps.count == 1 ? steps[0] : Step(action: Compiler.sequence(steps), runtime: runtime)
    }

    /// One turn of a loop: false when a `break` ended it.
    @inline(__always) static func turn(_ body: Step, _ frame: Frame) throws -> Bool {
        do {
            try body.run(frame)
        } catch is ContinueSignal {
        } catch is BreakSignal {
            return false
        }
        return true
    }

    /// `while conditions { … }`
    func whileLoop(_ conditions: [Condition], body: [Stmt], range: SourceRange) throws(Diagnostic) -> Action {
        let (test, step) = try inBlock { () throws(Diagnostic) in (try conditionsTest(conditions), try loopBody(body)) }
        let runtime = self.runtime
        return { frame in
            while try test(frame) {
                try runtime.pollInterrupt(range)
                guard try Compiler.turn(step, frame) else { break }
            }
        }
    }

    /// `repeat { … } while condition`: the body runs once before the first test.
    func repeatWhile(_ body: [Stmt], condition: Expr, range: SourceRange) throws(Diagnostic) -> Action {
        let step = try loopBody(body)
        let test = try self.condition(condition)
        let runtime = self.runtime
        return { frame in
            repeat {
                try runtime.pollInterrupt(range)
                guard try Compiler.turn(step, frame) else { break }
            } while try test(frame)
        }
    }

    /// `for name in sequence { … }` over an array, a set or a string's characters.
    /// `let index = element.0`, `let word = element.1`: what `for (index, word) in` binds at
    /// the start of each turn (none for `for name in`).
    static func binding(_ parts: [Name?]?, of element: Name) -> [Stmt] {
        let elementExpr = Expr(.name(element.text), element.range)
        return (parts ?? []).enumerated().compactMap { index, part in
            part.map { Stmt(.letBinding($0, Expr(.member(elementExpr, String(index), nameRange: $0.range), $0.range)), $0.range) }
        }
    }

    func forEach(_ name: Name, in sequenceExpr: Expr, body: [Stmt], range: SourceRange) throws(Diagnostic) -> Action {
        let (sequence, type) = try expression(sequenceExpr)
        switch type {
        case .array, .set, .string, .unknown: break
        default: throw Diagnostic.error(Messages.notASequence(type.name), at: sequenceExpr.range)
        }
        let closuresBefore = closuresCompiled
        let (size, turnBody) = try inLoopFrame { () throws(Diagnostic) in
            _ = scope.addLocal(name.text, type: Compiler.elementType(of: type))
            return try loopBody(body)
        }
        let freshFramePerTurn = closuresCompiled != closuresBefore
        let runtime = self.runtime
        return { frame in
            let elements = try Compiler.elements(of: try sequence(frame), method: "makeIterator", range: sequenceExpr.range)
            var turn = Frame.make(size: size, parent: frame)
            for (index, element) in elements.enumerated() {
                try runtime.pollInterrupt(range)
                if freshFramePerTurn, index > 0 { turn = Frame.make(size: size, parent: frame) }
                turn.slots[0] = element
                guard try Compiler.turn(turnBody, turn) else { break }
            }
        }
    }
}
