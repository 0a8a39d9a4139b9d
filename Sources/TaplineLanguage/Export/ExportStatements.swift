/// Statements as Swift: commands become the calls they stand for (`send s 1` is
/// `s.send(1)`, `tap b` is `b.sendTap()`, `wait 1s` advances the test scheduler).
extension SwiftExporter {
    /// Statements at the writer's current indentation.
    func block(_ statements: [Stmt], into out: inout SwiftWriter, context: ExportContext) throws(Diagnostic) {
        var context = context
        for statement in statements { try self.statement(statement, into: &out, context: &context) }
    }

    /// `{ … }` after `head`, its statements one level in; on one line when it was written on
    /// one line (`source`) and is one line of Swift.
    func braced(_ head: String, _ statements: [Stmt], into out: inout SwiftWriter, context: ExportContext,
                oneLineIn source: SourceRange? = nil) throws(Diagnostic) {
        if let source, source.start.line == source.end.line {
            var body = SwiftWriter()
            try block(statements, into: &body, context: context)
            if body.lines.count == 1 {
                out.line(head + " { " + body.lines[0] + " }")
                return
            }
        }
        out.line(head + " {")
        out.indent += 1
        try block(statements, into: &out, context: context)
        out.indent -= 1
        out.line("}")
    }

    func statement(_ stmt: Stmt, into out: inout SwiftWriter, context: inout ExportContext) throws(Diagnostic) {
        try guardStack(stmt.range)
        if try declaration(stmt, into: &out, context: &context) { return }
        if let line = try command(stmt, context: context) {
            out.line(line)
            return
        }
        try controlFlow(stmt, into: &out, context: &context)
    }

    /// Declarations that are one line of Swift (or a func); false for anything else.
    private func declaration(_ stmt: Stmt, into out: inout SwiftWriter, context: inout ExportContext) throws(Diagnostic) -> Bool {
        switch stmt.kind {
        case .button(let name, let title, let action):
            let titleText = try title.map { (each) throws(Diagnostic) in try expression(each, context) } ?? ExportSupport.literal(name.text)
            if let action {
                try braced("let \(name.text) = TapButton(\(titleText))", action, into: &out, context: context, oneLineIn: stmt.range)
            } else {
                out.line("let \(name.text) = TapButton(\(titleText))")
            }
        case .subject(let name, _, _):
            out.line("let \(name.text) = PassthroughSubject<\(valueType(of: name.text)), \(failureType(of: name.text))>()")
        case .current(let name, _, let initial, _):
            out.line("let \(name.text) = CurrentValueSubject<\(valueType(of: name.text)), \(failureType(of: name.text))>(\(try expression(initial, context)))")
        case .letBinding(let name, let value):
            out.line("let \(name.text) = \(try expression(value, context))")
            context.locals.insert(name.text)
        case .variable(let name, let value):
            out.line("var \(name.text) = \(try expression(value, context))")
            context.locals.insert(name.text)
        case .typedBinding(let name, let type, let value, let isMutable):
            let initial = try value.map { (each) throws(Diagnostic) in " = " + (try expression(each, context)) } ?? ""
            out.line((isMutable ? "var " : "let ") + name.text + ": " + SwiftExporter.swiftType(type) + initial)
            context.locals.insert(name.text)
        case .importModule:
            // The file imports what it needs itself, and UIKit is no module on Linux.
            break
        case .typeDeclaration(let declaration):
            try typeDeclaration(declaration, into: &out, context: context)
        case .function(let declaration):
            try function(declaration, into: &out, context: context)
        case .published, .subscriber, .view:
            throw cannot("a declaration inside a block", hint: "declare it at the top level", at: stmt.range)
        default:
            return false
        }
        return true
    }

    /// The Swift type of a declared subject's values.
    private func valueType(of name: String) -> String { globals[name]?.type.rawValue ?? "Any" }
    private func failureType(of name: String) -> String { globals[name]?.failure.name ?? "Never" }

    /// Commands: each is one line of Swift; nil for a statement that is not a command.
    private func command(_ stmt: Stmt, context: ExportContext) throws(Diagnostic) -> String? {
        switch stmt.kind {
        case .tap(let name): return "\(name.text).sendTap()"
        case .set(let name, let value): return try assignment(name.text, value, context: context)
        case .send(let name, let value): return "\(name.text).send(\(try expression(value, context)))"
        case .complete(let name): return "\(name.text).send(completion: .finished)"
        case .fail(let name, let message): return "\(name.text).send(completion: .failure(\(try error(message, context))))"
        case .cancel(let name):
            if case .bag? = globals[name.text]?.kind { return "\(name.text).forEach { $0.cancel() }; \(name.text).removeAll()" }
            return "\(name.text).cancel()"
        case .request(let name, let amount):
            return "\(name.text).subscription?.request(\(try demandValue(amount, initial: false) ?? ".none"))"
        case .wait(let duration): return "scheduler.advance(by: \(try expression(duration, context)))"
        case .show(let name): return "\(instanceName(name.text)).appear()"
        case .hide(let name): return "\(instanceName(name.text)).disappear()"
        case .returnStatement(let value):
            guard let value else { return "return" }
            if context.returnsDemand { return "return \(try demandValue(value, initial: false) ?? ".none")" }
            var returning = context
            returning.inReturn = true
            return "return \(try expression(value, returning))"
        case .throwStatement(let value): return "throw \(try error(value, context))"
        case .discard(let value): return "_ = \(try expression(value, context))"
        case .expression(let value): return try expressionStatement(value, context: context)
        case .play(let name, let marbles, let legend): return try play(name.text, marbles, legend: legend, context: context)
        case .frame(let duration):
            if case .duration(let nanoseconds) = duration.kind { frameNanoseconds = nanoseconds }
            return ExportSupport.comment(" \(source.text(stmt.range.start.offset..<stmt.range.end.offset)): each character of a marble string below")
        default: return nil
        }
    }

