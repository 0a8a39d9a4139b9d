/// Expressions as Swift. Tapline's expressions are Swift's, so most are written back as they
/// were; names are what changes (`value1` is `viewModel.value1`, a current value read by
/// name is `level.value`), and durations become strides (`300ms` is `.milliseconds(300)`).
extension SwiftExporter {
    func expression(_ expr: Expr, _ context: ExportContext) throws(Diagnostic) -> String {
        try guardStack(expr.range)
        // A number where a duration goes is seconds, which both Swift's `Duration` and a
        // scheduler's stride spell so.
        if types.isSeconds(expr) { return ".seconds(" + (try plainExpression(expr, context)) + ")" }
        return try plainExpression(expr, context)
    }

    private func plainExpression(_ expr: Expr, _ context: ExportContext) throws(Diagnostic) -> String {
        switch expr.kind {
        case .int(let value): return String(value)
        case .double(let value): return String(value)
        case .bool(let value): return value ? "true" : "false"
        case .nilLiteral: return "nil"
        case .void: return "()"
        case .duration(let nanoseconds): return SwiftExporter.stride(nanoseconds)
        case .string(let parts): return try string(parts, context)
        case .name(let name): return spelledName(name, expr, context)
        case .dollarName(let name):
            return context.selfMembers.contains(name) && !context.locals.contains(name) ? "self.$\(name)" : "viewModel.$\(name)"
        case .argument(let index): return context.argumentNames[index] ?? "$\(index)"
        case .array(let elements): return "[\(try list(elements, context))]"
        case .tuple(let elements): return "(\(try list(elements, context)))"
        case .unary(let op, let operand): return op.rawValue + (try self.operand(operand, context))
        case .binary(let op, let left, let right): return try binary(op, left, right, context)
        case .ternary(let test, let whenTrue, let whenFalse):
            return "\(try operand(test, context)) ? \(try operand(whenTrue, context)) : \(try operand(whenFalse, context))"
        case .member(let base, "value", _):
            if case .name(let name) = base.kind, case .current? = globals[name]?.kind, !context.locals.contains(name) { return name + ".value" }
            return try operand(base, context) + ".value"
        case .member(let base, let member, let nameRange):
            return try operand(base, context) + separator(before: nameRange, after: base) + "." + member
        case .implicitMember(let name): return "." + name
        case .call(let callee, let arguments, let trailing): return try call(expr, callee, arguments, trailing, context)
        case .closure(let closure): return try self.closure(closure, context)
        case .inout(let operand): return "&" + (try expression(operand, context))
        case .try(let operand, let optional):
            var inner = context
            inner.insideTry = true
            return (optional ? "try? " : "try ") + (try expression(operand, inner))
        case .keyPath(let path): return "\\" + (path.root.map(SwiftExporter.swiftType) ?? "") + "." + path.components.joined(separator: ".")
        case .specialized(let name, let arguments): return "\(name)<\(arguments.map(SwiftExporter.swiftType).joined(separator: ", "))>"
        case .forceUnwrap(let inner): return try operand(inner, context) + "!"
        case .dictionary(let pairs):
            guard !pairs.isEmpty else { return "[:]" }
            var written: [String] = []
            for pair in pairs { written.append(try expression(pair.key, context) + ": " + (try expression(pair.value, context))) }
            return "[" + written.joined(separator: ", ") + "]"
        case .subscriptAccess(let base, let index): return try operand(base, context) + "[" + (try expression(index, context)) + "]"
        case .optionalBind(let inner): return try operand(inner, context) + "?"
        case .optionalChain(let inner): return try expression(inner, context)
        case .cast(let inner, let type, let kind): return try operand(inner, context) + " " + kind.rawValue + " " + SwiftExporter.swiftType(type)
        }
    }

    func list(_ elements: [Expr], _ context: ExportContext) throws(Diagnostic) -> String {
        var written: [String] = []
        for element in elements { written.append(try expression(element, context)) }
        return written.joined(separator: ", ")
    }

