/// Every message Tapline shows, in one voice: lower-case, tokens in quotes, a suggestion
/// where one helps ("did you mean …?"). Kept in one place so the wording stays consistent.
enum Messages {
    // MARK: Lexer
    static let dollarWithoutName = "'$' must be followed by a name ('$value') or a closure argument ('$0')"
    static let closureArgumentTooLarge = "closure argument number is too large"
    static let durationTooLong = "duration is too long"
    static let unterminatedString = "unterminated string literal; add the closing '\"'"
    static func badNumberSuffix(_ unit: String) -> String {
        "'\(unit)' is not a unit of time; use 'ms' or 's' (for example '300ms', '1.5s')"
    }
    static func numberTooLarge(_ text: String) -> String { "number '\(text)' is too large" }
    static func invalidEscape(_ c: Character) -> String {
        "invalid escape '\\\(c)' in string; use '\\n', '\\t', '\\\"', '\\\\' or '\\(…)'"
    }
    static func unexpectedCharacter(_ c: Character) -> String {
        if c == "@" { return "'@' is not needed; write 'published NAME = value' for an @Published value" }
        if c == "'" { return "strings use double quotes: \"text\"" }
        let scalar = c.unicodeScalars.first.map { String($0.value, radix: 16, uppercase: true) } ?? "?"
        return c == "\u{FFFD}" || !c.isASCII && !c.isLetter
            ? "unexpected character (U+\(scalar)); is this a text file?"
            : "unexpected character '\(c)'"
    }

