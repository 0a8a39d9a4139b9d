/// The syntax tree. The parser builds it; the compiler turns it into closures once, so
/// nothing here is walked again while events flow. Immutable, so checked `Sendable`.
/// `ASTPrinter` shows a tree as text (the parser tests compare trees that way).

/// An expression with its source range.
public final class Expr: Sendable {
    public let kind: ExprKind
    public let range: SourceRange

    public init(_ kind: ExprKind, _ range: SourceRange) {
        self.kind = kind
        self.range = range
    }
}

public enum ExprKind: Sendable {
    case int(Int)
    case double(Double)
    case duration(Int64)
    case string([InterpolatedPart])
    case bool(Bool)
    case nilLiteral
    /// `()`.
    case void
    case name(String)
    /// `$name`: a published value's publisher.
    case dollarName(String)
    /// `$0`.
    case argument(Int)
    case array([Expr])
    /// `["a": 1, "b": 2]`, `[:]`.
    case dictionary([(key: Expr, value: Expr)])
    case tuple([Expr])
    /// `values[0]`, `table["key"]`.
    case subscriptAccess(Expr, Expr)
    case unary(Punct, Expr)
    case binary(Punct, Expr, Expr)
    case ternary(Expr, Expr, Expr)
    /// `base.name`, e.g. `x.count`, `dummy.tap`, `[1, 2].publisher`.
    case member(Expr, String, nameRange: SourceRange)
    /// `.name`: `.unlimited`, `.finished`.
    case implicitMember(String)
    /// `callee(args) { trailing }`.
    case call(Expr, [Argument], trailing: ClosureExpr?)
    case closure(ClosureExpr)
    /// `&$name` in `assign(to: &$name)`.
    case `inout`(Expr)
    /// `try f()`, `try? f()` (nil when it throws), `try! f()`.
    case `try`(Expr, optional: Bool)
    /// `\.count`, `\Person.name`, `\.1`: a key path, which an operator takes for a closure.
    case keyPath(KeyPathExpr)
    /// A generic type named with its arguments, to be called: `Set<AnyCancellable>`.
    case specialized(String, [TypeExpr])
    /// `value!`: the value an optional holds; an error when it holds none.
    case forceUnwrap(Expr)
    /// `a?.b.c`: the chain after the `?` runs only when `a` holds a value; the whole is `nil`
    /// otherwise. The chain is the boundary; `optionalBind` marks each `?` in it.
    case optionalChain(Expr)
    case optionalBind(Expr)
    /// `value as? Type`, `as!`, `as`, `value is Type`.
    case cast(Expr, TypeExpr, CastKind)
}

/// Swift's casts: `as` (a type the value has), `as?` (nil when it has not), `as!` (an error
/// when it has not) and `is` (whether it has).
public enum CastKind: String, Sendable {
    case plain = "as", optional = "as?", forced = "as!", test = "is"
}

public enum InterpolatedPart: Sendable {
    case text(String)
    case expr(Expr)
}

/// A call argument, with its label if it has one (`receiveValue:`).
public struct Argument: Sendable {
    public var label: String?
    public var labelRange: SourceRange?
    public var value: Expr
    /// A labeled trailing closure after the first (`.sink { … } receiveValue: { … }`): it
    /// comes after the call's unlabeled trailing closure.
    public var isTrailing = false
}

/// `{ v in … }`, `{ _ in … }`, `{ (a: Int, b: Int) -> Int in … }` or `{ … $0 … }`.
public final class ClosureExpr: Sendable {
    /// Named parameters, if the closure declares them (`_` for an unused one).
    public let parameters: [String]?
    /// The types its signature gives its parameters (nil where it gives none), and its result.
    public let parameterTypes: [TypeExpr?]
    public let resultType: TypeExpr?
    /// Its capture list: `[weak self]`, `[unowned self, count]`.
    public let captures: [Capture]
    public let body: [Stmt]
    public let range: SourceRange
    /// The highest `$n` the body uses, -1 for none (`ArgumentScan`): how many arguments a
    /// closure without parameters takes. Found when the tree is made, which for a long script
    /// is on the thread that reads ahead, not the one that compiles.
    public let highestArgument: Int
    /// The type a key path it stands for starts from (`Person` for `\Person.name`): the value
    /// it receives must be of that type.
    public let keyPathRoot: TypeExpr?

