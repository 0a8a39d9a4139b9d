/// Shows a syntax tree as one parenthesised line per statement, as jlox's `AstPrinter`
/// does: `(binary + 1 (binary * 2 3))`. Tests compare parsed programs with it, so a change in
/// the tree's shape shows as a readable difference rather than a count that moved.
///
///     ASTPrinter.print(try Parser.parse("print(1 + 2 * 3)"))
///     // (call print (binary + 1 (binary * 2 3)))
public enum ASTPrinter {
    /// One line per statement.
    public static func print(_ statements: [Stmt]) -> String {
        statements.map(print).joined(separator: "\n")
    }

    public static func print(_ stmt: Stmt) -> String {
        switch stmt.kind {
        case .button(let name, let title, let action):
            return group("button", name.text, title.map(print) ?? "_", action.map(block) ?? "_")
        case .subject(let name, let type, let failure):
            return group("subject", name.text, type?.rawValue ?? "_", failure.map(print) ?? "Never")
        case .current(let name, let type, let value, let failure):
            return group("current", name.text, type?.rawValue ?? "_", failure.map(print) ?? "Never", print(value))
        case .published(let name, let type, let value): return group("published", name.text, type?.rawValue ?? "_", print(value))
        case .subscriber(let name, let demand, let body, let completion):
            return group("subscriber", name.text, print(demand), closure(body), completion.map(closure) ?? "_")
        case .function(let function):
            let parameters = function.parameters.map { parameter in
                group([parameter.label ?? "_", parameter.name.text] + (parameter.type.map { [print($0)] } ?? []))
            }
            return group("func", function.name.text, group(parameters), function.result.map(print) ?? "_", block(function.body))
        case .view(let view):
            return group("view", view.name.text, block(view.functions), block(view.appear), block(view.disappear), view.body.map(block) ?? "_")
        case .switchStatement(let subject, let cases):
            let arms = cases.map { arm in
                group(arm.patterns.isEmpty ? "default" : "case", arm.patterns.map(print).joined(separator: " "), block(arm.body))
            }
            return group("switch", print(subject), arms.joined(separator: " "))
        case .ifCase(let pattern, let value, let body, let elseBody):
            return group("if-case", print(pattern), print(value), block(body), elseBody.map(block) ?? "_")
        case .letBinding(let name, let value): return group("let", name.text, print(value))
        case .variable(let name, let value): return group("var", name.text, print(value))
        case .typedBinding, .importModule, .conditional, .guardStatement, .whileLoop, .repeatWhile, .forEach, .assignPlace,
             .breakStatement, .continueStatement, .typeDeclaration, .doCatch, .typeAlias:
            return swiftStatement(stmt)
        case .tap(let name): return group("tap", name.text)
        case .set(let name, let value): return group("set", name.text, print(value))
        case .send(let name, let value): return group("send", name.text, print(value))
        case .complete(let name): return group("complete", name.text)
        case .fail(let name, let message): return group("fail", name.text, print(message))
        case .cancel(let name): return group("cancel", name.text)
        case .request(let name, let amount): return group("request", name.text, print(amount))
        case .wait(let duration): return group("wait", print(duration))
        case .frame(let duration): return group("frame", print(duration))
        case .play(let name, let marbles, let legend): return group("play", name.text, "\"\(marbles.text)\"", legendText(legend))
        case .expect(let publisher, let marbles, let legend): return group("expect", print(publisher), "\"\(marbles.text)\"", legendText(legend))
        case .trace(let on): return group("trace", on ? "on" : "off")
        case .marbles(.show): return "(marbles)"
        case .marbles(.clear): return group("marbles", "clear")
        case .marbles(.save(let path, _)): return group("marbles", "save", "\"\(path)\"")
        case .show(let name): return group("show", name.text)
        case .hide(let name): return group("hide", name.text)
        case .repeatLoop(let count, let body): return group("repeat", print(count), block(body))
        case .forLoop(let name, let low, let high, let inclusive, let body):
            return group("for", name.text, group(inclusive ? "..." : "..<", print(low), print(high)), block(body))
        case .ifStatement(let condition, let body, let elseBody):
            return group("if", print(condition), block(body), elseBody.map(block) ?? "_")
        case .returnStatement(let value): return group("return", value.map(print) ?? "_")

        case .throwStatement(let value): return group("throw", print(value))
        case .expression(let expr): return print(expr)
        case .discard(let expr): return group("_ =", print(expr))
        }
    }

