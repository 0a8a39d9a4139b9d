/// One chain operator or subscriber of the language, all of it in one value: its docs, the
/// timeline its diagram is drawn from, its traits and its compile function. Each lives in the
/// file of its family (`Operators/<Family>.swift`, mirroring the core's `Operators/`), with the
/// compile function beside it.
///
/// Everything else reads these values and keeps no list of its own: the compiler dispatches
/// on them (`named`); completion, `:help`, the usage quoted in an error, the operator tables,
/// pages and diagrams of docs/LANGUAGE.md, the Swift export (`traits.export`), fusion
/// (`traits.fusion`) and the program generator of the tests and the fuzzer
/// (`traits.generated`). An operator's name is written in its family file and nowhere else.
///
/// To add an operator: its core operator in `TaplineReactive/Operators/` (with its tests and
/// the contract suite), then its value and compile function in the family file here, listed
/// in the family's array; `scripts/update-docs.sh` regenerates the docs. The tests say what is
/// missing (docs/ARCHITECTURE.md, "Adding an operator").
// A class: the compiler takes a value out of the catalogue at every stage, and copying a
// struct would retain each of its strings and arrays, where a class is one reference.
public final class ChainOperator: Sendable {
    /// The method name as written after a dot: `filter`.
    public let name: String
    /// The forms a program writes, for the docs table and `:help operators`: `filter { Bool }`.
    public let forms: [String]
    /// Combine's declaration, as Apple documents it.
    public let signature: String
    /// What it does, in one line.
    public let summary: String
    /// How to call it, quoted in the error for a wrong call: `'.filter { $0 > 1 }'`.
    public let usage: String
    /// What TAB inserts after a dot: `filter`, `scan(`, `removeDuplicates()`.
    public let completion: String
    /// A program that shows it, and what that program prints (checked by a test).
    public let example: String
    public let output: String
    /// The longer story and the program its marble diagram is drawn from.
    public let timeline: OperatorTimeline
    let traits: OperatorTraits
    let compile: Compile

    enum Compile: Sendable {
        case `operator`(@Sendable (Compiler, OperatorCall) throws(Diagnostic) -> PublisherPlan)
        case subscriber(@Sendable (Compiler, OperatorCall) throws(Diagnostic) -> SubscriptionPlan)
    }

    /// Forms of a call a program generator may write, with holes to fill (`OperatorTraits.generated`).
    public var generatedForms: [String] { traits.generated }

    /// Whether it ends a chain (a subscriber) or continues it.
    public var isSubscriber: Bool {
        if case .subscriber = compile { return true }
        return false
    }

    init(name: String, forms: [String], signature: String, summary: String, usage: String, completion: String,
         example: String, output: String, timeline: OperatorTimeline, traits: OperatorTraits = OperatorTraits(),
         compile: Compile) {
        self.name = name
        self.forms = forms
        self.signature = signature
        self.summary = summary
        self.usage = usage
        self.completion = completion
        self.example = example
        self.output = output
        self.timeline = timeline
        self.traits = traits
        self.compile = compile
    }
}

/// What an operator does, told at more length than its summary, its names in RxSwift and
/// RxJS, and a program on the virtual clock whose `marbles` diagram shows it.
///
/// `:help NAME` and the SVGs in docs/LANGUAGE.md draw the diagram by running `program` with
/// recording on and `marbles` after it, so a diagram can never disagree with the behaviour.
/// Each program plays marble strings into subjects (one-character values, so the diagram needs
/// no legend where it can), subscribes one short chain, and waits until everything has ended,
/// within about 30 frames and 4 lanes. OperatorTimelineTests runs every one.
public struct OperatorTimeline: Sendable {
    /// Two sentences: what it does, and when an app uses it / what to watch for.
    public let about: String
    /// The names in RxSwift and RxJS when they differ from Combine's (nil when the same or none).
    public let rxSwift: String?
    public let rxJS: String?
    /// A program that plays marble strings into subjects and subscribes the operator's chain
    /// with `.sink { _ in }` (or the subscriber itself); it must not contain `marbles`.
    public let program: String

    /// The summary and `about` in Korean (`:help` under a `ko_*` locale).
    public let korean: KoreanWords

