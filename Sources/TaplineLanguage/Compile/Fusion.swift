import TaplineReactive

/// A run of `filter`, `map`, `compactMap`, `scan` and `removeDuplicates()` stages with nothing
/// observing between them, optionally ended by a `reduce`, which a `sink` runs in its own
/// delivery instead of receiving each value through a subscriber per stage: after the subject,
/// `s.filter { … }.map { … }.reduce(0) { … }.sink { … }` is one call per value, not four.
///
/// Why this is invisible: these stages forward every request and cancel unchanged, and pass
/// the upstream's subscription down as it is (`removeDuplicates` passes one of its own, which
/// only a stage between it and the sink could show, and such a stage ends the run); a value a step
/// drops gives back `.max(1)` from the sink, as the step's own stage gives it back upstream
/// (so a `print` or `handleEvents` before the run sees the same request). A step whose
/// closure fails forwards nothing and gives back nothing, as a separate stage does under the
/// runtime's `StopSignal`: the steps after it do nothing, and neither does the sink, and a
/// `scan` whose closure fails keeps the result it had, as its stage does. A `scan`'s and a
/// `removeDuplicates`'s state belongs to the run bound for one subscription, as to its stage.
/// A `reduce` ends the run: its
/// result reaches the sink when the upstream finishes, then the completion, exactly as the
/// core's `Reduce` hands them to a sink (`ValueSink`'s `receiveResult`). Apple fuses stages the same way
/// (`Map.map`, `Filter.filter`, `CompactMap.map` return one stage).
///
/// Why it pays: the core's operators are generic, and reached through type erasure they run
/// unspecialised, copying each `Value` through its value witnesses; the language's sink is
/// a concrete class. Fusing a run into the core's generic `Reduce` instead would not pay: it
/// would move the filter's cost into the reduce's closure, which runs for every value.
///
/// A plan keeps its unfused `make` for every other consumer; only `sink` reads `fusable`.
/// Recording (`marbles`, `trace`) taps each stage, so `Compiler.recorded` drops `fusable`,
/// and it is made only when `Compiler.fastPaths` is on.
final class FusedSteps {
    enum Kind: Sendable { case filter, map, compactMap, scan, removeDuplicates }

    struct Step {
        let kind: Kind
        /// Nil for `removeDuplicates()`.
        let closure: CompiledClosure?
        /// Where a filter's non-`Bool` result is reported.
        let range: SourceRange
        /// A scan's initial result.
        let initial: Code?
    }

    /// A `reduce(initial) { … }` that ends the run.
    struct Reduction {
        let initial: Code
        let next: CompiledClosure
    }

    /// The most steps a run takes (see `Compiler.openRun`).
    static let longest = 32

    /// The stream before the first step.
    let source: (Frame) throws -> PublisherPlan.Stream
    /// The run up to its last step, and that step: each stage adds one node and shares the
    /// ones before (an array of the steps so far would be copied at every stage, and each
    /// stage's plan would hold its own copy). Nil for a reduce's node.
    private let before: FusedSteps?
    private let last: Step?
    let reduction: Reduction?
    /// How many steps the run has.
    let count: Int

    // A class: a plan is copied at every stage, and this is one reference to copy.
    init(source: @escaping (Frame) throws -> PublisherPlan.Stream, before: FusedSteps?, last: Step?,
         reduction: Reduction? = nil) {
        self.source = source
        self.before = before
        self.last = last
        self.reduction = reduction
        count = (before?.count ?? 0) + (last == nil ? 0 : 1)
    }

    /// The steps in order, first to last.
    var steps: [Step] {
        var steps: [Step] = []
        var node: FusedSteps? = self
        while let current = node {
            if let step = current.last { steps.append(step) }
            node = current.before
        }
        return steps.reversed()
    }

    /// The run bound to the frame its chain is built in, as each stage binds its closure (and
    /// a scan's initial result is evaluated, in the order the stages make theirs).
    func bind(to frame: Frame) throws -> FusedRun { try FusedRun(steps, frame: frame) }
}

/// What an operator is to a fused run (`OperatorTraits.fusion`): a step of it, or the
/// `reduce` that ends it.
enum Fusion: Sendable {
    case step(FusedSteps.Kind)
    case reduction
}

extension Compiler {
    /// `plan`, the stage `call` compiled with `closure`, as the last step of the run of such
    /// stages before it (see `FusedSteps`), when its operator can be one (`traits.fusion`);
    /// a `reduce` or `scan` passes its `initial` value too. Otherwise, and without fast paths, `plan`.
    func fusing(_ plan: PublisherPlan, closure: CompiledClosure?, initial: Code? = nil, call: OperatorCall) -> PublisherPlan {
        guard fastPaths, let fusion = call.entry.traits.fusion else { return plan }
        let before = openRun(before: call)
        let source = before?.source ?? call.upstream.make
        var fused = plan
        switch fusion {
        case .step(let kind):
            fused.fusable = FusedSteps(source: source, before: before,
                                       last: FusedSteps.Step(kind: kind, closure: closure, range: call.range, initial: initial))
        case .reduction:
            guard let initial, let closure else { return plan }
            fused.fusable = FusedSteps(source: source, before: before, last: nil,
                                       reduction: FusedSteps.Reduction(initial: initial, next: closure))
        }
        return fused
    }

