import TaplineReactive

/// The members of the program's own types, as expressions: `Point(x: 1, y: 2)`,
/// `NameError.tooShort("Bob")`, `.unknown`, `point.x`, `model.$name`, `counter.increment()`,
/// `Config.shared`, and a bare name inside a method that means `self.name`.
extension Compiler {
    /// The type a name declares, if it is one of the program's types.
    func declaredUserType(_ expr: Expr) -> UserType? {
        guard case .name(let name) = expr.kind else { return nil }
        return userType(named: name)
    }

    /// The program's type of this name, or Swift's `Result` (an enum Tapline declares).
    func userType(named name: String) -> UserType? {
        switch resolve(name) {
        case .entity(let entity)?:
            if case .type(let type) = entity.kind { return type }
            return nil
        case .local?: return nil
        case nil: return name == "Result" ? runtime.resultType : nil
        }
    }

    /// Inside a method, a bare name that is no local but a member of `self`'s type is
    /// `self.name` (and `$name` is `self.$name`), as Swift reads it. Nil otherwise.
    func implicitSelf(_ name: String, range: SourceRange) -> Expr? {
        var current: FrameScope? = scope
        while let frameScope = current {
            if frameScope.names[name] != nil || frameScope.blocks.contains(where: { $0[name] != nil }) { return nil }
            if let type = frameScope.selfType {
                let member = name.first == "$" ? String(name.dropFirst()) : name
                if frameScope.names["self"] != nil, type.hasMember(member) {
                    return Expr(.member(Expr(.name("self"), range), name, nameRange: range), range)
                }
                if type.statics[name] != nil || type.staticMethods[name] != nil {
                    return Expr(.member(Expr(.name(type.name), range), name, nameRange: range), range)
                }
                return nil
            }
            current = frameScope.parent
        }
        return nil
    }

    /// Whether the code being compiled is an `init` of `type`, where its `let`s are set.
    func isInitializing(_ type: UserType) -> Bool {
        var current: FrameScope? = scope
        while let frameScope = current {
            if let selfType = frameScope.selfType { return selfType === type && frameScope.functionName == "init" }
            current = frameScope.parent
        }
        return false
    }

    /// `Type.member` and `value.member` for the program's types; nil for any other member.
    func userMember(_ member: String, of baseExpr: Expr, nameRange: SourceRange) throws(Diagnostic) -> (code: Code, type: SType)? {
        if let type = declaredUserType(baseExpr) { return try staticMember(member, of: type, range: nameRange) }
        if case .name(let name) = baseExpr.kind, resolve(name) == nil, let implicit = implicitSelf(name, range: baseExpr.range) {
            return try expression(Expr(.member(implicit, member, nameRange: nameRange), baseExpr.range.to(nameRange)))
        }
        let (base, baseType) = try expression(baseExpr)
        if compiled == nil { compiled = (baseExpr, base, baseType) }
        let site = MemberSite(member)
        guard let type = userType(of: baseType) else {
            guard baseType == .unknown else { return nil }
            return ({ frame in
                let value = try base(frame)
                guard let result = try UserMembers.get(value, site, range: nameRange) else {
                    return try Builtins.property(member, of: value, range: nameRange)
                }
                return result
            }, .unknown)
        }
        compiled = nil
        guard let memberType = memberType(member, of: type) else {
            throw Diagnostic.error(Messages.noMember(member, on: type.name), at: nameRange)
        }
        let optional = baseType.isOptional
        return ({ frame in
            let value = try base(frame)
            if optional, value == .nil { throw RuntimeError(Messages.unwrappedNil, at: nameRange) }
            guard let result = try UserMembers.get(value.unwrapped ?? value, site, range: nameRange) else {
                throw RuntimeError(Messages.noMember(member, on: value.typeName), at: nameRange)
            }
            return result
        }, memberType)
    }

