import Synchronization
import TaplineReactive

/// An error found while running, with the place in the source that caused it.
///
/// Every run-time error reaches the statement that caused it the same way: code that can
/// throw throws it; code called back by a publisher, which cannot throw into Combine, hands
/// it to `Runtime.deliver`, which parks it and stops delivery, and the running statement's
/// `Step` throws it as soon as that statement returns. The driver turns it into the
/// `Diagnostic` the user sees, with a note when it was raised outside the statement's text.
struct RuntimeError: Error {
    var diagnostic: Diagnostic

    init(_ message: Message, at range: SourceRange, notes: [Diagnostic.Note] = []) {
        diagnostic = Diagnostic.error(message, at: range, notes: notes)
    }
}

/// An error a program threw (`throw "negative"`): it fails the stream of the `try…` operator
/// whose closure threw it, and one no one catches is reported where it was thrown.
struct ThrownError: Error {
    let message: String
    /// Where it was thrown.
    let range: SourceRange
    /// The value thrown, when it is more than its message (a value of the program's `enum`).
    var payload: ErrorPayload?

    init(message: String, range: SourceRange) {
        self.message = message
        self.range = range
    }

    /// `throw value`: a string is its message; any other value is carried as it is.
    init(_ value: Value, range: SourceRange) {
        message = value.description
        self.range = range
        if case .string = value { return }
        payload = ErrorPayload(value)
    }

    /// Reported as an error in the program when no one catches it.
    var uncaught: RuntimeError { RuntimeError(Messages.uncaughtError(message), at: range) }
}

/// A thrown value that is not only a message: an enum's case (`NameError.tooShort("Bob")`)
/// that a `catch`, `mapError` or a completion's pattern matches. A `Value` is not `Sendable`;
/// an error must be, and this one never leaves the interpreter's thread.
final class ErrorPayload: @unchecked Sendable, Equatable {
    let value: Value

    init(_ value: Value) { self.value = value }

    static func == (left: ErrorPayload, right: ErrorPayload) -> Bool { left.value == right.value }
}

/// Thrown by `return` and caught at the closure or function boundary, where the value waits
/// in `Runtime.returned`. (An error must be `Sendable`; a `Value`, which may hold a publisher,
/// is not, and never leaves the interpreter's thread.)
struct ReturnSignal: Error {}

/// Thrown by `break` and `continue`, and caught by the loop (or, for `break`, the `switch`)
/// they leave; the compiler allows them only inside one.
struct BreakSignal: Error {}
struct ContinueSignal: Error {}

/// Thrown where an optional chain (`a?.b`) meets `nil`, and caught where the chain ends,
/// which is then `nil`.
struct NilChainSignal: Error {}

/// What the core reports where Combine would trap (requesting `.none`, a negative count),
/// once `Interpreter.reportContractViolationsAsErrors()` has made it the core's reporter:
/// the statement that caused it then fails with a located error. (One log for the process,
/// as the core's reporter is one; `Sendable` because that reporter must be.)
final class ContractViolations: Sendable {
    static let shared = ContractViolations()
    private let messages = Mutex<[String]>([])

    /// The reporter to bind: it keeps the message, and the core ignores the call.
    var report: @Sendable (String) -> Void { { message in self.messages.withLock { $0.append(message) } } }

    /// Throws the first violation the statement caused, if any.
    func check(_ range: SourceRange) throws {
        let first = messages.withLock { messages -> String? in
            defer { messages.removeAll() }
            return messages.first
        }
        if let first { throw RuntimeError(Messages.contractViolation(first), at: range) }
    }
}