    // MARK: Parser
    static func expected(_ what: String, found token: Token) -> String { "expected \(what), found \(token.quoted)" }
    static func expectedEndOfStatement(found token: Token) -> String {
        "expected end of statement (a new line or ';'), found \(token.quoted)"
    }
    static let expectedEndOfInterpolation = "expected ')' to end the interpolation"
    static func tooDeeplyNested(_ limit: Int) -> String { "too deeply nested (more than \(limit) levels)" }
    static func nameAfter(_ keyword: String) -> String { "a name after '\(keyword)'" }
    static func valueAfter(_ keyword: String, _ name: String) -> String { "a value after '\(keyword) \(name)'" }
    static func toGiveInitialValue(_ keyword: String) -> String { "to give the \(keyword) value its initial value" }
    static func unknownType(_ name: String, suggestion: String?) -> String {
        "unknown type '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" }
            ?? "; use String, Int, Double, Bool, Void or Any")
    }
    static let functionParameters = "functions take no parameters: 'func name() { … }'"
    static func viewMember(found token: Token) -> String {
        "a view holds 'func', 'on appear { … }' and 'on disappear { … }', found \(token.quoted)"
    }
    static let forNeedsRange = "'for' needs a range: 'for i in 1...3 { … }' or 'for i in 0..<n { … }'"
    static func nonAssociative(_ op: String) -> String { "'\(op)' cannot be chained; add parentheses" }
    static func misplacedKeyword(_ keyword: String) -> String {
        keyword == "else" ? "'else' must follow the '}' of an 'if'" : "'\(keyword)' is only allowed inside a 'switch'"
    }
    static func keywordInExpression(_ keyword: String) -> String {
        "'\(keyword)' is a command and cannot be used as a value"
    }

    // MARK: Names and declarations
    static func unknownName(_ name: String, suggestion: String?) -> String {
        "unknown name '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    }
    static func alreadyDeclared(_ name: String) -> String { "'\(name)' is already declared" }
    static let previousDeclaration = "previously declared here"
    static let declarationAtTopLevel = "declarations are only allowed at the top level"
    static func notA(_ name: String, isA kind: String, expected: String) -> String {
        "'\(name)' is \(kind), not \(expected)"
    }

    // MARK: Teaching messages
    static func setOnButton(_ name: String) -> String { "'\(name)' is a button; use 'tap \(name)' to press it" }
    static func publishedIsNotAPublisher(_ name: String) -> String {
        "'\(name)' is a @Published value; subscribe to its publisher '$\(name)'"
    }
    static func dollarOnNonPublished(_ name: String, kind: String) -> String {
        "'$\(name)' is only for @Published values, and '\(name)' is \(kind); use '\(name)'"
    }
    static func neverFails(_ name: String, kind: String) -> String {
        "'\(name)' is \(kind), whose Failure type is Never: it cannot fail or complete"
    }
    static func sendToPublished(_ name: String) -> String {
        "'\(name)' is a @Published value; assign it with 'set \(name) = …'"
    }
    static func feedbackLoop(_ name: String, limit: Int) -> String {
        "feedback loop: '\(name)' was sent a value from inside its own delivery \(limit) times over"
    }
    static let requestZero = "a subscriber cannot request 0 values (Combine forbids it); request 1 or more, or '.unlimited'"
    static func typeMismatch(_ what: String, expected: String, got: String) -> String {
        "cannot \(what) a value of type '\(got)' to a value of type '\(expected)'"
    }
    static func sendTypeMismatch(_ name: String, expected: String, got: String) -> String {
        "cannot send '\(got)' to '\(name)', which carries '\(expected)'"
    }
    static func alreadySubscribed(_ name: String) -> String {
        "'\(name)' is already subscribed; a subscriber takes one subscription (Combine cancels a second)"
    }
    static func notASubscription(_ name: String) -> String {
        "'\(name)' is not a subscription; 'cancel' takes a name stored with 'let NAME = ….sink { … }'"
    }

    // MARK: Chains
    static func unknownOperator(_ name: String, suggestion: String?) -> String {
        "unknown operator '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    }
    static func chainNotSubscribed(_ terminal: String) -> String {
        "this chain is never subscribed; end it with \(terminal)"
    }
    static func afterTerminal(_ name: String) -> String {
        "'\(name)' comes after the chain is subscribed; put operators before '.sink'"
    }
    static func operatorArguments(_ name: String, usage: String) -> String { "'\(name)' is used as \(usage)" }
    static func notAPublisher(_ what: String) -> String { "\(what) is not a publisher" }
    static let tapNeedsButton = "'.tap' is the tap publisher of a button"

    // MARK: Expressions
    static func binaryOperator(_ op: String, _ left: String, _ right: String) -> String {
        "binary operator '\(op)' cannot be applied to '\(left)' and '\(right)'"
    }
    static func unaryOperator(_ op: String, _ operand: String) -> String {
        "unary operator '\(op)' cannot be applied to '\(operand)'"
    }
    static let divisionByZero = "division by zero"
    static let arithmeticOverflow = "arithmetic overflow"
    static func conditionNotBool(_ type: String) -> String { "condition must be a 'Bool', not '\(type)'" }
    static func noMember(_ member: String, on type: String) -> String { "value of type '\(type)' has no member '\(member)'" }
    static func argumentOutsideClosure(_ index: Int) -> String {
        "'$\(index)' is only available inside a closure"
    }
    static func argumentOutOfRange(_ index: Int, count: Int) -> String {
        "'$\(index)' is out of range: this closure has \(count) argument\(count == 1 ? "" : "s")"
    }
    static func notCallable(_ name: String) -> String { "'\(name)' is not a function" }
    static func rangeTooLarge(_ count: Int) -> String { "range of \(count) elements is too large (at most 10,000,000)" }
    static let returnOutsideClosure = "'return' is only allowed inside a closure or function"
    static let interrupted = "interrupted"
}

/// "Did you mean …?": the closest candidate by edit distance, if it is close enough.
public enum Suggest {
    public static func closest(to name: String, in candidates: [String]) -> String? {
        let limit = max(1, name.count / 3)
        var best: (String, Int)?
        for candidate in candidates where candidate != name {
            let distance = editDistance(name.lowercased(), candidate.lowercased())
            if distance <= limit, distance < (best?.1 ?? .max) { best = (candidate, distance) }
        }
        return best?.0
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

extension Messages {
    static func letNeedsSubscription(_ name: String) -> String {
        "'let' stores a subscription or a publisher: 'let \(name) = publisher.sink { … }'; for a value, use 'current' or 'published'"
    }
    static let feedbackLoopNote = "a sink sends into its own upstream without end; Tapline stops it instead of overflowing the stack"
    static func repeatCount(_ type: String) -> String { "'repeat' needs an 'Int' count, not '\(type)'" }
    static func badRange(_ low: Int, _ high: Int) -> String { "range \(low)...\(high) is empty: its start is above its end" }
    static let switchNeedsPublisher = "'switch' chooses a view from a publisher's values: 'switch $name { … }'"
    static let negativeDemand = "a demand cannot be negative"
    static func notADemand(_ type: String) -> String {
        "a demand is '.unlimited', '.max(n)' or a whole number, not '\(type)'"
    }
}

extension Messages {
    static func closureArity(_ arity: Int, receives: String) -> String {
        "closure takes \(arity) argument\(arity == 1 ? "" : "s") but receives \(receives.isEmpty ? "none" : "'\(receives)'")"
    }
    static let durationAsValue = "a duration can only be used with 'wait', 'debounce', 'throttle' and 'delay'"
    static func publisherAsValue(_ what: String) -> String {
        "\(what) is a publisher, not a value; subscribe to it with '.sink { … }'"
    }
    static func unknownImplicitMember(_ name: String) -> String {
        "unknown '.\(name)'; did you mean '.unlimited', '.max(n)' or '.finished'?"
    }
    static let closureAsValue = "a closure can only be passed to an operator such as '.map { … }' or '.sink { … }'"
    static let inoutOutsideAssign = "'&' is only used in '.assign(to: &$name)'"
    static func expectedInt(_ type: String) -> String { "expected an 'Int', found '\(type)'" }
    static func expectedDuration(_ type: String) -> String { "a duration needs a number, not '\(type)'" }
    static let durationOutOfRange = "duration must be between 0 and 290 years"
    static let expectedDurationLiteral = "expected a duration such as '300ms' or '1.5s'"
    static func subjectHasNoValue(_ name: String) -> String {
        "'\(name)' is a subject and holds no value; subscribe to it with '\(name).sink { … }'"
    }
    static func functionNotCalled(_ name: String) -> String { "'\(name)' is a function; call it: '\(name)()'" }
    static func notAValue(_ name: String, kind: String) -> String { "'\(name)' is \(kind), not a value" }
    static func functionArguments(_ name: String) -> String { "'\(name)' takes no arguments: '\(name)()'" }
    static func sendCompletionForm(_ name: String) -> String {
        "use '\(name).send(completion: .finished)', or 'fail \(name) \"message\"' for a failure"
    }
}

extension Messages {
    static func printLabel(_ label: String) -> String {
        "'print' takes values and optional 'separator:' and 'terminator:', not '\(label):'"
    }
}

extension Messages {
    static let sinkUsage = "'sink' takes a closure: '.sink { … }' or '.sink(receiveCompletion: { … }, receiveValue: { … })'"
    static let assignUsage = "'assign' is used as '.assign(to: name)' or '.assign(to: &$name)'"
    static func buttonIsNotAPublisher(_ name: String) -> String {
        "'\(name)' is a button; its tap publisher is '\(name).tap'"
    }
    static func arrayIsNotAPublisher(_ operatorName: String) -> String {
        "an array is not a publisher; use '.publisher' first: '[…].publisher.\(operatorName)…'"
    }
    static func publisherOfNonArray(_ type: String) -> String { "'.publisher' needs an array, not '\(type)'" }
}

extension Messages {
    static func negativeCount(_ name: String) -> String { "'\(name)' needs a count of 0 or more" }
    static func closureMustReturnBool(_ name: String, got: String) -> String {
        "the closure of '\(name)' must return a 'Bool', not '\(got)'"
    }
}

extension Messages {
    static func tooMuchRecursion(_ name: String, _ limit: Int) -> String {
        "too much recursion: '\(name)()' is nested more than \(limit) calls deep"
    }
}
