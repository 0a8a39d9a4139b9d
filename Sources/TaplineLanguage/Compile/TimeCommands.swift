import TaplineReactive

/// `frame`, `play` and `expect`: marble strings on the virtual clock (DESIGN §7), as RxJS's
/// `hot(…)` and `expectObservable(…).toBe(…)` use them.
extension Compiler {
    /// `frame 50ms`: the length of one frame from here on.
    func frame(_ durationExpr: Expr) throws(Diagnostic) -> Action {
        let duration = try self.duration(durationExpr)
        let runtime = self.runtime
        return { frame in
            let nanoseconds = try duration(frame)
            guard nanoseconds > 0 else { throw RuntimeError(Messages.durationOutOfRange, at: durationExpr.range) }
            runtime.frameNanoseconds = nanoseconds
        }
    }

    /// `play s "-a--b-|" ["a": value]`: each event is sent when the clock reaches its frame,
    /// counted from now (a hot input). Nothing happens until the clock runs.
    func play(_ name: Name, _ marbles: MarbleText, legend: [LegendEntry]) throws(Diagnostic) -> Action {
        let entity = try entity(name)
        let target: any Subject<Value, ScriptFailure>
        switch entity.kind {
        case .subject(let subject): target = subject
        case .current(let subject): target = subject
        default: throw Diagnostic.error(Messages.playTarget(name.text, kind: entity.kindDescription), at: name.range)
        }
        let values = try legendValues(legend)
        let symbols = try checkSyntax(marbles).map(\.symbol)
        if symbols.contains(.cancel) {
            throw Diagnostic.error(Messages.marbleSyntax("'!' marks where 'expect' cancels; 'play' has no subscription to cancel"), at: marbles.range)
        }
        if symbols.contains(.failure), entity.neverFails {
            throw Diagnostic.error(Messages.neverFailingSubject(name.text, kind: entity.kindDescription, type: entity.type.rawValue), at: marbles.range)
        }
        for case .value(let symbol) in symbols where values[symbol] == nil {
            guard Self.plainValue(symbol, type: entity.type) != nil else {
                throw Diagnostic.error(Messages.marbleValue(symbol, type: entity.type.rawValue), at: marbles.range)
            }
        }
        let runtime = self.runtime
        return { frame in
            let events = try Self.events(marbles, frame: runtime.frameNanoseconds)
            var legendValues: [Character: Value] = [:]
            for (symbol, code) in values { legendValues[symbol] = try code(frame) }
            // What comes before a `^` happened before now: nobody subscribed now sees it.
            for event in events where event.time >= 0 {
                let send: () throws -> Void
                switch event.symbol {
                case .cancel: continue
                case .finished: send = { target.send(completion: .finished) }
                case .failure:
                    let message = legendValues["#"]?.description ?? "error"
                    send = { target.send(completion: .failure(ScriptFailure(message: message))) }
                case .value(let symbol):
                    let value = legendValues[symbol] ?? Self.plainValue(symbol, type: entity.type) ?? .string(String(symbol))
                    send = { target.send(try entity.checked(value, at: marbles.range, verb: .send)) }
                }
                runtime.clock.schedule(after: .nanoseconds(event.time)) { runtime.deliver(send) }
            }
        }
    }

    /// A character with no legend entry stands for itself in the subject's type: a digit is
    /// an `Int` (on an `Int` or untyped subject), anything else a one-letter `String`.
    static func plainValue(_ symbol: Character, type: TypeName) -> Value? {
        if let digit = symbol.wholeNumberValue, type == .int || type == .any { return .int(digit) }
        return type == .string || type == .any ? .string(String(symbol)) : nil
    }

    /// The legend's values, compiled; each symbol once.
    func legendValues(_ legend: [LegendEntry]) throws(Diagnostic) -> [Character: Code] {
        var values: [Character: Code] = [:]
        for entry in legend { values[entry.symbol] = try expression(entry.value).code }
        return values
    }

    /// A marble string's syntax, checked as it compiles; its events, one nanosecond a frame.
    @discardableResult
    func checkSyntax(_ marbles: MarbleText) throws(Diagnostic) -> [Marbles.Event] {
        do {
            return try Marbles.parse(marbles.text, frame: 1)
        } catch {
            throw Diagnostic.error(Messages.marbleSyntax(error.message), at: marbles.range)
        }
    }

    static func events(_ marbles: MarbleText, frame: Int64) throws -> [Marbles.Event] {
        do {
            return try Marbles.parse(marbles.text, frame: frame)
        } catch {
            throw RuntimeError(Messages.marbleSyntax(error.message), at: marbles.range)
        }
    }
}
