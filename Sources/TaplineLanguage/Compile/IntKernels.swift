/// A closure whose body is one expression of `Int` arithmetic, compiled a second time to a
/// tree of nodes on plain `Int`s: `filter { $0 % 2 == 0 }`, `map { $0 * 3 }`,
/// `reduce(0) { $0 + $1 }`.
///
/// The general code passes every intermediate result as a `Value` (an enum with reference
/// payloads, so each copy is checked for retains) through a closure per node, and loads the
/// arguments into a frame first. A kernel's nodes are final classes with one method each,
/// taking the arguments as `Int`s: no frame, no closure contexts, no `Value` until the end.
/// (Not a flat instruction list for a stack machine: its dispatch loop and temporary stack
/// cost more than these calls.)
///
/// Semantics are the general code's exactly: operands are evaluated left to right, `&&` and
/// `||` short-circuit, and overflow and division by zero throw the same `RuntimeError` at
/// the same range. A kernel has no effects, so when a value it reads turns out not to be an
/// `Int` (an enclosing variable, say) it throws `NotAnInt` and the caller runs the general
/// code from the start instead: nothing can tell that the kernel began.
///
/// Made only when `Compiler.fastPaths` is on (the one switch for every fast path).
enum IntKernel {
    case int(IntNode)
    case bool(BoolNode)

    /// Thrown when a value the kernel reads is not an `Int`: run the general code instead.
    struct NotAnInt: Error {}

    var isBool: Bool {
        if case .bool = self { return true }
        return false
    }

    /// The result as a `Value`, or nil (run the general code).
    @inline(__always) func value(_ a: Int, _ b: Int, _ parent: Frame?) throws -> Value? {
        do {
            switch self {
            case .int(let node): return .int(try node.eval(a, b, parent))
            case .bool(let node): return .bool(try node.eval(a, b, parent))
            }
        } catch is NotAnInt {
            return nil
        }
    }

    /// A predicate's result, or nil (run the general code).
    @inline(__always) func test(_ a: Int, _ parent: Frame?) throws -> Bool? {
        guard case .bool(let node) = self else { return nil }
        do {
            return try node.eval(a, 0, parent)
        } catch is NotAnInt {
            return nil
        }
    }

    static let arithmeticOperators: Set<Punct> = [.plus, .minus, .star, .slash, .percent]
    static let comparisonOperators: Set<Punct> = [.equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual]
}

/// A node giving an `Int` from the closure's arguments (`a` is `$0`, `b` is `$1`) and the
/// frame it was bound in.
class IntNode {
    func eval(_ a: Int, _ b: Int, _ parent: Frame?) throws -> Int { 0 }
}

/// A node giving a `Bool`.
class BoolNode {
    func eval(_ a: Int, _ b: Int, _ parent: Frame?) throws -> Bool { false }
}

final class ArgumentNode: IntNode {
    let index: Int
    init(_ index: Int) { self.index = index }
    override func eval(_ a: Int, _ b: Int, _ parent: Frame?) throws -> Int { index == 0 ? a : b }
}

final class ConstantNode: IntNode {
    let value: Int
    init(_ value: Int) { self.value = value }
    override func eval(_ a: Int, _ b: Int, _ parent: Frame?) throws -> Int { value }
}

/// A local of enclosing code: depth 1 is the frame the closure was bound in.
final class LocalNode: IntNode {
    let depth: Int, slot: Int
    init(depth: Int, slot: Int) { (self.depth, self.slot) = (depth, slot) }
    override func eval(_ a: Int, _ b: Int, _ parent: Frame?) throws -> Int {
        guard let parent, let value = parent.int(up: depth - 1, at: slot) else { throw IntKernel.NotAnInt() }
        return value
    }
}

