import TaplineReactive

/// The program's own types: a `struct`, `class` or `enum` declaration makes a `UserType`
/// and compiles its members in two passes — every member's signature first, so that a
/// method may call one declared below it, then the bodies, whose bare names may be `self`'s
/// members (`implicitSelf`).
extension Compiler {
    /// `struct NAME { … }`, `class NAME { … }`, `enum NAME { … }`. A type declared in a block
    /// is visible to the whole program after it (Swift would keep it to the block).
    func typeDeclaration(_ declaration: TypeDecl) throws(Diagnostic) -> Action {
        if declaration.kind == .extension { return try typeExtension(declaration) }
        let type = UserType(name: declaration.name.text, kind: declaration.kind)
        type.runtimeLink = runtime.link
        type.conformances = declaration.conformances
        let entity = Entity(name: declaration.name.text, range: declaration.name.range, kind: .type(type))
        try declareType(entity)
        runtime.userMemberNames.insert(type.name)   // a property's value may make one (`let next = Node()`)
        let saved = genericParameters
        genericParameters.formUnion(declaration.genericParameters)
        defer { genericParameters = saved }
        if declaration.kind == .enum { try enumCases(declaration, into: type) }
        let members = try compileMembers(declaration, into: type)
        return { frame in
            try members(frame)
            entity.isInitialized = true
        }
    }

    /// A declaration's or an extension's members, compiled into `type`: nested types first,
    /// then every signature, static values, and the bodies. The action makes the nested types
    /// and the static values.
    private func compileMembers(_ declaration: TypeDecl, into type: UserType) throws(Diagnostic) -> Action {
        typeDeclarationDepth += 1
        defer { typeDeclarationDepth -= 1 }
        var actions: [Action] = []
        for member in declaration.members {
            if case .nested(let nested) = member { actions.append(try typeDeclaration(nested)) }
        }
        let bodies = try memberSignatures(declaration, into: type)
        runtime.userMemberNames.formUnion(Compiler.memberNames(of: type))
        let statics = try staticProperties(declaration, of: type)
        runtime.userMemberNames.formUnion(type.statics.keys)
        for body in bodies { try methodBody(body.function, body.box, of: type, hasSelf: body.hasSelf) }
        return { frame in
            for action in actions { try action(frame) }
            try statics(frame)
        }
    }

    /// What `userMemberNames` learns of a type: its name, members and cases.
    static func memberNames(of type: UserType) -> [String] {
        var names = [type.name, "objectWillChange", "rawValue", "init"] + type.stored.map(\.name) + type.stored.filter(\.isPublished).map { "$" + $0.name }
        names += Array(type.computed.keys) + Array(type.methodNames) + Array(type.statics.keys) + Array(type.staticMethods.keys)
        return names + type.cases.map(\.name)
    }

    /// `extension NAME { … }`: more members (methods, computed properties, `init`s, static
    /// members) and conformances for one of the program's types declared before it.
    private func typeExtension(_ declaration: TypeDecl) throws(Diagnostic) -> Action {
        guard let type = userType(named: declaration.name.text), type.kind != .protocol else {
            throw Diagnostic.error(Messages.foreignExtension(declaration.name.text), at: declaration.name.range)
        }
        for member in declaration.members {
            if case .property(let property) = member, !property.isStatic, property.getter == nil {
                throw Diagnostic.error(Messages.extensionStoredProperty, at: property.name.range)
            }
        }
        type.conformances += declaration.conformances
        return try compileMembers(declaration, into: type)
    }

    /// `typealias Card = (String, Int)`: the name stands for the type from here on, as in a
    /// Swift script; declared once, as a type is.
    func typeAlias(_ name: Name, _ type: TypeExpr) throws(Diagnostic) -> Action {
        guard isTopLevel else { throw Diagnostic.error(Messages.declarationAtTopLevel, at: name.range) }
        let entity = Entity(name: name.text, range: name.range, kind: .typeAlias(TypeAliasBox(try staticType(type))))
        try declareType(entity)
        return { _ in entity.isInitialized = true }
    }