    /// The static type of an instance's member, nil when it has none of that name.
    func memberType(_ member: String, of type: UserType) -> SType? {
        if let slot = type.storedIndex[member] { return type.stored[slot].type }
        if let computed = type.computed[member] { return computed.getter.result }
        if member.first == "$", let slot = type.storedIndex[String(member.dropFirst())], type.stored[slot].isPublished {
            return .publisher(output: type.stored[slot].type, failure: .never)
        }
        if member == "objectWillChange", type.isObservable { return .publisher(output: .void, failure: .never) }
        if member == "rawValue", let raw = type.rawType { return raw }
        return nil
    }

    /// `Type.name`: a case without a payload, a static property; an error for anything else.
    private func staticMember(_ member: String, of type: UserType, range: SourceRange) throws(Diagnostic) -> (code: Code, type: SType) {
        if let enumCase = type.enumCase(member), enumCase.types.isEmpty {
            let value = Value.enumValue(EnumValue(type: type, name: member, payload: []))
            return ({ _ in value }, .user(type.name))
        }
        if let box = type.statics[member] { return ({ _ in box.value }, box.type) }
        if member == "init", let count = Compiler.onlyInit(type) {
            // `Person.init` as a function: what `map(Person.init)` calls with each value.
            return ({ _ in
                .function(FunctionValue(arity: count) { values in try UserMembers.construct(type, values, range: range) })
            }, .function(Array(repeating: .unknown, count: count), result: .user(type.name)))
        }
        if type.hasMember(member) { throw Diagnostic.error(Messages.typeMember(type.name, member), at: range) }
        let names = type.cases.map(\.name) + Array(type.statics.keys)
        throw Diagnostic.error(Messages.noCase(member, in: type.name, suggestion: Suggest.closest(to: member, in: names)), at: range)
    }

    /// `.name` with no type before it: a case of one of the program's enums (the first
    /// declared that has it), or nil.
    func implicitEnumCase(_ name: String) -> (code: Code, type: SType)? {
        guard let type = firstDeclaredType(where: { $0.enumCase(name)?.types.isEmpty == true }) else { return nil }
        let value = Value.enumValue(EnumValue(type: type, name: name, payload: []))
        return ({ _ in value }, .user(type.name))
    }

    /// The enum that has a case of this name with a payload: `.tooShort(name)` written alone.
    private func enumWithCase(_ name: String) -> UserType? {
        if let type = firstDeclaredType(where: { $0.enumCase(name) != nil }) { return type }
        return runtime.resultType.enumCase(name) != nil ? runtime.resultType : nil
    }

    /// The first of the program's types, in the order declared, that passes `test`.
    private func firstDeclaredType(where test: (UserType) -> Bool) -> UserType? {
        for entity in globals.values.sorted(by: { $0.range.start.offset < $1.range.start.offset }) {
            if case .type(let type) = entity.kind, test(type) { return type }
        }
        return nil
    }
}

/// Calls that make or use the program's types.
extension Compiler {
    /// `Type(…)`, `Type.method(…)`, `Type.case(…)`, `.case(…)`, `value.method(…)`; nil when
    /// the call is none of these.
    func userCall(_ callee: Expr, _ arguments: [Argument], trailing: ClosureExpr?, range: SourceRange) throws(Diagnostic) -> (code: Code, type: SType)? {
        switch callee.kind {
        case .name(let name):
            if let type = declaredUserType(callee) { return try construct(type, arguments, trailing: trailing, range: range) }
            guard resolve(name) == nil, let implicit = implicitSelf(name, range: callee.range) else { return nil }
            return try call(implicit, arguments, trailing: trailing, range: range)
        case .specialized(let name, _):
            // `Box<Int>(1)`: the type's arguments are checked as its values run.
            guard resolve(name) != nil || name == "Result", let type = userType(named: name) else { return nil }
            return try construct(type, arguments, trailing: trailing, range: range)
        case .implicitMember(let name):
            guard let type = enumWithCase(name) else { return nil }
            return try caseValue(name, of: type, arguments, range: range)
        case .member(let baseExpr, let name, let nameRange):
            if let type = declaredUserType(baseExpr) {
                if type.enumCase(name) != nil { return try caseValue(name, of: type, arguments, range: range) }
                if name == "init" { return try construct(type, arguments, trailing: trailing, range: range, positional: true) }
                guard let method = type.staticMethods[name] else {
                    throw Diagnostic.error(Messages.noCase(name, in: type.name, suggestion: nil), at: nameRange)
                }
                let codes = try functionArguments(method, name: name, arguments, trailing: trailing, range: range)
                return ({ frame in
                    try UserMembers.invoke(method, name: name, receiver: nil, try codes.map { try $0(frame) }, range: range).result
                }, method.result)
            }
            return try instanceCall(name, on: baseExpr, arguments, trailing: trailing, range: range)
        default:
            return nil
        }
    }

