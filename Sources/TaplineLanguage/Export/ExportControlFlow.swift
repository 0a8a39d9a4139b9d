/// Loops, conditions, `switch` and funcs: Tapline writes them as Swift does, so they carry
/// over nearly as they are.
extension SwiftExporter {
    func controlFlow(_ stmt: Stmt, into out: inout SwiftWriter, context: inout ExportContext) throws(Diagnostic) {
        switch stmt.kind {
        case .repeatLoop(let count, let body):
            try braced("for _ in 0..<\(try expression(count, context))", body, into: &out, context: context)
        case .forLoop(let name, let low, let high, let inclusive, let body):
            var inner = context
            inner.locals.insert(name.text)
            let range = "\(try operand(low, context))\(inclusive ? "..." : "..<")\(try operand(high, context))"
            try braced("for \(name.text) in \(range)", body, into: &out, context: inner)
        case .ifStatement(let condition, let body, let elseBody):
            try conditional("if \(try expression(condition, context))", body, elseBody, into: &out, context: context)
        case .ifCase(let pattern, let value, let body, let elseBody):
            var inner = context
            let head = "if case \(swiftPattern(pattern, binding: &inner)) = \(try expression(value, context))"
            try conditional(head, body, elseBody, into: &out, context: context, bodyContext: inner)
        case .switchStatement(let subject, let cases):
            try swiftSwitch(subject, cases: cases, into: &out, context: context)
        case .frame, .play, .expect:
            throw cannot("a marble test", hint: "leave it out of the program you export", at: stmt.range)
        default:
            try swiftControlFlow(stmt, into: &out, context: &context)
        }
    }

    /// Swift's control flow beyond `if` and counted loops, written back as it was written.
    private func swiftControlFlow(_ stmt: Stmt, into out: inout SwiftWriter, context: inout ExportContext) throws(Diagnostic) {
        switch stmt.kind {
        case .conditional(let conditions, let body, let elseBody):
            var inner = context
            let head = "if " + (try swiftConditions(conditions, binding: &inner))
            try conditional(head, body, elseBody, into: &out, context: context, bodyContext: inner)
        case .guardStatement(let conditions, let elseBody):
            let head = "guard " + (try swiftConditions(conditions, binding: &context)) + " else"
            try braced(head, elseBody, into: &out, context: context)
        case .whileLoop(let conditions, let body):
            var inner = context
            try braced("while " + (try swiftConditions(conditions, binding: &inner)), body, into: &out, context: inner)
        case .repeatWhile(let body, let condition):
            try braced("repeat", body, into: &out, context: context)
            out.appendToLastLine(" while " + (try expression(condition, context)))
        case .forEach(let name, let sequence, let body, let parts):
            var inner = context
            var pattern = name.text
            if let parts {
                pattern = "(" + parts.map { $0?.text ?? "_" }.joined(separator: ", ") + ")"
                inner.locals.formUnion(parts.compactMap { $0?.text })
            }
            inner.locals.insert(name.text)
            try braced("for \(pattern) in \(try expression(sequence, context))", body, into: &out, context: inner)
        case .doCatch(let body, let clauses):
            try doCatch(body, clauses, into: &out, context: context)
        case .typeAlias(let name, let type):
            out.line("typealias \(name.text) = \(SwiftExporter.swiftType(type))")
        case .breakStatement: out.line("break")
        case .continueStatement: out.line("continue")
        case .assignPlace(let place, _, _) where Compiler.isPlaygroundExecutionFlag(place) && globals["PlaygroundPage"] == nil:
            // The file runs until its work is done, and PlaygroundSupport is no module on Linux.
            break
        case .assignPlace(let place, let op, let value):
            if op == .assign, let name = Compiler.subjectValueTarget(place, isSubject: { globals[$0].map(Compiler.isValueSubject) ?? false }) {
                out.line(try assignment(name.text, value, context: context))
            } else {
                out.line(try expression(place, context) + " " + op.rawValue + " " + (try expression(value, context)))
            }
        default:
            throw cannot("this statement", hint: "it has no Swift form yet", at: stmt.range)
        }
    }

