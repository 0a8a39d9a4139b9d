/// Swift's random values: `Int.random(in: 1...6)`, `Double.random(in: 0..<1)`,
/// `Bool.random()`, drawn from the system's generator as Swift's are (so a program that uses
/// them prints something else each run, as it does in Swift).
extension Compiler {
    /// `Int.random(in:)`, `Double.random(in:)` (`Float`'s too) and `Bool.random()`; nil for
    /// any other call.
    func randomValue(_ type: String, _ arguments: [Argument], range: SourceRange) throws(Diagnostic) -> (code: Code, type: SType)? {
        guard ["Int", "Double", "Float", "Bool"].contains(type), resolve(type) == nil else { return nil }
        if type == "Bool" {
            guard arguments.isEmpty else { throw Diagnostic.error(Messages.operatorArguments("Bool.random", usage: "'Bool.random()'"), at: range) }
            return ({ _ in .bool(Bool.random()) }, .bool)
        }
        let usage = "'\(type).random(in: \(type == "Int" ? "1...6" : "0..<1"))'"
        guard arguments.count == 1, arguments[0].label == "in", case .binary(let op, let lowExpr, let highExpr) = arguments[0].value.kind,
              op == .closedRange || op == .halfOpenRange else {
            throw Diagnostic.error(Messages.operatorArguments("\(type).random", usage: usage), at: range)
        }
        let (low, high, closed) = (try expression(lowExpr).code, try expression(highExpr).code, op == .closedRange)
        if type == "Int" {
            return ({ frame in
                guard case .int(let lower) = try low(frame), case .int(let upper) = try high(frame) else {
                    throw RuntimeError(Messages.operatorArguments("Int.random", usage: usage), at: range)
                }
                try Compiler.checkRandomRange(lower, upper, closed: closed, range: range)
                return .int(closed ? Int.random(in: lower...upper) : Int.random(in: lower..<upper))
            }, .int)
        }
        return ({ frame in
            guard let lower = ValueArithmetic.number(try low(frame)), let upper = ValueArithmetic.number(try high(frame)) else {
                throw RuntimeError(Messages.operatorArguments("\(type).random", usage: usage), at: range)
            }
            try Compiler.checkRandomRange(lower, upper, closed: closed, range: range)
            guard (upper - lower).isFinite else {
                throw RuntimeError(Messages.fatalError("There is no uniform distribution on an infinite range"), at: range)
            }
            return .double(closed ? Double.random(in: lower...upper) : Double.random(in: lower..<upper))
        }, .double)
    }

    /// Swift stops the program on a range with no values to draw from, with these words.
    private static func checkRandomRange<Bound: Comparable>(_ lower: Bound, _ upper: Bound, closed: Bool, range: SourceRange) throws {
        if !(lower <= upper) { throw RuntimeError(Messages.fatalError("Range requires lowerBound <= upperBound"), at: range) }
        if !closed, lower == upper { throw RuntimeError(Messages.fatalError("Can't get random value with an empty range"), at: range) }
    }
}