    /// A type's name is declared where it is written, at any depth.
    private func declareType(_ entity: Entity) throws(Diagnostic) {
        if let previous = globals[entity.name], !echoes || declared.contains(entity.name) {
            throw Diagnostic.error(Messages.alreadyDeclared(entity.name), at: entity.range,
                                   notes: [Diagnostic.Note(Messages.previousDeclaration, at: previous.range)])
        }
        if let previous = globals.updateValue(entity, forKey: entity.name) { replaced[entity.name] = previous }
        declared.append(entity.name)
    }

    /// The type a name given in a signature stands for: one of the program's types, or a
    /// generic parameter (any type, checked when it runs).
    func declaredType(_ name: String) -> SType? {
        if genericParameters.contains(name) { return .unknown }
        if case .typeAlias(let alias)? = globals[name]?.kind { return alias.type }
        guard let type = userType(named: name) else {
            // In a type's members, a type declared further on (`var service: Service?` above
            // `class Service`), as Swift allows: found by name when the program runs.
            guard typeDeclarationDepth > 0, name.first?.isUppercase == true, !SType.isKnownName(name) else { return nil }
            return .user(name)
        }
        // A value of a protocol's type is any value that conforms: checked when it runs.
        return type.kind == .protocol ? .unknown : .user(name)
    }

    /// The static type a written type stands for, the program's own types included.
    func staticType(_ type: TypeExpr) throws(Diagnostic) -> SType {
        try SType(type, declared: declaredType)
    }

    /// The program's type a static type names, if it names one.
    func userType(of type: SType) -> UserType? {
        guard case .user(let name) = type.unwrappedOptional else { return nil }
        return userType(named: name)
    }

    /// An enum's cases, with their raw values: written, or (for `String` and `Int` raw types)
    /// the case's name and the previous value plus one, as Swift gives them.
    private func enumCases(_ declaration: TypeDecl, into type: UserType) throws(Diagnostic) {
        if let first = declaration.inherits.first, case .named(let name, let arguments) = first.kind, arguments.isEmpty,
           ["String", "Int", "Double", "Character"].contains(name) {
            type.rawType = name == "Int" ? .int : name == "Double" ? .double : .string
        }
        var next = 0
        for member in declaration.members {
            guard case .cases(let cases) = member else { continue }
            for each in cases {
                if type.enumCase(each.name.text) != nil {
                    throw Diagnostic.error(Messages.alreadyDeclared(each.name.text), at: each.name.range)
                }
                var raw: Value?
                if let written = each.rawValue {
                    guard type.rawType != nil, let value = Compiler.literal(written) else {
                        throw Diagnostic.error(Messages.enumRawValue(type.name), at: written.range)
                    }
                    raw = value
                } else if type.rawType == .string {
                    raw = .string(each.name.text)
                } else if type.rawType == .int {
                    raw = .int(next)
                }
                if case .int(let number)? = raw { next = number + 1 }
                var payloadTypes: [SType] = []
                for element in each.payload { payloadTypes.append(try staticType(element.type)) }
                type.cases.append(EnumCase(name: each.name.text, labels: each.payload.map(\.label), types: payloadTypes, rawValue: raw))
            }
        }
    }

    /// A literal's value (an enum's raw value).
    static func literal(_ expr: Expr) -> Value? {
        switch expr.kind {
        case .int(let value): return .int(value)
        case .double(let value): return .double(value)
        case .bool(let value): return .bool(value)
        case .string(let parts):
            if parts.isEmpty { return .string("") }
            if parts.count == 1, case .text(let text) = parts[0] { return .string(text) }
            return nil
        case .unary(.minus, let inner):
            if case .int(let value)? = literal(inner) { return .int(-value) }
            if case .double(let value)? = literal(inner) { return .double(-value) }
            return nil
        default: return nil
        }
    }
}

/// A member's body, compiled once every member's signature is known.
struct MemberBody {
    let function: FunctionDecl
    let box: FunctionBox
    let hasSelf: Bool
}

