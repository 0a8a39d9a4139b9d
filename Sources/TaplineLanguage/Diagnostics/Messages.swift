/// Every message Tapline shows, in one voice: lower-case, tokens in quotes, a suggestion
/// where one helps ("did you mean …?"), grouped by the stage that reports it. Each has a
/// stable `MessageID` (its name), so tools and tests can recognise a diagnostic without
/// comparing its wording.
enum Messages {
    // MARK: Lexer (Syntax/Lexer.swift)
    static let dollarWithoutName = Message(.dollarWithoutName, "'$' must be followed by a name ('$value') or a closure argument ('$0')")
    static let closureArgumentTooLarge = Message(.closureArgumentTooLarge, "closure argument number is too large")
    static let durationTooLong = Message(.durationTooLong, "duration is too long")
    static let unterminatedString = Message(.unterminatedString, "unterminated string literal; add the closing '\"'")
    static let unterminatedComment = Message(.unterminatedComment, "unterminated '/*' comment; add the closing '*/'")
    static func badNumberSuffix(_ unit: String) -> Message {
        Message(.badNumberSuffix, "'\(unit)' is not a unit of time; use 'ms' or 's' (for example '300ms', '1.5s')")
    }
    static func numberTooLarge(_ text: String) -> Message { Message(.numberTooLarge, "number '\(text)' is too large") }
    static func invalidEscape(_ c: Character) -> Message {
        Message(.invalidEscape, "invalid escape '\\\(c)' in string; use '\\n', '\\t', '\\\"', '\\\\' or '\\(…)'")
    }
    static func unexpectedCharacter(_ c: Character) -> Message {
        if c == "'" { return Message(.unexpectedCharacter, "strings use double quotes: \"text\"") }
        let hex = c.unicodeScalars.first.map { String($0.value, radix: 16, uppercase: true) } ?? "?"
        let scalar = String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        let isControl = c.unicodeScalars.first.map { $0.value < 32 || $0.value == 127 } ?? false
        return Message(.unexpectedCharacter, c == "\u{FFFD}" || isControl || !c.isASCII && !c.isLetter
            ? "unexpected character (U+\(scalar)); is this a text file?"
            : "unexpected character '\(c)'")
    }

