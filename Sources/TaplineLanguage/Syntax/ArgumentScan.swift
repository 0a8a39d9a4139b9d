/// Finds the highest `$n` a closure body uses (not counting nested closures, whose `$n`
/// are their own), which fixes how many arguments the closure takes. Lists are folded with
/// `highest(of:_:)`, not mapped to arrays: an array at every node would be an allocation
/// for every node the scan visits.
enum ArgumentScan {
    static func highestArgument(in statements: [Stmt]) -> Int {
        highest(of: statements, highest(in:))
    }

    /// The highest of `measure` over `items`, -1 for none.
    @inline(__always) private static func highest<T>(of items: [T], _ measure: (T) -> Int) -> Int {
        var result = -1
        for item in items { result = max(result, measure(item)) }
        return result
    }

    private static func highest(in stmt: Stmt) -> Int {
        switch stmt.kind {
        case .button, .subject, .subscriber, .function, .view, .tap, .complete, .cancel, .show, .hide, .trace, .marbles, .importModule,
             .typeDeclaration, .typeAlias:
            // A type's members are bodies of their own: a `$0` in them is no argument of this closure.
            return -1
        case .typedBinding(_, _, let e, _):
            return e.map(highest(in:)) ?? -1
        case .current(_, _, let e, _), .published(_, _, let e), .letBinding(_, let e), .variable(_, let e), .set(_, let e), .send(_, let e),
             .fail(_, let e), .request(_, let e), .wait(let e), .frame(let e), .expression(let e), .discard(let e):
            return highest(in: e)
        case .play(_, _, let legend):
            return highest(of: legend) { highest(in: $0.value) }
        case .expect(let e, _, let legend):
            return max(highest(in: e), highest(of: legend) { highest(in: $0.value) })
        case .switchStatement(let e, let cases):
            let inCases = highest(of: cases) { max(highest(in: $0.patterns), highestArgument(in: $0.body)) }
            return max(highest(in: e), inCases)
        case .ifCase(let pattern, let e, let body, let elseBody):
            return max(highest(in: [pattern]), highest(in: e), highestArgument(in: body), highestArgument(in: elseBody ?? []))
        case .repeatLoop(let e, let body):
            return max(highest(in: e), highestArgument(in: body))
        case .forLoop(_, let low, let high, _, let body):
            return max(highest(in: low), highest(in: high), highestArgument(in: body))
        case .ifStatement(let condition, let body, let elseBody):
            return max(highest(in: condition), highestArgument(in: body), highestArgument(in: elseBody ?? []))
        case .throwStatement(let e):
            return highest(in: e)
        case .conditional(let conditions, let body, let elseBody):
            return max(highest(in: conditions), highestArgument(in: body), highestArgument(in: elseBody ?? []))
        case .guardStatement(let conditions, let elseBody):
            return max(highest(in: conditions), highestArgument(in: elseBody))
        case .whileLoop(let conditions, let body):
            return max(highest(in: conditions), highestArgument(in: body))
        case .repeatWhile(let body, let e):
            return max(highestArgument(in: body), highest(in: e))
        case .doCatch(let body, let clauses):
            return max(highestArgument(in: body), highest(of: clauses) { clause in
                if case .pattern(let pattern) = clause.match { return max(highest(in: [pattern]), highestArgument(in: clause.body)) }
                return highestArgument(in: clause.body)
            })
        case .forEach(_, let e, let body, _):
            return max(highest(in: e), highestArgument(in: body))
        case .assignPlace(let place, _, let value):
            return max(highest(in: place), highest(in: value))
        case .breakStatement, .continueStatement:
            return -1
        case .returnStatement(let e):
            return e.map(highest(in:)) ?? -1
        }
    }

    private static func highest(in conditions: [Condition]) -> Int {
        highest(of: conditions) { condition in
            switch condition {
            case .expression(let e), .binding(_, let e, _): return highest(in: e)
            case .pattern(let pattern, let e): return max(highest(in: [pattern]), highest(in: e))
            }
        }
    }

    private static func highest(in patterns: [Pattern]) -> Int {
        highest(of: patterns) { pattern in
            switch pattern {
            case .value(let e): return highest(in: e)
            case .enumCase(_, let payload?): return highest(in: payload)
            default: return -1
            }
        }
    }

    private static func highest(in expr: Expr) -> Int {
        switch expr.kind {
        case .argument(let index): return index
        case .int, .double, .duration, .bool, .nilLiteral, .void, .name, .dollarName, .implicitMember, .closure, .specialized, .keyPath:
            return -1
        case .string(let parts):
            return highest(of: parts) { part in
                if case .expr(let e) = part { return highest(in: e) }
                return -1
            }
        case .array(let elements), .tuple(let elements):
            return highest(of: elements, highest(in:))
        case .dictionary(let pairs):
            return highest(of: pairs) { max(highest(in: $0.key), highest(in: $0.value)) }
        case .subscriptAccess(let a, let b):
            return max(highest(in: a), highest(in: b))
        case .unary(_, let e), .member(let e, _, _), .inout(let e), .try(let e, _), .forceUnwrap(let e), .optionalChain(let e),
             .optionalBind(let e), .cast(let e, _, _):
            return highest(in: e)
        case .binary(_, let a, let b):
            return max(highest(in: a), highest(in: b))
        case .ternary(let a, let b, let c):
            return max(highest(in: a), highest(in: b), highest(in: c))
        case .call(let callee, let arguments, _):
            return max(highest(in: callee), highest(of: arguments) { highest(in: $0.value) })
        }
    }
}
