/// The Swift standard library's methods on collections that take a closure, which Combine
/// snippets lean on: `(1...5).forEach { … }`, `names.map { $0.count }`, `values.filter { … }`.
/// On a publisher the same names are Combine's operators (`Operators/`); these are the
/// methods of arrays, sets and strings, which run at once.
/// The methods, named as cases: most are also the names of Combine's operators, each of which
/// is written in one place (`OperatorCatalogTests`), and these are the standard library's.
enum CollectionMethod: String, CaseIterable {
    case forEach, map, compactMap, flatMap, filter, reduce, first, last, contains, allSatisfy, sorted, min, max, count
}

extension Compiler {
    /// Whether `method(…)` with these arguments is a collection's closure method here.
    static func isCollectionMethod(_ method: String, _ arguments: [Argument], trailing: ClosureExpr?) -> Bool {
        guard let known = CollectionMethod(rawValue: method) else { return false }
        let closures = arguments.filter { argument in
            switch argument.value.kind {
            case .closure, .keyPath, .member(_, "init", _): return true   // `map(\.name)`, `map(Person.init)`
            default: return false
            }
        }.count
        return trailing != nil || closures > 0 || (known == .reduce && arguments.count == 2)
    }

    /// `base.method(…) { … }` on an array, a set, a range or a string.
    func collectionMethod(_ name: String, on baseExpr: Expr, _ arguments: [Argument], trailing: ClosureExpr?,
                          range: SourceRange) throws(Diagnostic) -> (code: Code, type: SType) {
        guard let method = CollectionMethod(rawValue: name) else { throw Diagnostic.error(Messages.noMember(name, on: "Array"), at: range) }
        let (base, baseType) = try expression(baseExpr)
        let element = Compiler.elementType(of: baseType)
        var values = arguments
        if let trailing { values.append(Argument(label: nil, labelRange: nil, value: Expr(.closure(trailing), trailing.range))) }
        // `reduce(0) { … }`, `reduce(into:)` is not here: the initial value, then the closure.
        var initial: (code: Code, type: SType)?
        if method == .reduce {
            guard values.count == 2 else { throw Diagnostic.error(Messages.operatorArguments(name, usage: "'\(name)(0) { $0 + $1 }'"), at: range) }
            initial = try expression(values.removeFirst().value)
        }
        let inputs: [SType] = initial.map { [$0.type, element] } ?? ([.sorted, .min, .max].contains(method) ? [element, element] : [element])
        guard values.count == 1, let closureExpr = Compiler.closureGiven(values[0].value, arity: inputs.count) else {
            throw Diagnostic.error(Messages.operatorArguments(name, usage: "'.\(name) { … }'"), at: range)
        }
        let (function, functionType) = try closureValue(closureExpr, expected: .function(inputs, result: .unknown))
        var result = SType.unknown
        if case .function(_, let closureResult) = functionType { result = closureResult }
        let type = Compiler.collectionResultType(method, element: element, closureResult: result, initial: initial?.type)
        let initialCode = initial?.code
        return ({ frame in
            guard case .function(let callable) = try function(frame) else { return .void }
            let elements = try Compiler.elements(of: try base(frame), method: name, range: range)
            return try Compiler.apply(method, callable, to: elements, initial: try initialCode?(frame), range: range)
        }, type)
    }

    /// The closure an argument gives, taking `arity` values: written, a key path (`\.name` is
    /// `{ $0.name }`), a function's `init` (`Person.init` is `{ Person.init($0) }`) or a func
    /// by its name.
    static func closureGiven(_ expr: Expr, arity: Int) -> ClosureExpr? {
        switch expr.kind {
        case .closure(let closure): return closure
        case .keyPath(let keyPath): return OperatorCall.closure(keyPath, at: expr.range)
        case .member(_, "init", _): return OperatorCall.closure(calling: expr)
        // `map(size)`, `reduce(0, add)`: a func by its name (`passesFunction`).
        case .name: return OperatorCall.closure(calling: expr, arity: arity)
        default: return nil
        }
    }

    /// Whether `method(…)` is a collection's closure method given a func by its name
    /// (`[1, 2].map(double)`), not a value (`values.contains(x)`).
    func passesFunction(_ method: String, _ arguments: [Argument], trailing: ClosureExpr?) -> Bool {
        guard trailing == nil, CollectionMethod(rawValue: method) != nil, let last = arguments.last, last.label == nil,
              case .name(let name) = last.value.kind else { return false }
        switch resolve(name) {
        case .entity(let entity)?:
            switch entity.kind {
            case .function: return true
            case .value(let box): if case .function = box.type { return true } else { return false }
            default: return false
            }
        case .local(_, _, .function)?: return true
        default: return false
        }
    }

    /// What one element of a collection of this type is.
    static func elementType(of type: SType) -> SType {
        switch type {
        case .array(let element), .set(let element): return element
        case .string: return .string
        default: return .unknown
        }
    }

    private static func collectionResultType(_ method: CollectionMethod, element: SType, closureResult: SType, initial: SType?) -> SType {
        switch method {
        case .forEach: return .void
        case .map: return .array(closureResult)
        case .compactMap: return .array(closureResult.unwrappedOptional)
        case .flatMap: return closureResult
        case .filter, .sorted: return .array(element)
        case .reduce: return initial ?? .unknown
        case .first, .last, .min, .max: return .optional(element)
        case .contains, .allSatisfy: return .bool
        case .count: return .int
        }
    }

    /// The elements a collection value has; a string's are its characters.
    static func elements(of value: Value, method: String, range: SourceRange) throws -> [Value] {
        switch value {
        case .array(let elements), .set(let elements): return elements
        case .string(let text): return text.map { .string(String($0)) }
        default: throw RuntimeError(Messages.noMember(method, on: value.typeName), at: range)
        }
    }

    private static func apply(_ method: CollectionMethod, _ function: FunctionValue, to elements: [Value], initial: Value?,
                              range: SourceRange) throws -> Value {
        func call(_ arguments: Value...) throws -> Value { try function.call(arguments) }
        func test(_ element: Value) throws -> Bool { try ValueArithmetic.truth(try call(element), range: range) }
        switch method {
        case .forEach:
            for element in elements { _ = try call(element) }
            return .void
        case .map: return .array(try elements.map { try call($0) })
        case .compactMap: return .array(try elements.compactMap { try call($0).unwrapped })
        case .flatMap:
            return .array(try elements.flatMap { element -> [Value] in
                if case .array(let inner) = try call(element) { return inner }
                return []
            })
        case .filter: return .array(try elements.filter(test))
        case .reduce: return try elements.reduce(initial ?? .void) { try call($0, $1) }
        case .first: return try elements.first(where: test).map(Value.some) ?? .nil
        case .last: return try elements.last(where: test).map(Value.some) ?? .nil
        case .contains: return .bool(try elements.contains(where: test))
        case .allSatisfy: return .bool(try elements.allSatisfy(test))
        case .count: return .int(try elements.filter(test).count)
        case .sorted: return .array(try elements.sorted { try ValueArithmetic.truth(try call($0, $1), range: range) })
        case .min: return try elements.min { try ValueArithmetic.truth(try call($0, $1), range: range) }.map(Value.some) ?? .nil
        case .max: return try elements.max { try ValueArithmetic.truth(try call($0, $1), range: range) }.map(Value.some) ?? .nil
        }
    }
}
