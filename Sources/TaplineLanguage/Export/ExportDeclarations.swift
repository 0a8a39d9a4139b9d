/// Declarations that become Swift types: the view model holding the `@Published` values, a
/// custom subscriber's class, a view's class.
extension SwiftExporter {
    /// `published NAME = value` for every published value of the program: the properties of
    /// one `ObservableObject` (the program is the object, as in Tapline).
    func viewModel() throws(Diagnostic) -> [String] {
        var properties: [String] = []
        for statement in statements {
            guard case .published(let name, let type, let initial) = statement.kind else { continue }
            try SwiftExporter.walk(initial) { (node) throws(Diagnostic) in
                if case .expr(let expr) = node, case .name(let other) = expr.kind, globals[other] != nil {
                    throw cannot("a published value that starts from '\(other)'",
                                 hint: "a view model's property starts from a constant; 'set \(name.text) = …' after declaring it",
                                 at: expr.range)
                }
            }
            let annotation = type.map { ": \($0.rawValue)" } ?? ""
            properties.append("    @Published var \(name.text)\(annotation) = \(try expression(initial, ExportContext()))")
        }
        guard !properties.isEmpty else { return [] }
        return ["/// The program's @Published values, as one view model holds them.",
                "final class ViewModel: ObservableObject {"] + properties + ["}", "let viewModel = ViewModel()"]
    }

    /// `subscriber NAME(demand: D) { … } completion { … }`: a class conforming to `Subscriber`
    /// (the seed's GenericSubscriber), with the demand it asks for and its subscription kept
    /// for `request`.
    func subscriberClass(_ name: Name, demand: Expr, body: ClosureExpr, completion: ClosureExpr?,
                         into out: inout SwiftWriter) throws(Diagnostic) {
        let (input, failure) = subscribedType(of: name.text)
        let typeName = SwiftExporter.typeName(name.text) + "Subscriber"
        out.blank()
        out.line("final class \(typeName): Subscriber {")
        out.line("    typealias Input = \(input)")
        out.line("    typealias Failure = \(failure)")
        out.line("    private(set) var subscription: (any Subscription)?")
        out.line("")
        out.line("    func receive(subscription: any Subscription) {")
        out.line("        self.subscription = subscription")
        if let request = try demandValue(demand, initial: true) { out.line("        subscription.request(\(request))") }
        out.line("    }")
        out.line("")
        out.line("    func receive(_ input: \(input)) -> Subscribers.Demand {")
        var valueContext = ExportContext()
        valueContext.argumentNames = [0: "input"]
        valueContext.locals = ["input"]
        valueContext.returnsDemand = true
        out.indent = 2
        try block(body.body, into: &out, context: valueContext)
        if !(body.body.last.map(SwiftExporter.isReturn) ?? false) { out.line("return .none") }
        out.indent = 0
        out.line("    }")
        out.line("")
        guard let completion else {
            out.line("    func receive(completion: Subscribers.Completion<\(failure)>) {}")
            out.line("}")
            out.line("let \(name.text) = \(typeName)()")
            return
        }
        out.line("    func receive(completion: Subscribers.Completion<\(failure)>) {")
        do {
            var completionContext = ExportContext()
            completionContext.argumentNames = [0: "completion"]
            completionContext.locals = ["completion"]
            out.indent = 2
            try block(completion.body, into: &out, context: completionContext)
            out.indent = 0
        }
        out.line("    }")
        out.line("}")
        out.line("let \(name.text) = \(typeName)()")
    }

    static func isReturn(_ statement: Stmt) -> Bool {
        if case .returnStatement = statement.kind { return true }
        return false
    }

    /// What the subscriber is subscribed to, as Swift types: from `P.subscribe(NAME)`.
    private func subscribedType(of name: String) -> (input: String, failure: String) {
        var found: SType?
        try? SwiftExporter.walk(statements) { node in
            guard found == nil, case .expr(let expr) = node, let (base, entry, arguments) = SwiftExporter.operatorCall(expr),
                  entry.traits.export.subscribesArgument, arguments.count == 1, case .name(name) = arguments[0].value.kind else { return }
            found = types.type(of: base)
        }
        guard case .publisher(let output, let failure)? = found else { return ("Any", "Error") }
        return (swiftType(output), swiftType(failure))
    }

    /// A demand as Swift writes it: `3` is `.max(3)`; nil for an initial demand of zero
    /// (Combine forbids requesting none, so nothing is requested).
    func demandValue(_ demand: Expr, initial: Bool) throws(Diagnostic) -> String? {
        switch demand.kind {
        case .int(0) where initial: return nil
        case .int(let count): return ".max(\(count))"
        default: break
        }
        let written = try expression(demand, ExportContext())
        if case .int? = types.type(of: demand) { return ".max(\(written))" }
        return written
    }

    /// `view NAME { func…; on appear { … }; on disappear { … } }`: a class with its bag, as a
    /// `UIViewRepresentable`'s coordinator keeps one.
    func viewClass(_ view: ViewDecl, into out: inout SwiftWriter) throws(Diagnostic) {
        let (name, functions, appear, disappear) = (view.name, view.functions, view.appear, view.disappear)
        if let property = view.properties.first {
            throw Diagnostic.error(Messages.cannotExport("'\(property.isStateObject ? "@StateObject" : "@ObservedObject")' in view '\(name.text)'",
                hint: "SwiftUI keeps a view's objects, and SwiftUI is not on Linux; make the object at the top level and use it from the view"),
                at: property.range)
        }
        if let body = view.body {
            throw Diagnostic.error(Messages.cannotExport("the body of view '\(name.text)'",
                hint: "what a body shows is SwiftUI's to draw, and SwiftUI is not on Linux; the view exports without its body if you take it out"), at: body.first?.range ?? name.range)
        }
        let mounted = mountedViews.contains(name.text) ? ": MountedView" : ""
        var context = ExportContext()
        context.bag = "bag"
        for function in functions {
            if case .function(let declaration) = function.kind { context.selfMembers.insert(declaration.name.text) }
        }
        out.blank()
        out.line("/// SwiftUI calls `appear()` from `makeUIView` and `disappear()` from `dismantleUIView`;")
        out.line("/// SwiftUI is not on Linux, so the program calls them where the view is shown and dismantled.")
        // `show`/`hide` mount a view once: showing a shown view does nothing, as in Tapline.
        let toggled = shownOrHidden.contains(name.text)
        out.line("final class \(name.text)\(mounted) {")
        out.line("    private var bag = Set<AnyCancellable>()")
        if toggled { out.line("    private var isShown = false") }
        out.indent = 1
        for function in functions {
            out.line("")
            var inner = context
            try statement(function, into: &out, context: &inner)
        }
        out.line("")
        out.line("func appear() {")
        out.indent = 2
        if toggled { out.line("guard !isShown else { return }\nisShown = true") }
        try block(appear, into: &out, context: context)
        out.indent = 1
        out.line("}")
        out.line("")
        out.line("func disappear() {")
        out.indent = 2
        if toggled { out.line("guard isShown else { return }\nisShown = false") }
        try block(disappear, into: &out, context: context)
        out.line("bag.removeAll()   // cancels what the view subscribed to")
        out.indent = 1
        out.line("}")
        out.indent = 0
        out.line("}")
        out.line("let \(instanceName(name.text)) = \(name.text)()")
    }
}
