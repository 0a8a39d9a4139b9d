/// Subscripts and the places a value can be stored into, as Swift has them: `values[0]`,
/// `table["key"]` (an optional: the key may be missing), `table["key"] = 1` (and `= nil`,
/// which removes it), `values[0] += 1`, and the mutating methods of arrays, sets and
/// dictionaries (`append`, `insert`, `remove(at:)`, `removeAll()`, `removeValue(forKey:)`).
/// Collections are values: storing into one stores a changed copy into its variable.
extension Compiler {
    /// Where a value lives: how to read it and how to store a new one.
    struct Place {
        let read: Code
        let write: (Frame, Value) throws -> Void
        let type: SType
    }

    /// `[key: value, …]`: a dictionary's type is its keys' and values' when they agree.
    func dictionaryLiteral(_ pairs: [(key: Expr, value: Expr)]) throws(Diagnostic) -> (code: Code, type: SType) {
        var keys: [(code: Code, type: SType)] = []
        var values: [(code: Code, type: SType)] = []
        for pair in pairs {
            keys.append(try expression(pair.key))
            values.append(try expression(pair.value))
        }
        let keyType = keys.first.map(\.type) ?? .unknown, valueType = values.first.map(\.type) ?? .unknown
        let keyCodes = keys.map(\.code), valueCodes = values.map(\.code)
        return ({ frame in
            var dictionary = Value.dictionary(keys: [], values: [])
            for (key, value) in zip(keyCodes, valueCodes) { dictionary = dictionary.storing(try value(frame), at: try key(frame)) }
            return dictionary
        }, .dictionary(keys.allSatisfy { $0.type == keyType } ? keyType : .unknown,
                       values.allSatisfy { $0.type == valueType } ? valueType : .unknown))
    }

    /// `base[index]`: an array's element (an error past its end), a dictionary's value for a
    /// key (`nil` when it has none).
    func subscriptValue(_ baseExpr: Expr, _ indexExpr: Expr, range: SourceRange) throws(Diagnostic) -> (code: Code, type: SType) {
        let (base, baseType) = try expression(baseExpr)
        if case .binary(let op, let lowExpr, let highExpr) = indexExpr.kind, op == .closedRange || op == .halfOpenRange {
            return try slice(base, baseType, lowExpr, highExpr, closed: op == .closedRange, range: range)
        }
        let (index, _) = try expression(indexExpr)
        return ({ frame in try Value.element(of: try base(frame), at: try index(frame), range: range) }, Compiler.subscriptType(baseType))
    }

    /// `values[1...3]`, `values[1...]`, `values[..<2]`: the elements at those positions, as
    /// Swift's slice of an array; an end past the array's is an error, as Swift's trap.
    private func slice(_ base: @escaping Code, _ baseType: SType, _ lowExpr: Expr, _ highExpr: Expr, closed: Bool,
                       range: SourceRange) throws(Diagnostic) -> (code: Code, type: SType) {
        let low: Code? = lowExpr.isOpenRangeEnd ? nil : try expression(lowExpr).code
        let high: Code? = highExpr.isOpenRangeEnd ? nil : try expression(highExpr).code
        return ({ frame in
            guard case .array(let elements) = try base(frame) else { throw RuntimeError(Messages.indexOutOfRange, at: range) }
            var start = 0
            var end = elements.count
            if let low { guard case .int(let value) = try low(frame) else { throw RuntimeError(Messages.indexOutOfRange, at: range) }; start = value }
            if let high {
                guard case .int(let value) = try high(frame), value < Int.max else { throw RuntimeError(Messages.indexOutOfRange, at: range) }
                end = closed ? value + 1 : value
            }
            guard start >= 0, start <= end, end <= elements.count else { throw RuntimeError(Messages.indexOutOfRange, at: range) }
            return .array(Array(elements[start..<end]))
        }, baseType)
    }

    static func subscriptType(_ type: SType) -> SType {
        switch type {
        case .array(let element): return element
        case .dictionary(_, let value): return .optional(value)
        default: return .unknown
        }
    }

    /// `NAME.value` where NAME is a current value subject or a `published` value: setting it
    /// is `set NAME = …`, as in Swift. Nil for any other place.
    static func subjectValueTarget(_ place: Expr, isSubject: (String) -> Bool) -> Name? {
        guard case .member(let base, "value", _) = place.kind, case .name(let name) = base.kind, isSubject(name) else { return nil }
        return Name(text: name, range: base.range)
    }

    /// Whether a declaration's `.value` is its subject's value.
    static func isValueSubject(_ entity: Entity) -> Bool {
        switch entity.kind {
        case .current, .published, .subject: return true
        default: return false
        }
    }