final class NegateNode: IntNode {
    let operand: IntNode, range: SourceRange
    init(_ operand: IntNode, range: SourceRange) { (self.operand, self.range) = (operand, range) }
    override func eval(_ a: Int, _ b: Int, _ parent: Frame?) throws -> Int {
        try ValueArithmetic.negate(try operand.eval(a, b, parent), range: range)
    }
}

final class ArithmeticNode: IntNode {
    let op: Punct, left: IntNode, right: IntNode, range: SourceRange
    init(_ op: Punct, _ left: IntNode, _ right: IntNode, range: SourceRange) {
        (self.op, self.left, self.right, self.range) = (op, left, right, range)
    }
    override func eval(_ a: Int, _ b: Int, _ parent: Frame?) throws -> Int {
        let x = try left.eval(a, b, parent)
        return try ValueArithmetic.int(op, x, try right.eval(a, b, parent), range: range)
    }
}

/// `x OP c` with an `Int` literal on the right (the usual `$0 * 3`).
final class ArithmeticConstantNode: IntNode {
    let op: Punct, left: IntNode, constant: Int, range: SourceRange
    init(_ op: Punct, _ left: IntNode, _ constant: Int, range: SourceRange) {
        (self.op, self.left, self.constant, self.range) = (op, left, constant, range)
    }
    override func eval(_ a: Int, _ b: Int, _ parent: Frame?) throws -> Int {
        try ValueArithmetic.int(op, try left.eval(a, b, parent), constant, range: range)
    }
}

/// `$0 OP c`, the commonest kernel (`$0 % 2`, `$0 * 3`): the argument read in place.
final class ArgumentConstantNode: IntNode {
    let op: Punct, index: Int, constant: Int, range: SourceRange
    init(_ op: Punct, _ index: Int, _ constant: Int, range: SourceRange) {
        (self.op, self.index, self.constant, self.range) = (op, index, constant, range)
    }
    override func eval(_ a: Int, _ b: Int, _ parent: Frame?) throws -> Int {
        try ValueArithmetic.int(op, index == 0 ? a : b, constant, range: range)
    }
}

final class CompareNode: BoolNode {
    let op: Punct, left: IntNode, right: IntNode
    init(_ op: Punct, _ left: IntNode, _ right: IntNode) { (self.op, self.left, self.right) = (op, left, right) }
    override func eval(_ a: Int, _ b: Int, _ parent: Frame?) throws -> Bool {
        let x = try left.eval(a, b, parent)
        return ValueArithmetic.compare(op, x, try right.eval(a, b, parent))
    }
}

final class CompareConstantNode: BoolNode {
    let op: Punct, left: IntNode, constant: Int
    init(_ op: Punct, _ left: IntNode, _ constant: Int) { (self.op, self.left, self.constant) = (op, left, constant) }
    override func eval(_ a: Int, _ b: Int, _ parent: Frame?) throws -> Bool {
        ValueArithmetic.compare(op, try left.eval(a, b, parent), constant)
    }
}

final class BoolConstantNode: BoolNode {
    let value: Bool
    init(_ value: Bool) { self.value = value }
    override func eval(_ a: Int, _ b: Int, _ parent: Frame?) throws -> Bool { value }
}

final class NotNode: BoolNode {
    let operand: BoolNode
    init(_ operand: BoolNode) { self.operand = operand }
    override func eval(_ a: Int, _ b: Int, _ parent: Frame?) throws -> Bool { try !operand.eval(a, b, parent) }
}

/// `&&`, `||` (short-circuit), and `==` / `!=` between `Bool`s.
final class LogicNode: BoolNode {
    let op: Punct, left: BoolNode, right: BoolNode
    init(_ op: Punct, _ left: BoolNode, _ right: BoolNode) { (self.op, self.left, self.right) = (op, left, right) }
    override func eval(_ a: Int, _ b: Int, _ parent: Frame?) throws -> Bool {
        let x = try left.eval(a, b, parent)
        switch op {
        case .and: return try x && right.eval(a, b, parent)
        case .or: return try x || right.eval(a, b, parent)
        case .equal: return try x == right.eval(a, b, parent)
        default: return try x != right.eval(a, b, parent)
        }
    }
}

