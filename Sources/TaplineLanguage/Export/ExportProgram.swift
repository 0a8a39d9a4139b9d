/// The program's statements, top level first: each becomes the Swift a Combine user writes.
extension SwiftExporter {
    /// The top-level statements in order, with the program's own comments, and the
    /// scheduler drained at the end of each entry when the program has work for it then.
    func program(into out: inout SwiftWriter) throws(Diagnostic) {
        var context = ExportContext()
        var previousEnd = 0
        var scopes = 0
        let finalDeclarations = globals
        for (index, statement) in statements.enumerated() {
            if let entry = entryStarts.firstIndex(of: index) {
                useDeclarations(ofEntry: entry)
                // A REPL entry that declares a name again shadows it from here on.
                if redeclaringEntries.contains(entry) {
                    out.line("do {")
                    out.indent += 1
                    scopes += 1
                }
            }
            if index > 0 { copyComments(from: previousEnd, to: statement.range.start.offset, into: &out) }
            let linesBefore = out.lines.count
            try topLevel(statement, into: &out, context: &context)
            let next = statements.dropFirst(index + 1).first
            let endsItsLine = next.map { $0.range.start.line != statement.range.end.line } ?? true
            // A comment runs to the end of its line: none stands before a statement on the same line.
            if endsItsLine { appendTrailingComment(after: statement, into: &out, onItsOwnLine: out.lines.count == linesBefore) }
            if needs.contains(.drain), endsItsLine, isCommand(statement) {
                out.line("scheduler.drain()")
            }
            previousEnd = statement.range.end.offset
        }
        // A script ends as a playground page does: once the work it scheduled has run.
        if needs.contains(.scheduler) { out.line("scheduler.runUntilQuiet()") }
        for _ in 0..<scopes {
            out.indent -= 1
            out.line("}")
        }
        globals = finalDeclarations
    }

    /// The comments before the first statement: what the program is about.
    var leadingComments: [String] {
        let end = statements.first?.range.start.offset ?? source.count
        var out = SwiftWriter()
        copyComments(from: 0, to: end, into: &out)
        return out.lines.filter { !$0.isEmpty }
    }

    /// Whole-line comments between two statements, and one blank line where there was any.
    private func copyComments(from start: Int, to end: Int, into out: inout SwiftWriter) {
        guard start < end, end <= source.count else { return }
        // The first piece is the rest of the previous statement's line, the last the start of the next one's.
        let lines = String(source[start..<end]).split(separator: "\n", omittingEmptySubsequences: false).dropFirst(start == 0 ? 0 : 1).dropLast()
        for line in lines {
            let text = line.drop(while: { $0 == " " || $0 == "\t" })
            if text.isEmpty { out.blank() } else if let comment = SwiftExporter.comment(text) { out.line(comment) }
        }
    }

    /// A Tapline comment (`// …` or `# …`) as a Swift one; nil for anything else.
    private static func comment(_ text: Substring) -> String? {
        if text.hasPrefix("#!") { return nil }
        if text.hasPrefix("//") { return ExportSupport.comment(text.dropFirst(2)) }
        if text.hasPrefix("#") { return ExportSupport.comment(text.dropFirst()) }
        return nil
    }

    /// `send jobs "c"   // dropped` keeps its comment on the line Swift writes.
    private func appendTrailingComment(after statement: Stmt, into out: inout SwiftWriter, onItsOwnLine: Bool) {
        var offset = statement.range.end.offset
        var rest = ""
        while offset < source.count, source[offset] != "\n" {
            rest.append(source[offset])
            offset += 1
        }
        let text = rest.drop(while: { $0 == " " || $0 == "\t" || $0 == ";" })
        guard let comment = SwiftExporter.comment(text) else { return }
        if onItsOwnLine { out.line(comment) } else { out.appendToLastLine("  " + comment) }
    }

    /// Statements after which work asked for "as soon as possible" may be waiting.
    private func isCommand(_ statement: Stmt) -> Bool {
        switch statement.kind {
        case .button, .subject, .current, .published, .subscriber, .function, .view, .variable, .wait, .importModule: return false
        default: return true
        }
    }

    /// A statement at the top level: declarations become types and globals.
    private func topLevel(_ statement: Stmt, into out: inout SwiftWriter, context: inout ExportContext) throws(Diagnostic) {
        switch statement.kind {
        case .published:
            return   // a property of the view model, written with it
        case .subscriber(let name, let demand, let body, let completion):
            try subscriberClass(name, demand: demand, body: body, completion: completion, into: &out)
        case .view(let view):
            try viewClass(view, into: &out)
        case .expression(let value) where !SwiftExporter.isCall(value):
            // A value on its own (the REPL shows it) does nothing in a program: Swift says so with `_ =`.
            out.line("_ = " + (try expression(value, context)))
        case .switchStatement(let subject, let cases) where viewSwitch(cases) != nil:
            try switchView(subject, cases: viewSwitch(cases) ?? [], into: &out, context: context)
        default:
            try self.statement(statement, into: &out, context: &context)
        }
    }

    static func isCall(_ expr: Expr) -> Bool {
        switch expr.kind {
        case .call, .try: return true
        default: return false
        }
    }

    /// The arms of a top-level `switch` that chooses views: (values, view name or nil).
    func viewSwitch(_ cases: [SwitchCase]) -> [(values: [Expr], view: String?)]? {
        cases.viewArms { name in
            guard case .view? = globals[name]?.kind else { return false }
            return true
        }?.map { ($0.values, $0.view?.text) }
    }

    /// `switch $P { case V: VIEW … }`: SwiftUI's body choosing a view from state. The same
    /// view chosen again stays (its identity did not change); another is dismantled first.
    private func switchView(_ subject: Expr, cases: [(values: [Expr], view: String?)], into out: inout SwiftWriter,
                            context: ExportContext) throws(Diagnostic) {
        needs.formUnion([.mountedView, .session])
        var arms: [String] = []
        for arm in cases {
            let view = arm.view.map(instanceName) ?? "nil"
            if arm.values.isEmpty {
                arms.append("default: return \(view)")
            } else {
                var values: [String] = []
                for value in arm.values { values.append(try expression(value, context)) }
                arms.append("case \(values.joined(separator: ", ")): return \(view)")
            }
        }
        if !cases.contains(where: { $0.values.isEmpty }) { arms.append("default: return nil") }
        out.blank()
        out.line("// The screen shows the view its state chooses, as a SwiftUI body's `if`/`else` would.")
        out.line("var shownView: MountedView?")
        out.line(try expression(subject, context))
        out.line("    .map { value -> MountedView? in\n        switch value {\n"
                 + arms.map { "        " + $0 }.joined(separator: "\n") + "\n        }\n    }")
        out.line("    .sink { view in\n        guard view !== shownView else { return }   // the same view stays mounted\n"
                 + "        shownView?.disappear()\n        shownView = view\n        view?.appear()\n    }")
        out.line("    .store(in: &subscriptions)")
    }

    /// `appleMapView` for the view `AppleMapView`: the instance the program shows and hides;
    /// `v1View` for the view `V1` of a program that has a `v1` of its own.
    func instanceName(_ typeName: String) -> String {
        guard let first = typeName.first else { return typeName }
        let name = first.lowercased() + typeName.dropFirst()
        return globals[name] == nil ? name : name + "View"
    }

    /// `DidTap` for the subscriber `didTap`.
    static func typeName(_ name: String) -> String {
        guard let first = name.first else { return name }
        return first.uppercased() + name.dropFirst()
    }
}
