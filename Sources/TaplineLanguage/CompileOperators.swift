import TaplineReactive

/// Each operator of the language, compiled onto the reactive core's operator of the same
/// name. Closures are compiled here, once; at run time they are only called.
extension Compiler {
    func applyOperator(_ name: String, to upstream: PublisherPlan, arguments: [Argument], trailing: ClosureExpr?,
                       range: SourceRange, nameRange: SourceRange, text: String) throws -> PublisherPlan {
        let runtime = self.runtime
        let usage = Compiler.operatorUsage[name] ?? "'.\(name)(…)'"
        let bad = Diagnostic.error(Messages.operatorArguments(name, usage: usage), at: range)
        let elementType = upstream.type

        /// The operator's closure: trailing, or the one argument (optionally labelled).
        func closureArgument(labels: Set<String?> = [nil]) throws -> ClosureExpr {
            if let trailing, arguments.isEmpty { return trailing }
            guard trailing == nil, arguments.count == 1, labels.contains(arguments[0].label),
                  case .closure(let closure) = arguments[0].value.kind else { throw bad }
            return closure
        }

        func plan(_ type: SType, _ transform: @escaping (PublisherPlan.Stream, Frame) throws -> PublisherPlan.Stream) -> PublisherPlan {
            let make = upstream.make
            return PublisherPlan(make: { frame in try transform(try make(frame), frame) }, type: type, text: text,
                                 describe: { _ in "a publisher: \(text)" })
        }

        /// An `Int` argument evaluated when the chain is built (`prefix(2)`).
        func countArgument(default value: Int?) throws -> (Frame) throws -> Int {
            if arguments.isEmpty, trailing == nil, let value { return { _ in value } }
            guard arguments.count == 1, arguments[0].label == nil, trailing == nil else { throw bad }
            let code = try integer(arguments[0].value)
            let argumentRange = arguments[0].value.range
            return { frame in
                let count = try code(frame)
                guard count >= 0 else { throw RuntimeError(message: Messages.negativeCount(name), range: argumentRange) }
                return count
            }
        }

        /// Other publishers given as arguments (`merge(with:)`, `combineLatest`, `zip`), and
        /// an optional closure to combine their values.
        func otherPublishers(firstLabel: String?) throws -> ([PublisherPlan], ClosureExpr?) {
            var others: [PublisherPlan] = []
            var combiner = trailing
            for (index, argument) in arguments.enumerated() {
                if case .closure(let closure) = argument.value.kind, index == arguments.count - 1, combiner == nil {
                    combiner = closure
                    continue
                }
                guard argument.label == (index == 0 ? firstLabel : nil) || argument.label == nil else { throw bad }
                guard let other = try publisher(argument.value) else {
                    throw Diagnostic.error(Messages.notAPublisher("'\(self.text(of: argument.value.range))'"), at: argument.value.range)
                }
                others.append(other)
            }
            guard !others.isEmpty else { throw bad }
            return (others, combiner)
        }

        switch name {
        case "filter":
            let predicate = try closure(try closureArgument(), inputs: [elementType])
            try requireBool(predicate, name: name, range: range)
            return plan(elementType) { stream, frame in
                stream.filter(Compiler.test(predicate, frame, runtime, range: range)).eraseToAnyPublisher()
            }

        case "map":
            let transform = try closure(try closureArgument(), inputs: [elementType])
            return plan(transform.resultType) { stream, frame in
                stream.map(Compiler.transform(transform, frame, runtime)).eraseToAnyPublisher()
            }

        case "compactMap":
            let transform = try closure(try closureArgument(), inputs: [elementType])
            return plan(transform.resultType) { stream, frame in
                let apply = Compiler.transform(transform, frame, runtime)
                return stream.compactMap { value in
                    let result = apply(value)
                    return result == .nil_ ? nil : result
                }.eraseToAnyPublisher()
            }

        case "removeDuplicates":
            if arguments.isEmpty, trailing == nil {
                return plan(elementType) { stream, _ in stream.removeDuplicates(by: Operators.equal).eraseToAnyPublisher() }
            }
            let predicate = try closure(try closureArgument(labels: [nil, "by"]), inputs: [elementType, elementType])
            try requireBool(predicate, name: name, range: range)
            return plan(elementType) { stream, frame in
                let bound = predicate.bind(to: frame)
                return stream.removeDuplicates { previous, value in
                    var same = false
                    runtime.deliver { same = try Operators.truth(try bound.call(previous, value), range: range) }
                    return same
                }.eraseToAnyPublisher()
            }

        case "scan", "reduce":
            var closureExpr = trailing
            var initialExpr: Expr?
            for argument in arguments where argument.label == nil {
                if case .closure(let closure) = argument.value.kind, closureExpr == nil { closureExpr = closure } else { initialExpr = argument.value }
            }
            guard let closureExpr, let initialExpr, arguments.count == (trailing == nil ? 2 : 1) else { throw bad }
            let (initial, initialType) = try expression(initialExpr)
            let next = try closure(closureExpr, inputs: [initialType, elementType])
            let resultType = next.resultType == initialType ? initialType : .unknown
            return plan(resultType) { stream, frame in
                let start = try initial(frame)
                let bound = next.bind(to: frame)
                let step: (Value, Value) -> Value = { accumulator, value in
                    var result = accumulator
                    runtime.deliver { result = try bound.call(accumulator, value) }
                    return result
                }
                return name == "scan"
                    ? stream.scan(start, step).eraseToAnyPublisher()
                    : stream.reduce(start, step).eraseToAnyPublisher()
            }

        case "collect":
            if arguments.isEmpty, trailing == nil {
                return plan(.array(elementType)) { stream, _ in stream.collect().map(Value.array).eraseToAnyPublisher() }
            }
            let count = try countArgument(default: nil)
            return plan(.array(elementType)) { stream, frame in
                stream.collect(max(1, try count(frame))).map(Value.array).eraseToAnyPublisher()
            }

        case "prefix":
            let count = try countArgument(default: nil)
            return plan(elementType) { stream, frame in stream.prefix(try count(frame)).eraseToAnyPublisher() }

        case "dropFirst":
            let count = try countArgument(default: 1)
            return plan(elementType) { stream, frame in stream.dropFirst(try count(frame)).eraseToAnyPublisher() }

        case "first":
            if arguments.isEmpty, trailing == nil {
                return plan(elementType) { stream, _ in stream.first().eraseToAnyPublisher() }
            }
            let predicate = try closure(try closureArgument(labels: [nil, "where"]), inputs: [elementType])
            try requireBool(predicate, name: name, range: range)
            return plan(elementType) { stream, frame in
                stream.first(where: Compiler.test(predicate, frame, runtime, range: range)).eraseToAnyPublisher()
            }

        case "last":
            guard arguments.isEmpty, trailing == nil else { throw bad }
            return plan(elementType) { stream, _ in stream.last().eraseToAnyPublisher() }

        case "merge":
            let (others, combiner) = try otherPublishers(firstLabel: "with")
            guard combiner == nil else { throw bad }
            let makers = [upstream.make] + others.map(\.make)
            let type = others.allSatisfy { $0.type == elementType } ? elementType : .unknown
            return PublisherPlan(make: { frame in
                Publishers.MergeMany(try makers.map { try $0(frame) }).eraseToAnyPublisher()
            }, type: type, text: text, describe: { _ in "a publisher: \(text)" })

        case "combineLatest", "zip":
            let (others, combinerExpr) = try otherPublishers(firstLabel: nil)
            let makers = [upstream.make] + others.map(\.make)
            let tupleType = SType.tuple([elementType] + others.map(\.type))
            let combiner = try combinerExpr.map { try closure($0, inputs: [tupleType]) }
            let isZip = name == "zip"
            return PublisherPlan(make: { frame in
                let inputs = try makers.map { try $0(frame) }
                let tuples = isZip
                    ? Publishers.ZipMany(inputs).map(Value.tuple).eraseToAnyPublisher()
                    : Publishers.CombineLatestMany(inputs).map(Value.tuple).eraseToAnyPublisher()
                guard let combiner else { return tuples }
                return tuples.map(Compiler.transform(combiner, frame, runtime)).eraseToAnyPublisher()
            }, type: combiner?.resultType ?? tupleType, text: text, describe: { _ in "a publisher: \(text)" })

        case "print":
            guard trailing == nil, arguments.count <= 1, arguments.first?.label == nil else { throw bad }
            let tag = try arguments.first.map { try expression($0.value).code }
            return plan(elementType) { stream, frame in
                let prefix = try tag?(frame).description ?? ""
                return stream.print(prefix, to: { runtime.write($0) }).eraseToAnyPublisher()
            }

        case "debounce", "delay", "throttle":
            var interval: ((Frame) throws -> Int64)?
            var latest: Code?
            for argument in arguments {
                switch argument.label {
                case "for": interval = try duration(argument.value)
                case "latest" where name == "throttle": latest = try expression(argument.value).code
                case "scheduler", "options": continue   // Tapline's clock is virtual: see `wait`.
                default: throw bad
                }
            }
            guard let interval, trailing == nil else { throw bad }
            if name == "throttle", latest == nil { throw bad }
            let clock = runtime.clock
            return plan(elementType) { stream, frame in
                let nanoseconds = Duration.nanoseconds(try interval(frame))
                switch name {
                case "debounce": return stream.debounce(for: nanoseconds, scheduler: clock).eraseToAnyPublisher()
                case "delay": return stream.delay(for: nanoseconds, scheduler: clock).eraseToAnyPublisher()
                default:
                    let keepLatest = try Operators.truth(try latest?(frame) ?? .bool(true), range: range)
                    return stream.throttle(for: nanoseconds, scheduler: clock, latest: keepLatest).eraseToAnyPublisher()
                }
            }

        case "share":
            guard arguments.isEmpty, trailing == nil else { throw bad }
            return plan(elementType) { stream, _ in stream.share().eraseToAnyPublisher() }

        default: // eraseToAnyPublisher
            guard arguments.isEmpty, trailing == nil else { throw bad }
            return upstream
        }
    }