    /// `Type.case(payload…)`: an enum's value with its payload.
    private func caseValue(_ name: String, of type: UserType, _ arguments: [Argument], range: SourceRange) throws(Diagnostic) -> (code: Code, type: SType) {
        guard let enumCase = type.enumCase(name), enumCase.types.count == arguments.count else {
            throw Diagnostic.error(Messages.functionArguments("\(type.name).\(name)", given: arguments.count), at: range)
        }
        var codes: [Code] = []
        for (argument, expected) in zip(arguments, enumCase.types) { codes.append(try storable(argument.value, into: expected)) }
        return ({ frame in
            .enumValue(EnumValue(type: type, name: name, payload: try codes.map { try $0(frame) }))
        }, .user(type.name))
    }

    /// `value.method(…)` on an instance of the program's types; nil when the base is no such
    /// instance. A struct's method that changes `self` stores the changed copy back.
    private func instanceCall(_ name: String, on baseExpr: Expr, _ arguments: [Argument], trailing: ClosureExpr?,
                              range: SourceRange) throws(Diagnostic) -> (code: Code, type: SType)? {
        if case .name(let baseName) = baseExpr.kind, resolve(baseName) == nil, let implicit = implicitSelf(baseName, range: baseExpr.range) {
            return try userCall(Expr(.member(implicit, name, nameRange: range), range), arguments, trailing: trailing, range: range)
        }
        let (base, baseType) = try expression(baseExpr)
        let labels = arguments.map(\.label) + (trailing == nil ? [] : [nil])
        if baseType == .unknown, trailing == nil, !Builtins.methods.contains(name) {
            return try dynamicCall(name, on: base, labels: labels, arguments, range: range)
        }
        if let type = userType(of: baseType), type.method(name, labels: labels) == nil, memberType(name, of: type) != nil {
            // `onValue(input)`: a property that holds a closure, called.
            compiled = (baseExpr, base, baseType)
            return try functionValueCall(Expr(.member(baseExpr, name, nameRange: range), range), arguments, trailing: trailing, range: range)
        }
        guard let type = userType(of: baseType), let method = type.method(name, labels: labels) else {
            compiled = (baseExpr, base, baseType)
            return nil
        }
        let codes = try functionArguments(method, name: name, arguments, trailing: trailing, range: range)
        let writeBack = type.kind == .struct ? try? place(baseExpr) : nil
        return ({ frame in
            let receiver = try base(frame)
            let (result, changed) = try UserMembers.invoke(method, name: name, receiver: receiver, try codes.map { try $0(frame) }, range: range)
            if let writeBack, changed != receiver { try writeBack.write(frame, changed) }
            return result
        }, method.result)
    }

    /// `value.method(…)` on a value whose type shows only when the program runs (`$0`).
    private func dynamicCall(_ name: String, on base: @escaping Code, labels: [String?], _ arguments: [Argument],
                             range: SourceRange) throws(Diagnostic) -> (code: Code, type: SType) {
        let codes = try arguments.map { (each) throws(Diagnostic) in try expression(each.value).code }
        return ({ frame in
            let receiver = try base(frame)
            guard let (result, _) = try UserMembers.call(receiver, name, labels: labels, try codes.map { try $0(frame) }, range: range) else {
                throw RuntimeError(Messages.noMember(name, on: receiver.typeName), at: range)
            }
            return result
        }, .unknown)
    }