    /// A chain written over several lines stays so: `.operator` starts a line.
    func separator(before nameRange: SourceRange, after base: Expr) -> String {
        nameRange.start.line > base.range.end.line ? "\n    " : ""
    }

    /// An expression as an operand: parenthesised unless it binds tighter than any operator.
    func operand(_ expr: Expr, _ context: ExportContext) throws(Diagnostic) -> String {
        let written = try expression(expr, context)
        switch expr.kind {
        case .binary, .ternary, .unary, .try: return "(\(written))"
        default: return written
        }
    }

    private func binary(_ op: Punct, _ left: Expr, _ right: Expr, _ context: ExportContext) throws(Diagnostic) -> String {
        let precedence = SwiftExporter.precedence(op)
        func side(_ expr: Expr, right: Bool) throws(Diagnostic) -> String {
            let written = try expression(expr, context)
            switch expr.kind {
            case .binary(let inner, _, _):
                let innerPrecedence = SwiftExporter.precedence(inner)
                return innerPrecedence < precedence || (right && innerPrecedence == precedence) ? "(\(written))" : written
            case .ternary: return "(\(written))"
            default: return written
            }
        }
        let spaced = op != .closedRange && op != .halfOpenRange
        let symbol = spaced ? " \(op.rawValue) " : op.rawValue
        // A one-sided range, `1...` or `..<0`, as Swift writes it: its operator touches its one
        // end, which is in parentheses unless it is a name or a literal (`..<(-1)`).
        if !spaced, right.isOpenRangeEnd { return try side(left, right: false) + symbol }
        if !spaced, left.isOpenRangeEnd {
            let written = try expression(right, context)
            switch right.kind {
            case .name, .int, .double, .member: return symbol + written
            default: return symbol + "(\(written))"
            }
        }
        return try side(left, right: false) + symbol + (try side(right, right: true))
    }

    private static func precedence(_ op: Punct) -> Int {
        switch op {
        case .star, .slash, .percent: return 150
        case .plus, .minus: return 140
        case .closedRange, .halfOpenRange: return 135
        case .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual, .identical, .notIdentical: return 130
        case .and: return 120
        case .or: return 110
        default: return 90
        }
    }

    /// A string literal with its interpolations.
    private func string(_ parts: [InterpolatedPart], _ context: ExportContext) throws(Diagnostic) -> String {
        var out = "\""
        for part in parts {
            switch part {
            case .text(let text):
                out += ExportSupport.literalContent(text)
            case .expr(let inner): out += "\\(\(try printable(inner, context)))"
            }
        }
        return out + "\""
    }

    /// A name as the Swift program spells it.
    private func spelledName(_ name: String, _ expr: Expr, _ context: ExportContext) -> String {
        if context.locals.contains(name) { return name }
        if context.selfMembers.contains(name) { return "self.\(name)" }
        guard let entity = globals[name] else {
            switch name {
            case "objectWillChange": return "viewModel.objectWillChange"
            case "now": return "scheduler.now"
            default: return name
            }
        }
        switch entity.kind {
        case .published: return "viewModel.\(name)"
        case .current:
            if let type = types.type(of: expr), case .publisher = type { return name }
            return types.type(of: expr) == nil ? name : "\(name).value"
        case .view: return instanceName(name)
        default: return name
        }
    }

    /// A duration as a scheduler's stride, which Combine's and the core's both write so.
    static func stride(_ nanoseconds: Int64) -> String {
        if nanoseconds % 1_000_000_000 == 0 { return ".seconds(\(nanoseconds / 1_000_000_000))" }
        if nanoseconds % 1_000_000 == 0 { return ".milliseconds(\(nanoseconds / 1_000_000))" }
        if nanoseconds % 1_000 == 0 { return ".microseconds(\(nanoseconds / 1_000))" }
        return ".nanoseconds(\(nanoseconds))"
    }