    /// A predicate closure as the core's operators take it; an error stops delivery.
    private static func test(_ predicate: CompiledClosure, _ frame: Frame, _ runtime: Runtime, range: SourceRange) -> (Value) -> Bool {
        let bound = predicate.bind(to: frame)
        return { value in
            var result = false
            runtime.deliver { result = try Operators.truth(try bound.call(value), range: range) }
            return result
        }
    }

    /// A transforming closure as the core's operators take it; an error stops delivery.
    private static func transform(_ closure: CompiledClosure, _ frame: Frame, _ runtime: Runtime) -> (Value) -> Value {
        let bound = closure.bind(to: frame)
        return { value in
            var result = Value.void
            runtime.deliver { result = try bound.call(value) }
            return result
        }
    }

    private func requireBool(_ closure: CompiledClosure, name: String, range: SourceRange) throws {
        if closure.resultType.isKnown, closure.resultType != .bool {
            throw Diagnostic.error(Messages.closureMustReturnBool(name, got: closure.resultType.name), at: range)
        }
    }

    static let operatorUsage: [String: String] = [
        "filter": "'.filter { $0 > 1 }'", "map": "'.map { $0 * 2 }'", "compactMap": "'.compactMap { Int($0) }'",
        "removeDuplicates": "'.removeDuplicates()'", "scan": "'.scan(0) { $0 + $1 }'", "reduce": "'.reduce(0) { $0 + $1 }'",
        "collect": "'.collect()' or '.collect(3)'", "prefix": "'.prefix(3)'", "dropFirst": "'.dropFirst()' or '.dropFirst(2)'",
        "first": "'.first()' or '.first { $0 > 1 }'", "last": "'.last()'", "merge": "'.merge(with: other)'",
        "combineLatest": "'.combineLatest(other)'", "zip": "'.zip(other)'", "print": "'.print(\"tag\")'",
        "debounce": "'.debounce(for: 300ms)'", "throttle": "'.throttle(for: 1s, latest: true)'", "delay": "'.delay(for: 1s)'",
        "share": "'.share()'", "eraseToAnyPublisher": "'.eraseToAnyPublisher()'",
    ]
}