    public init(parameters: [String]?, parameterTypes: [TypeExpr?] = [], resultType: TypeExpr? = nil,
                captures: [Capture] = [], body: [Stmt], range: SourceRange, keyPathRoot: TypeExpr? = nil) {
        self.parameters = parameters
        self.keyPathRoot = keyPathRoot
        self.parameterTypes = parameterTypes
        self.resultType = resultType
        self.captures = captures
        self.body = body
        self.range = range
        highestArgument = ArgumentScan.highestArgument(in: body)
    }
}

/// One entry of a closure's capture list: `weak self`, `unowned self`, `count`, `x = y`.
public struct Capture: Sendable {
    public enum Strength: Sendable { case strong, weak, unowned }
    public let name: Name
    public let strength: Strength
    /// `[x = y]`: the value captured under the name; nil for `[x]`.
    public let value: Expr?
}

/// A statement with its source range.
public final class Stmt: Sendable {
    public let kind: StmtKind
    public let range: SourceRange

    public init(_ kind: StmtKind, _ range: SourceRange) {
        self.kind = kind
        self.range = range
    }
}

/// A declared name with where it was written.
public struct Name: Hashable, Sendable {
    public var text: String
    public var range: SourceRange
}

/// A type as written in a func's signature: `Int`, `[String]`, `(Int, String)`,
/// `AnyPublisher<String, Error>`. The checker turns it into a static type.
/// One `catch` of a `do`: what it matches (every error when it says nothing, binding `error`),
/// and its body.
public struct CatchClause: Sendable {
    public enum Match: Sendable {
        /// `catch`, `catch let e`: every error, bound to the name (`error` when none is written).
        case any(Name)
        /// `catch let e as NameError`: an error of that type, bound to the name.
        case cast(Name, TypeExpr)
        /// `catch is NameError`: an error of that type.
        case type(TypeExpr)
        /// `catch NameError.tooShort(let name)`, `catch .unknown`: an error the pattern matches.
        case pattern(Pattern)
    }
    public var match: Match
    public var body: [Stmt]
    public var range: SourceRange
}

/// A key path as written: the type it starts from, when it names one (`\Person.name`), and
/// the members it reads in turn (a property, a tuple's element `1`, or `self`).
public struct KeyPathExpr: Sendable {
    public let root: TypeExpr?
    public let components: [String]
}

public struct TypeExpr: Sendable {
    public indirect enum Kind: Sendable {
        /// `Int`, or a generic type with its arguments: `AnyPublisher<Int, Never>`; a member
        /// type is named with its dots (`Subscribers.Completion`).
        case named(String, arguments: [TypeExpr])
        case array(TypeExpr)
        case tuple([TypeExpr])
        /// `[String: Int]`.
        case dictionary(TypeExpr, TypeExpr)
        /// `Int?` (and `Int!`, which Tapline reads as `Int?`).
        case optional(TypeExpr)
        /// `(Int, String) -> Bool`, `() throws -> Void`.
        case function([TypeExpr], result: TypeExpr, throws: Bool)
    }

    public let kind: Kind
    public let range: SourceRange
}

/// One parameter of a `func`: `x: Int` (called `f(x: 1)`), `_ q: String` (called `f("a")`),
/// `for q: String` (called `f(for: "a")`), or `x` with no type.
public struct Parameter: Sendable {
    /// The label a call writes; nil for `_`.
    public var label: String?
    public var name: Name
    public var type: TypeExpr?
    /// `name: String = "you"`: the value a call that leaves the argument out passes.
    public var defaultValue: Expr? = nil
}

/// A `view` declaration: its funcs, what runs when it is mounted and dismantled, and the
/// body it shows, if it has one (`var body: some View { … }`).
public struct ViewDecl: Sendable {
    public var name: Name
    public var functions: [Stmt]
    public var appear: [Stmt]
    public var disappear: [Stmt]
    /// The body's statements as written (`Text(…)`, a button's name, stacks, `if`): the
    /// compiler reads them as the elements the view shows.
    public var body: [Stmt]?
    /// `@StateObject var model = …` and `@ObservedObject var model = …`, in order.
    public var properties: [ViewProperty] = []
}