    init(about: String, korean: KoreanWords, rxSwift: String? = nil, rxJS: String? = nil, program: String) {
        self.about = about
        self.korean = korean
        self.rxSwift = rxSwift
        self.rxJS = rxJS
        self.program = program
    }
}

/// An operator's words in Korean: its one-line summary and its two sentences.
public struct KoreanWords: Sendable {
    public let summary: String
    public let about: String
}

/// What the language's machinery needs to know of an operator besides how to compile it.
struct OperatorTraits: Sendable {
    /// Its subscribers share one upstream subscription: a publisher object of its own, whose
    /// lane in a diagram shows each event once, however many subscribers it has.
    var isShared = false
    /// What it is as a step of a run fused into a sink (`FusedSteps`), if it can be one.
    var fusion: Fusion?
    /// How it uses a scheduler.
    var scheduler: SchedulerUse = []
    /// What the Swift export needs to know of it.
    var export = ExportTraits()
    /// Forms of a call a program generator writes, with holes it fills (`ProgramGenerator`):
    /// `EXPR` an `Int` expression of `$0`, `INT` a small count, `DURATION` a duration,
    /// `PUBLISHER` a short chain of `Int`s, `COMMAND` a statement. Each must compile after
    /// any chain of `Int`s.
    var generated: [String] = []
}

/// How an operator uses a scheduler.
struct SchedulerUse: OptionSet, Sendable {
    let rawValue: Int
    /// It takes one (`scheduler:`, `on:`, `using:`, or `.byTime`'s first argument).
    static let takesScheduler = SchedulerUse(rawValue: 1 << 0)
    /// Where a script leaves `scheduler:` out, it is `RunLoop.main` (the export writes it).
    static let defaultsToMainRunLoop = SchedulerUse(rawValue: 1 << 1)
    /// It delivers through the scheduler as soon as possible (a run loop's next turn), so the
    /// exported program drains the scheduler after each entry, as Tapline does.
    static let deliversAsSoonAsPossible = SchedulerUse(rawValue: 1 << 2)
    /// It passes the upstream's completion on as soon as possible (`debounce`): a stream that
    /// ends needs the drain too.
    static let completesAsSoonAsPossible = SchedulerUse(rawValue: 1 << 3)
}

/// What the Swift export (`Export/`) needs to know of an operator.
struct ExportTraits: Sendable {
    /// Its Swift form makes errors from messages (`AppError`): the file carries the type.
    var needsAppError = false
    /// It subscribes its one argument (`subscribe(SUBSCRIBER)`, `subscribe(SUBJECT)`): the
    /// subscriber's Input is the chain's Output.
    var subscribesArgument = false
    /// Why it has no Swift form, and what to do instead.
    var unexportable: (what: String, hint: String)?
    /// Its Swift form where Tapline's spelling and Combine's differ; nil (or a nil result)
    /// writes the call as it is.
    var write: (@Sendable (SwiftExporter, ExportedCall) throws(Diagnostic) -> String?)?
    /// Whether the call returns an `AnyCancellable` the export must store.
    var returnsCancellable: (@Sendable (SwiftExporter, [Argument]) -> Bool)?
}

extension ChainOperator {
    /// The catalogue, in the order the docs and `:help operators` list it.
    public static let all: [ChainOperator] = transforming + filtering + reducing + combining + timing + debuggingAndSharing
        + tryVariants + errorHandling + higherOrder + sequencing + scheduling + subscribers

    /// Finds an operator by the name written after a dot, or, where one name is two operators
    /// (`subscribe(on:)` and `subscribe(_:)`), by the name and its first label.
    static func named(_ name: String, firstLabel: String? = nil) -> ChainOperator? {
        if let firstLabel, let labelled = byName["\(name)(\(firstLabel):)"] { return labelled }
        return byName[name]
    }

    /// The operator a `:help` topic names (`subscribe(on:)` for the scheduler form).
    public static func topic(_ name: String) -> ChainOperator? { byName[name] }

    private static let byName: [String: ChainOperator] = Dictionary(all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

    /// All names after a dot, for "did you mean".
    static let names: [String] = all.map(\.name).filter { !$0.hasSuffix(":)") }

    /// The name as a program writes it after the dot: `subscribe` for `subscribe(on:)`.
    var method: String { name.split(separator: "(").first.map(String.init) ?? name }
}
