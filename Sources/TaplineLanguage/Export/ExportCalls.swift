/// A call of a chain operator as the exporter writes it: `head` (`.name`) after `base`.
struct ExportedCall {
    let head: String
    let base: Expr
    let arguments: [Argument]
    let trailing: ClosureExpr?
    let context: ExportContext
}

/// Calls: where Tapline's lenient spelling and Combine's differ — a scheduler Tapline
/// defaults, generic arguments Tapline infers, errors made from messages, a one-closure
/// `sink` on a publisher that can fail.
extension SwiftExporter {
    func call(_ expr: Expr, _ callee: Expr, _ arguments: [Argument], _ trailing: ClosureExpr?,
              _ context: ExportContext) throws(Diagnostic) -> String {
        // `Publishers.Merge(a, b)` is `a.merge(with: b)`, as the compiler read it (the core
        // makes its publishers' types through the operators).
        if let operatorForm = Compiler.publishersInitializer(expr) { return try expression(operatorForm, context) }
        switch callee.kind {
        case .name(let name):
            return try namedCall(expr, name, arguments, trailing, context)
        case .specialized(let name, _) where ["Just", "Empty", "Fail"].contains(name) && globals[name] == nil:
            // `Fail<Int, Error>(error: "x")`: written as `Fail(error:)` is, its types known.
            return try namedCall(expr, name, arguments, trailing, context)
        case .implicitMember("failure") where arguments.count == 1:
            return ".failure(\(try errorValue(arguments[0].value, context)))"
        case .member(let base, let method, _) where isDispatch(method, on: base):
            return try dispatch(method, arguments, trailing, context)
        case .member(let base, let method, let nameRange):
            let separator = separator(before: nameRange, after: base)
            let stage = try methodCall("." + method, base: base, method, arguments, trailing, context)
            // A stage on a line of its own indents its multi-line closures with it.
            let indented = separator.isEmpty ? stage : stage.split(separator: "\n", omittingEmptySubsequences: false)
                .joined(separator: "\n    ")
            return try operand(base, context) + separator + indented
        default:
            return try expression(callee, context) + (try argumentList(arguments, trailing, context))
        }
    }

    /// Whether `queue.method(…)` is work handed to a dispatch queue (`asyncAfter`, `async`).
    func isDispatch(_ method: String, on queue: Expr) -> Bool {
        DispatchCall.isDispatch(method) && isQueue(queue)
    }

    /// `DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { … }` on the test scheduler, which
    /// stands for every queue: `scheduler.schedule(after: scheduler.now.advanced(by: …))`. The
    /// program compiled, so the call reads as one.
    private func dispatch(_ method: String, _ arguments: [Argument], _ trailing: ClosureExpr?,
                          _ context: ExportContext) throws(Diagnostic) -> String {
        guard let call = DispatchCall(method, arguments, trailing: trailing) else {
            throw cannot("this call of '\(method)'", hint: "write it as Dispatch does: 'asyncAfter(deadline: .now() + 0.5) { … }'", at: arguments.first?.value.range ?? .zero)
        }
        let block = try argumentList([], call.block, context)
        switch call.deadline {
        case .soon: return "scheduler.schedule" + block
        case .now: return "scheduler.schedule(after: scheduler.now.advanced(by: .zero))" + block
        case .after(let delay): return "scheduler.schedule(after: scheduler.now.advanced(by: \(try expression(delay, context))))" + block
        case .unreadable(let expr):
            throw cannot("this deadline", hint: "write a deadline from now: '.now() + 0.5'", at: expr.range)
        }
    }

    /// `f(…)`, `Just(…)`, `Fail(error:)`, `Future { … }`, `schedule(after:) { … }`.
    private func namedCall(_ expr: Expr, _ name: String, _ arguments: [Argument], _ trailing: ClosureExpr?,
                           _ context: ExportContext) throws(Diagnostic) -> String {
        // Tapline accepts a throwing call without `try`; Swift does not.
        let marker = throwing.contains(name) && !context.insideTry && !context.locals.contains(name) ? "try " : ""
        if context.selfMembers.contains(name), !context.locals.contains(name) {
            return marker + "self.\(name)" + (try argumentList(arguments, trailing, context))
        }
        if !marker.isEmpty { return marker + name + (try argumentList(arguments, trailing, context)) }
        switch name {
        case "just":
            return "Just" + (try argumentList(arguments, trailing, context))
        case "schedule" where arguments.first?.label == "after" && globals[name] == nil:
            let delay = try expression(arguments[0].value, context)
            return "scheduler.schedule(after: scheduler.now.advanced(by: \(delay)))" + (try argumentList([], trailing, context))
        case _ where SwiftExporter.genericSources.contains(name) && globals[name] == nil:
            let generic = genericArguments(of: expr, promised: name == "Future" ? trailing : nil, context,
                                           failing: !name.hasSuffix("Subject"))
            let list = try argumentList(arguments, trailing, context, wrappingErrors: name == "Fail")
            return name + generic + list
        case "print" where globals[name] == nil:
            var written: [String] = []
            for argument in arguments {
                let label = argument.label.map { "\($0): " } ?? ""
                written.append(label + (try printable(argument.value, context)))
            }
            return "print(\(written.joined(separator: ", ")))"
        default:
            return name + (try argumentList(arguments, trailing, context))
        }
    }