    /// A static type as Swift names it.
    func swiftType(_ type: SType) -> String {
        switch type {
        case .int: return "Int"
        case .double: return "Double"
        case .string: return "String"
        case .bool: return "Bool"
        case .void: return "Void"
        case .error: return "Error"
        case .never: return "Never"
        case .completion: return "Subscribers.Completion<Error>"
        case .demand: return "Subscribers.Demand"
        case .tuple(let elements): return "(\(elements.map(swiftType).joined(separator: ", ")))"
        case .array(let element): return "[\(swiftType(element))]"
        case .publisher(let output, let failure): return "AnyPublisher<\(swiftType(output)), \(swiftType(failure))>"
        default: return "Any"
        }
    }

    /// `{ params in … }`: on one line when it was written on one line, else one statement a line.
    func closure(_ closure: ClosureExpr, _ context: ExportContext, wrappingResult wrap: Bool = false) throws(Diagnostic) -> String {
        var inner = context
        inner.argumentNames = [:]
        inner.inReturn = false
        inner.returnsDemand = false
        inner.result = nil
        // A closure runs later, when no view is appearing: what it subscribes, the session keeps.
        inner.bag = "subscriptions"
        let parameters = closure.parameters ?? ignoredParameters(of: closure)
        inner.locals.formUnion(parameters)
        var captures: [String] = []
        for capture in closure.captures {
            let strength = capture.strength == .weak ? "weak " : capture.strength == .unowned ? "unowned " : ""
            captures.append(strength + capture.name.text + (try capture.value.map { (value) throws(Diagnostic) in " = " + (try expression(value, context)) } ?? ""))
        }
        let captureList = captures.isEmpty ? "" : "[" + captures.joined(separator: ", ") + "] "
        let signature = parameters.isEmpty && closure.resultType == nil ? "" : SwiftExporter.signature(of: closure, parameters) + " "
        let head = captureList.isEmpty && signature.isEmpty ? "{" : "{ " + captureList + signature + "in"
        var body = SwiftWriter()
        if wrap, closure.body.count == 1, let result = SwiftExporter.resultExpression(closure.body[0]) {
            body.line(try error(result, inner))
        } else {
            try block(closure.body, into: &body, context: inner)
        }
        // One line of Swift per statement (no block opened): it stays on one line as written.
        let oneLine = closure.range.start.line == closure.range.end.line && body.lines.count == max(closure.body.count, 1)
        if body.lines.isEmpty { return parameters.isEmpty ? "{}" : head + " }" }
        if oneLine { return head + " " + body.lines.joined(separator: "; ") + " }" }
        return head + "\n" + body.lines.map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n") + "\n}"
    }

    /// A closure's parameters as written, with the types and result type its signature gives.
    static func signature(of closure: ClosureExpr, _ parameters: [String]) -> String {
        let typed = closure.parameterTypes.contains { $0 != nil }
        let list = typed
            ? "(" + parameters.enumerated().map { index, name in
                index < closure.parameterTypes.count ? closure.parameterTypes[index].map { name + ": " + swiftType($0) } ?? name : name
            }.joined(separator: ", ") + ")"
            : parameters.isEmpty ? "()" : parameters.joined(separator: ", ")
        guard let result = closure.resultType else { return list }
        return (typed || parameters.count != 1 ? list : "(" + list + ")") + " -> " + swiftType(result)
    }

    /// `_` for each argument of a closure that names none and uses no `$0`: Swift takes such
    /// a closure for one without arguments, and refuses it where an operator passes some
    /// (`.sink { wait 1s }` is `.sink { _ in … }`). A closure called with nothing or a `Void`
    /// (a tap) is written as it is.
    private func ignoredParameters(of closure: ClosureExpr) -> [String] {
        guard closure.highestArgument < 0, let inputs = types.inputs(of: closure),
              inputs.contains(where: { $0 != .void }) else { return [] }
        return Array(repeating: "_", count: inputs.count)
    }

    /// The value a one-statement closure gives: its expression, or what it returns.
    private static func resultExpression(_ statement: Stmt) -> Expr? {
        switch statement.kind {
        case .expression(let value), .returnStatement(let value?): return value
        default: return nil
        }
    }
}
