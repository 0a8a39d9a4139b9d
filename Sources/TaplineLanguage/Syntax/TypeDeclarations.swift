/// The program's own types: `struct`, `class` and `enum` with their members, parsed as Swift
/// writes them. The words that only say who may see a member (`private`, `public`…) or that
/// Tapline does not check (`final`, `override`, `mutating`) are read and dropped.
extension Parser {
    // type-declaration = ( "struct" | "class" | "enum" ) NAME [ "<" NAME { "," NAME } ">" ]
    //                    [ ":" type { "," type } ] "{" { member separator } "}" ;
    mutating func parseTypeDeclaration(_ kind: TypeDecl.Kind) throws(Diagnostic) -> TypeDecl {
        let start = current.range
        skip()
        var name = try expectName(Messages.nameAfter(kind.rawValue))
        // `extension Publishers.Sequence`: a member type, named with its dots.
        while kind == .extension, check(.dot), case .identifier = peekKind() {
            skip()
            let member = try expectName("a type after '.'")
            name = Name(text: name.text + "." + member.text, range: name.range.to(member.range))
        }
        let generics = try parseGenericParameters()
        var inherits: [TypeExpr] = []
        // Lines may break after the ':' and the ',' (`final class PausableSubscriber<Input>:⏎
        // Subscriber, Cancellable {`), and before the body's '{', as in Swift.
        if match(.colon) {
            repeat {
                skipNewlines()
                inherits.append(try parseType())
            } while match(.comma)
        }
        skipWhereClause()
        skipNewlines(before: .lbrace)
        if kind == .protocol {
            try skipProtocolBody(name)
            return TypeDecl(kind: kind, name: name, genericParameters: generics.names, genericConstraints: generics.constraints, inherits: inherits, members: [], range: start.to(previous.range))
        }
        let members = try nested { (parser: inout Parser) throws(Diagnostic) -> [MemberDecl] in
            _ = try parser.expect(.lbrace, "to start the \(kind.rawValue)'s body")
            var members: [MemberDecl] = []
            parser.skipNewlines()
            while !parser.match(.rbrace) {
                guard parser.current.kind != .eof else {
                    throw parser.unexpected(Messages.expected("'}' to close the \(kind.rawValue) '\(name.text)'", found: parser.quoted(parser.current)))
                }
                members += try parser.parseMember(in: kind)
                try parser.endStatement()
                parser.skipNewlines()
            }
            return members
        }
        return TypeDecl(kind: kind, name: name, genericParameters: generics.names, genericConstraints: generics.constraints, inherits: inherits, members: members,
                        range: start.to(previous.range))
    }

    /// `where Output == Int`: what a generic declaration asks of its types, which Tapline
    /// checks when the program runs.
    mutating func skipWhereClause() {
        guard case .identifier(let word) = current.kind, spells(word, "where") else { return }
        while !check(.lbrace), current.kind != .eof, current.kind != .newline { skip() }
    }

    /// A protocol's body: its requirements (signatures without bodies), read and set aside.
    private mutating func skipProtocolBody(_ name: Name) throws(Diagnostic) {
        _ = try expect(.lbrace, "to start the protocol's body")
        var depth = 1
        while depth > 0 {
            guard current.kind != .eof else {
                throw unexpected(Messages.expected("'}' to close the protocol '\(name.text)'", found: quoted(current)))
            }
            if check(.lbrace) { depth += 1 } else if check(.rbrace) { depth -= 1 }
            skip()
        }
    }

    /// What the words before a member say that Tapline keeps: `static`, `@Published`.
    private struct MemberTraits {
        var isStatic = false
        var isPublished = false
        var isMutating = false
    }