    /// `set NAME = value`: a published value's property, a current value's `value`, or a send.
    func assignment(_ name: String, _ value: Expr, context: ExportContext) throws(Diagnostic) -> String {
        let written = try expression(value, context)
        if context.selfMembers.contains(name), !context.locals.contains(name) { return "self.\(name) = \(written)" }
        switch globals[name]?.kind {
        case .published?: return "viewModel.\(name) = \(written)"
        case .current?: return "\(name).value = \(written)"
        case .subject?: return "\(name).send(\(written))"
        default: return "\(name) = \(written)"   // a `var`, declared at the top level or in a block
        }
    }

    /// An error made from a message: `AppError("timeout")`.
    func error(_ message: Expr, _ context: ExportContext) throws(Diagnostic) -> String {
        // An error already (a value of the program's own error type, a caught `Error`) is
        // thrown as it is.
        switch types.type(of: message) {
        case .user?, .error?: return try expression(message, context)
        default: break
        }
        needs.insert(.appError)
        return appErrorName + "(\(try expression(message, context)))"
    }

    /// `play s "-a--b-|" [legend]`: each event of the marble string scheduled on the test
    /// scheduler, frame 0 being now (RxJS's `hot()`).
    private func play(_ name: String, _ marbles: MarbleText, legend: [LegendEntry], context: ExportContext) throws(Diagnostic) -> String {
        let events: [Marbles.Event]
        do {
            events = try Marbles.parse(marbles.text, frame: frameNanoseconds)
        } catch {
            throw cannot("this marble string", hint: error.message, at: marbles.range)
        }
        var legendValues: [Character: Expr] = [:]
        for entry in legend { legendValues[entry.symbol] = entry.value }
        var lines = [ExportSupport.comment(" play \(name) " + ExportSupport.literal(marbles.text))]
        // What comes before a `^` has already happened; a `!` is for `expect`.
        for event in events where event.time >= 0 {
            let send: String
            switch event.symbol {
            case .cancel: continue
            case .finished: send = "\(name).send(completion: .finished)"
            case .failure:
                let message = try legendValues["#"].map { (each) throws(Diagnostic) in try expression(each, context) } ?? "\"error\""
                send = "\(name).send(completion: .failure(\(appErrorName)(\(message))))"
                needs.insert(.appError)
            case .value(let symbol):
                send = "\(name).send(\(try legendValues[symbol].map { (each) throws(Diagnostic) in try expression(each, context) } ?? plainValue(symbol, of: name)))"
            }
            lines.append("scheduler.schedule(after: scheduler.now.advanced(by: \(SwiftExporter.stride(event.time)))) { \(send) }")
        }
        return lines.joined(separator: "\n")
    }

    /// A marble character with no legend entry: a digit on an `Int` or untyped subject, else a one-letter string.
    private func plainValue(_ symbol: Character, of name: String) -> String {
        let type = globals[name]?.type ?? .any
        if let digit = symbol.wholeNumberValue, type == .int || type == .any { return String(digit) }
        return ExportSupport.literal(String(symbol))
    }

    /// A subscription on its own is kept: by the session at the top level and in funcs, by
    /// the view's bag in `on appear` (Swift needs `.store(in:)` for what Tapline keeps).
    private func expressionStatement(_ value: Expr, context: ExportContext) throws(Diagnostic) -> String {
        let written = try expression(value, context)

        guard returnsCancellable(value) else { return written }
        if context.bag == "subscriptions" { needs.insert(.session) }
        // `.store(in:)` starts a line where the chain's last stage did.
        var separator = ""
        if case .call(let callee, _, _) = value.kind, case .member(let base, _, let nameRange) = callee.kind {
            separator = self.separator(before: nameRange, after: base)
        }
        return written + separator + ".store(in: &\(context.bag))"
    }

    /// Whether a chain ends in a subscriber that returns an `AnyCancellable`.
    func returnsCancellable(_ expr: Expr) -> Bool {
        guard let (_, entry, arguments) = SwiftExporter.operatorCall(expr) else { return false }
        return entry.traits.export.returnsCancellable?(self, arguments) ?? false
    }
}