extension Compiler {
    /// Declares every member (properties, methods, `init`s, `deinit`) and returns what
    /// compiles their bodies.
    fileprivate func memberSignatures(_ declaration: TypeDecl, into type: UserType) throws(Diagnostic) -> [MemberBody] {
        var bodies: [MemberBody] = []
        for member in declaration.members {
            switch member {
            case .property(let property) where !property.isStatic:
                bodies += try instanceProperty(property, of: type)
            case .method(let function, let isStatic):
                let box = try memberBox(function, of: type)
                let selector = UserType.selector(function.name.text, function.parameters.map(\.label))
                if type.methods[selector] != nil || type.staticMethods[function.name.text] != nil {
                    throw Diagnostic.error(Messages.alreadyDeclared(selector), at: function.name.range)
                }
                if isStatic {
                    type.staticMethods[function.name.text] = box
                } else {
                    type.methods[selector] = box
                    type.methodNames.insert(function.name.text)
                }
                bodies.append(MemberBody(function: function, box: box, hasSelf: !isStatic))
            case .initializer(let function):
                let box = try memberBox(function, of: type)
                type.initializers.append(box)
                bodies.append(MemberBody(function: function, box: box, hasSelf: true))
            case .deinitializer(let body, let range):
                guard type.kind == .class else { throw Diagnostic.error(Messages.deinitOutsideClass, at: range) }
                let function = FunctionDecl(name: Name(text: "deinit", range: range), parameters: [], result: nil, isThrowing: false, body: body)
                let box = try memberBox(function, of: type)
                type.deinitializer = box
                bodies.append(MemberBody(function: function, box: box, hasSelf: true))
            case .property, .cases, .typeAlias, .nested:
                break
            }
        }
        return bodies
    }

    /// A method's signature, which the runtime it runs in calls.
    private func memberBox(_ function: FunctionDecl, of type: UserType) throws(Diagnostic) -> FunctionBox {
        let box = try functionBox(function)
        box.runtimeLink = runtime.link
        return box
    }

    /// A method's body in a frame of its own: `self` in slot 0 (mutable, so that a struct's
    /// method may change its copy), the parameters after it. A body of one expression is its
    /// result, as in Swift.
    fileprivate func methodBody(_ function: FunctionDecl, _ box: FunctionBox, of type: UserType, hasSelf: Bool) throws(Diagnostic) {
        let saved = genericParameters
        genericParameters.formUnion(function.genericParameters)
        defer { genericParameters = saved }
        var action: Action = { _ in }
        let selfTypes: [SType] = hasSelf ? [.user(type.name)] : []
        let body = Compiler.implicitReturn(function.body, declared: function.result)
        box.frameSize = try inFrame(isClosure: false, argumentTypes: selfTypes + box.parameters.map(\.type)) { () throws(Diagnostic) in
            if hasSelf {
                scope.nameArgument("self", slot: 0)
                scope.mutableSlots.insert(0)
            }
            for (index, parameter) in function.parameters.enumerated() {
                scope.nameArgument(parameter.name.text, slot: selfTypes.count + index)
            }
            scope.selfType = type
            scope.functionName = function.name.text
            scope.resultType = box.result
            scope.function = box
            action = try block(body)
            box.keepsSelf = !hasSelf || scope.closureReadsSelf
        }
        box.body = action
    }