    // member = { modifier | attribute } ( property | func | init | "deinit" block | enum-cases
    //          | "typealias" NAME "=" type | type-declaration ) ;
    private mutating func parseMember(in kind: TypeDecl.Kind) throws(Diagnostic) -> [MemberDecl] {
        let traits = try parseMemberTraits()
        switch current.kind {
        case .keyword(.let), .keyword(.var):
            return [.property(try parseProperty(traits))]
        case .keyword(.func):
            var function = try parseFunction()
            function.isMutating = traits.isMutating
            return [.method(function, isStatic: traits.isStatic)]
        case .keyword(.case):
            return [.cases(try parseEnumCases())]
        case .identifier(let word):
            switch TypeDeclarationWord.named(source.codes, word.range) {
            case .`init`?: return [.initializer(try parseInitializer())]
            case .deinit?:
                let range = advance().range
                return [.deinitializer(try parseBlock("to start 'deinit'"), range)]
            case .typealias?:
                skip()
                let name = try expectName(Messages.nameAfter("typealias"))
                _ = try expect(.assign, "and the type it names")
                return [.typeAlias(name, try parseType())]
            case .struct?: return [.nested(try parseTypeDeclaration(.struct))]
            case .class?: return [.nested(try parseTypeDeclaration(.class))]
            case .enum?: return [.nested(try parseTypeDeclaration(.enum))]
            default: break
            }
        default: break
        }
        throw unexpected(Messages.expected("a member of the \(kind.rawValue) ('var', 'let', 'func', 'init'\(kind == .enum ? ", 'case'" : ""))",
                                           found: quoted(current)))
    }

    /// The modifiers and attributes before a member.
    private mutating func parseMemberTraits() throws(Diagnostic) -> MemberTraits {
        var traits = MemberTraits()
        while true {
            if check(.at), case .identifier(let word) = peekKind() {
                if spells(word, "Published") { traits.isPublished = true }
                skip()
                skip()
                if check(.lparen), current.range.start.offset == previous.range.end.offset { skipBalancedParentheses() }
                // An attribute may stand on a line of its own, above what it is for.
                while current.kind == .newline { skip() }
                continue
            }
            guard case .identifier(let word) = current.kind else { return traits }
            if spells(word, "static") || (spells(word, "class") && isDeclarationKeyword(peekKind())) {
                traits.isStatic = true
            } else if spells(word, "mutating") {
                traits.isMutating = true
            } else if Modifier.named(source.codes, word.range) == nil, !MemberModifier.isModifier(source.text(word.range)) {
                return traits
            }
            skip()
            // `private(set)`
            if check(.lparen), case .identifier = peekKind(), kind(at: position + 2) == .punct(.rparen) {
                skip()
                skip()
                skip()
            }
        }
    }

    private func isDeclarationKeyword(_ kind: TokenKind) -> Bool {
        kind == .keyword(.func) || kind == .keyword(.var) || kind == .keyword(.let)
    }

    // property = ( "let" | "var" ) NAME [ ":" type ] [ "=" expression ] [ accessors ] ;
    private mutating func parseProperty(_ traits: MemberTraits) throws(Diagnostic) -> PropertyDecl {
        let isMutable = check(.var)
        skip()
        let name = try expectName(Messages.nameAfter(isMutable ? "var" : "let"))
        var property = PropertyDecl(name: name, type: match(.colon) ? try parseType() : nil, value: nil, isMutable: isMutable,
                                    isStatic: traits.isStatic, isPublished: traits.isPublished)
        if match(.assign) {
            skipNewlines()
            // `var count = 0 { didSet { … } }`: the `{` starts the observers, not a trailing closure.
            property.value = hasObserversAhead() ? try parseCondition() : try parseExpression()
        }
        if check(.lbrace) { try parseAccessors(into: &property) }
        return property
    }