    /// `place = value`, `place += value`, `place -= value`.
    func assignPlace(_ placeExpr: Expr, _ op: Punct, _ valueExpr: Expr) throws(Diagnostic) -> Action {
        if op == .assign, Compiler.isPlaygroundExecutionFlag(placeExpr), resolve("PlaygroundPage") == nil {
            // A script already runs as a playground that needs indefinite execution: until its
            // clock goes quiet (`import PlaygroundSupport` is accepted for the same reason).
            _ = try storable(valueExpr, into: .bool)
            return { _ in }
        }
        let subjectTarget: Name? = Compiler.subjectValueTarget(placeExpr) { name in
            switch resolve(name) {
            case .entity(let entity)?: return Compiler.isValueSubject(entity)
            case .local(_, _, .publisher)?: return true
            default: return false
            }
        }
        if op == .assign, let subject = subjectTarget { return try assignment(to: subject, valueExpr, verb: .set) }
        if op != .assign, case .optionalChain(let inner) = placeExpr.kind {
            // `self?.count += 1`: with `self` gone nothing is read, computed or stored, as in
            // Swift; else the value itself (not an optional of it) is added to.
            let target = try place(inner)
            let (value, _) = try expression(valueExpr)
            let (arithmetic, range): (Punct, SourceRange) = (op == .plusAssign ? .plus : .minus, valueExpr.range)
            return { frame in
                do {
                    let current = try target.read(frame)
                    try target.write(frame, try ValueArithmetic.binary(arithmetic, current, try value(frame), range: range))
                } catch is NilChainSignal {}
            }
        }
        let target = try place(placeExpr)
        let (value, valueType) = try expression(valueExpr)
        let range = valueExpr.range
        if op == .assign {
            let stored = target.type
            if stored.isKnown, valueType.isKnown, !stored.admits(valueType), valueType != .nil {
                throw Diagnostic.error(Messages.typeMismatch(StoreVerb.assign.rawValue, expected: stored.name, got: valueType.name), at: range)
            }
            return { frame in try target.write(frame, try value(frame)) }
        }
        let arithmetic: Punct = op == .plusAssign ? .plus : .minus
        return { frame in
            try target.write(frame, try ValueArithmetic.binary(arithmetic, try target.read(frame), try value(frame), range: range))
        }
    }

    /// The place an expression names: a `var` (a local or a declaration), or an element of one.
    /// `names.value` where `names` is a current value subject, as a place to change in place
    /// (`names.value.append(x)`, `counts.value["a"] = 1`): each change sends the whole new
    /// value, as Swift's `value` setter does. Nil for any other base.
    private func subjectValuePlace(_ baseExpr: Expr, range: SourceRange) -> Place? {
        guard case .name(let name) = baseExpr.kind, case .entity(let entity)? = resolve(name) else { return nil }
        switch entity.kind {
        case .current(let subject):
            return Place(read: { _ in subject.value },
                         write: { subject.send(try entity.checked($1, at: range, verb: .set)) }, type: entity.outputType)
        case .published(let subject):
            return Place(read: { _ in subject.value },
                         write: { subject.value = try entity.checked($1, at: range, verb: .set) }, type: entity.outputType)
        default:
            return nil
        }
    }

    /// `PlaygroundPage.current.needsIndefiniteExecution`.
    static func isPlaygroundExecutionFlag(_ expr: Expr) -> Bool {
        guard case .member(let current, "needsIndefiniteExecution", _) = expr.kind, case .member(let page, "current", _) = current.kind,
              case .name("PlaygroundPage") = page.kind else { return false }
        return true
    }

    func place(_ expr: Expr) throws(Diagnostic) -> Place {
        switch expr.kind {
        case .name(let name):
            switch resolve(name) {
            case .local(let depth, let slot, let type)?:
                guard scope.isMutable(depth: depth, slot: slot) else { throw Diagnostic.error(Messages.assignToConstant(name), at: expr.range) }
                return Place(read: { $0.slots(up: depth)[slot] }, write: { $0.slots(up: depth)[slot] = $1 }, type: type)
            case .entity(let entity)?:
                guard case .value(let box) = entity.kind else {
                    throw Diagnostic.error(Messages.notA(name, isA: entity.kindDescription, expected: "a variable"), at: expr.range)
                }
                guard box.isMutable else { throw Diagnostic.error(Messages.assignToConstant(name), at: expr.range) }
                return Place(read: { _ in box.value }, write: { box.value = $1 }, type: box.type)
            case nil:
                throw unknownName(name, at: expr.range)
            }
        case .subscriptAccess(let baseExpr, let indexExpr):
            let base = try place(baseExpr)
            let (index, _) = try expression(indexExpr)
            let range = expr.range
            var elementType = Compiler.subscriptType(base.type)
            if case .dictionary(_, let value) = base.type { elementType = .optional(value) }
            return Place(read: { frame in try Value.element(of: try base.read(frame), at: try index(frame), range: range) },
                         write: { frame, value in
                             let container = try base.read(frame)
                             try base.write(frame, try container.replacing(at: try index(frame), with: value, range: range))
                         }, type: elementType)
        case .member(let baseExpr, let member, let nameRange):
            if member == "value", let subjectValue = subjectValuePlace(baseExpr, range: expr.range) { return subjectValue }
            return try memberPlace(member, of: baseExpr, nameRange: nameRange, range: expr.range)
        case .optionalChain(let inner):
            // `a?.b = 1`: nothing is stored when `a` holds none, as in Swift.
            let target = try place(inner)
            return Place(read: { frame in
                do { return try target.read(frame).asOptional } catch is NilChainSignal { return .nil }
            }, write: { frame, value in
                do { try target.write(frame, value) } catch is NilChainSignal {}
            }, type: target.type)
        default:
            throw Diagnostic.error(Messages.notA(Compiler.describe(expr), isA: "a value", expected: "a variable to store into"), at: expr.range)
        }
    }