/// A view's `@StateObject` or `@ObservedObject` property: made when the view is mounted and
/// let go when it is dismantled; an `@ObservedObject`'s initializer runs again each time the
/// `switch` that shows the view runs again (the view does not own what it observes).
public struct ViewProperty: Sendable {
    public var name: Name
    public var isStateObject: Bool
    public var type: TypeExpr?
    public var value: Expr
    public var range: SourceRange
}

/// A `func` declaration.
public struct FunctionDecl: Sendable {
    public var name: Name
    public var parameters: [Parameter]
    /// The declared result type; nil when the signature has no `->`.
    public var result: TypeExpr?
    /// Declared `throws` (a func that throws without saying so is found out when it compiles).
    public var isThrowing: Bool
    public var body: [Stmt]
    /// `<T>` after the name: types that stand for any type (checked when the program runs).
    public var genericParameters: [String] = []
    /// What a type parameter is declared to conform to (`<Failure: Error>`), by its name: the
    /// Swift export writes it again.
    public var genericConstraints: [String: TypeExpr] = [:]
    /// A struct's `mutating func`: Tapline stores the changed copy back either way; the Swift
    /// export writes the word again.
    public var isMutating = false
}

/// A type annotation.
public enum TypeName: String, CaseIterable, Sendable {
    case string = "String", int = "Int", double = "Double", bool = "Bool", void = "Void", any = "Any"
}

/// One condition of an `if`, `guard` or `while` (they are separated by commas and all must
/// hold): a Bool, an optional binding (`let x = value`, or `let x` for `let x = x`), or a
/// pattern (`case .failure(let error) = completion`).
public enum Condition: Sendable {
    case expression(Expr)
    case binding(Name, Expr, isMutable: Bool)
    case pattern(Pattern, Expr)
}

/// What a `case` or `if case` matches: a value (compared with `==`), a completion
/// (`.finished`, `.failure` — optionally binding its error: `.failure(let error)`), or `_`.
public enum Pattern: Sendable {
    case value(Expr)
    case finished
    case failure(binding: Name?)
    case wildcard
    /// `.tooShort(let name)`, `.unknown`, `NameError.unknown`, `.failure(.unknown)`: an enum's
    /// case, and patterns for its payload (nil when none is written).
    indirect case enumCase(String, [Pattern]?)
    /// `let name` inside a pattern: binds what stands there.
    case binding(Name)
    /// `(1..., _)`: a tuple's elements, each against its pattern.
    indirect case tuple([Pattern])
    /// `is NameError`, `let error as NameError`: a value of that type (bound to the name).
    case cast(Name?, TypeExpr)
}

extension Array where Element == SwitchCase {
    /// The arms of a top-level `switch` that chooses views (DESIGN §8): every pattern a value,
    /// every body empty or one bare name that `isView` says is a view, and at least one view —
    /// or nil, when it is Swift's `switch`. The compiler and the Swift exporter both ask.
    func viewArms(isView: (String) -> Bool) -> [(values: [Expr], view: Name?)]? {
        var arms: [(values: [Expr], view: Name?)] = []
        var namesAView = false
        for arm in self {
            var values: [Expr] = []
            for pattern in arm.patterns {
                guard case .value(let expr) = pattern else { return nil }
                values.append(expr)
            }
            if arm.body.isEmpty {
                arms.append((values, nil))
            } else if arm.body.count == 1, case .expression(let expr) = arm.body[0].kind, case .name(let name) = expr.kind, isView(name) {
                arms.append((values, Name(text: name, range: expr.range)))
                namesAView = true
            } else {
                return nil
            }
        }
        return namesAView ? arms : nil
    }
}

/// One `case` of a `switch` (or its `default`, with no patterns), and the statements it runs.
/// At the top level, a `switch` whose every case is a view's bare name chooses a view.
public struct SwitchCase: Sendable {
    public var patterns: [Pattern]
    public var body: [Stmt]
    public var range: SourceRange
}

