import TaplineReactive

/// Where a chain starts: a subject or current value by name, `$published`, a button's `.tap`,
/// an array's `.publisher`, `just(value)`, or a publisher stored with `let`.
extension Compiler {
    /// The publisher an expression names, if it is a chain's first stage; nil otherwise.
    func publisherSource(_ expr: Expr) throws(Diagnostic) -> PublisherPlan? {
        let text = self.text(of: expr.range)
        switch expr.kind {
        case .dollarName(let name):
            guard case .entity(let entity)? = resolve(name) else { throw unknownName(name, at: expr.range) }
            guard case .published(let subject) = entity.kind else {
                throw Diagnostic.error(Messages.dollarOnNonPublished(name, kind: entity.kindDescription), at: expr.range)
            }
            return PublisherPlan(make: { _ in subject.setFailureType(to: ScriptFailure.self).eraseToAnyPublisher() },
                                 type: SType(entity.type), text: text, describe: { _ in entity.stateDescription })
        case .name(let name):
            guard case .entity(let entity)? = resolve(name) else { return nil }
            return namedPublisher(entity, text: text)
        case .member(let base, "tap", _):
            return try tapPublisher(base, range: expr.range, text: text)
        case .member(let base, "publisher", _):
            return try sequencePublisher(base, text: text)
        case .call(let callee, let arguments, let trailing):
            guard case .name(let name) = callee.kind, Builtins.publisherFunctions.contains(name), resolve(name) == nil else { return nil }
            guard arguments.count == 1, arguments[0].label == nil, trailing == nil else {
                throw Diagnostic.error(Messages.operatorArguments(name, usage: "'just(value)'"), at: expr.range)
            }
            let (code, type) = try expression(arguments[0].value)
            return PublisherPlan(make: { frame in
                Just(try code(frame)).setFailureType(to: ScriptFailure.self).eraseToAnyPublisher()
            }, type: type, text: text, describe: { _ in "Just" })
        default:
            return nil
        }
    }

    /// A subject, current value or stored publisher used by name.
    private func namedPublisher(_ entity: Entity, text: SourceText) -> PublisherPlan? {
        let describe: (Frame) throws -> String = { _ in entity.stateDescription }
        switch entity.kind {
        case .subject(let subject):
            return PublisherPlan(make: { _ in subject.eraseToAnyPublisher() }, type: SType(entity.type), text: text, describe: describe)
        case .current(let subject):
            return PublisherPlan(make: { _ in subject.eraseToAnyPublisher() }, type: SType(entity.type), text: text, describe: describe)
        case .stream(let box):
            return PublisherPlan(make: { _ in box.publisher ?? Empty().eraseToAnyPublisher() }, type: SType(entity.type), text: text,
                                 describe: { _ in "a publisher: \(box.chain)" })
        default:
            return nil
        }
    }

    /// `button.tap`: the button's tap publisher.
    private func tapPublisher(_ base: Expr, range: SourceRange, text: SourceText) throws(Diagnostic) -> PublisherPlan? {
        guard case .name(let name) = base.kind else { return nil }
        guard case .entity(let entity)? = resolve(name) else { throw unknownName(name, at: base.range) }
        guard case .button(let box) = entity.kind else {
            throw Diagnostic.error(Messages.tapNeedsButton(name, isA: entity.kindDescription), at: range)
        }
        return PublisherPlan(make: { _ in box.tap.setFailureType(to: ScriptFailure.self).eraseToAnyPublisher() },
                             type: .void, text: text, describe: { _ in entity.stateDescription })
    }

    /// `[…].publisher`: a sequence publisher over an array's elements.
    private func sequencePublisher(_ base: Expr, text: SourceText) throws(Diagnostic) -> PublisherPlan {
        let (code, type) = try expression(base)
        var elementType = SType.unknown
        if case .array(let element) = type { elementType = element } else if type.isKnown {
            throw Diagnostic.error(Messages.publisherOfNonArray(type.name), at: base.range)
        }
        return PublisherPlan(make: { frame in
            let value = try code(frame)   // evaluated once: the error below names its type
            guard case .array(let elements) = value else {
                throw RuntimeError(Messages.publisherOfNonArray(value.typeName), at: base.range)
            }
            return Publishers.Sequence<[Value], ScriptFailure>(sequence: elements).eraseToAnyPublisher()
        }, type: elementType, text: text, describe: { _ in "a sequence publisher" })
    }
}