extension Compiler {
    /// The kernel for a closure's body, or nil when the body is not one expression of `Int`
    /// arithmetic over the closure's arguments (`$0`, `$1` or their names), `Int` and `Bool`
    /// literals and `Int` locals of enclosing code. Called inside the closure's own scope,
    /// after its general code compiled (so every name and type has been checked).
    func intKernel(_ body: [Stmt], argumentTypes: [SType]) -> IntKernel? {
        guard fastPaths, body.count == 1, case .expression(let expr) = body[0].kind,
              argumentTypes.count <= 2, argumentTypes.allSatisfy({ $0 == .int }) else { return nil }
        return kernel(expr, arguments: argumentTypes.count)
    }

    /// The kernel for a statement's condition (`if i % 10 == 9`): `Int` arithmetic and
    /// comparisons over literals and `Int` locals of the code it is in, evaluated with that
    /// code's frame as the kernel's parent (so a local `depth` frames up is read `depth + 1`
    /// up, as a closure's kernel reads the frames around it). Nil when it is not one.
    func conditionKernel(_ expr: Expr) -> BoolNode? {
        guard fastPaths, case .bool(let node)? = kernel(expr, arguments: 0, depthOffset: 1) else { return nil }
        return node
    }

    /// `depthOffset`: how many frames the kernel's parent is above the code it is compiled in.
    private func kernel(_ expr: Expr, arguments: Int, depthOffset: Int = 0) -> IntKernel? {
        let kernel = { (operand: Expr) in self.kernel(operand, arguments: arguments, depthOffset: depthOffset) }
        switch expr.kind {
        case .int(let value): return .int(ConstantNode(value))
        case .bool(let value): return .bool(BoolConstantNode(value))
        case .argument(let index):
            return index < arguments ? .int(ArgumentNode(index)) : nil
        case .name(let name):
            guard case .local(let local, let slot, .int)? = resolve(name) else { return nil }
            let depth = local + depthOffset
            if depth == 0 { return slot < arguments ? .int(ArgumentNode(slot)) : nil }
            return .int(LocalNode(depth: depth, slot: slot))
        case .unary(.minus, let operandExpr):
            guard case .int(let operand)? = kernel(operandExpr) else { return nil }
            return .int(NegateNode(operand, range: expr.range))
        case .unary(.not, let operandExpr):
            guard case .bool(let operand)? = kernel(operandExpr) else { return nil }
            return .bool(NotNode(operand))
        case .binary(let op, let leftExpr, let rightExpr):
            guard let left = kernel(leftExpr), let right = kernel(rightExpr) else { return nil }
            return binaryKernel(op, left, right, constant: { if case .int(let c) = rightExpr.kind { c } else { nil } }(),
                                range: expr.range)
        default:
            return nil
        }
    }

    private func binaryKernel(_ op: Punct, _ left: IntKernel, _ right: IntKernel, constant: Int?,
                              range: SourceRange) -> IntKernel? {
        switch (left, right) {
        case (.int(let x), .int(let y)):
            if IntKernel.arithmeticOperators.contains(op) {
                if let constant, let argument = x as? ArgumentNode {
                    return .int(ArgumentConstantNode(op, argument.index, constant, range: range))
                }
                if let constant { return .int(ArithmeticConstantNode(op, x, constant, range: range)) }
                return .int(ArithmeticNode(op, x, y, range: range))
            }
            guard IntKernel.comparisonOperators.contains(op) else { return nil }
            if let constant { return .bool(CompareConstantNode(op, x, constant)) }
            return .bool(CompareNode(op, x, y))
        case (.bool(let x), .bool(let y)):
            guard [.and, .or, .equal, .notEqual].contains(op) else { return nil }
            return .bool(LogicNode(op, x, y))
        default:
            return nil
        }
    }
}