    /// `1`, `.finished`, `.failure(let e)`, `_`.
    public static func print(_ pattern: Pattern) -> String {
        switch pattern {
        case .value(let expr): return print(expr)
        case .finished: return ".finished"
        case .failure(let binding): return binding.map { ".failure(let \($0.text))" } ?? ".failure"
        case .wildcard: return "_"
        case .enumCase(let name, let payload): return "." + name + (payload.map { "(" + $0.map(print).joined(separator: ", ") + ")" } ?? "")
        case .binding(let name): return "let " + name.text
        case .tuple(let elements): return "(" + elements.map(print).joined(separator: ", ") + ")"
        case .cast(let name, let type): return name.map { "let \($0.text) as " } ?? "is " + print(type)
        }
    }

    /// `(struct Point (var x: Int _) (func …))`: a type and its members.
    static func print(_ type: TypeDecl) -> String {
        let inherits = type.inherits.isEmpty ? [] : [": " + type.inherits.map(print).joined(separator: ", ")]
        return group([type.kind.rawValue, type.name.text] + inherits + type.members.map(print))
    }

    private static func print(_ each: EnumCaseDecl) -> String {
        let payload: [String] = each.payload.map { element in (element.label.map { $0 + ": " } ?? "") + print(element.type) }
        var text = each.name.text
        if !payload.isEmpty { text += "(" + payload.joined(separator: ", ") + ")" }
        if let raw = each.rawValue { text += " = " + print(raw) }
        return text
    }

    private static func print(_ member: MemberDecl) -> String {
        switch member {
        case .property(let property):
            let word = (property.isStatic ? "static " : "") + (property.isPublished ? "@Published " : "") + (property.isMutable ? "var" : "let")
            var parts = [word, property.name.text + ":", property.type.map(print) ?? "_", property.value.map(print) ?? "_"]
            if let getter = property.getter { parts.append(group("get", block(getter))) }
            if let setter = property.setter { parts.append(group("set", block(setter.body))) }
            if let willSet = property.willSet { parts.append(group("willSet", block(willSet.body))) }
            if let didSet = property.didSet { parts.append(group("didSet", block(didSet.body))) }
            return group(parts)
        case .method(let function, let isStatic):
            return (isStatic ? "static " : "") + print(Stmt(.function(function), function.name.range))
        case .initializer(let function): return print(Stmt(.function(function), function.name.range))
        case .deinitializer(let body, _): return group("deinit", block(body))
        case .cases(let cases): return group(["case"] + cases.map(print))
        case .typeAlias(let name, let type): return group("typealias", name.text, print(type))
        case .nested(let type): return print(type)
        }
    }

    /// `Int`, `[Int]`, `(Int, String)`, `AnyPublisher<Int, Never>`, as written.
    public static func print(_ type: TypeExpr) -> String {
        switch type.kind {
        case .named(let name, let arguments):
            return arguments.isEmpty ? name : name + "<" + arguments.map(print).joined(separator: ", ") + ">"
        case .array(let element): return "[" + print(element) + "]"
        case .tuple(let elements): return "(" + elements.map(print).joined(separator: ", ") + ")"
        case .dictionary(let key, let value): return "[" + print(key) + ": " + print(value) + "]"
        case .optional(let wrapped): return print(wrapped) + "?"
        case .function(let parameters, let result, let throwing):
            return "(" + parameters.map(print).joined(separator: ", ") + ")" + (throwing ? " throws" : "") + " -> " + print(result)
        }
    }

    /// The statements Swift has beyond the language's first ones.
    private static func swiftStatement(_ stmt: Stmt) -> String {
        switch stmt.kind {
        case .typedBinding(let name, let type, let value, let isMutable):
            return group(isMutable ? "var" : "let", name.text + ":", print(type), value.map(print) ?? "_")
        case .importModule(let path): return group("import", path.map(\.text).joined(separator: "."))
        case .conditional(let conditions, let body, let elseBody):
            return group("if", conditions.map(print).joined(separator: " "), block(body), elseBody.map(block) ?? "_")
        case .guardStatement(let conditions, let elseBody): return group("guard", conditions.map(print).joined(separator: " "), block(elseBody))
        case .whileLoop(let conditions, let body): return group("while", conditions.map(print).joined(separator: " "), block(body))
        case .repeatWhile(let body, let condition): return group("repeat-while", block(body), print(condition))
        case .forEach(let name, let sequence, let body, let parts):
            let pattern = parts.map { "(" + $0.map { $0?.text ?? "_" }.joined(separator: ", ") + ")" } ?? name.text
            return group("for-in", pattern, print(sequence), block(body))
        case .assignPlace(let place, let op, let value): return group(op.rawValue, print(place), print(value))
        case .breakStatement: return "(break)"
        case .continueStatement: return "(continue)"
        case .typeDeclaration(let type): return print(type)
        case .doCatch(let body, let clauses): return group(["do", block(body)] + clauses.map(print))
        case .typeAlias(let name, let type): return group("typealias", name.text, print(type))
        default: return "(?)"
        }
    }