public enum StmtKind: Sendable {
    case button(Name, title: Expr?, action: [Stmt]?)
    /// `subject s: Int` (Failure `Never`) or `subject s: Int, Error` (the Failure named).
    case subject(Name, TypeName?, failure: TypeExpr?)
    case current(Name, TypeName?, Expr, failure: TypeExpr?)
    case published(Name, TypeName?, Expr)
    case subscriber(Name, demand: Expr, body: ClosureExpr, completion: ClosureExpr?)
    case function(FunctionDecl)
    case view(ViewDecl)
    case switchStatement(Expr, cases: [SwitchCase])
    case letBinding(Name, Expr)
    /// `var bag = Set<AnyCancellable>()`: a bag of subscriptions.
    case variable(Name, Expr)
    /// `let x: Int = 5`, `var cancellable: AnyCancellable?`: a constant or variable declared
    /// with its type, and a value unless the type is optional or it is set before it is read.
    case typedBinding(Name, type: TypeExpr, value: Expr?, isMutable: Bool)

    case tap(Name)
    case set(Name, Expr)
    case send(Name, Expr)
    case complete(Name)
    case fail(Name, Expr)
    case cancel(Name)
    case request(Name, Expr)
    case wait(Expr)
    /// `frame 50ms`: how long one frame of a marble string is.
    case frame(Expr)
    /// `play SUBJECT "-a--b-|" ["a": value, …]`: sends on the virtual clock.
    case play(Name, marbles: MarbleText, legend: [LegendEntry])
    /// `expect PUBLISHER "-a--b-|" ["a": value, …]`: checks what the publisher does.
    case expect(Expr, marbles: MarbleText, legend: [LegendEntry])
    /// `trace on` / `trace off`: print every event of every chain as it happens.
    case trace(Bool)
    /// `marbles`, `marbles clear`, `marbles save FILE.svg`: the diagram of what happened.
    case marbles(MarblesCommand)
    case show(Name)
    case hide(Name)
    case repeatLoop(Expr, [Stmt])
    case forLoop(Name, from: Expr, to: Expr, inclusive: Bool, [Stmt])
    case ifStatement(Expr, [Stmt], else: [Stmt]?)
    /// `if case PATTERN = value { … } [else { … }]`
    case ifCase(Pattern, Expr, [Stmt], else: [Stmt]?)
    /// `if let x = a, x > 1 { … } [else { … }]`: conditions that bind, or more than one.
    case conditional([Condition], [Stmt], else: [Stmt]?)
    /// `guard let x = a else { return }`: what it binds is visible after it.
    case guardStatement([Condition], else: [Stmt])
    /// `while condition { … }`
    case whileLoop([Condition], [Stmt])
    /// `repeat { … } while condition`
    case repeatWhile([Stmt], Expr)
    /// `for name in sequence { … }` over an array, a set or a string (a range is `forLoop`);
    /// `for (index, word) in …` names the element `tupleElement` and binds `parts` (nil for
    /// `_`) from its `.0`, `.1`… in the body.
    case forEach(Name, Expr, [Stmt], parts: [Name?]?)
    case breakStatement
    case continueStatement
    case returnStatement(Expr?)
    /// `throw "message"`: inside a func or a try-operator's closure.
    case throwStatement(Expr)
    /// `do { … } catch PATTERN { … } catch { … }`: an error thrown in the body goes to the
    /// first clause that matches it, or on if none does.
    case doCatch([Stmt], [CatchClause])
    /// An expression on its own: a call, a subscription chain, or a value to echo.
    case expression(Expr)
    /// `_ = expr`: the value is let go at once; a subscription made so is cancelled at once,
    /// as in Swift (the classic bug).
    case discard(Expr)
    /// `table["key"] = value`, `values[0] += 1`: a value stored into a place in a variable.
    case assignPlace(Expr, Punct, Expr)
    /// `import Combine`: the modules a Combine snippet imports are where Tapline's names come
    /// from already; any other is an error that says what Tapline has instead.
    case importModule([Name])
    /// `struct`, `class` or `enum`: the program's own type.
    case typeDeclaration(TypeDecl)
    /// `typealias Card = (String, Int)` at the top level: another name for a type.
    case typeAlias(Name, TypeExpr)
}