    /// A value as Tapline prints it (an optional as `Optional(42)`, as Swift does): an
    /// optional through `String(describing:)`, which prints the same and which Swift does not
    /// warn of, as it warns of an optional passed as `Any`.
    func printable(_ value: Expr, _ context: ExportContext) throws(Diagnostic) -> String {
        if case .publisher? = types.type(of: value) {
            throw cannot("printing a publisher", hint: "Combine and Tapline's core describe a publisher differently; print its values",
                         at: value.range)
        }
        let written = try expression(value, context)
        if case .optional? = types.type(of: value) { return "String(describing: \(written))" }
        return written
    }

    static let genericSources: Set<String> = ["Fail", "Empty", "Future", "Record", "PassthroughSubject", "CurrentValueSubject"]

    /// `<Output, Failure>` from what the compiler learned. Where it left the Output open, a
    /// Future's is what its promise is given, and a publisher a func returns has the func's;
    /// else it is `Any`. An open Failure is `Error` where the publisher can fail (`Future`,
    /// `Fail`), and a subject's `Never`, as `subject s: Int` declares one.
    private func genericArguments(of expr: Expr, promised body: ClosureExpr?, _ context: ExportContext, failing: Bool) -> String {
        var (output, failure) = (SType.unknown, SType.unknown)
        if case .publisher(let known, let knownFailure)? = types.type(of: expr) { (output, failure) = (known, knownFailure) }
        if output == .unknown, let body, let promised = promisedType(in: body) { output = promised }
        var outputName = output == .unknown ? "Any" : swiftType(output)
        var failureName = failure == .unknown ? (failing ? "Error" : "Never") : swiftType(failure)
        // What the func declares it returns: `AnyPublisher<Int, Never>`, `Future<Int, MyError>`.
        if context.inReturn, let result = context.result, case .named(let name, let arguments) = result.kind,
           name == "AnyPublisher" || SwiftExporter.genericSources.contains(name), arguments.count == 2 {
            if output == .unknown { outputName = SwiftExporter.swiftType(arguments[0]) }
            if failure == .unknown, name != "AnyPublisher" { failureName = SwiftExporter.swiftType(arguments[1]) }
        }
        return "<\(outputName), \(failureName)>"
    }

    /// The type of the value a Future's closure gives its promise: `promise(.success(42))`.
    private func promisedType(in body: ClosureExpr) -> SType? {
        var found: SType?
        try? SwiftExporter.walk(body.body) { node in
            guard found == nil, case .expr(let expr) = node, case .call(let callee, let arguments, _) = expr.kind,
                  case .implicitMember("success") = callee.kind, arguments.count == 1,
                  let type = types.type(of: arguments[0].value), type != .unknown else { return }
            found = type
        }
        return found
    }

    /// An error argument: a message (a string) becomes `AppError(message)`.
    private func errorValue(_ value: Expr, _ context: ExportContext) throws(Diagnostic) -> String {
        if case .string = value.kind { return try error(value, context) }
        if case .string? = types.type(of: value) { return try error(value, context) }
        return try expression(value, context)
    }

    /// `base.method(…)`: a chain's stage or subscriber, written by its operator where Tapline's
    /// spelling and Combine's differ (`traits.export.write`), or a method of a value.
    private func methodCall(_ head: String, base: Expr, _ method: String, _ arguments: [Argument], _ trailing: ClosureExpr?,
                        _ context: ExportContext) throws(Diagnostic) -> String {
        guard let entry = ChainOperator.named(method, firstLabel: arguments.first?.label) else {
            return head + (try argumentList(arguments, trailing, context))
        }
        let call = ExportedCall(head: head, base: base, arguments: arguments, trailing: trailing, context: context)
        if let write = entry.traits.export.write, let written = try write(self, call) { return written }
        return try operatorCall(call, entry)
    }

