/// Swift's rules on a publisher's Failure, in one place. Combine declares some methods only
/// for publishers that cannot fail (`sink(receiveValue:)`, `assign`, `setFailureType(to:)`)
/// and joins two publishers only when they fail alike (`merge`, `zip`, `combineLatest`,
/// `append`, `flatMap`, `subscribe` into a subject). A program that breaks one is refused
/// before it runs, in swiftc's words, with a note that says how to make the types meet. A
/// Failure the compiler does not know is left to run.
extension Compiler {
    /// A method Combine declares in `extension Publisher where Failure == Never`.
    /// (`method` is worked out only for the error.)
    func requireNeverFailing(_ failure: SType, method: @autoclosure () -> String, at range: SourceRange, hint: Message) throws(Diagnostic) {
        guard failure.isKnown, failure != .never else { return }
        throw Diagnostic.error(Messages.neverFailureRequired(method(), failure.swiftName), at: range).noting(hint)
    }

    /// A method whose `where` clause needs two publishers' Failures to be one type
    /// (`Self.Failure == P.Failure`).
    func requireSameFailure(_ first: SType, _ second: SType, method: @autoclosure () -> String, at range: SourceRange) throws(Diagnostic) {
        guard first.isKnown, second.isKnown, first != second else { return }
        throw Diagnostic.error(Messages.failureMismatch(method(), first.swiftName, second.swiftName), at: range)
            .noting(Messages.failureMismatchHint(first, second))
    }

    /// Whether a type is an error type of the program's (`enum NetworkError: Error`).
    func isOwnErrorType(_ type: SType) -> Bool { userType(of: type)?.conformsToError == true }
}

extension OperatorCall {
    /// The type of the error a closure that handles the upstream's failure is given
    /// (`catch`, `mapError`): the upstream's Failure, `Error` where it is not known.
    var upstreamErrorType: SType {
        let failure = upstream.failure
        return failure.isKnown && failure != .never ? failure : .error
    }

    /// The method's name as swiftc writes it in a message: its labels, those of the declared
    /// parameters a call leaves out included (`flatMap(maxPublishers:_:)`), a trailing closure
    /// as `_:`.
    var swiftMethodName: String {
        var written = arguments.map(\.label)
        if trailing != nil { written.append(nil) }
        let declared = OperatorCall.parameterLabels(entry.signature)
        let labels = OperatorCall.isSubsequence(written, of: declared) ? declared : written
        return name + "(" + labels.map { ($0 ?? "_") + ":" }.joined() + ")"
    }

    /// The argument labels of a `func` signature, `nil` for `_`.
    static func parameterLabels(_ signature: String) -> [String?] {
        guard let open = signature.firstIndex(of: "(") else { return [] }
        var labels: [String?] = []
        var depth = 0, start = signature.index(after: open), atParameterStart = true, previous: Character = "("
        for index in signature[start...].indices {
            defer { previous = signature[index] }
            switch signature[index] {
            case "(", "<", "[": depth += 1
            case ")" where depth == 0: return labels
            case ">" where previous == "-": break   // an arrow, not a closing bracket
            case ")", ">", "]": depth -= 1
            case ":" where depth == 0 && atParameterStart:
                let words = signature[start..<index].split(separator: " ")
                labels.append(words.first.map(String.init).flatMap { $0 == "_" ? nil : $0 })
                atParameterStart = false
            case "," where depth == 0:
                start = signature.index(after: index)
                atParameterStart = true
            default: break
            }
        }
        return labels
    }

    private static func isSubsequence(_ part: [String?], of whole: [String?]) -> Bool {
        var rest = whole[...]
        for label in part {
            guard let found = rest.firstIndex(where: { $0 == label }) else { return false }
            rest = rest[rest.index(after: found)...]
        }
        return true
    }
}

extension SType {
    /// The type as swiftc names it in a message: the `Error` existential is `any Error`.
    var swiftName: String { self == .error ? "any Error" : name }
}
