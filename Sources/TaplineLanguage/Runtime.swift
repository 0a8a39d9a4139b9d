import TaplineReactive

/// An error found while running, with the place in the source that caused it.
public struct RuntimeError: Error {
    public var message: String
    public var range: SourceRange
    public var notes: [Diagnostic.Note] = []

    var diagnostic: Diagnostic { Diagnostic.error(message, at: range, notes: notes) }
}

/// Thrown by `return` and caught at the closure or function boundary.
struct ReturnSignal: Error {
    var value: Value
}

/// The local variables of one closure or function call: closure arguments first, then
/// loop variables and named parameters. Compiled code reaches a variable by (depth, slot).
final class Frame {
    var slots: [Value]
    let parent: Frame?

    init(size: Int, parent: Frame?) {
        slots = Array(repeating: .void, count: size)
        self.parent = parent
    }

    @inline(__always) func ancestor(_ depth: Int) -> Frame {
        var frame = self
        for _ in 0..<depth { frame = frame.parent ?? frame }
        return frame
    }
}

/// Compiled code: an expression gives a value, a statement runs for its effect.
typealias Code = (Frame) throws -> Value
typealias Action = (Frame) throws -> Void

/// Something a program declared: a button, subject, subscriber, view…
final class Entity {
    enum Kind {
        case button(ButtonBox)
        case subject(PassthroughSubject<Value, ScriptFailure>)
        case current(CurrentValueSubject<Value, ScriptFailure>)
        case published(PublishedSubject<Value>)
        case subscriber(SubscriberBox)
        case function(FunctionBox)
        case view(ViewBox)
        case subscription(SubscriptionBox)
        /// `let NAME = publisher…` without a subscriber: a publisher built once and kept.
        case stream(StreamBox)
    }

    let name: String
    let range: SourceRange
    let kind: Kind
    /// The declared or inferred type of the values it carries (subjects and values).
    var type: TypeName
    /// False until its declaration has run; an entry that fails first forgets it.
    var isInitialized = false

    init(name: String, range: SourceRange, kind: Kind, type: TypeName = .any) {
        self.name = name
        self.range = range
        self.kind = kind
        self.type = type
    }

    /// "a button", "a @Published value", … for messages.
    var kindDescription: String {
        switch kind {
        case .button: return "a button"
        case .subject: return "a subject"
        case .current: return "a current value subject"
        case .published: return "a @Published value"
        case .subscriber: return "a subscriber"
        case .function: return "a function"
        case .view: return "a view"
        case .subscription: return "a subscription"
        case .stream: return "a publisher"
        }
    }

    /// The keyword that declares this kind, for `:list`.
    var keyword: String {
        switch kind {
        case .button: return "button"
        case .subject: return "subject"
        case .current: return "current"
        case .published: return "published"
        case .subscriber: return "subscriber"
        case .function: return "func"
        case .view: return "view"
        case .subscription, .stream: return "let"
        }
    }
}

final class ButtonBox {
    let tap = PassthroughSubject<Value, Never>()
    var title: String = ""
    var action: Action?
}

final class SubscriberBox {
    var subscriber: Subscribers.Custom<Value, ScriptFailure>?
    var isAttached = false
}

final class FunctionBox {
    var body: Action?
    var frameSize = 0
}

final class ViewBox {
    var appear: Action?
    var disappear: Action?
    var bag: [AnyCancellable] = []
    var isShown = false
}

final class StreamBox {
    var publisher: AnyPublisher<Value, ScriptFailure>?
    var chain: String = ""
}

final class SubscriptionBox {
    var token: AnyCancellable?
    var chain: String = ""
}

/// A subscription made at the top level without `let`: kept alive for the session, as the
/// Swift REPL keeps a result alive; the REPL lists and cancels these by number.
public struct LiveSubscription {
    public var id: Int
    public var chain: String
    let token: AnyCancellable
}

/// The state of a running program (a script, or a whole REPL session).
final class Runtime {
    /// Where program output goes (`print`, `.print("tag")`), as raw text.
    var output: (String) -> Void
    let clock = VirtualTimeScheduler()
    /// Checked at safe points (each loop turn, each event, each timer): true stops the run.
    var isInterrupted: () -> Bool = { false }
    let feedbackLimit: Int
    /// How deeply `func` calls are nested now, and the bound on it.
    var callDepth = 0
    static let maximumCallDepth = 500

    /// The script's command-line arguments (`tapline FILE ARGS…`), as `arguments`.
    var arguments: [String] = []

    /// The first error raised inside event delivery, where it cannot be thrown; once set,
    /// delivery stops and the statement that started it reports it.
    private(set) var pendingError: RuntimeError?
    private var deliveries = 0
    private(set) var isAborting = false
    /// The top-level statement now running, to locate errors raised during delivery.
    var statementRange: SourceRange?
    /// Where subscriptions made now are kept: the view whose `on appear` is running.
    var bagOwners: [ViewBox] = []
    private(set) var live: [LiveSubscription] = []
    private var nextLiveID = 1

    init(output: @escaping (String) -> Void, feedbackLimit: Int) {
        self.output = output
        self.feedbackLimit = feedbackLimit
    }

    /// Where the REPL's echo of an expression's value goes (one line, no newline).
    var echo: (String) -> Void = { _ in }

    /// Writes one line of program output.
    func write(_ line: String) { output(line + "\n") }
    /// Writes text as it is (a `print` with its own terminator).
    func writeRaw(_ text: String) { output(text) }

    /// Records an error raised during delivery and stops further delivery.
    func raise(_ error: RuntimeError) {
        if pendingError == nil { pendingError = error }
        isAborting = true
    }

    /// Runs code called back by a publisher, turning a thrown error into a pending one.
    @inline(__always) func deliver(_ body: () throws -> Void) {
        guard !isAborting else { return }
        // Polling the interrupt flag on every event would cost more than many events do.
        deliveries &+= 1
        if deliveries & 1023 == 0, isInterrupted() {
            raise(RuntimeError(message: Messages.interrupted, range: statementRange ?? .zero))
            return
        }
        do {
            try body()
        } catch let error as RuntimeError {
            raise(error)
        } catch {
            raise(RuntimeError(message: "\(error)", range: statementRange ?? .zero))
        }
    }

    /// Throws the pending error, if any, and clears it so the session can go on.
    func throwPending() throws {
        guard let error = pendingError else { return }
        pendingError = nil
        isAborting = false
        throw error
    }

    /// Clears an abort after a failed top-level statement.
    func recover() {
        callDepth = 0
        pendingError = nil
        isAborting = false
        bagOwners.removeAll()
    }

    func checkInterrupt(_ range: SourceRange) throws {
        if isInterrupted() { throw RuntimeError(message: Messages.interrupted, range: range) }
    }

    /// Keeps a new subscription: in the view being shown, else for the session.
    func keep(_ token: AnyCancellable, chain: String) {
        if let owner = bagOwners.last {
            owner.bag.append(token)
        } else {
            live.append(LiveSubscription(id: nextLiveID, chain: chain, token: token))
            nextLiveID += 1
        }
    }

    /// Cancels a session subscription by number; false if there is none.
    func cancelLive(_ id: Int) -> Bool {
        guard let index = live.firstIndex(where: { $0.id == id }) else { return false }
        live.remove(at: index).token.cancel()
        return true
    }
}

extension SourceRange {
    static let zero = SourceRange(SourceLocation(line: 1, column: 1, offset: 0), SourceLocation(line: 1, column: 1, offset: 0))
}
