/// `:type EXPR` in the REPL: an expression's static type, as Swift names it, found by
/// compiling the expression against the session without running it — so a learner sees the
/// exact Combine type a shorthand stands for (`subject s: Int` is
/// `PassthroughSubject<Int, Never>`) and what an operator makes of it.
extension Interpreter {
    /// The type of the one expression in `entry`, or the error compiling it gives.
    public func typeDescription(of entry: String, name: String = "<repl>") -> Result<String, Diagnostic> {
        let start = text.append(entry, name: name)
        var statements = StatementSource(text.source, from: start, isInterrupted: runtime.isInterrupted, readsAhead: false, host: nil)
        defer { statements.finish() }
        do throws(Diagnostic) {
            guard let statement = try statements.next() else {
                return .failure(Diagnostic.error(Messages.typeQueryNeedsExpression, at: SourceRange(start, start)))
            }
            guard case .expression(let expr) = statement.kind, try statements.next() == nil else {
                return .failure(Diagnostic.error(Messages.typeQueryNeedsExpression, at: statement.range))
            }
            let compiler = Compiler(runtime: runtime, globals: globals, source: text.source, echoes: false)
            compiler.fastPaths = false
            compiler.keepsCode = false
            return .success(try compiler.typeDescription(of: expr))
        } catch {
            return .failure(error)
        }
    }
}

extension Compiler {
    /// A declaration named on its own is its Combine type; a publisher is one of its Output
    /// and Failure; any other expression, its value's type.
    func typeDescription(of expr: Expr) throws(Diagnostic) -> String {
        if case .name(let name) = expr.kind, case .entity(let entity)? = resolve(name), let type = entity.combineType {
            return type
        }
        if case .dollarName(let name) = expr.kind, case .entity(let entity)? = resolve(name), case .published = entity.kind {
            return "Published<\(entity.type.rawValue)>.Publisher"
        }
        if let plan = try publisher(expr) { return SType.publisher(output: plan.type, failure: plan.failure).name }
        return try expression(expr).type.name
    }
}

extension Entity {
    /// `PassthroughSubject<Int, Never>`: a subject's Combine type, its Output and its Failure
    /// as declared.
    func subjectType(_ subject: String) -> String { "\(subject)<\(outputType.name), \(failure.name)>" }

    /// The Combine type a subject, current value or button stands for; nil for a value.
    var combineType: String? {
        switch kind {
        case .subject: return subjectType("PassthroughSubject")
        case .current: return subjectType("CurrentValueSubject")
        case .button: return "a button, whose 'tap' is a PassthroughSubject<Void, Never>"
        default: return nil
        }
    }
}