    /// `base.member` as a place: a property of an instance (a struct's changed copy is stored
    /// back into the base's own place), or `.value` of a subject held as a value.
    private func memberPlace(_ member: String, of baseExpr: Expr, nameRange: SourceRange, range: SourceRange) throws(Diagnostic) -> Place {
        if case .name(let name) = baseExpr.kind, resolve(name) == nil, let implicit = implicitSelf(name, range: baseExpr.range) {
            return try place(Expr(.member(implicit, member, nameRange: nameRange), range))
        }
        if let type = declaredUserType(baseExpr), let box = type.statics[member] {
            guard box.isMutable else { throw Diagnostic.error(Messages.assignToConstant(member), at: nameRange) }
            return Place(read: { _ in box.value }, write: { box.value = $1 }, type: box.type)
        }
        let (base, baseType) = try expression(baseExpr)
        let type = userType(of: baseType)
        if let type {
            guard let memberType = memberType(member, of: type) else { throw Diagnostic.error(Messages.noMember(member, on: type.name), at: nameRange) }
            if let slot = type.storedIndex[member], !type.stored[slot].isMutable, !isInitializing(type) {
                throw Diagnostic.error(Messages.assignToConstant(member), at: nameRange)
            }
            _ = memberType
        }
        var basePlace: Place?
        if type?.kind != .class, Compiler.isPlace(baseExpr) { basePlace = try? place(baseExpr) }
        if type?.kind == .struct, basePlace == nil { throw Diagnostic.error(Messages.assignToConstant(Compiler.describe(baseExpr)), at: baseExpr.range) }
        let site = MemberSite(member)
        return Place(read: { frame in
            let value = try base(frame)
            guard let result = try UserMembers.get(value, site, range: nameRange) else {
                return try Builtins.property(member, of: value, range: nameRange)
            }
            return result
        }, write: { frame, value in
            let current = try base(frame)
            if case .instance(let instance) = current, try site.storeInPlace(value, into: instance, range: nameRange) { return }
            let changed = try UserMembers.set(current, site, to: value, range: nameRange)
            if let basePlace, changed != current { try basePlace.write(frame, changed) }
        }, type: type.flatMap { memberType(member, of: $0) } ?? .unknown)
    }

    /// Whether an expression names a place (a name, or an element or a member of one).
    static func isPlace(_ expr: Expr) -> Bool {
        switch expr.kind {
        case .name: return true
        case .subscriptAccess(let base, _), .member(let base, _, _): return isPlace(base)
        default: return false
        }
    }

    /// Whether a place holds an array, a set or a dictionary (or a value of unknown type).
    func isCollectionPlace(_ expr: Expr) throws(Diagnostic) -> Bool {
        guard case .name(let name) = expr.kind else { return true }
        switch resolve(name) {
        case .local(_, _, let type)?: return type.isCollection
        case .entity(let entity)?: if case .value(let box) = entity.kind { return box.type.isCollection } else { return false }
        case nil: return false
        }
    }


    /// `values.append(4)`, `names.remove(at: 0)`, `table.removeValue(forKey: "a")`…: the
    /// variable holds the changed collection; the call gives what Swift's gives.
    func mutatingCall(_ method: MutatingMethod, on baseExpr: Expr, _ arguments: [Argument], range: SourceRange) throws(Diagnostic) -> (code: Code, type: SType) {
        let target = try place(baseExpr)
        let codes = try arguments.map { (each) throws(Diagnostic) in try expression(each.value).code }
        let labels = arguments.map(\.label)
        let element = Compiler.elementType(of: target.type)
        let type: SType = switch method {
        case .remove, .removeFirst, .removeLast: element
        case .removeValue: if case .dictionary(_, let value) = target.type { .optional(value) } else { .unknown }
        default: .void
        }
        return ({ frame in
            let values = try codes.map { try $0(frame) }
            let (changed, result) = try target.read(frame).mutated(method, labels: labels, values, range: range)
            try target.write(frame, changed)
            return result
        }, type)
    }
}