    // accessors = "{" ( statements | { ( "get" | "set" | "willSet" | "didSet" ) [ "(" NAME ")" ] block } ) "}" ;
    private mutating func parseAccessors(into property: inout PropertyDecl) throws(Diagnostic) {
        try nested { (parser: inout Parser) throws(Diagnostic) in
            _ = try parser.expect(.lbrace, "to start the property's accessors")
            parser.skipNewlines()
            guard parser.startsAccessor else {
                property.getter = try parser.parseStatementsToBrace("the property's getter")
                return
            }
            while !parser.match(.rbrace) {
                guard case .identifier(let word) = parser.current.kind else {
                    throw parser.unexpected(Messages.expected("'get', 'set', 'willSet' or 'didSet'", found: parser.quoted(parser.current)))
                }
                let accessor = parser.text(of: word)
                parser.skip()
                var name: Name?
                if parser.match(.lparen) {
                    name = try parser.expectName("a name for the new value")
                    _ = try parser.expect(.rparen, "after the name")
                }
                let body = try parser.parseBlock("to start '\(accessor)'")
                switch accessor {
                case "get": property.getter = body
                case "set": property.setter = (name, body)
                case "willSet": property.willSet = (name, body)
                case "didSet": property.didSet = (name, body)
                default: throw Diagnostic.error(Messages.expected("'get', 'set', 'willSet' or 'didSet'", found: "'\(accessor)'"), at: parser.previous.range)
                }
                parser.skipNewlines()
            }
        }
    }

    /// Whether a `{` on this line, outside brackets, starts `willSet` or `didSet`.
    private mutating func hasObserversAhead() -> Bool {
        var index = position
        var depth = 0
        while true {
            switch kind(at: index) {
            case .newline, .eof, .punct(.semicolon): return false
            case .punct(.lparen), .punct(.lbracket): depth += 1
            case .punct(.rparen), .punct(.rbracket): depth -= 1
            case .punct(.lbrace) where depth == 0:
                var next = index + 1
                while kind(at: next) == .newline { next += 1 }
                guard case .identifier(let word) = kind(at: next) else { return false }
                return spells(word, "willSet") || spells(word, "didSet")
            default: break
            }
            index += 1
        }
    }

    /// Whether the body of `{ … }` after a property is its accessors rather than a getter.
    private var startsAccessor: Bool {
        mutating get {
        guard case .identifier(let word) = current.kind else { return false }
        let isAccessor = spells(word, "get") || spells(word, "set") || spells(word, "willSet") || spells(word, "didSet")
        return isAccessor && (peekKind() == .punct(.lbrace) || peekKind() == .punct(.lparen))
        }
    }

    // enum-cases = "case" enum-case { "," enum-case } ;
    // enum-case = NAME [ "(" [ LABEL ":" ] type { "," … } ")" ] [ "=" expression ] ;
    private mutating func parseEnumCases() throws(Diagnostic) -> [EnumCaseDecl] {
        skip()
        var cases: [EnumCaseDecl] = []
        repeat {
            let name = try expectName("a case name")
            var payload: [(label: String?, type: TypeExpr)] = []
            if match(.lparen) {
                while !match(.rparen) {
                    if !payload.isEmpty { _ = try expect(.comma, "between the payload's types") }
                    var label: String?
                    if case .identifier(let word) = current.kind, peekKind() == .punct(.colon) {
                        label = text(of: word)
                        skip()
                        skip()
                    }
                    payload.append((label, try parseType()))
                }
            }
            let rawValue = match(.assign) ? try parseExpression() : nil
            cases.append(EnumCaseDecl(name: name, payload: payload, rawValue: rawValue))
        } while match(.comma)
        return cases
    }

    // init = "init" [ "?" | "!" ] "(" [ parameter { "," parameter } ] ")" [ "throws" ] block ;
    private mutating func parseInitializer() throws(Diagnostic) -> FunctionDecl {
        let name = Name(text: "init", range: advance().range)
        if check(.question) || check(.not) { skip() }
        let (parameters, throwing) = try parseParameters(after: "'init'")
        return FunctionDecl(name: name, parameters: parameters, result: nil, isThrowing: throwing,
                            body: try parseBlock("to start the initializer's body"))
    }
}

/// The words before a member that Tapline reads and drops (access levels are `Modifier`).
enum MemberModifier {
    static func isModifier(_ word: String) -> Bool { words.contains(word) }

    private static let words: Set<String> = [
        "mutating", "nonmutating", "override", "lazy", "weak", "unowned", "required", "convenience", "dynamic", "optional",
    ]
}
