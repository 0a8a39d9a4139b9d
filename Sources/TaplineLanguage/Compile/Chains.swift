import TaplineReactive

/// A compiled publisher chain: builds a fresh publisher each time the statement runs (a
/// view's `on appear` runs again each time it is shown), with closures compiled once.
struct PublisherPlan {
    typealias Stream = AnyPublisher<Value, ScriptFailure>
    let make: (Frame) throws -> Stream
    /// What each value is, where known: the type of `$0` in the next operator.
    let type: SType
    /// The chain as written, for `:list`.
    let text: SourceText
    /// What the REPL shows when the chain is typed on its own (a subject shows its state).
    let describe: (Frame) throws -> String

    init(make: @escaping (Frame) throws -> Stream, type: SType, text: SourceText, describe: ((Frame) throws -> String)? = nil) {
        self.make = make
        self.type = type
        self.text = text
        self.describe = describe ?? { _ in "a publisher: \(text)" }
    }
}

/// A chain ending in a subscriber (`.sink`, `.subscribe`, `.assign`): starting it subscribes.
struct SubscriptionPlan {
    let start: (Frame) throws -> AnyCancellable
    let chain: SourceText
}

extension Compiler {
    /// The source text of a range, to quote chains in `:list` and in messages.
    func text(of range: SourceRange) -> SourceText { SourceText(source, range) }

    /// `base.name(arguments) { trailing }` when `name` is in the catalogue.
    private func catalogCall(_ expr: Expr) -> (base: Expr, entry: ChainOperator, arguments: [Argument], trailing: ClosureExpr?, nameRange: SourceRange)? {
        guard case .call(let callee, let arguments, let trailing) = expr.kind,
              case .member(let base, let method, let nameRange) = callee.kind,
              let entry = ChainOperator.named(method) else { return nil }
        return (base, entry, arguments, trailing, nameRange)
    }

    /// Whether `expr` is a chain that ends in a subscriber.
    func isSubscription(_ expr: Expr) throws(Diagnostic) -> Bool {
        guard let call = catalogCall(expr), call.entry.isSubscriber else { return false }
        return try publisher(call.base) != nil
    }

    /// Compiles `publisher….sink { … }` (or `.subscribe`, `.assign`); nil if `expr` is not one.
    func subscription(_ expr: Expr) throws(Diagnostic) -> SubscriptionPlan? {
        guard let found = catalogCall(expr), case .subscriber(let compile) = found.entry.compile else { return nil }
        guard let upstream = try publisher(found.base) else {
            try rejectNonPublisherBase(found.base, operatorName: found.entry.name)
            return nil
        }
        let call = OperatorCall(entry: found.entry, upstream: upstream, arguments: found.arguments, trailing: found.trailing,
                                range: expr.range, nameRange: found.nameRange, text: text(of: expr.range))
        return try compile(self, call)
    }

    /// Compiles an expression that is a publisher; nil if it is not one (a plain value).
    func publisher(_ expr: Expr) throws(Diagnostic) -> PublisherPlan? {
        if let source = try publisherSource(expr) { return source }
        guard case .call(let callee, let arguments, let trailing) = expr.kind,
              case .member(let base, let method, let nameRange) = callee.kind else { return nil }
        let entry = ChainOperator.named(method)
        // A subscriber ends the chain, and `subject.send(v)` is a call on a subject, not a stage.
        if entry?.isSubscriber == true || Compiler.subjectMethods.contains(method) { return nil }
        guard let upstream = try publisher(base) else {
            if entry != nil { try rejectNonPublisherBase(base, operatorName: method) }
            return nil
        }
        guard let entry, case .`operator`(let compile) = entry.compile else {
            let suggestion = Suggest.closest(to: method, in: ChainOperator.names)
            throw Diagnostic.error(Messages.unknownOperator(method, suggestion: suggestion), at: nameRange)
        }
        let call = OperatorCall(entry: entry, upstream: upstream, arguments: arguments, trailing: trailing,
                                range: expr.range, nameRange: nameRange, text: text(of: expr.range))
        return try compile(self, call)
    }

    /// An operator on something that is not a publisher: teach what to write instead.
    func rejectNonPublisherBase(_ base: Expr, operatorName: String) throws(Diagnostic) {
        if case .name(let name) = base.kind {
            switch resolve(name) {
            case .entity(let entity):
                if case .published = entity.kind {
                    throw Diagnostic.error(Messages.publishedIsNotAPublisher(name), at: base.range)
                }
                if case .button = entity.kind {
                    throw Diagnostic.error(Messages.buttonIsNotAPublisher(name), at: base.range)
                }
                throw Diagnostic.error(Messages.notAPublisher("'\(name)' (\(entity.kindDescription))"), at: base.range)
            case .local:
                throw Diagnostic.error(Messages.notAPublisher("'\(name)'"), at: base.range)
            case nil:
                throw unknownName(name, at: base.range)
            }
        }
        if case .array = base.kind {
            throw Diagnostic.error(Messages.arrayIsNotAPublisher(operatorName), at: base.range)
        }
    }
}