    /// The run `call` can extend: its upstream's, unless a `reduce` ended it or it is as
    /// long as a run gets (its Int steps call one another: the bound keeps that nesting
    /// shallow; past it, the stages before stay apart).
    private func openRun(before call: OperatorCall) -> FusedSteps? {
        guard let run = call.upstream.fusable, run.reduction == nil, run.count < FusedSteps.longest else { return nil }
        return run
    }

    /// `.sink` on a fused run: one subscriber on the run's source, which runs the steps (and
    /// the reduce) in its own delivery. Built in the order the stages are: the source, then
    /// the reduce's initial value.
    func fusedSink(_ fused: FusedSteps, onValue: CompiledClosure?, onCompletion: CompiledClosure?,
                   chain: SourceText) -> SubscriptionPlan {
        let runtime = self.runtime
        return SubscriptionPlan(chain: chain) { frame in
            let upstream = try fused.source(frame)
            let run = try fused.bind(to: frame)
            let value = onValue?.bind(to: frame)
            let completion = onCompletion?.bind(to: frame)
            let receiveCompletion: (Subscribers.Completion<ScriptFailure>) -> Void = { ending in
                guard let completion else { return }
                runtime.deliver { try completion.perform(Value(ending)) }
            }
            if let reduction = fused.reduction {
                let reducer = Reducer(start: try reduction.initial(frame), reduction.next, frame: frame)
                let sink = ValueSink(receiveCompletion: receiveCompletion, receiveValue: { input in
                    var demand = Subscribers.Demand.none
                    runtime.deliver {
                        guard let passed = try run.pass(input) else { return demand = .max(1) }
                        try reducer.add(passed)
                    }
                    return demand
                }, receiveResult: {
                    guard let value else { return }
                    runtime.deliver { try value.perform(reducer.accumulator) }
                })
                upstream.subscribe(sink)
                return Subscribed(sink)
            }
            // The steps run even without a value closure: theirs may have effects.
            let sink = ValueSink(receiveCompletion: receiveCompletion, receiveValue: { input in
                var demand = Subscribers.Demand.none
                runtime.deliver {
                    guard let passed = try run.pass(input) else { return demand = .max(1) }
                    try value?.perform(passed)
                }
                return demand
            })
            upstream.subscribe(sink)
            return Subscribed(sink)
        }
    }
}

/// A fused `reduce`'s accumulator and step (its closure's kernel on `Int`s, as every bound
/// closure's: `BoundClosure`). A step that fails leaves the accumulator as it was.
final class Reducer {
    private(set) var accumulator: Value
    private let bound: BoundClosure

    init(start: Value, _ next: CompiledClosure, frame: Frame) {
        accumulator = start
        bound = next.bind(to: frame)
    }

    @inline(__always) func add(_ value: Value) throws {
        accumulator = try bound.call(accumulator, value)
    }
}

/// A `FusedSteps` run bound to its frame: each step does what its stage's closure does, in
/// `Compiler.test` and `Compiler.transform`, without a delivery of its own: it runs inside
/// the terminal's. A run whose every step has an `Int` kernel runs them on plain `Int`s.
final class FusedRun {
    /// The general steps, each holding the next (see `ValueStep`).
    private let steps: ValueStep
    /// The steps on plain `Int`s, when every one has a kernel that keeps the value an `Int`
    /// (`hasIntSteps`). Not an optional: binding one out of `self` would retain it for every value.
    private let intSteps: IntStep
    private let hasIntSteps: Bool
    private let frame: Frame

    fileprivate init(_ steps: [FusedSteps.Step], frame: Frame) throws {
        self.frame = frame
        self.steps = try ValueStep.chain(steps, frame: frame)
        let chain = IntStep.chain(steps)
        intSteps = chain ?? IntStep()
        hasIntSteps = chain != nil
    }

    /// The value after every step, or nil when one dropped it. Errors are thrown: the caller
    /// runs this inside its delivery.
    @inline(__always) func pass(_ value: Value) throws -> Value? {
        if hasIntSteps, case .int(let x) = value {
            do {
                guard let y = try intSteps.run(x, frame) else { return nil }
                return .int(y)
            } catch is IntKernel.NotAnInt {
                // A value a kernel reads is not an Int: the general steps, from the start
                // (a kernel has no effects, so nothing can tell it began).
            }
        }
        return try steps.run(value)
    }
}