    /// `Type(arguments)`: an `init` the type declares, chosen by its labels; else a struct's
    /// memberwise one (each stored property by name, in order, those with a value optional),
    /// or a class's that takes nothing; `Type(rawValue:)` for an enum with raw values.
    /// `positional`: `Type.init(…)`, as a function reference calls it (`map(Person.init)`),
    /// takes its arguments in order whatever their labels.
    private func construct(_ type: UserType, _ arguments: [Argument], trailing: ClosureExpr?, range: SourceRange,
                           positional: Bool = false) throws(Diagnostic) -> (code: Code, type: SType) {
        var arguments = positional ? try splattingTuple(arguments, for: type) : arguments
        if positional, arguments.allSatisfy({ $0.label == nil }), let labels = Compiler.onlyInitLabels(type, count: arguments.count) {
            for index in arguments.indices { arguments[index].label = labels[index] }
        }
        var given = arguments.map(\.label)
        if trailing != nil { given.append(nil) }
        if type.kind == .enum {
            guard type.rawType != nil, given == ["rawValue"] else {
                throw Diagnostic.error(Messages.noInitializer(type.name, labels: Compiler.labels(given), candidates: ["rawValue:"]), at: range)
            }
            let (code, _) = try expression(arguments[0].value)
            return ({ frame in
                let raw = try code(frame)
                guard let match = type.cases.first(where: { $0.rawValue.map { ValueArithmetic.equal($0, raw) } ?? false }) else { return .nil }
                return .some(.enumValue(EnumValue(type: type, name: match.name, payload: [])))
            }, .optional(.user(type.name)))
        }
        if !type.initializers.isEmpty {
            // A trailing closure fills a parameter whatever its label; defaults may be left out.
            let matches = { (box: FunctionBox) in
                box.parameters.map(\.label) == given || (trailing != nil || box.defaults.contains { $0 != nil }) && box.accepts(labels: given)
            }
            guard let box = type.initializers.first(where: matches) else {
                let candidates = type.initializers.map { Compiler.labels($0.parameters.map(\.label)) }
                throw Diagnostic.error(Messages.noInitializer(type.name, labels: Compiler.labels(given), candidates: candidates), at: range)
            }
            let codes = try functionArguments(box, name: "init", arguments, trailing: trailing, range: range)
            return ({ frame in
                let instance = Value.instance(try UserMembers.instance(of: type, range: range))
                return try UserMembers.invoke(box, name: type.name + ".init", receiver: instance, try codes.map { try $0(frame) }, range: range).receiver
            }, .user(type.name))
        }
        return try memberwise(type, arguments, given: given, range: range)
    }

    /// `[(1, "a")].map(Person.init)`: a function reference given one tuple, where the `init`
    /// takes its elements, is given them one by one, as Swift does for a tuple a closure's
    /// parameters do not take as one.
    private func splattingTuple(_ arguments: [Argument], for type: UserType) throws(Diagnostic) -> [Argument] {
        guard arguments.count == 1, arguments[0].label == nil, case .argument = arguments[0].value.kind,
              Compiler.onlyInitLabels(type, count: 1) == nil,
              case .tuple(let elements) = try expression(arguments[0].value).type, elements.count > 1,
              Compiler.onlyInitLabels(type, count: elements.count) != nil else { return arguments }
        let tuple = arguments[0].value
        return elements.indices.map { index in
            Argument(label: nil, value: Expr(.member(tuple, String(index), nameRange: tuple.range), tuple.range))
        }
    }

    /// How many arguments the one `init` of `type` takes, if it has one (a struct's memberwise
    /// one when it declares none).
    static func onlyInit(_ type: UserType) -> Int? {
        if !type.initializers.isEmpty { return type.initializers.count == 1 ? type.initializers[0].parameters.count : nil }
        return type.kind == .struct ? type.memberwiseSlots.count : nil
    }