/// `struct NAME { … }`, `class NAME: ObservableObject { … }`, `enum NAME: Error { … }`.
public struct TypeDecl: Sendable {
    /// An `extension` adds members to a type declared before it; a `protocol` names a set of
    /// requirements, which Tapline reads and does not check (a value conforms by its members).
    public enum Kind: String, Sendable { case `struct`, `class`, `enum`, `extension`, `protocol` }
    public var kind: Kind
    public var name: Name
    /// `<T>` after the name: types that stand for any type (Tapline checks them at run time).
    public var genericParameters: [String]
    /// What a type parameter is declared to conform to (`<Failure: Error>`), by its name.
    public var genericConstraints: [String: TypeExpr] = [:]
    /// What follows the `:`: a superclass, protocols, an enum's raw type.
    public var inherits: [TypeExpr]
    public var members: [MemberDecl]
    public var range: SourceRange

    /// The names of what it inherits (`Error`, `ObservableObject`, `Subscriber`).
    var conformances: [String] { inherits.compactMap { if case .named(let name, _) = $0.kind { name } else { nil } } }
}

/// One member of a type's body.
public enum MemberDecl: Sendable {
    case property(PropertyDecl)
    /// A method, `static` or not (`mutating` is the function's).
    case method(FunctionDecl, isStatic: Bool)
    /// `init(…) { … }`: a func named `init`.
    case initializer(FunctionDecl)
    /// `deinit { … }`, with where the word stands.
    case deinitializer([Stmt], SourceRange)
    /// `case a, b(String), c = "x"`.
    case cases([EnumCaseDecl])
    /// `typealias Input = Int`: what a Subscriber says its types are.
    case typeAlias(Name, TypeExpr)
    case nested(TypeDecl)
}

/// A stored or computed property.
public struct PropertyDecl: Sendable {
    public var name: Name
    public var type: TypeExpr?
    public var value: Expr?
    public var isMutable: Bool
    public var isStatic: Bool
    /// `@Published var`: the property is a publisher too (`obj.$name`).
    public var isPublished: Bool
    /// A computed property's getter (`var x: Int { … }` or `get { … }`) and setter.
    public var getter: [Stmt]?
    public var setter: (name: Name?, body: [Stmt])?
    /// Observers of a stored property; their parameter name if one is written.
    public var willSet: (name: Name?, body: [Stmt])?
    public var didSet: (name: Name?, body: [Stmt])?
}

/// One case of an enum: its payload's labels and types, or its raw value.
public struct EnumCaseDecl: Sendable {
    public var name: Name
    public var payload: [(label: String?, type: TypeExpr)]
    public var rawValue: Expr?
}

/// What `marbles` is asked to do.
public enum MarblesCommand: Sendable, Equatable {
    /// Print the diagram of what was recorded.
    case show
    /// Forget what was recorded; the next diagram starts now.
    case clear
    /// Write the diagram as an SVG picture to a file.
    case save(path: String, range: SourceRange)
}

/// A marble string as written, with where it stands (for errors that point into it).
public struct MarbleText: Sendable {
    public let text: String
    public let range: SourceRange
}

/// `"a": value` in a marble string's legend: what a character stands for.
public struct LegendEntry: Sendable {
    public let symbol: Character
    public let value: Expr
    public let range: SourceRange
}

extension StmtKind {
    /// The name a `for (index, value) in …` loop gives each element, which no program can
    /// write.
    static let tupleElement = "for-in element"
}

extension Expr {
    /// The end a one-sided range leaves open (`1...`, `..<5`): `Int.max` or `Int.min`, over no
    /// text, just after `range` (the operator), so that it is told from one written out.
    static func openRangeEnd(upper: Bool, after range: SourceRange) -> Expr {
        let at = SourceRange(range.end, range.end)
        return Expr(.member(Expr(.name("Int"), at), upper ? "max" : "min", nameRange: at), at)
    }

    /// Whether this is an end `openRangeEnd` made.
    var isOpenRangeEnd: Bool {
        guard case .member(let base, let end, _) = kind, end == "max" || end == "min", case .name("Int") = base.kind else { return false }
        return range.start.offset == range.end.offset
    }
}