/// A fused run's steps on `Value`s, each node holding the next, as `IntStep`'s do: a call per
/// step, where reading each step out of an array retained what it holds.
class ValueStep {
    /// The value after this step and the ones after it, or nil when one dropped it.
    func run(_ value: Value) throws -> Value? { value }

    /// The chain for `steps`, each bound to `frame`; a scan's initial result is evaluated here,
    /// in the order of the stages.
    static func chain(_ steps: [FusedSteps.Step], frame: Frame) throws -> ValueStep {
        var made: [(FusedSteps.Step, BoundClosure?, Value)] = []
        for step in steps { made.append((step, step.closure?.bind(to: frame), try step.initial?(frame) ?? .void)) }
        var next = ValueStep()
        for (step, bound, initial) in made.reversed() {
            switch (step.kind, bound) {
            case (.filter, let bound?): next = FilterValueStep(bound, step.range, next)
            case (.map, let bound?): next = MapValueStep(bound, next)
            case (.compactMap, let bound?): next = CompactMapValueStep(bound, next)
            case (.scan, let bound?): next = ScanValueStep(bound, initial, next)
            default: next = DistinctValueStep(next)
            }
        }
        return next
    }
}

final class FilterValueStep: ValueStep {
    let test: BoundClosure, range: SourceRange, next: ValueStep
    init(_ test: BoundClosure, _ range: SourceRange, _ next: ValueStep) { (self.test, self.range, self.next) = (test, range, next) }
    override func run(_ value: Value) throws -> Value? {
        try ValueArithmetic.truth(try test.call(value), range: range) ? try next.run(value) : nil
    }
}

final class MapValueStep: ValueStep {
    let transform: BoundClosure, next: ValueStep
    init(_ transform: BoundClosure, _ next: ValueStep) { (self.transform, self.next) = (transform, next) }
    override func run(_ value: Value) throws -> Value? { try next.run(try transform.call(value)) }
}

final class CompactMapValueStep: ValueStep {
    let transform: BoundClosure, next: ValueStep
    init(_ transform: BoundClosure, _ next: ValueStep) { (self.transform, self.next) = (transform, next) }
    override func run(_ value: Value) throws -> Value? {
        guard let result = try transform.call(value).unwrapped else { return nil }
        return try next.run(result)
    }
}

/// A scan's result so far: a closure that fails leaves it as it was.
final class ScanValueStep: ValueStep {
    let combine: BoundClosure, next: ValueStep
    private var result: Value
    init(_ combine: BoundClosure, _ initial: Value, _ next: ValueStep) { (self.combine, result, self.next) = (combine, initial, next) }
    override func run(_ value: Value) throws -> Value? {
        result = try combine.call(result, value)
        return try next.run(result)
    }
}

/// `removeDuplicates()`: the last value that passed, compared as its stage compares.
final class DistinctValueStep: ValueStep {
    let next: ValueStep
    private var last: Value?
    init(_ next: ValueStep) { self.next = next }
    override func run(_ value: Value) throws -> Value? {
        if let last, ValueArithmetic.equal(last, value) { return nil }
        last = value
        return try next.run(value)
    }
}

/// A fused run's steps on plain `Int`s, each node holding the next: a call per step, with
/// nothing to retain on the way (reading the steps out of an array retains each one).
class IntStep {
    /// The `Int` after this step and the ones after it, or nil when one dropped it;
    /// `NotAnInt` when a value a kernel reads is not an `Int`.
    func run(_ x: Int, _ frame: Frame) throws -> Int? { x }

    /// The chain for `steps`, or nil unless every step has a kernel that keeps an `Int`.
    static func chain(_ steps: [FusedSteps.Step]) -> IntStep? {
        var next = IntStep()
        for step in steps.reversed() {
            let kernel = step.closure?.arity == 1 ? step.closure?.kernel : nil
            switch (step.kind, kernel) {
            case (.filter, .bool(let node)?): next = IntFilterStep(node, next)
            case (.map, .int(let node)?), (.compactMap, .int(let node)?): next = IntMapStep(node, next)
            default: return nil
            }
        }
        return next
    }
}

final class IntFilterStep: IntStep {
    let test: BoolNode, next: IntStep
    init(_ test: BoolNode, _ next: IntStep) { (self.test, self.next) = (test, next) }
    override func run(_ x: Int, _ frame: Frame) throws -> Int? {
        try test.eval(x, 0, frame) ? try next.run(x, frame) : nil
    }
}

final class IntMapStep: IntStep {
    let transform: IntNode, next: IntStep
    init(_ transform: IntNode, _ next: IntStep) { (self.transform, self.next) = (transform, next) }
    override func run(_ x: Int, _ frame: Frame) throws -> Int? {
        try next.run(try transform.eval(x, 0, frame), frame)
    }
}