    /// Conditions as Swift writes them; what they bind becomes a local of what follows.
    private func swiftConditions(_ conditions: [Condition], binding context: inout ExportContext) throws(Diagnostic) -> String {
        var written: [String] = []
        for condition in conditions {
            switch condition {
            case .expression(let expr): written.append(try expression(expr, context))
            case .binding(let name, let value, let isMutable):
                written.append((isMutable ? "var " : "let ") + name.text + " = " + (try expression(value, context)))
                context.locals.insert(name.text)
            case .pattern(let pattern, let value):
                let valueText = try expression(value, context)
                written.append("case \(swiftPattern(pattern, binding: &context)) = \(valueText)")
            }
        }
        return written.joined(separator: ", ")
    }

    /// `head {` body `}` and the else branch; the body sees `bodyContext` (what the head binds).
    private func conditional(_ head: String, _ body: [Stmt], _ elseBody: [Stmt]?, into out: inout SwiftWriter,
                             context: ExportContext, bodyContext: ExportContext? = nil) throws(Diagnostic) {
        out.line(head + " {")
        out.indent += 1
        try block(body, into: &out, context: bodyContext ?? context)
        out.indent -= 1
        try elseBranch(elseBody, into: &out, context: context)
    }

    /// `do { … } catch … { … }`, each clause's name a local of its block.
    private func doCatch(_ body: [Stmt], _ clauses: [CatchClause], into out: inout SwiftWriter, context: ExportContext) throws(Diagnostic) {
        out.line("do {")
        out.indent += 1
        try block(body, into: &out, context: context)
        out.indent -= 1
        for clause in clauses {
            var inner = context
            var head = "} catch"
            switch clause.match {
            case .any(let name):
                inner.locals.insert(name.text)
                if name.text != "error" { head += " let \(name.text)" }
            case .cast(let name, let type):
                inner.locals.insert(name.text)
                head += " let \(name.text) as \(SwiftExporter.swiftType(type))"
            case .type(let type): head += " is \(SwiftExporter.swiftType(type))"
            case .pattern(let pattern): head += " " + errorType(of: pattern) + swiftPattern(pattern, binding: &inner)
            }
            out.line(head + " {")
            out.indent += 1
            try block(clause.body, into: &out, context: inner)
            out.indent -= 1
        }
        out.line("}")
    }

    /// The program's enum that declares a `catch` pattern's case: Swift needs it named, as the
    /// error caught is any `Error` (`catch NameError.tooShort(let name)`).
    private func errorType(of pattern: Pattern) -> String {
        guard case .enumCase(let name, _) = pattern else { return "" }
        for entity in globals.values {
            if case .type(let type) = entity.kind, type.enumCase(name) != nil { return type.name }
        }
        return ""
    }

    /// `} else {` … `}`, or `} else if …` for an else that is one `if`.
    private func elseBranch(_ elseBody: [Stmt]?, into out: inout SwiftWriter, context: ExportContext) throws(Diagnostic) {
        guard let elseBody else {
            out.line("}")
            return
        }
        if elseBody.count == 1, case .ifStatement(let condition, let body, let further) = elseBody[0].kind {
            try conditional("} else if \(try expression(condition, context))", body, further, into: &out, context: context)
            return
        }
        out.line("} else {")
        out.indent += 1
        try block(elseBody, into: &out, context: context)
        out.indent -= 1
        out.line("}")
    }