/// The mutating methods of collections, named as cases (`append` is also an operator's name,
/// written in one place: `OperatorCatalogTests`).
enum MutatingMethod: String, CaseIterable {
    case append, insert, remove, removeAll, removeFirst, removeLast, removeValue
}

extension Value {
    /// `self[index]`, as Swift's subscripts give it.
    static func element(of container: Value, at index: Value, range: SourceRange) throws -> Value {
        switch (container, index) {
        case (.array(let elements), .int(let position)):
            guard elements.indices.contains(position) else { throw RuntimeError(Messages.indexOutOfRange, at: range) }
            return elements[position]
        case (.dictionary(let keys, let values), _):
            guard let position = keys.firstIndex(where: { ValueArithmetic.equal($0, index) }) else { return .nil }
            return .some(values[position])
        default:
            throw RuntimeError(Messages.noMember("subscript(\(index.typeName))", on: container.typeName), at: range)
        }
    }

    /// The container with `value` stored at `index` (a dictionary loses the key for `nil`).
    func replacing(at index: Value, with value: Value, range: SourceRange) throws -> Value {
        switch (self, index) {
        case (.array(var elements), .int(let position)):
            guard elements.indices.contains(position) else { throw RuntimeError(Messages.indexOutOfRange, at: range) }
            elements[position] = value
            return .array(elements)
        case (.dictionary, _): return storing(value.unwrapped, at: index)
        default: throw RuntimeError(Messages.noMember("subscript(\(index.typeName))", on: typeName), at: range)
        }
    }

    /// A dictionary with `value` for `key`, or without `key` when `value` is nil.
    func storing(_ value: Value?, at key: Value) -> Value {
        guard case .dictionary(var keys, var values) = self else { return self }
        if let position = keys.firstIndex(where: { ValueArithmetic.equal($0, key) }) {
            if let value { values[position] = value } else {
                keys.remove(at: position)
                values.remove(at: position)
            }
        } else if let value {
            keys.append(key)
            values.append(value)
        }
        return .dictionary(keys: keys, values: values)
    }

    /// A collection changed by a mutating method, and what the method gives back.
    func mutated(_ method: MutatingMethod, labels: [String?], _ arguments: [Value], range: SourceRange) throws -> (Value, Value) {
        switch (self, method, labels) {
        case (.array(var elements), .append, [nil]):
            elements.append(arguments[0])
            return (.array(elements), .void)
        case (.array(var elements), .append, ["contentsOf"]):
            if case .array(let more) = arguments[0] { elements += more }
            if case .set(let more) = arguments[0] { elements += more }
            return (.array(elements), .void)
        case (.array(var elements), .insert, [nil, "at"]):
            guard case .int(let position) = arguments[1], (0...elements.count).contains(position) else { break }
            elements.insert(arguments[0], at: position)
            return (.array(elements), .void)
        case (.array(var elements), .remove, ["at"]):
            guard case .int(let position) = arguments[0], elements.indices.contains(position) else { break }
            let removed = elements.remove(at: position)
            return (.array(elements), removed)
        case (.array(var elements), .removeFirst, []) where !elements.isEmpty:
            let removed = elements.removeFirst()
            return (.array(elements), removed)
        case (.array(var elements), .removeLast, []) where !elements.isEmpty:
            let removed = elements.removeLast()
            return (.array(elements), removed)
        case (.array, .removeAll, []): return (.array([]), .void)
        case (.set, .removeAll, []): return (.set([]), .void)
        case (.dictionary, .removeAll, []): return (.dictionary(keys: [], values: []), .void)
        case (.set(var elements), .insert, [nil]):
            let isNew = !elements.contains { ValueArithmetic.equal($0, arguments[0]) }
            if isNew { elements.append(arguments[0]) }
            return (.set(elements), .tuple([.bool(isNew), arguments[0]]))
        case (.dictionary, .removeValue, ["forKey"]):
            let old = try Value.element(of: self, at: arguments[0], range: range)
            return (storing(nil, at: arguments[0]), old)
        default: break
        }
        if case .array = self, [.remove, .removeFirst, .removeLast, .insert].contains(method) {
            throw RuntimeError(Messages.indexOutOfRange, at: range)
        }
        throw RuntimeError(Messages.noMember(method.rawValue, on: typeName), at: range)
    }
}