    /// The labels of the one `init` of `type` that takes `count` arguments (a struct's
    /// memberwise one when it declares none), if there is exactly one.
    static func onlyInitLabels(_ type: UserType, count: Int) -> [String?]? {
        if !type.initializers.isEmpty {
            let fitting = type.initializers.filter { $0.parameters.count == count }
            return fitting.count == 1 ? fitting[0].parameters.map(\.label) : nil
        }
        guard type.kind == .struct else { return nil }
        let settable = type.memberwiseSlots
        return settable.count == count ? settable.map { type.stored[$0].name } : nil
    }

    /// A struct's memberwise `init` (a class's, taking nothing, when every property has a value).
    private func memberwise(_ type: UserType, _ arguments: [Argument], given: [String?], range: SourceRange) throws(Diagnostic) -> (code: Code, type: SType) {
        let settable = type.memberwiseSlots
        var slots: [Int] = []
        var next = 0
        for label in given {
            while next < settable.count, type.stored[settable[next]].name != label, type.stored[settable[next]].initial != nil { next += 1 }
            guard next < settable.count, type.stored[settable[next]].name == label else {
                let names = settable.map { type.stored[$0].name + ":" }.joined()
                throw Diagnostic.error(Messages.noInitializer(type.name, labels: Compiler.labels(given), candidates: [names]), at: range)
            }
            slots.append(settable[next])
            next += 1
        }
        let missing = settable.filter { !slots.contains($0) && type.stored[$0].initial == nil && !type.stored[$0].type.isOptional }
        if !missing.isEmpty {
            let names = settable.map { type.stored[$0].name + ":" }.joined()
            throw Diagnostic.error(Messages.noInitializer(type.name, labels: Compiler.labels(given), candidates: [names]), at: range)
        }
        var codes: [Code] = []
        for (argument, slot) in zip(arguments, slots) { codes.append(try storable(argument.value, into: type.stored[slot].type)) }
        return ({ frame in
            let instance = try UserMembers.instance(of: type, range: range)
            for (code, slot) in zip(codes, slots) { instance.setField(slot, try code(frame)) }
            return .instance(instance)
        }, .user(type.name))
    }

    /// Labels as Swift writes a call's: `x:y:`, `_:`.
    static func labels(_ labels: [String?]) -> String { labels.map { ($0 ?? "_") + ":" }.joined() }
}

/// `AnySubscriber(receiveSubscription:receiveValue:receiveCompletion:)`: a subscriber made
/// of closures, as Combine's type-erased one is — an instance of a class Tapline declares,
/// whose three fields are the closures (nil for one not given).
extension Compiler {
    /// Nil for any other call.
    func anySubscriber(_ callee: Expr, _ arguments: [Argument], trailing: ClosureExpr?, range: SourceRange) throws(Diagnostic) -> (code: Code, type: SType)? {
        let name: String
        switch callee.kind {
        case .name(let written), .specialized(let written, _): name = written
        default: return nil
        }
        let labels = AnySubscriberType.labels
        guard name == "AnySubscriber", resolve(name) == nil, trailing == nil, !arguments.isEmpty,
              arguments.allSatisfy({ $0.label.map(labels.contains) ?? false }) else { return nil }
        var codes: [Code?] = Array(repeating: nil, count: labels.count)
        for argument in arguments {
            guard let label = argument.label, let index = labels.firstIndex(of: label) else { continue }
            codes[index] = try expression(argument.value).code
        }
        let (type, runtime) = (runtime.anySubscriberType, self.runtime)
        return ({ frame in
            var fields: [Value] = []
            for code in codes { fields.append(try code?(frame) ?? .nil) }
            let instance = Instance(type: type, fields: fields, published: Array(repeating: nil, count: fields.count))
            runtime.track(instance)
            return .instance(instance)
        }, .user(type.name))
    }
}
