/// A problem found in a program, as data: rendering (plain or coloured) is a separate pass
/// (`DiagnosticRenderer`). Messages come from the one catalogue in `Messages.swift`.
public struct Diagnostic: Error, Hashable, Sendable {
    public enum Severity: String, Sendable {
        case error, warning, note
    }

    /// A further remark attached to a diagnostic, optionally pointing elsewhere.
    public struct Note: Hashable, Sendable {
        public var message: String
        public var range: SourceRange?

        public init(_ message: String, at range: SourceRange? = nil) {
            self.message = message
            self.range = range
        }
    }

    public var severity: Severity
    public var message: String
    public var range: SourceRange
    public var notes: [Note]
    /// True when the input simply stopped too early (an open `{`, `(`, `[` or string):
    /// the REPL then asks for more lines instead of reporting an error.
    public var isIncompleteInput: Bool

    public init(_ severity: Severity = .error, _ message: String, at range: SourceRange, notes: [Note] = [], incomplete: Bool = false) {
        self.severity = severity
        self.message = message
        self.range = range
        self.notes = notes
        self.isIncompleteInput = incomplete
    }

    public static func error(_ message: String, at range: SourceRange, notes: [Note] = []) -> Diagnostic {
        Diagnostic(.error, message, at: range, notes: notes)
    }
}
