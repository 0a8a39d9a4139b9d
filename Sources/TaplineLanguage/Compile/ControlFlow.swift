import TaplineReactive

/// `repeat`, `for`, `if`, `return`, and `switch` choosing a view from a publisher's values.
extension Compiler {
    /// `repeat N { … }`
    func repeatLoop(_ countExpr: Expr, body: [Stmt], range: SourceRange) throws(Diagnostic) -> Action {
        let (count, countType) = try expression(countExpr)
        if countType.isKnown, countType != .int {
            throw Diagnostic.error(Messages.repeatCount(countType.name), at: countExpr.range)
        }
        let action = try block(body)
        let runtime = self.runtime
        return { frame in
            let value = try count(frame)   // evaluated once: the error below names its type
            guard case .int(let times) = value else {
                throw RuntimeError(Messages.repeatCount(value.typeName), at: countExpr.range)
            }
            var done = 0
            while done < times {
                try runtime.checkInterrupt(range)
                try action(frame)
                done += 1
            }
        }
    }

    /// `for NAME in LOW...HIGH { … }` and `for NAME in LOW..<HIGH { … }`
    func forLoop(_ name: Name, from low: Expr, to high: Expr, inclusive: Bool, body: [Stmt], range: SourceRange) throws(Diagnostic) -> Action {
        let lowCode = try integer(low)
        let highCode = try integer(high)
        let closuresBefore = closuresCompiled
        var compiled: Action = { _ in }
        let size = try inLoopFrame { () throws(Diagnostic) in
            _ = scope.addLocal(name.text, type: .int)
            compiled = try block(body)
        }
        let action = compiled   // a `let`, so the loop does not reach through a box
        // A fresh frame per turn only when a closure made in the body could keep it.
        let freshFramePerTurn = closuresCompiled != closuresBefore
        let runtime = self.runtime
        return { frame in
            let first = try lowCode(frame)
            let last = try highCode(frame)
            guard first <= last else {
                throw RuntimeError(Messages.badRange(first, last), at: low.range.to(high.range))
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
    }

    /// `if CONDITION { … } [else { … }]`
    func ifStatement(_ condition: Expr, body: [Stmt], else elseBody: [Stmt]?) throws(Diagnostic) -> Action {
        let test = try self.condition(condition)
        let then = try block(body)
        let otherwise = try elseBody.map { (each) throws(Diagnostic) in try block(each) }
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
        if !declared.admits(type) {
            throw Diagnostic.error(Messages.resultType(name, expected: declared.name, got: type.name), at: valueExpr?.range ?? range)
        }
        let code = compiled?.code
        let runtime = self.runtime
        return { frame in
            runtime.returned = try code?(frame) ?? .void
            throw ReturnSignal()
        }
    }

    /// `switch PUBLISHER { case V: VIEW … default: VIEW }`: SwiftUI's `if`/`else` choosing a
    /// view from state. Selecting the view already shown remounts nothing.
    func switchView(_ subjectExpr: Expr, cases: [SwitchCase]) throws(Diagnostic) -> Action {
        guard let plan = try publisher(subjectExpr) else {
            throw Diagnostic.error(Messages.switchNeedsPublisher, at: subjectExpr.range)
        }
        let compiledCases = try cases.map { (switchCase) throws(Diagnostic) -> (values: [Code], view: ViewBox?) in
            let values = try switchCase.values.map { (value) throws(Diagnostic) in try expression(value).code }
            guard let viewName = switchCase.view else { return (values, nil) }
            let entity = try entity(viewName)
            guard case .view(let box) = entity.kind else {
                throw Diagnostic.error(Messages.notA(viewName.text, isA: entity.kindDescription, expected: "a view"), at: viewName.range)
            }
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
                    guard chosen !== shown else { return }
                    if let current = shown { try runtime.hide(current) }
                    shown = chosen
                    if let next = chosen { try runtime.show(next) }
                }
            })
            try plan.make(frame).subscribe(sink)
            runtime.keep(AnyCancellable(sink), chain: plan.text.prefixed("switch "))
        }
    }
}