    // MARK: Parser (Syntax/Parser.swift)
    // `found` is the token as the parser quotes it (`Parser.quoted`): `'{'`, `'tap'`, `end of input`.
    static func expected(_ what: String, found: String) -> Message { Message(.expected, "expected \(what), found \(found)") }
    static func computedVariable(_ name: String) -> Message {
        Message(.expected, "a computed variable is a member of a struct, class or enum in Tapline; outside one write a func: 'func \(name)() -> … { … }'")
    }
    static let publishedAttribute = Message(.expected, "'@Published' makes a property of a class observable; for the program's own write 'published NAME = value'")
    static func expectedEndOfStatement(found: String) -> Message {
        Message(.expectedEndOfStatement, "expected end of statement (a new line or ';'), found \(found)")
    }
    /// A note on a parse error: the Swift feature on the line that Tapline does not read
    /// (the texts are `MissingSwiftFeature.all`'s).
    static func missingSwift(_ note: String) -> Message { Message(.missingSwift, note) }
    /// A note on an unknown name or type that Foundation or Swift's library has
    /// (`MissingLibrary.notes`).
    static func missingLibrary(_ note: String) -> Message { Message(.missingLibrary, note) }
    static let expectedEndOfInterpolation = Message(.expectedEndOfInterpolation, "expected ')' to end the interpolation")
    static func tooDeeplyNested(_ limit: Int) -> Message { Message(.tooDeeplyNested, "too deeply nested (more than \(limit) levels)") }
    static func unknownType(_ name: String, suggestion: String?) -> Message {
        Message(.unknownType, "unknown type '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" }
            ?? "; use String, Int, Double, Bool, Void or Any"))
    }
    static func viewMember(found: String) -> Message {
        Message(.viewMember, "a view holds 'func', 'on appear { … }', 'on disappear { … }', '@StateObject var', '@ObservedObject var' "
            + "and 'var body: some View { … }', found \(found)")
    }
    static func viewBodyElement(found: String) -> Message {
        Message(.viewBodyElement, "a view's body shows Text(…), a button's name, VStack { … }, HStack { … }, Divider(), Spacer() "
            + "and 'if … { … } else { … }', found '\(found)'")
    }
    static func notObservable(_ wrapper: String, _ type: String) -> Message {
        Message(.notObservable, "generic struct '\(wrapper)' requires that '\(type)' conform to 'ObservableObject'; "
            + "a view watches a class that adopts ObservableObject ('class Model: ObservableObject { @Published var … }')")
    }
    static let viewBodyButton = Message(.viewBodyButton, "a body shows a button declared before the view: write 'button plus \"+\" { … }' "
        + "at the top level and 'plus' in the body; 'tap plus' presses it")
    static func textNeedsString(_ type: String) -> Message {
        Message(.textNeedsString, "initializer 'init(_:)' requires that '\(type)' conform to 'StringProtocol'; "
            + "show it with interpolation: Text(\"\\(value)\")")
    }
    static let forNeedsRange = Message(.forNeedsRange, "'for' needs a range: 'for i in 1...3 { … }' or 'for i in 0..<n { … }'")
    static func nonAssociative(_ op: String) -> Message { Message(.nonAssociative, "'\(op)' cannot be chained; add parentheses") }
    static func misplacedKeyword(_ keyword: String) -> Message {
        Message(.misplacedKeyword, keyword == "else" ? "'else' must follow the '}' of an 'if'" : "'\(keyword)' is only allowed inside a 'switch'")
    }
    static func keywordInExpression(_ keyword: String) -> Message {
        Message(.keywordInExpression, "'\(keyword)' is a command and cannot be used as a value")
    }

    // MARK: Names and declarations (Check/Scope.swift, Compile/Declarations.swift)
    /// A name as a message quotes it: the caret shows where it is, so a pasted
    /// 100,000-character name is not echoed whole.
    static func shortened(_ name: String) -> String { name.count <= 60 ? name : name.prefix(60) + "…" }
    static func unknownName(_ name: String, suggestion: String?) -> Message {
        Message(.unknownName, "unknown name '\(shortened(name))'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
    }
    static func alreadyDeclared(_ name: String) -> Message { Message(.alreadyDeclared, "'\(name)' is already declared") }
    static let previousDeclaration = Message(.previousDeclaration, "previously declared here")
    static let declarationAtTopLevel = Message(.declarationAtTopLevel, "declarations are only allowed at the top level")
    /// A note on an error in a statement or a name spelled like one of Tapline's words.
    static func commandTypo(_ written: String, _ word: CommandWord) -> Message {
        Message(.commandTypo, "did you mean '\(word.rawValue)'? '\(word.form)' \(word.meaning)")
    }
    static func commandWordReading(_ word: CommandWord) -> Message {
        Message(.commandWordReading, "\(word.asWord); here '\(word.rawValue)' is read as a name")
    }
    /// A Swift declaration of a kind Tapline does not have (yet), or one out of its place
    /// (`init` outside a type).
    static func swiftTypeDeclaration(_ word: TypeDeclarationWord) -> Message {
        switch word {
        case .actor, .extension, .protocol, .enum, .class, .struct:
            return Message(.swiftTypeDeclaration, "Swift's '\(word.rawValue)' declarations are not in Tapline yet; "
                + "write the members in the 'struct', 'class' or 'enum' itself (docs/LANGUAGE.md, 'Your own types')")
        case .`init`, .deinit, .subscript, .typealias:
            return Message(.swiftTypeDeclaration, "'\(word.rawValue)' is declared inside a 'struct', 'class' or 'enum'; "
                + "at the top level write a func, or a value")
        }
    }
    // MARK: The program's own types (Compile/TypeDeclarations.swift, Compile/Members.swift)
    static func enumRawValue(_ type: String) -> Message {
        Message(.enumRawValue, "enum case cannot have a raw value if the enum does not have a raw type; write 'enum \(type): String' (or 'Int'), and a literal after '='")
    }
    static func notASubscriberType(_ type: String) -> Message {
        Message(.notASubscriberType, "'\(type)' is not a Subscriber: give it 'receive(subscription:)', 'receive(_:)' and 'receive(completion:)'")
    }
    static func foreignExtension(_ type: String) -> Message {
        Message(.foreignExtension, "Tapline extends only the program's own types, declared before the extension; "
            + "for '\(type)' write a func that takes the value (a publisher's operators are Combine's own)")
    }
    static let extensionStoredProperty = Message(.extensionStoredProperty, "extensions must not contain stored properties; declare it in the type, or compute it ('var x: Int { … }')")
    static let deinitOutsideClass = Message(.deinitOutsideClass, "deinitializers may only be declared within a class")
    static func computedPropertyType(_ name: String) -> Message {
        Message(.computedPropertyType, "computed property must have an explicit type: 'var \(name): Int { … }'")
    }
    static let enumStoredProperty = Message(.enumStoredProperty, "enums must not contain stored properties; give the case a payload ('case loaded(String)') or compute the property ('var x: Int { … }')")
    static func propertyNeedsType(_ name: String) -> Message {
        Message(.propertyNeedsType, "type annotation missing in pattern: give '\(name)' a type ('var \(name): Int') or a value ('var \(name) = 0')")
    }
    static let staticComputedProperty = Message(.staticComputedProperty, "Tapline has no static computed properties yet; make it a 'static func' or a 'static let' with a value")
    static func noInitializer(_ type: String, labels: String, candidates: [String]) -> Message {
        let hint = candidates.isEmpty ? "" : "; '\(type)' has " + candidates.map { "'\(type)(\($0))'" }.joined(separator: ", ")
        return Message(.noInitializer, "no initializer of '\(type)' takes (\(labels))" + hint)
    }
    static func noCase(_ name: String, in type: String, suggestion: String?) -> Message {
        Message(.noCase, "type '\(type)' has no member '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
    }
    static func typeMember(_ type: String, _ member: String) -> Message {
        Message(.typeMember, "instance member '\(member)' cannot be used on type '\(type)'; make an instance first ('\(type)(…).\(member)')")
    }
    static let importAtTopLevel = Message(.importAtTopLevel, "declaration is only valid at file scope")
    static func userInterfaceModule(_ name: String, instead: String) -> Message {
        Message(.unknownModule, "Tapline has no '\(name)', so nothing of it is imported: \(instead)")
    }
    static func unknownModule(_ name: String, instead: String?) -> Message {
        Message(.unknownModule, "no such module '\(shortened(name))'; Tapline has Combine, Foundation and Dispatch"
            + (instead.map { ": \($0)" } ?? ""))
    }
    static func notA(_ name: String, isA kind: String, expected: String) -> Message {
        Message(.notA, "'\(name)' is \(kind), not \(expected)")
    }

    // MARK: Commands (Compile/Commands.swift)
    static func setOnButton(_ name: String) -> Message { Message(.setOnButton, "'\(name)' is a button; use 'tap \(name)' to press it") }
    static func sendToPublished(_ name: String) -> Message {
        Message(.sendToPublished, "'\(name)' is a @Published value; assign it with 'set \(name) = …'")
    }
    static func neverFails(_ name: String, kind: String) -> Message {
        Message(.neverFails, "'\(name)' is \(kind), whose Failure type is Never: it cannot fail or complete")
    }

    static func neverFailingSubject(_ name: String, kind: String, type: String) -> Message {
        Message(.neverFails, "'\(name)' is \(kind) whose Failure is Never: it cannot fail; to fail it, declare it with its Failure "
            + "('subject \(name): \(type), Error', as Swift writes 'PassthroughSubject<\(type), Error>()')")
    }
    static let requestZero = Message(.requestZero, "a subscriber cannot request 0 values (Combine forbids it); request 1 or more, or '.unlimited'")
    static func notASubscription(_ name: String) -> Message {
        Message(.notASubscription, "'\(name)' is not a subscription; 'cancel' takes a name stored with 'let NAME = ….sink { … }'")
    }
    static func typeMismatch(_ what: String, expected: String, got: String) -> Message {
        Message(.typeMismatch, "cannot \(what) a value of type '\(got)' to a value of type '\(expected)'")
    }
    static func sendTypeMismatch(_ name: String, expected: String, got: String) -> Message {
        Message(.sendTypeMismatch, "cannot send '\(got)' to '\(name)', which carries '\(expected)'")
    }
    static func repeatCount(_ type: String) -> Message { Message(.repeatCount, "'repeat' needs an 'Int' count, not '\(type)'") }
    static let switchOnPublisher = Message(.switchOnPublisher,
        "a 'switch' over a publisher chooses a view: at the top level, each case names a view ('case \"apple\": AppleMapView')")
    static func unknownView(_ name: String, suggestion: String?) -> Message {
        Message(.unknownView, "unknown view '\(shortened(name))'" + (suggestion.map { "; did you mean '\($0)'?" }
            ?? "; each case of a 'switch' over a publisher names a view declared with 'view NAME { … }'"))
    }
    static let switchNeedsPublisher = Message(.switchNeedsPublisher, "'switch' chooses a view from a publisher's values: 'switch $name { … }'")
    static let returnOutsideClosure = Message(.returnOutsideClosure, "'return' is only allowed inside a closure or function")
    static let breakOutsideLoop = Message(.returnOutsideClosure, "'break' is only allowed inside a loop, if, do, or switch")
    static let continueOutsideLoop = Message(.returnOutsideClosure, "'continue' is only allowed inside a loop")
    static let guardFallsThrough = Message(.returnOutsideClosure,
        "'guard' body must not fall through, consider using a 'return' or 'throw' to exit the scope")
    static func notAPublisherValue(_ type: String, operatorName: String, isArray: Bool) -> Message {
        Message(.notAPublisher, "value of type '\(type)' has no member '\(operatorName)'"
            + (isArray ? ": an array is not a publisher; use '.publisher' first" : ": it is not a publisher"))
    }
    static let unwrappedNil = Message(.unwrappedNil, "Unexpectedly found nil while unwrapping an Optional value")
    static let indexOutOfRange = Message(.unwrappedNil, "Index out of range")
    static let strideByZero = Message(.badRange, "Stride size must not be zero")
    static func fatalError(_ message: String) -> Message {
        Message(.fatalError, message.isEmpty ? "Fatal error" : "Fatal error: \(message)")
    }
    static func notASequence(_ type: String) -> Message {
        Message(.forNeedsRange, "for-in loop requires '\(type)' to conform to 'Sequence'")
    }
    static func bindingNotOptional(_ type: String) -> Message {
        Message(.conditionNotBool, "initializer for conditional binding must have Optional type, not '\(type)'")
    }

    // MARK: Chains (Compile/Chains.swift, PublisherSources.swift, ChainOperators/)
    static func unknownOperator(_ name: String, suggestion: String?) -> Message {
        Message(.unknownOperator, "unknown operator '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
    }
    static func chainNotSubscribed(_ terminal: String) -> Message {
        Message(.chainNotSubscribed, "this chain is never subscribed; end it with \(terminal)")
    }
    static func operatorArguments(_ name: String, usage: String) -> Message { Message(.operatorArguments, "'\(name)' is used as \(usage)") }
    static func notAPublisher(_ what: String) -> Message { Message(.notAPublisher, "\(what) is not a publisher") }
    static func tapNeedsButton(_ name: String, isA kind: String) -> Message {
        Message(.tapNeedsButton, "'.tap' is the tap publisher of a button; '\(name)' is \(kind)")
    }
    static func publishedIsNotAPublisher(_ name: String) -> Message {
        Message(.publishedIsNotAPublisher, "'\(name)' is a @Published value; subscribe to its publisher '$\(name)'")
    }
    static func buttonIsNotAPublisher(_ name: String) -> Message {
        Message(.buttonIsNotAPublisher, "'\(name)' is a button; its tap publisher is '\(name).tap'")
    }
    static func dollarOnNonPublished(_ name: String, kind: String) -> Message {
        Message(.dollarOnNonPublished, "'$\(name)' is only for @Published values, and '\(name)' is \(kind); use '\(name)'")
    }
    static func arrayIsNotAPublisher(_ operatorName: String) -> Message {
        Message(.arrayIsNotAPublisher, "an array is not a publisher; use '.publisher' first: '[…].publisher.\(operatorName)…'")
    }
    static func publisherOfNonArray(_ type: String) -> Message { Message(.publisherOfNonArray, "'.publisher' needs an array or a string, not '\(type)'") }
    static func negativeCount(_ name: String) -> Message { Message(.negativeCount, "'\(name)' needs a count of 0 or more") }
    static func completionPattern(_ pattern: String, _ type: String) -> Message {
        Message(.completionPattern, "'\(pattern)' matches a completion, not a value of type '\(type)'")
    }
    static func bindingInManyPatterns(_ name: String) -> Message {
        Message(.bindingInManyPatterns, "a case that binds '\(name)' must have that one pattern; give the others a case of their own")
    }
    static func cannotThrow(_ what: String, in owner: String, use variant: String?) -> Message {
        Message(.cannotThrow, "\(what) is not allowed in the closure of '\(owner)', which cannot throw; "
            + (variant.map { "use '\($0)' instead" } ?? "handle the error before it ('catch', 'replaceError')"))
    }
    static func uncaughtError(_ message: String) -> Message { Message(.uncaughtError, "uncaught error: \(message)") }
    static let sinkOfPublishers = Message(.sinkOfPublishers,
        "the values of this chain are publishers, which a sink does not subscribe to; to get their values, use 'flatMap' or 'map' then 'switchToLatest'")
    static func outputMismatch(_ method: String, _ first: String, _ second: String) -> Message {
        Message(.outputMismatch, "instance method '\(method)' requires the types '\(first)' and '\(second)' be equivalent")
    }
    static let outputMismatchHint = Message(.outputMismatch, "the publishers must carry the same values: 'map' one of them to the other's Output type first")
    static func replacementType(_ name: String, _ expected: String, _ got: String) -> Message {
        Message(.replacementType, "'\(name)' needs a value like the stream's, of type '\(expected)', not '\(got)'")
    }
    /// `forValues`: the operator that takes a closure returning a plain value instead.
    static func closureMustReturnPublisher(_ name: String, got: String, forValues: String? = nil) -> Message {
        Message(.closureMustReturnPublisher, "the closure of '\(name)' must return a publisher, not '\(got)'"
            + (forValues.map { "; for a value, use '\($0)'" } ?? ""))
    }
    static func switchToLatestNeedsPublishers(_ got: String) -> Message {
        Message(.switchToLatestNeedsPublishers, "'switchToLatest' needs a publisher of publishers, and these values are '\(got)'; "
            + "make them with 'map { … }' returning a publisher")
    }
    static func assertedNoFailure(_ prefix: String, _ failure: String) -> Message {
        Message(.assertedNoFailure, (prefix.isEmpty ? "" : prefix + ": ") + "assertNoFailure: the stream failed with '\(failure)'")
    }
    static let expectedCompletion = Message(.expectedCompletion, "expected a completion: '.finished' or '.failure(\"message\")'")
    static let notConnectable = Message(.notConnectable,
        "'connect()' and 'autoconnect()' are for a connectable publisher, such as 'Timer.publish(every: 1s)' or '.multicast { PassthroughSubject() }'")
    static func subjectDeclaration(_ type: String) -> Message {
        Message(.subjectDeclaration, type == "PassthroughSubject"
            ? "declare it as 'let s = PassthroughSubject<Int, Never>()' (or 'subject s: Int')"
            : "declare it as 'let c = CurrentValueSubject<Int, Never>(0)' (or 'current c: Int = 0')")
    }
    static func notAnError(_ type: String) -> Message {
        Message(.notAnError, "type '\(type)' does not conform to protocol 'Error'")
    }
    static func publishedFailure(_ name: String) -> Message {
        Message(.notAnError, "a @Published value never fails: 'published \(name)' takes no Failure; declare a subject with one ('current \(name): Int, Error = 0')")
    }
    static let keyPathAsValue = Message(.keyPathAsValue, "a key path stands for a closure an operator takes: '.map(\\.count)'")
    static func keyPathRoot(_ root: String, base: String) -> Message {
        Message(.keyPathRoot, "key path with root type '\(root)' cannot be applied to a base of type '\(base)'")
    }
    static func keyPathRootHint(_ root: String, base: String) -> Message {
        Message(.keyPathRoot, "this key path reads a '\(root)' and is given '\(base)' values; written without its root ('\\.…'), a key path reads the values it is given")
    }
    static func unknownScheduler(_ what: String) -> Message {
        let rxSwift = what.hasPrefix("MainScheduler") || what.hasPrefix("ConcurrentDispatchQueueScheduler") || what.hasPrefix("SerialDispatchQueueScheduler")
        return Message(.unknownScheduler, "'\(what)' is not a scheduler Tapline knows; "
            + (rxSwift ? "that is RxSwift's name: Combine's is 'DispatchQueue.main'" : "use 'DispatchQueue.main', 'RunLoop.main', 'DispatchQueue(label: \"…\")' or 'ImmediateScheduler.shared'"))
    }
    static let storeNeedsBag = Message(.storeNeedsBag,
        "'store(in:)' keeps a subscription in a bag: 'publisher.sink { … }.store(in: &bag)', after 'var bag = Set<AnyCancellable>()'")
    static func failureMismatch(_ method: String, _ first: String, _ second: String) -> Message {
        Message(.failureMismatch, "instance method '\(method)' requires the types '\(first)' and '\(second)' be equivalent")
    }
    /// How two Failures are made one: a `Never` side takes the other's with `setFailureType`;
    /// two error types meet with `mapError`.
    static func failureMismatchHint(_ first: SType, _ second: SType) -> Message {
        if first == .never || second == .never {
            let failing = first == .never ? second : first
            return Message(.failureMismatch, "the publishers must fail alike: give the one that never fails "
                + "'.setFailureType(to: \(failing.name).self)'")
        }
        return Message(.failureMismatch, "the publishers must fail alike: turn one's errors into the other's with "
            + "'.mapError { … }' (or both into 'Error' with '.mapError { $0 as Error }')")
    }
    static func neverFailureRequired(_ method: String, _ failure: String) -> Message {
        Message(.neverFailureRequired, "referencing instance method '\(method)' on 'Publisher' requires the types '\(failure)' and 'Never' be equivalent")
    }
    static let sinkOnFailingHint = Message(.neverFailureRequired,
        "this chain can fail, and 'sink' with only a value closure is for one that cannot: handle the completion with "
        + "'.sink(receiveCompletion: { … }, receiveValue: { … })', or turn failures into values first with '.replaceError(with: …)' or '.catch { … }'")
    static let assignOnFailingHint = Message(.neverFailureRequired,
        "'assign' takes only a chain that cannot fail: put '.replaceError(with: …)' or '.catch { … }' before it")
    static func closureResultNever(_ type: String) -> Message {
        Message(.neverFailureRequired, "cannot convert value of type '\(type)' to closure result type 'Never'")
    }
    static let timeoutErrorHint = Message(.neverFailureRequired,
        "'customError' makes the stream's Failure, and this one cannot fail: declare its subject with a Failure "
        + "('subject s: Int, Error') or put '.setFailureType(to: Error.self)' before 'timeout'")
    static let typeQueryNeedsExpression = Message(.typeQueryNeedsExpression, "':type' takes one expression, such as ':type s.map { $0 * 2 }'")
    static let setFailureTypeHint = Message(.neverFailureRequired,
        "'setFailureType(to:)' is for a publisher that cannot fail; one that can changes its error type with '.mapError { … }'")
    static func closureMustReturnBool(_ name: String, got: String) -> Message {
        Message(.closureMustReturnBool, "the closure of '\(name)' must return a 'Bool', not '\(got)'")
    }
    static func alreadySubscribed(_ name: String) -> Message {
        Message(.alreadySubscribed, "'\(name)' is already subscribed; a subscriber takes one subscription (Combine cancels a second)")
    }

    // MARK: Expressions and closures (Compile/Expressions.swift, Calls.swift, Closures.swift)
    static func binaryOperator(_ op: String, _ left: String, _ right: String) -> Message {
        Message(.binaryOperator, "binary operator '\(op)' cannot be applied to '\(left)' and '\(right)'")
    }
    static func unaryOperator(_ op: String, _ operand: String) -> Message {
        Message(.unaryOperator, "unary operator '\(op)' cannot be applied to '\(operand)'")
    }
    static func conditionNotBool(_ type: String) -> Message { Message(.conditionNotBool, "condition must be a 'Bool', not '\(type)'") }
    static func unownedGone(_ type: String) -> Message {
        Message(.unownedGone, "attempted to read an unowned reference but the '\(type)' it refers to was already let go; capture it '[weak self]' and unwrap it")
    }
    static func castFailed(_ type: String, _ target: String) -> Message {
        Message(.castFailed, "could not cast value of type '\(type)' to '\(target)'")
    }
    static func noMember(_ member: String, on type: String) -> Message { Message(.noMember, "value of type '\(type)' has no member '\(member)'") }
    static func argumentOutsideClosure(_ index: Int) -> Message {
        Message(.argumentOutsideClosure, "'$\(index)' is only available inside a closure")
    }
    static func argumentOutOfRange(_ index: Int, count: Int) -> Message {
        Message(.argumentOutOfRange, "'$\(index)' is out of range: this closure has \(count) argument\(count == 1 ? "" : "s")")
    }
    static func notCallable(_ name: String) -> Message { Message(.notCallable, "'\(name)' is not a function") }
    static func closureArity(_ arity: Int, receives: String) -> Message {
        Message(.closureArity, "closure takes \(arity) argument\(arity == 1 ? "" : "s") but receives \(receives.isEmpty ? "none" : "'\(receives)'")")
    }
    static func publisherAsValue(_ what: String) -> Message {
        Message(.publisherAsValue, "\(what) is a publisher, not a value; subscribe to it with '.sink { … }'")
    }
    static func unknownImplicitMember(_ name: String) -> Message {
        Message(.unknownImplicitMember, "unknown '.\(name)'; did you mean '.unlimited', '.max(n)' or '.finished'?")
    }
    static let closureAsValue = Message(.closureAsValue, "a closure can only be passed to an operator such as '.map { … }' or '.sink { … }'")
    static let inoutOutsideAssign = Message(.inoutOutsideAssign, "'&' is only used in '.assign(to: &$name)'")
    static func expectedInt(_ type: String) -> Message { Message(.expectedInt, "expected an 'Int', found '\(type)'") }
    static func expectedDuration(_ type: String) -> Message { Message(.expectedDuration, "a duration needs a number, not '\(type)'") }
    static let durationOutOfRange = Message(.durationOutOfRange, "duration must be between 0 and 290 years")
    static let marbleInterpolation = Message(.marbleInterpolation, "a marble string is written out; it cannot interpolate '\\( … )'")
    static func marbleSyntax(_ problem: String) -> Message { Message(.marbleSyntax, "in this marble string, \(problem)") }
    static func playTarget(_ name: String, kind: String) -> Message {
        Message(.playTarget, "'play' sends to a subject or current value; '\(name)' is \(kind)")
    }
    static func marbleValue(_ symbol: Character, type: String) -> Message {
        Message(.marbleValue, "'\(symbol)' is not a value of type '\(type)'; say what it stands for in a legend: [\"\(symbol)\": value]")
    }
    static func expectNeedsPublisher(_ type: String) -> Message {
        Message(.expectNeedsPublisher, "'expect' checks a publisher, such as 'q.debounce(for: 300ms)'; this is '\(type)'")
    }
    static let expectFailed = Message(.expectFailed, "expect: the publisher did not do what the marble string says")
    static func expectNote(_ text: String) -> Message { Message(.expectNote, text) }
    static func operatorWithoutPublisher(_ name: String) -> Message {
        Message(.operatorWithoutPublisher, "'.\(name)' needs a publisher before the dot ('q.\(name) …'); in the REPL, a line starting with '.' joins the entry before it only when pasted with it: type the chain as one entry")
    }
    static func genericArgumentMismatch(_ name: String, expected: String, got: String) -> Message {
        Message(.genericArgumentMismatch, "'\(name)<\(expected)>' publishes '\(expected)', and this value is '\(got)'")
    }
    static func assignToConstant(_ name: String) -> Message {
        Message(.assignToConstant, "cannot assign to '\(name)': it is a 'let' constant; declare it with 'var' to change it")
    }
    static func cannotWrite(_ path: String, reason: String) -> Message {
        Message(.cannotWrite, "cannot write '\(path)': \(reason)")
    }
    static func replacedFile(_ path: String) -> Message {
        Message(.replacedFile, "'marbles save' replaced '\(path)', an existing file this session had not written")
    }
    static let filesNotWritten = Message(.filesNotWritten, "'marbles save' drew the diagram but wrote no file: a lesson's programs write no files")
    static let expectedDurationLiteral = Message(.expectedDurationLiteral, "expected a duration such as '300ms' or '1.5s'")
    static func functionNotCalled(_ name: String) -> Message { Message(.functionNotCalled, "'\(name)' is a function; call it: '\(name)()'") }
    static func notAValue(_ name: String, kind: String) -> Message { Message(.notAValue, "'\(name)' is \(kind), not a value") }
    static func functionArguments(_ signature: String, given: Int) -> Message {
        let count = signature.filter { $0 == ":" }.count
        return Message(.functionArguments, "'\(signature)' takes \(count == 0 ? "no" : String(count)) argument\(count == 1 ? "" : "s"), not \(given)")
    }
    static func extraArgument(_ label: String?) -> Message {
        Message(.functionArguments, label.map { "extra argument '\($0)' in call" } ?? "extra argument in call")
    }
    static func argumentLabel(_ signature: String, expected: String?, got: String?) -> Message {
        Message(.argumentLabel, expected.map { label in
            got == nil ? "missing argument label '\(label):' in call to '\(signature)'" : "incorrect argument label in call to '\(signature)': expected '\(label):'"
        } ?? "extraneous argument label '\(got ?? ""):' in call to '\(signature)'")
    }
    static func argumentType(_ signature: String, expected: String, got: String) -> Message {
        Message(.argumentType, "cannot pass a value of type '\(got)' to a parameter of type '\(expected)' in '\(signature)'")
    }
    static func missingReturn(_ name: String, expected: String) -> Message {
        Message(.missingReturn, "'\(name)' ended without returning the '\(expected)' it declares; add 'return …'")
    }
    static func resultType(_ name: String, expected: String, got: String) -> Message {
        Message(.resultType, "'\(name)' returns '\(expected)', not '\(got)'")
    }
    static func sendCompletionForm(_ name: String) -> Message {
        Message(.sendCompletionForm, "use '\(name).send(completion: .finished)' or '\(name).send(completion: .failure(error))'")
    }
    static func printLabel(_ label: String) -> Message {
        Message(.printLabel, "'print' takes values and optional 'separator:' and 'terminator:', not '\(label):'")
    }

    // MARK: Running (Runtime/)
    static let divisionByZero = Message(.divisionByZero, "division by zero")
    static let arithmeticOverflow = Message(.arithmeticOverflow, "arithmetic overflow")
    static func oneSidedRangeAsValue(_ text: String) -> Message {
        Message(.oneSidedRange, "a one-sided range ('\(text)') stands only in a 'case' pattern or an array's subscript in Tapline; write both ends: '1...10'")
    }
    static func rangeTooLarge(_ count: some BinaryInteger) -> Message { Message(.rangeTooLarge, "range of \(count) elements is too large (at most 10,000,000)") }
    static func badRange(_ low: Int, _ high: Int) -> Message { Message(.badRange, "range \(low)...\(high) is empty: its start is above its end") }
    static let negativeDemand = Message(.negativeDemand, "a demand cannot be negative")
    static func notADemand(_ type: String) -> Message {
        Message(.notADemand, "a demand is '.unlimited', '.max(n)' or a whole number, not '\(type)'")
    }
    static func feedbackLoop(_ name: String, limit: Int) -> Message {
        Message(.feedbackLoop, "feedback loop: '\(name)' was sent a value from inside its own delivery \(limit) times over")
    }
    static let feedbackLoopNote = Message(.feedbackLoopNote, "a sink sends into its own upstream without end; Tapline stops it instead of overflowing the stack")
    static func tooMuchRecursion(_ name: String, _ limit: Int) -> Message {
        Message(.tooMuchRecursion, "too much recursion: '\(name)()' is nested more than \(limit) calls deep")
    }
    static let interrupted = Message(.interrupted, "interrupted")
    static func contractViolation(_ message: String) -> Message {
        Message(.contractViolation, "Combine would stop the program here: \(message)")
    }
    static let triggeredHere = Message(.triggeredHere, "while running this statement")
    /// An error of a kind the runtime does not know (a bug in Tapline, reported, not crashed on).
    static func internalError(_ error: any Error) -> Message { Message(.internalError, "internal error: \(error)") }
}

/// Pieces of the parser's "expected …, found …" messages.
extension Messages {
    static func nameAfter(_ keyword: String) -> String { "a name after '\(keyword)'" }
    static func valueAfter(_ keyword: String, _ name: String) -> String { "a value after '\(keyword) \(name)'" }
    static func toGiveInitialValue(_ keyword: String) -> String { "to give the \(keyword) value its initial value" }

    // MARK: Limits (docs/LIMITS.md): each names the limit and what to do instead.

    static func scriptTooLarge(_ bytes: Int) -> Message {
        Message(.scriptTooLarge, "script size limit: the text is larger than \(bytes) bytes; split it into files and ':load' them")
    }
    static func valueTooLarge(_ size: Int, _ limit: Int) -> Message {
        Message(.valueTooLarge, "value size limit: this value would hold \(size) bytes or elements, more than \(limit)")
    }
    static func valueNestedTooDeeply(_ limit: Int) -> Message {
        Message(.valueTooLarge, "value size limit: arrays and tuples nested more than \(limit) deep")
    }
    static func valueHasTooManyContainers(_ limit: Int) -> Message {
        Message(.valueTooLarge, "value size limit: more than \(limit) arrays and tuples nested in one value")
    }
    static func recursionDepthLimit(_ limit: Int) -> Message {
        Message(.recursionDepthLimit, "recursion depth limit: work nested more than \(limit) levels deep, or past what the stack holds (deliveries, subscriptions, taps, views, calls); something triggers itself")
    }
    static func eventsPerInstantLimit(_ limit: Int, at time: String) -> Message {
        Message(.eventsPerInstantLimit, "events per instant limit: more than \(limit) scheduled actions ran at \(time) without the clock moving; work that schedules itself for now (a zero delay, receive(on:)) never lets time pass")
    }
    /// Work scheduled, or a `wait`, past the virtual clock's end (`Int64.max` nanoseconds).
    static func clockEnd(waiting: Bool) -> Message {
        let what = waiting ? "'wait' cannot move it past that" : "this schedules work after it, which would never run"
        return Message(.clockEnd, "virtual clock end: the clock ends \(Int64.max)ns (about 292 years) after the start; \(what)")
    }
    static func quietTimeLimit(_ nanoseconds: Int64) -> Message {
        Message(.quietTimeLimit, "quiet time limit: the script's clock ran on \(nanoseconds / 60_000_000_000) minutes after its last statement and work is still scheduled; 'wait' for it, or cancel it")
    }
    static func chainTooLong(_ limit: Int) -> Message {
        Message(.chainTooLong, "chain too long: more than \(limit) operators in one expression or 'else if' chain; use a loop or a func")
    }
    static func outputTooLarge(_ limit: Int) -> Message {
        Message(.outputTooLarge, "output size limit: the entry printed more than \(limit) bytes, so it was stopped and the rest left out; print less (a count, or the first values with 'prefix')")
    }
}

// MARK: Swift export (`tapline --swift`, `:swift`)
extension Messages {
    /// A construct with no Swift form: the message says what it is and what to do instead.
    static func cannotExport(_ what: String, hint: String) -> Message {
        Message(.cannotExport, "cannot export \(what) to Swift; \(hint)")
    }
}
