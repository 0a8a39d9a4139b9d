import TaplineReactive

// The run-time objects behind declarations. The compiler makes each when it compiles the
// declaration, and compiled code holds it directly, so nothing is looked up by name at run time.

/// `button NAME`: its title, its action, and the tap publisher (`NAME.tap`, Failure `Never`).
final class ButtonBox {
    let tap = PassthroughSubject<Value, Never>()
    var title: String = ""
    var action: Body?
}

/// `subscriber NAME(demand:)`: the custom subscriber, made when the declaration runs.
final class SubscriberBox {
    var subscriber: Subscribers.Custom<Value, ScriptFailure>?
    /// A subscriber takes one subscription; a second `.subscribe(NAME)` is an error.
    var isAttached = false
}

/// `func NAME(parameters) -> Type`: its signature, its body and the size of the frame each
/// call gets (the arguments take its first slots).
final class FunctionBox {
    /// Each parameter's label (nil for `_`) and type.
    let parameters: [(label: String?, type: SType)]
    /// The declared result type; `.unknown` when the signature has no `->`.
    let result: SType
    /// Each parameter's default value (`name: String = "you"`), nil where it has none: a call
    /// may leave those arguments out.
    var defaults: [Expr?] = []

    /// Whether the parameter at `index` has a default value a call may leave out.
    func hasDefault(at index: Int) -> Bool { index < defaults.count && defaults[index] != nil }
    var body: Action?
    var frameSize = 0
    /// Declared `throws`, or found to throw while its body compiled.
    var isThrowing: Bool
    /// For a method of the program's types: the runtime it runs in (`UserMembers.invoke`).
    var runtimeLink: RuntimeLink?
    var runtime: Runtime? { runtimeLink?.runtime }
    /// For a method: false when no closure made in it reads `self`, so that its frame, which
    /// such closures may keep, lets `self` go when the call returns.
    var keepsSelf = true

    init(parameters: [(label: String?, type: SType)], result: SType, isThrowing: Bool) {
        self.parameters = parameters
        self.result = result
        self.isThrowing = isThrowing
    }

    /// Runs the body in a fresh frame that `fill` gives its arguments, depth bounded so that
    /// endless recursion is an error rather than a stack overflow; the result, checked
    /// against the declared type, and the frame (a method's `self` may have changed in it).
    func run(name: String, runtime: Runtime, range: SourceRange, arguments fill: (Frame) throws -> Void) throws -> (result: Value, frame: Frame) {
        try runtime.checkInterrupt(range)
        guard runtime.callDepth < Runtime.maximumCallDepth else {
            throw RuntimeError(Messages.tooMuchRecursion(name, Runtime.maximumCallDepth), at: range)
        }
        let frame = Frame.make(size: frameSize, parent: nil)
        try fill(frame)
        runtime.callDepth += 1
        defer { runtime.callDepth -= 1 }
        var result = Value.void
        do {
            try runtime.nested(at: range) { try body?(frame) }
        } catch is ReturnSignal {
            result = runtime.takeReturned()
        }
        let checked = try self.result.checked(result, at: range) { got in
            got == "Void" ? Messages.missingReturn(name, expected: self.result.name) : Messages.resultType(name, expected: self.result.name, got: got)
        }
        return (checked, frame)
    }

    /// An argument checked against its parameter's type, stored in the callee's frame.
    @inline(__always) func store(_ argument: Value, in frame: Frame, slot: Int, parameter: Int? = nil, name: String, range: SourceRange) throws {
        let type = parameters[parameter ?? slot].type
        frame.slots[slot] = try type.checked(argument, at: range) { got in
            Messages.argumentType(signature(name), expected: type.name, got: got)
        }
    }

    /// The type as `:list` shows it: `(x: Int, String) -> Int`.
    var typeDescription: String {
        let parameterList = parameters.map { ($0.label.map { $0 + ": " } ?? "") + $0.type.name }.joined(separator: ", ")
        return "(" + parameterList + ")" + (result == .unknown ? "" : " -> " + result.name)
    }

    /// How a call is written: `double(x:)`, `search(_:)`, `refresh()` — Swift's notation.
    /// Whether a call with these labels fits the parameters once those with a default that
    /// the call leaves out are skipped; a last `nil` may be a trailing closure, which fills a
    /// parameter of any label.
    func accepts(labels: [String?]) -> Bool {
        var next = 0
        for (index, parameter) in parameters.enumerated() {
            if next < labels.count, labels[next] == parameter.label || (next == labels.count - 1 && labels[next] == nil) {
                next += 1
            } else if !hasDefault(at: index) {
                return false
            }
        }
        return next == labels.count
    }

    func signature(_ name: String) -> String {
        name + "(" + parameters.map { ($0.label ?? "_") + ":" }.joined() + ")"
    }
}

/// `let NAME = chain` without a subscriber: the publisher, built once.
final class StreamBox {
    var publisher: AnyPublisher<Value, ScriptFailure>?
    let chain: SourceText
    /// Its Output and Failure, as the compiler knew them.
    let output: SType
    let failure: SType
    /// For a connectable publisher: what `NAME.connect()` calls.
    var connect: (() -> any Cancellable)?
    /// How Swift prints it, where that is more than its type (`Just<Int>(output: 3)`).
    var describe: (() -> String)?

    init(chain: SourceText, output: SType, failure: SType) {
        self.chain = chain
        self.output = output
        self.failure = failure
    }
}

/// `let NAME = value` / `var NAME = value` at the top level: a plain value, as in Swift —
/// not observable (that is `current` and `published`); only a `var` can be set again.
final class ValueBox {
    var value = Value.void
    /// Its static type, as its first value gave it.
    let type: SType
    let isMutable: Bool

    init(type: SType, isMutable: Bool) {
        self.type = type
        self.isMutable = isMutable
    }
}

/// `var NAME = Set<AnyCancellable>()`: a bag of subscriptions (`.store(in: &NAME)`). Letting
/// a token go cancels it unless something else holds it, as an `AnyCancellable` does.
final class BagBox {
    var tokens: [AnyCancellable] = []
}

/// `let NAME = chain.sink { … }`: the subscription, cancelled by `cancel NAME`.
final class SubscriptionBox {
    var token: AnyCancellable?
    let chain: SourceText
    /// Whether the stream it keeps has ended (`:list` says so).
    var hasEnded: () -> Bool = { false }

    init(chain: SourceText) { self.chain = chain }
}
