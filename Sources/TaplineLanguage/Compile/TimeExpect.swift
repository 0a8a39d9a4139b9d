import TaplineReactive

/// `expect PUBLISHER "-a--b-|"`: RxJS's `expectObservable(p).toBe(…)` on the virtual clock.
extension Compiler {
    /// One thing the publisher did, at a time in nanoseconds after the `expect` began.
    struct Arrival {
        enum Kind { case value(Value), finished, failure(String) }
        let time: Int64
        let kind: Kind
    }

    /// Subscribes now, runs the clock until nothing more is scheduled (at most 1,000 frames
    /// past the string's end), compares what arrived with the string, then cancels.
    func expect(_ publisherExpr: Expr, _ marbles: MarbleText, legend: [LegendEntry], range: SourceRange) throws(Diagnostic) -> Action {
        let (code, type) = try expression(publisherExpr)
        if case .publisher = type {} else if type.isKnown {
            throw Diagnostic.error(Messages.expectNeedsPublisher(type.name), at: publisherExpr.range)
        }
        if try checkSyntax(marbles).contains(where: { $0.time < 0 }) {
            throw Diagnostic.error(Messages.marbleSyntax("nothing can be expected before '^', where 'expect' subscribes"), at: marbles.range)
        }
        let legendCode = try legendValues(legend)
        let runtime = self.runtime
        return { frame in
            let value = try code(frame)
            guard case .publisher(let publisher) = value else {
                throw RuntimeError(Messages.expectNeedsPublisher(value.typeName), at: publisherExpr.range)
            }
            var legend: [Character: Value] = [:]
            for (symbol, each) in legendCode { legend[symbol] = try each(frame) }
            let frameLength = runtime.frameNanoseconds
            let parsed = try Self.events(marbles, frame: frameLength)
            let expected = parsed.filter { $0.symbol != .cancel }
            let cancelAt = parsed.first { $0.symbol == .cancel }?.time
            // Saturating: a frame of decades times 1,000 frames is past what Int64 counts.
            let (margin, overflow) = frameLength.multipliedReportingOverflow(by: 1_000)
            let until = Self.saturating(parsed.last?.time ?? 0, plus: overflow ? .max : margin)
            let arrivals = try Self.record(publisher, runtime: runtime, until: until, cancelAt: cancelAt, range: range)
            guard !Self.matches(expected, arrivals, legend: legend) else { return }
            throw RuntimeError(Messages.expectFailed, at: range,
                               notes: Self.difference(marbles.text, arrivals, legend: legend, frame: frameLength))
        }
    }

    /// `a + b`, or Int64.max where that would overflow (the clock's end of time).
    static func saturating(_ a: Int64, plus b: Int64) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }

    /// What the publisher does from now until the clock has nothing left to run before `end`
    /// (or until `cancelAt`, a `!` in the string, where the subscription is cancelled).
    private static func record(_ publisher: PublisherValue, runtime: Runtime, until end: Int64, cancelAt: Int64?,
                               range: SourceRange) throws -> [Arrival] {
        let start = runtime.clock.now.nanoseconds
        var arrivals: [Arrival] = []
        let token = publisher.stream.sink(
            receiveCompletion: { completion in
                let kind: Arrival.Kind
                switch completion {
                case .finished: kind = .finished
                case .failure(let failure): kind = .failure(failure.message)
                }
                arrivals.append(Arrival(time: runtime.clock.now.nanoseconds - start, kind: kind))
            },
            receiveValue: { value in arrivals.append(Arrival(time: runtime.clock.now.nanoseconds - start, kind: .value(value))) })
        defer { token.cancel() }
        if let cancelAt { runtime.clock.schedule(after: .nanoseconds(cancelAt)) { token.cancel() } }
        let stop = runtime.clockShouldStop(at: range)
        runtime.clock.advance(to: runtime.clock.now, shouldStop: stop)
        let limit = VirtualTime(nanoseconds: saturating(start, plus: end))
        while let due = runtime.clock.nextDue(), due <= limit, !runtime.isAborting, !runtime.isInterrupted() {
            runtime.clock.advance(to: due, shouldStop: stop)
        }
        try runtime.checkInterrupt(range)
        return arrivals
    }

    /// Whether the arrivals are the string's events, at the same times.
    private static func matches(_ expected: [Marbles.Event], _ arrivals: [Arrival], legend: [Character: Value]) -> Bool {
        guard expected.count == arrivals.count else { return false }
        return zip(expected, arrivals).allSatisfy { event, arrival in
            guard event.time == arrival.time else { return false }
            switch (event.symbol, arrival.kind) {
            case (.finished, .finished): return true
            case (.failure, .failure(let message)): return legend["#"].map { $0.description == message } ?? true
            case (.value(let symbol), .value(let value)):
                if let meant = legend[symbol] { return ValueArithmetic.equal(meant, value) }
                return value.description == String(symbol)
            default: return false
            }
        }
    }

    /// The notes of a failed `expect`: the expected and the actual strings one above the
    /// other, the letters given to values the legend does not name, and a hint when the
    /// actual string cannot show every time exactly.
    private static func difference(_ expected: String, _ arrivals: [Arrival], legend: [Character: Value], frame: Int64) -> [Diagnostic.Note] {
        var letters = LetterAssigner(legend: legend, taken: Set(expected))
        let symbols = arrivals.map { arrival -> (time: Int64, symbol: Character) in
            switch arrival.kind {
            case .finished: return (arrival.time, "|")
            case .failure: return (arrival.time, "#")
            case .value(let value): return (arrival.time, letters.letter(for: value))
            }
        }
        let written = Marbles.format(symbols, frame: frame)
        var notes = [
            Diagnostic.Note(Messages.expectNote("expected: " + expected)),
            Diagnostic.Note(Messages.expectNote("actual:   " + (arrivals.isEmpty ? "(nothing arrived)" : written.text))),
        ]
        for (letter, value) in letters.fresh {
            notes.append(Diagnostic.Note(Messages.expectNote("where \(letter) is \(value.debugDescription)")))
        }
        if !written.isExact || arrivals.contains(where: { $0.time % frame != 0 }) {
            let times = arrivals.map { VirtualTime(nanoseconds: $0.time).description }.joined(separator: ", ")
            notes.append(Diagnostic.Note(Messages.expectNote(
                "some events fall between frames or inside a group (at \(times)); a smaller 'frame' shows them exactly")))
        }
        return notes
    }
}

/// Letters for values in a marble string Tapline writes: the legend's letter, the value
/// itself when it is one character, else a fresh letter (the same for the same value).
private struct LetterAssigner {
    let legend: [Character: Value]
    var taken: Set<Character>
    var fresh: [(Character, Value)] = []

    init(legend: [Character: Value], taken: Set<Character>) {
        self.legend = legend
        self.taken = taken.union(legend.keys)
    }

    mutating func letter(for value: Value) -> Character {
        if let named = legend.first(where: { ValueArithmetic.equal($0.value, value) }) { return named.key }
        let text = value.description
        if text.count == 1, let only = text.first, !Marbles.syntax.contains(only) { return only }
        if let given = fresh.first(where: { ValueArithmetic.equal($0.1, value) }) { return given.0 }
        let letter = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".first { !taken.contains($0) } ?? "?"
        taken.insert(letter)
        fresh.append((letter, value))
        return letter
    }
}
