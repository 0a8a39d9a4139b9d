/// A problem found in a program, as data: where, what (a stable id and the text), and
/// notes. Formatting — plain, or decorated with colour by the tool — is a separate pass
/// (`DiagnosticFormatter`). Messages come from the one catalogue in `Messages.swift`.
public struct Diagnostic: Error, Hashable, Sendable {
    public enum Severity: String, Sendable {
        /// Stops the entry: nothing of it runs (or, while running, the rest of it).
        case error
        /// Said before the entry runs, which it does anyway: code that is legal but most
        /// likely not what was meant (a sink whose values are publishers).
        case warning
        case note
    }

    /// A further remark attached to a diagnostic, optionally pointing elsewhere.
    public struct Note: Hashable, Sendable {
        public var id: MessageID
        public var message: String
        public var range: SourceRange?

        init(_ message: Message, at range: SourceRange? = nil) {
            id = message.id
            self.message = message.text
            self.range = range
        }
    }

    public var severity: Severity
    /// Which message this is, whatever its wording: the REPL knows an interrupt by its id.
    public var id: MessageID
    public var message: String
    public var range: SourceRange
    public var notes: [Note]
    /// True when the input simply stopped too early (an open `{`, `(`, `[` or string):
    /// the REPL then asks for more lines instead of reporting an error.
    public var isIncompleteInput: Bool

    init(_ message: Message, at range: SourceRange, notes: [Note] = [], incomplete: Bool = false, severity: Severity = .error) {
        self.severity = severity
        id = message.id
        self.message = message.text
        self.range = range
        self.notes = notes
        isIncompleteInput = incomplete
    }

    static func error(_ message: Message, at range: SourceRange, notes: [Note] = []) -> Diagnostic {
        Diagnostic(message, at: range, notes: notes)
    }

    static func warning(_ message: Message, at range: SourceRange) -> Diagnostic {
        Diagnostic(message, at: range, severity: .warning)
    }

    /// The same diagnostic with a note added, unless it has that note already.
    func noting(_ message: Message, at range: SourceRange? = nil) -> Diagnostic {
        var copy = self
        let note = Note(message, at: range)
        if !copy.notes.contains(note) { copy.notes.append(note) }
        return copy
    }
}

/// One message of the catalogue: its id and its text, arguments filled in.
struct Message: Sendable {
    let id: MessageID
    let text: String

    init(_ id: MessageID, _ text: String) {
        self.id = id
        self.text = text
    }
}

/// The stable name of each message in `Messages`, grouped by the stage that reports it.
public enum MessageID: String, Hashable, Sendable, CaseIterable {
    // Lexer
    case dollarWithoutName, closureArgumentTooLarge, durationTooLong, unterminatedString, badNumberSuffix
    case numberTooLarge, invalidEscape, unexpectedCharacter, unterminatedComment
    // Parser
    case expected, expectedEndOfStatement, expectedEndOfInterpolation, tooDeeplyNested, unknownType
    case viewMember, viewBodyElement, viewBodyButton, textNeedsString, notObservable, forNeedsRange, nonAssociative, misplacedKeyword, keywordInExpression, missingSwift
    // Names and declarations
    case unknownName, missingLibrary, commandTypo, alreadyDeclared, previousDeclaration, declarationAtTopLevel, notA, importAtTopLevel, unknownModule, commandWordReading, swiftTypeDeclaration
    // The program's own types
    case enumRawValue, deinitOutsideClass, computedPropertyType, enumStoredProperty, propertyNeedsType, staticComputedProperty
    case noInitializer, noCase, typeMember, notASubscriberType, unownedGone, foreignExtension, extensionStoredProperty
    // Commands
    case setOnButton, sendToPublished, neverFails, requestZero, notASubscription, typeMismatch, sendTypeMismatch
    case repeatCount, switchNeedsPublisher, switchOnPublisher, unknownView, returnOutsideClosure
    // Chains
    case unknownOperator, chainNotSubscribed, operatorArguments, notAPublisher, tapNeedsButton
    case publishedIsNotAPublisher, buttonIsNotAPublisher, dollarOnNonPublished, arrayIsNotAPublisher
    case publisherOfNonArray, negativeCount, closureMustReturnBool, alreadySubscribed, failureMismatch
    case completionPattern, bindingInManyPatterns, cannotThrow, uncaughtError, sinkOfPublishers
    case storeNeedsBag, subjectDeclaration, keyPathAsValue, keyPathRoot, unknownScheduler, notAnError, neverFailureRequired, typeQueryNeedsExpression
    case outputMismatch, replacementType, closureMustReturnPublisher, switchToLatestNeedsPublishers, assertedNoFailure, expectedCompletion, notConnectable
    // Expressions and closures
    case binaryOperator, unaryOperator, conditionNotBool, noMember, argumentOutsideClosure, argumentOutOfRange
    case notCallable, closureArity, publisherAsValue, unknownImplicitMember, closureAsValue
    case inoutOutsideAssign, expectedInt, expectedDuration, durationOutOfRange, expectedDurationLiteral
    case functionNotCalled, notAValue, functionArguments, sendCompletionForm, printLabel
    case argumentLabel, argumentType, resultType, missingReturn, castFailed
    // Time: frame, play, expect
    case marbleInterpolation, marbleSyntax, playTarget, marbleValue, expectNeedsPublisher, expectFailed, expectNote
    case cannotWrite, replacedFile, filesNotWritten, operatorWithoutPublisher, assignToConstant, genericArgumentMismatch
    // Running
    case unwrappedNil, fatalError, divisionByZero, arithmeticOverflow, oneSidedRange, rangeTooLarge, badRange, negativeDemand, notADemand, feedbackLoop
    case feedbackLoopNote, tooMuchRecursion, interrupted, triggeredHere, internalError, contractViolation
    // Swift export
    case cannotExport
    // Limits (docs/LIMITS.md)
    case scriptTooLarge, valueTooLarge, recursionDepthLimit, eventsPerInstantLimit, chainTooLong, clockEnd, outputTooLarge, quietTimeLimit
}