    static func print(_ clause: CatchClause) -> String {
        switch clause.match {
        case .any(let name): return group("catch", name.text, block(clause.body))
        case .cast(let name, let type): return group("catch", name.text, "as", print(type), block(clause.body))
        case .type(let type): return group("catch", "is", print(type), block(clause.body))
        case .pattern(let pattern): return group("catch", print(pattern), block(clause.body))
        }
    }

    static func print(_ condition: Condition) -> String {
        switch condition {
        case .expression(let e): return print(e)
        case .binding(let name, let value, let isMutable): return group(isMutable ? "var" : "let", name.text, print(value))
        case .pattern(let pattern, let value): return group("case", print(pattern), print(value))
        }
    }

    public static func print(_ expr: Expr) -> String {
        switch expr.kind {
        case .int(let value): return String(value)
        case .double(let value): return String(value)
        case .duration(let nanoseconds): return "\(nanoseconds)ns"
        case .string(let parts): return interpolation(parts)
        case .bool(let value): return String(value)
        case .nilLiteral: return "nil"
        case .void: return "()"
        case .name(let name): return name
        case .dollarName(let name): return "$" + name
        case .argument(let index): return "$\(index)"
        case .array(let elements): return group("array", elements.map(print).joined(separator: " "))
        case .tuple(let elements): return group("tuple", elements.map(print).joined(separator: " "))
        case .dictionary(let pairs): return group("dictionary", pairs.map { print($0.key) + ": " + print($0.value) }.joined(separator: " "))
        case .subscriptAccess(let base, let index): return group("[]", print(base), print(index))
        case .unary(let op, let operand): return group(op.rawValue, print(operand))
        case .binary(let op, let left, let right): return group("binary", op.rawValue, print(left), print(right))
        case .ternary(let test, let whenTrue, let whenFalse): return group("?:", print(test), print(whenTrue), print(whenFalse))
        case .member(let base, let name, _): return group(".", print(base), name)
        case .implicitMember(let name): return "." + name
        case .call(let callee, let arguments, let trailing): return call(callee, arguments, trailing)
        case .closure(let body): return closure(body)
        case .inout(let inner): return group("&", print(inner))
        case .try(let inner, let optional): return group(optional ? "try?" : "try", print(inner))
        case .keyPath(let path): return "\\" + (path.root.map(print) ?? "") + "." + path.components.joined(separator: ".")
        case .specialized(let name, let arguments): return name + "<" + arguments.map(print).joined(separator: ", ") + ">"
        case .forceUnwrap(let inner): return group("!", print(inner))
        case .optionalChain(let inner): return group("?.", print(inner))
        case .optionalBind(let inner): return group("?", print(inner))
        case .cast(let inner, let type, let kind): return group(kind.rawValue, print(inner), print(type))
        }
    }

    /// `(call f a label: b { … })`; a call on a member reads as the method's name on its base.
    private static func call(_ callee: Expr, _ arguments: [Argument], _ trailing: ClosureExpr?) -> String {
        var parts = ["call", print(callee)]
        parts += arguments.map { argument in (argument.label.map { $0 + ": " } ?? "") + print(argument.value) }
        if let trailing { parts.append(closure(trailing)) }
        return group(parts)
    }

    private static func closure(_ closure: ClosureExpr) -> String {
        let parameters = closure.parameters.map { "(" + $0.joined(separator: " ") + ") in" }
        return "{" + ([parameters].compactMap { $0 } + closure.body.map(print)).map { " " + $0 }.joined() + " }"
    }

    private static func block(_ statements: [Stmt]) -> String {
        "{" + statements.map { " " + print($0) }.joined() + " }"
    }

    private static func interpolation(_ parts: [InterpolatedPart]) -> String {
        let pieces = parts.map { part -> String in
            switch part {
            case .text(let text): return text.debugDescription
            case .expr(let expr): return "\\(" + print(expr) + ")"
            }
        }
        return pieces.count == 1 ? pieces[0] : group("string", pieces.joined(separator: " "))
    }

    private static func group(_ parts: String...) -> String { group(parts) }

    private static func legendText(_ legend: [LegendEntry]) -> String {
        legend.isEmpty ? "" : group(legend.map { "\"\($0.symbol)\": " + print($0.value) })
    }

    private static func group(_ parts: [String]) -> String {
        "(" + parts.filter { !$0.isEmpty }.joined(separator: " ") + ")"
    }
}
