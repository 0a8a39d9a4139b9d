/// The program's own types as Swift: a `struct`, `class`, `enum`, `protocol` or `extension`
/// is Swift as written, so it is written back member by member, its bodies through the same
/// writer as the rest of the program. Inside it a member is named on `self`, as Swift needs
/// in a class's closures.
extension SwiftExporter {
    func typeDeclaration(_ declaration: TypeDecl, into out: inout SwiftWriter, context: ExportContext) throws(Diagnostic) {
        if declaration.kind == .protocol { return try protocolDeclaration(declaration, into: &out) }
        var inner = context
        inner.selfMembers = SwiftExporter.memberNames(of: declaration, extending: extended(declaration))
        inner.locals.subtract(inner.selfMembers)
        var head = declaration.kind.rawValue + " " + declaration.name.text
        head += SwiftExporter.genericClause(declaration.genericParameters, declaration.genericConstraints)
        if !declaration.inherits.isEmpty { head += ": " + declaration.inherits.map(SwiftExporter.swiftType).joined(separator: ", ") }
        out.blank()
        out.line(head + " {")
        out.indent += 1
        for member in declaration.members {
            try self.member(member, of: declaration, into: &out, context: inner)
        }
        out.indent -= 1
        out.line("}")
    }

    private func member(_ member: MemberDecl, of type: TypeDecl, into out: inout SwiftWriter, context: ExportContext) throws(Diagnostic) {
        switch member {
        case .property(let property):
            try self.property(property, into: &out, context: context)
        case .method(let function, let isStatic):
            var inner = context
            if isStatic { inner.selfMembers = [] }
            let modifiers = (isStatic ? "static " : "") + (function.isMutating ? "mutating " : "")
            try self.function(function, into: &out, context: inner, modifiers: modifiers)
        case .initializer(let function):
            try self.function(function, into: &out, context: context, modifiers: "", keyword: "init")
        case .deinitializer(let body, _):
            try braced("deinit", body, into: &out, context: context)
        case .cases(let cases):
            var written: [String] = []
            for each in cases { written.append(try enumCase(each, context)) }
            out.line("case " + written.joined(separator: ", "))
        case .typeAlias(let name, let type):
            out.line("typealias \(name.text) = \(SwiftExporter.swiftType(type))")
        case .nested(let nested):
            try typeDeclaration(nested, into: &out, context: context)
        }
    }

    /// A protocol's requirements are read, not compiled: its text is copied as written, when it
    /// is plain declarations on lines of their own (no comment, no line end Swift reads
    /// otherwise than Tapline, so nothing in it can become code of another meaning).
    private func protocolDeclaration(_ declaration: TypeDecl, into out: inout SwiftWriter) throws(Diagnostic) {
        let text = String(source[declaration.range.start.offset..<declaration.range.end.offset])
        let lineEnds: Set<Unicode.Scalar> = ["\r", "\u{85}", "\u{2028}", "\u{2029}", "\u{B}", "\u{C}"]
        guard !text.contains("//"), !text.contains("/*"), !text.unicodeScalars.contains(where: lineEnds.contains) else {
            throw cannot("a protocol with comments in it", hint: "move its comments above it", at: declaration.name.range)
        }
        out.blank()
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            out.line(line.allSatisfy { $0 == " " || $0 == "\t" } ? "" : String(line))
        }
    }

    /// `case tooShort(name: String)`, `case red = "r"`.
    private func enumCase(_ each: EnumCaseDecl, _ context: ExportContext) throws(Diagnostic) -> String {
        var text = each.name.text
        if !each.payload.isEmpty {
            text += "(" + each.payload.map { ($0.label.map { $0 + ": " } ?? "") + SwiftExporter.swiftType($0.type) }.joined(separator: ", ") + ")"
        }
        if let raw = each.rawValue { text += " = " + (try expression(raw, context)) }
        return text
    }

    /// A stored property (with its observers) or a computed one.
    private func property(_ property: PropertyDecl, into out: inout SwiftWriter, context: ExportContext) throws(Diagnostic) {
        var head = (property.isStatic ? "static " : "") + (property.isPublished ? "@Published " : "")
        head += (property.isMutable || property.getter != nil ? "var " : "let ") + property.name.text
        if let type = property.type { head += ": " + SwiftExporter.swiftType(type) }
        if let value = property.value {
            var inner = context
            if property.isStatic { inner.selfMembers = [] }
            head += " = " + (try expression(value, inner))
        }
        if let getter = property.getter {
            guard let setter = property.setter else { return try braced(head, getter, into: &out, context: context) }
            out.line(head + " {")
            out.indent += 1
            try braced("get", getter, into: &out, context: context)
            try accessor("set", setter, into: &out, context: context)
            out.indent -= 1
            out.line("}")
            return
        }
        guard property.willSet != nil || property.didSet != nil else { return out.line(head) }
        out.line(head + " {")
        out.indent += 1
        if let willSet = property.willSet { try accessor("willSet", willSet, into: &out, context: context) }
        if let didSet = property.didSet { try accessor("didSet", didSet, into: &out, context: context) }
        out.indent -= 1
        out.line("}")
    }

    /// `set(newName) { … }`, `didSet { … }`: its parameter, written or Swift's own
    /// (`newValue`, `oldValue`), is a local of its body.
    private func accessor(_ keyword: String, _ accessor: (name: Name?, body: [Stmt]), into out: inout SwiftWriter,
                          context: ExportContext) throws(Diagnostic) {
        var inner = context
        inner.locals.insert(accessor.name?.text ?? (keyword == "didSet" ? "oldValue" : "newValue"))
        try braced(keyword + (accessor.name.map { "(\($0.text))" } ?? ""), accessor.body, into: &out, context: inner)
    }

    /// The declaration an `extension` adds to, if the program has it.
    private func extended(_ declaration: TypeDecl) -> TypeDecl? {
        guard declaration.kind == .extension else { return nil }
        return statements.lazy.compactMap { statement -> TypeDecl? in
            guard case .typeDeclaration(let type) = statement.kind, type.kind != .extension, type.name.text == declaration.name.text else { return nil }
            return type
        }.first
    }

    /// The names a type's bodies reach on `self`: its properties and methods, those of the
    /// type an extension extends, and an `ObservableObject`'s `objectWillChange`.
    static func memberNames(of declaration: TypeDecl, extending extended: TypeDecl?) -> Set<String> {
        var names: Set<String> = []
        for member in declaration.members + (extended?.members ?? []) {
            switch member {
            case .property(let property) where !property.isStatic: names.insert(property.name.text)
            case .method(let function, false): names.insert(function.name.text)
            default: continue
            }
        }
        if (declaration.conformances + (extended?.conformances ?? [])).contains("ObservableObject") { names.insert("objectWillChange") }
        return names
    }
}