    /// A pattern as Swift writes it; a binding becomes a local of the body.
    private func swiftPattern(_ pattern: Pattern, binding context: inout ExportContext) -> String {
        switch pattern {
        case .finished: return ".finished"
        case .failure(let binding?):
            context.locals.insert(binding.text)
            return ".failure(let \(binding.text))"
        case .failure(nil): return ".failure"
        case .wildcard: return "_"
        case .value(let expr): return (try? expression(expr, context)) ?? "_"
        case .binding(let name):
            context.locals.insert(name.text)
            return "let " + name.text
        case .enumCase(let name, let payload):
            guard let payload else { return "." + name }
            var parts: [String] = []
            for each in payload { parts.append(swiftPattern(each, binding: &context)) }
            return "." + name + "(" + parts.joined(separator: ", ") + ")"
        case .tuple(let elements):
            var parts: [String] = []
            for each in elements { parts.append(swiftPattern(each, binding: &context)) }
            return "(" + parts.joined(separator: ", ") + ")"
        case .cast(let name?, let type):
            context.locals.insert(name.text)
            return "let \(name.text) as \(SwiftExporter.swiftType(type))"
        case .cast(nil, let type): return "is " + SwiftExporter.swiftType(type)
        }
    }

    /// Swift's `switch`, made exhaustive with `default: break` where Tapline needs no default.
    private func swiftSwitch(_ subject: Expr, cases: [SwitchCase], into out: inout SwiftWriter, context: ExportContext) throws(Diagnostic) {
        out.line("switch \(try expression(subject, context)) {")
        // Tapline's `switch` need not cover every value; Swift's must, and warns of a
        // `default` it can never reach.
        let exhaustive = cases.contains { $0.patterns.isEmpty } || coversAll(cases.flatMap(\.patterns), of: types.type(of: subject))
        for arm in cases {
            var inner = context
            let patterns = arm.patterns.map { swiftPattern($0, binding: &inner) }
            out.line(arm.patterns.isEmpty ? "default:" : "case \(patterns.joined(separator: ", ")):")
            out.indent += 1
            if arm.body.isEmpty { out.line("break") }
            try block(arm.body, into: &out, context: inner)
            out.indent -= 1
        }
        if !exhaustive {
            out.line("default:")
            out.line("    break")
        }
        out.line("}")
    }

    /// Whether patterns match every value, as Swift's exhaustiveness check finds: one that
    /// binds or is `_`; a completion's `.finished` with failures covered; every case of an
    /// enum of the program's (by the subject's type, or the one enum that has all the cases
    /// named), each with a payload it matches whole.
    private func coversAll(_ patterns: [Pattern], of type: SType?) -> Bool {
        var named: [String: [[Pattern]?]] = [:]
        var finished = false
        for pattern in patterns {
            switch pattern {
            case .wildcard, .binding: return true
            case .tuple(let elements) where elements.allSatisfy(SwiftExporter.isIrrefutable): return true
            case .tuple: continue
            case .finished: finished = true
            case .failure: named["failure", default: []].append(nil)
            case .enumCase(let name, let payload): named[name, default: []].append(payload)
            case .value, .cast: continue
            }
        }
        if finished || named["finished"] != nil, let failures = named["failure"] {
            return failures.contains { $0 == nil || $0?.count != 1 } || coversAll(failures.compactMap { $0?.first }, of: nil)
        }
        // Swift's `Result`, which Tapline declares for the program.
        let result = Set(named.keys) == ["success", "failure"] ? ["success", "failure"] : nil
        guard let cases = result ?? enumCases(named: Set(named.keys), type: type) else { return false }
        return cases.allSatisfy { name in
            named[name]?.contains { payload in payload?.allSatisfy(SwiftExporter.isIrrefutable) ?? true } ?? false
        }
    }

    /// `<Input, Failure: Error>`: type parameters with what each conforms to, as written;
    /// nothing when there are none.
    static func genericClause(_ names: [String], _ constraints: [String: TypeExpr]) -> String {
        guard !names.isEmpty else { return "" }
        return "<" + names.map { name in constraints[name].map { "\(name): \(swiftType($0))" } ?? name }.joined(separator: ", ") + ">"
    }

    private static func isIrrefutable(_ pattern: Pattern) -> Bool {
        switch pattern {
        case .wildcard, .binding: return true
        case .tuple(let elements): return elements.allSatisfy(isIrrefutable)
        default: return false
        }
    }