    /// A stored property (with its initial value and observers) or a computed one.
    private func instanceProperty(_ property: PropertyDecl, of type: UserType) throws(Diagnostic) -> [MemberBody] {
        let name = property.name
        if type.hasMember(name.text) { throw Diagnostic.error(Messages.alreadyDeclared(name.text), at: name.range) }
        if let getter = property.getter {
            guard let written = property.type else { throw Diagnostic.error(Messages.computedPropertyType(name.text), at: name.range) }
            let result = try staticType(written)
            let get = FunctionDecl(name: name, parameters: [], result: written, isThrowing: false, body: getter)
            let getBox = try memberBox(get, of: type)
            var bodies = [MemberBody(function: get, box: getBox, hasSelf: true)]
            var setBox: FunctionBox?
            if let setter = property.setter {
                let set = accessor(name, setter.name, "newValue", written, setter.body)
                let box = try memberBox(set, of: type)
                setBox = box
                bodies.append(MemberBody(function: set, box: box, hasSelf: true))
            }
            type.computed[name.text] = (getBox, setBox)
            _ = result
            return bodies
        }
        guard type.kind != .enum else { throw Diagnostic.error(Messages.enumStoredProperty, at: name.range) }
        let (initial, valueType) = try propertyInitial(property)
        var stored = StoredProperty(name: name.text, type: valueType, isMutable: property.isMutable, isPublished: property.isPublished,
                                    initial: initial)
        var bodies: [MemberBody] = []
        let written = property.type ?? TypeExpr(kind: .named("Any", arguments: []), range: name.range)
        if let willSet = property.willSet {
            let function = accessor(name, willSet.name, "newValue", written, willSet.body)
            let box = try memberBox(function, of: type)
            stored.willSet = box
            bodies.append(MemberBody(function: function, box: box, hasSelf: true))
        }
        if let didSet = property.didSet {
            let function = accessor(name, didSet.name, "oldValue", written, didSet.body)
            let box = try memberBox(function, of: type)
            stored.didSet = box
            bodies.append(MemberBody(function: function, box: box, hasSelf: true))
        }
        type.addStored(stored)
        return bodies
    }

    /// `set`, `willSet` or `didSet` as a method of one parameter (`newValue` or `oldValue`
    /// unless it names its own).
    private func accessor(_ property: Name, _ parameter: Name?, _ implicit: String, _ type: TypeExpr, _ body: [Stmt]) -> FunctionDecl {
        let name = parameter ?? Name(text: implicit, range: property.range)
        return FunctionDecl(name: property, parameters: [Parameter(label: nil, name: name, type: type)], result: nil,
                            isThrowing: false, body: body)
    }

    /// A stored property's type (written, or its initial value's) and the code that makes
    /// its initial value for each new instance.
    private func propertyInitial(_ property: PropertyDecl) throws(Diagnostic) -> (initial: (() throws -> Value)?, type: SType) {
        let declared = try property.type.map { (type) throws(Diagnostic) in try staticType(type) }
        guard let value = property.value else {
            guard let declared else { throw Diagnostic.error(Messages.propertyNeedsType(property.name.text), at: property.name.range) }
            return (nil, declared)
        }
        if declared == .set(.cancellable) || Compiler.isCancellableSet(value) { return ({ .set([]) }, .set(.cancellable)) }
        var compiled: (code: Code, type: SType) = ({ _ in .void }, .unknown)
        let size = try inFrame(isClosure: false, argumentTypes: []) { () throws(Diagnostic) in
            if let subject = try localSubject(value) {
                compiled = subject
            } else if let declared {
                compiled = (try storable(value, into: declared), declared)
            } else {
                compiled = try expression(value)
            }
        }
        let code = compiled.code
        return ({ try code(Frame.make(size: size, parent: nil)) }, declared ?? compiled.type)
    }

    /// `Set<AnyCancellable>()`: a bag for the subscriptions an instance keeps.
    static func isCancellableSet(_ expr: Expr) -> Bool {
        guard case .call(let callee, let arguments, nil) = expr.kind, arguments.isEmpty, case .specialized("Set", let types) = callee.kind,
              types.count == 1, case .named("AnyCancellable", _) = types[0].kind else { return false }
        return true
    }

    /// `static let`/`static var`: a value of the type, made when the declaration runs.
    fileprivate func staticProperties(_ declaration: TypeDecl, of type: UserType) throws(Diagnostic) -> Action {
        var actions: [Action] = []
        for member in declaration.members {
            guard case .property(let property) = member, property.isStatic else { continue }
            guard property.getter == nil else { throw Diagnostic.error(Messages.staticComputedProperty, at: property.name.range) }
            let (initial, valueType) = try propertyInitial(property)
            let box = ValueBox(type: valueType, isMutable: property.isMutable)
            type.statics[property.name.text] = box
            actions.append { _ in box.value = try initial?() ?? .nil }
        }
        return Compiler.sequence(actions.map { Step(action: $0, runtime: runtime) })
    }
}