    /// A chain operator's call as Tapline writes it, its schedulers all the test scheduler.
    func operatorCall(_ call: ExportedCall, _ entry: ChainOperator, wrappingErrorClosures: Bool = false) throws(Diagnostic) -> String {
        var arguments = call.arguments
        if entry.traits.scheduler.contains(.takesScheduler) { arguments = schedulerArguments(entry, arguments) }
        return call.head + (try argumentList(arguments, call.trailing, call.context, wrappingErrorClosures: wrappingErrorClosures))
    }

    /// A subject or current value named as a subscriber: `.subscribe(subject)`.
    func isSubjectName(_ expr: Expr) -> Bool {
        guard case .name(let name) = expr.kind else { return false }
        switch globals[name]?.kind {
        case .subject?, .current?: return true
        default: return false
        }
    }

    /// Every scheduler is the test scheduler; where Tapline defaults to `RunLoop.main`, the
    /// Swift program names it.
    private func schedulerArguments(_ entry: ChainOperator, _ arguments: [Argument]) -> [Argument] {
        var arguments = arguments
        let schedulerLabels: Set<String?> = ["scheduler", "on", "using"]
        var named = false
        for index in arguments.indices where schedulerLabels.contains(arguments[index].label) || isQueue(arguments[index].value) {
            arguments[index].value = SwiftExporter.schedulerName(at: arguments[index].value.range)
            named = true
        }
        if !named, entry.traits.scheduler.contains(.defaultsToMainRunLoop), !arguments.isEmpty {
            arguments.insert(Argument(label: "scheduler", labelRange: nil, value: SwiftExporter.schedulerName(at: arguments[0].value.range)), at: 1)
        }
        return arguments
    }

    private static func schedulerName(at range: SourceRange) -> Expr { Expr(.name("scheduler"), range) }

    /// A scheduler, or a name the program gave one (`let queue = DispatchQueue(label: "work")`).
    func isQueue(_ expr: Expr) -> Bool {
        if case .name(let name) = expr.kind, globals[name]?.scheduler != nil { return true }
        return SwiftExporter.isScheduler(expr)
    }

    /// `RunLoop.main`, `DispatchQueue.main`, `DispatchQueue(label:)`, `ImmediateScheduler.shared`.
    static func isScheduler(_ expr: Expr) -> Bool {
        switch expr.kind {
        case .member(let base, "main", _), .member(let base, "shared", _):
            if case .name(let type) = base.kind { return ["RunLoop", "DispatchQueue", "OperationQueue", "ImmediateScheduler"].contains(type) }
            return false
        case .call(let callee, _, _):
            if case .name("DispatchQueue") = callee.kind { return true }
            if case .member(let base, "global", _) = callee.kind, case .name("DispatchQueue") = base.kind { return true }
            if case .implicitMember("byTime") = callee.kind { return false }
            return false
        case .implicitMember("main"): return true
        default: return false
        }
    }

    /// `(label: value, …) { trailing }` — a string `error:` becomes an `AppError`, and with
    /// `wrappingErrorClosures`, so does what a `customError:` closure returns.
    func argumentList(_ arguments: [Argument], _ trailing: ClosureExpr?, _ context: ExportContext,
                      wrappingErrors: Bool = false, wrappingErrorClosures: Bool = false) throws(Diagnostic) -> String {
        var written: [String] = []
        // `.sink { … } receiveValue: { … }`: the labeled closures after the trailing one.
        var labeledTrailing: [String] = []
        for argument in arguments where argument.isTrailing {
            guard case .closure(let body) = argument.value.kind else { continue }
            labeledTrailing.append(" " + (argument.label ?? "_") + ": " + (try closure(body, context)))
        }
        for argument in arguments where !argument.isTrailing {
            let label = argument.label.map { "\($0): " } ?? ""
            let value: String
            if wrappingErrors, argument.label == "error" {
                value = try errorValue(argument.value, context)
            } else if wrappingErrorClosures, argument.label == "customError", case .closure(let body) = argument.value.kind {
                value = try closure(body, context, wrappingResult: true)
            } else if case .call(let callee, let inner, nil) = argument.value.kind, case .implicitMember("byTime") = callee.kind {
                value = ".byTime(" + (try argumentList(schedulerInByTime(inner), nil, context).dropFirst().dropLast()) + ")"
            } else {
                value = try expression(argument.value, context)
            }
            written.append(label + value)
        }
        let list = written.isEmpty && trailing != nil ? "" : "(\(written.joined(separator: ", ")))"
        guard let trailing else { return list }
        return list + " " + (try closure(trailing, context)) + labeledTrailing.joined()
    }

    private func schedulerInByTime(_ arguments: [Argument]) -> [Argument] {
        var arguments = arguments
        if let first = arguments.first { arguments[0].value = SwiftExporter.schedulerName(at: first.value.range) }
        return arguments
    }
}