    /// The cases of the program's enum a switch is over.
    private func enumCases(named names: Set<String>, type: SType?) -> [String]? {
        let enums = globals.values.compactMap { entity -> UserType? in
            guard case .type(let type) = entity.kind, type.kind == .enum else { return nil }
            return type
        }
        if case .user(let name)? = type, let known = enums.first(where: { $0.name == name }) { return known.cases.map(\.name) }
        let candidates = enums.filter { type in names.isSubset(of: Set(type.cases.map(\.name))) }
        return candidates.count == 1 ? candidates[0].cases.map(\.name) : nil
    }

    /// `func NAME(params) -> Result { … }`; in a view, a method called on `self`; in a type, a
    /// method (`modifiers`: `static`, `mutating`) or, with the `init` keyword, an initializer.
    func function(_ declaration: FunctionDecl, into out: inout SwiftWriter, context: ExportContext,
                  modifiers: String = "", keyword: String? = nil) throws(Diagnostic) {
        var inner = context
        var parameters: [String] = []
        for parameter in declaration.parameters {
            guard let type = parameter.type else {
                throw cannot("a parameter with no type", hint: "write its type, as Swift needs: '\(parameter.name.text): Int'",
                             at: parameter.name.range)
            }
            let label = parameter.label == parameter.name.text ? "" : (parameter.label ?? "_") + " "
            // A closure given to a func may be kept (a stored callback): Swift asks to be told.
            let escaping = if case .function = type.kind { "@escaping " } else { "" }
            var written = "\(label)\(parameter.name.text): \(escaping)\(SwiftExporter.swiftType(type))"
            if let defaultValue = parameter.defaultValue { written += " = " + (try expression(defaultValue, context)) }
            parameters.append(written)
            inner.locals.insert(parameter.name.text)
        }
        let generics = SwiftExporter.genericClause(declaration.genericParameters, declaration.genericConstraints)
        var head = modifiers + (keyword ?? "func \(declaration.name.text)") + generics + "(\(parameters.joined(separator: ", ")))"
        if declaration.isThrowing || (keyword == nil && throwing.contains(declaration.name.text)) { head += " throws" }
        inner.result = declaration.result
        // A body of one expression returns it, as a 'return' would.
        if declaration.result != nil, declaration.body.count == 1, case .expression = declaration.body[0].kind { inner.inReturn = true }
        if let result = declaration.result {
            head += " -> \(SwiftExporter.swiftType(result))"
        } else if SwiftExporter.returnsValue(declaration.body) {
            throw cannot("a func with no result type", hint: "write its result type, as Swift needs: 'func \(declaration.name.text)() -> Int'",
                         at: declaration.name.range)
        }
        let lastLine = declaration.body.last?.range.end ?? declaration.name.range.end
        try braced(head, declaration.body, into: &out, context: inner, oneLineIn: SourceRange(declaration.name.range.start, lastLine))
    }

    private static func returnsValue(_ body: [Stmt]) -> Bool {
        var found = false
        try? walk(body) { node in
            if case .stmt(let statement) = node, case .returnStatement(_?) = statement.kind { found = true }
        }
        return found
    }

    /// A type as written in a signature.
    static func swiftType(_ type: TypeExpr) -> String {
        switch type.kind {
        case .named(let name, let arguments):
            // `some Publisher` is read as the publisher it holds; Swift asks for `any` there.
            let written = name == "Publisher" ? "any Publisher" : name
            return arguments.isEmpty ? written : "\(written)<\(arguments.map(swiftType).joined(separator: ", "))>"
        case .array(let element): return "[\(swiftType(element))]"
        case .tuple(let elements): return "(\(elements.map(swiftType).joined(separator: ", ")))"
        case .dictionary(let key, let value): return "[\(swiftType(key)): \(swiftType(value))]"
        case .optional(let wrapped): return swiftType(wrapped) + "?"
        case .function(let parameters, let result, let throwing):
            return "(\(parameters.map(swiftType).joined(separator: ", ")))" + (throwing ? " throws" : "") + " -> " + swiftType(result)
        }
    }
}
