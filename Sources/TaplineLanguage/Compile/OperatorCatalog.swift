/// Every chain operator and subscriber the language knows, described once: the compiler
/// dispatches on it, and completion, `:help`, the usage hint in an error and the operator
/// table in docs/LANGUAGE.md are all made from it. An operator's name is written here and
/// nowhere else.
///
/// To add an operator: write its compile function in `ChainOperators/` (mirroring the core's
/// `TaplineReactive/Operators/`), add its entry below, and run the tests — the docs table
/// check and the examples check say what else must follow.
// A class: the compiler takes an entry out of the catalogue at every stage, and copying
// the struct it was retained each of its nine strings and arrays.
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
    /// Whether it ends a chain (a subscriber) or continues it.
    public var isSubscriber: Bool {
        if case .subscriber = compile { return true }
        return false
    }

    /// Whether its subscribers share one upstream subscription (a publisher object of its own,
    /// whose lane in a diagram shows each event once, however many subscribers it has).
    let isShared: Bool

    let compile: Compile

    enum Compile: Sendable {
        case `operator`(@Sendable (Compiler, OperatorCall) throws(Diagnostic) -> PublisherPlan)
        case subscriber(@Sendable (Compiler, OperatorCall) throws(Diagnostic) -> SubscriptionPlan)
    }

    init(name: String, forms: [String], signature: String, summary: String, usage: String, completion: String,
         example: String, output: String, compile: Compile) {
        self.name = name
        self.forms = forms
        self.signature = signature
        self.summary = summary
        self.usage = usage
        self.completion = completion
        self.example = example
        self.output = output
        self.compile = compile
        isShared = ["share", "multicast", "makeConnectable", "autoconnect"].contains(name)
    }
}

extension ChainOperator {
    /// The catalogue, in the order the docs and `:help operators` list it.
    public static let all: [ChainOperator] = transforming + filtering + reducing + combining + timing + debuggingAndSharing
        + tryVariants + errorHandling + higherOrder + sequencing + scheduling + subscribers

    /// Finds an entry by the name written after a dot — or, where one name is two operators
    /// (`subscribe(on:)` and `subscribe(_:)`), by the name and its first label.
    static func named(_ name: String, firstLabel: String? = nil) -> ChainOperator? {
        if let firstLabel, let labelled = byName["\(name)(\(firstLabel):)"] { return labelled }
        return byName[name]
    }

    private static let byName: [String: ChainOperator] = Dictionary(all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

    /// All names after a dot, for "did you mean".
    static let names: [String] = all.map(\.name).filter { !$0.hasSuffix(":)") }

    static let transforming: [ChainOperator] = [
        ChainOperator(
            name: "map", forms: ["map { value }"],
            signature: "func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Self, T>",
            summary: "transforms each value", usage: "'.map { $0 * 2 }'", completion: "map",
            example: "[1, 2].publisher.map { $0 * 10 }.sink { print(\"map\", $0) }", output: "map 10\nmap 20\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileMap(call) }),
        ChainOperator(
            name: "compactMap", forms: ["compactMap { value or nil }"],
            signature: "func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Self, T>",
            summary: "transforms and drops `nil` (`Int(\"x\")` is `nil`)", usage: "'.compactMap { Int($0) }'", completion: "compactMap",
            example: "[\"1\", \"x\", \"3\"].publisher.compactMap { Int($0) }.sink { print(\"compactMap\", $0) }",
            output: "compactMap 1\ncompactMap 3\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileCompactMap(call) }),
        ChainOperator(
            name: "scan", forms: ["scan(initial) { acc, value in … }"],
            signature: "func scan<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T) -> Publishers.Scan<Self, T>",
            summary: "emits each running result", usage: "'.scan(0) { $0 + $1 }'", completion: "scan(",
            example: "[1, 2, 3].publisher.scan(0) { $0 + $1 }.collect().sink { print(\"scan\", $0) }", output: "scan [1, 3, 6]\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileAccumulator(call, emitsEachStep: true) }),
    ]

    static let filtering: [ChainOperator] = [
        ChainOperator(
            name: "filter", forms: ["filter { Bool }"],
            signature: "func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Self>",
            summary: "keeps the values the closure accepts", usage: "'.filter { $0 > 1 }'", completion: "filter",
            example: "[1, 2, 3, 4].publisher.filter { $0 > 2 }.sink { print(\"filter\", $0) }", output: "filter 3\nfilter 4\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileFilter(call) }),
        ChainOperator(
            name: "removeDuplicates", forms: ["removeDuplicates()", "removeDuplicates { a, b in Bool }"],
            signature: "func removeDuplicates() -> Publishers.RemoveDuplicates<Self>",
            summary: "drops a value equal to the one before", usage: "'.removeDuplicates()'", completion: "removeDuplicates()",
            example: "[1, 1, 2, 2, 1].publisher.removeDuplicates().collect().sink { print(\"removeDuplicates\", $0) }",
            output: "removeDuplicates [1, 2, 1]\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileRemoveDuplicates(call) }),
        ChainOperator(
            name: "prefix", forms: ["prefix(n)", "prefix(while: { Bool })", "prefix(untilOutputFrom: p)"],
            signature: "func prefix(_ maxLength: Int) -> Publishers.Output<Self>",
            summary: "the first n values (or those while the closure accepts them, or until p emits), then finishes and cancels upstream",
            usage: "'.prefix(3)', '.prefix(while: { $0 < 3 })' or '.prefix(untilOutputFrom: stop)'", completion: "prefix(",
            example: "[1, 2, 3].publisher.prefix(2).collect().sink { print(\"prefix\", $0) }", output: "prefix [1, 2]\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compilePrefix(call) }),
        ChainOperator(
            name: "dropFirst", forms: ["dropFirst()", "dropFirst(n)"],
            signature: "func dropFirst(_ count: Int = 1) -> Publishers.Drop<Self>",
            summary: "skips the first values", usage: "'.dropFirst()' or '.dropFirst(2)'", completion: "dropFirst()",
            example: "[1, 2, 3].publisher.dropFirst().collect().sink { print(\"dropFirst\", $0) }", output: "dropFirst [2, 3]\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileDropFirst(call) }),
        ChainOperator(
            name: "first", forms: ["first()", "first { Bool }"],
            signature: "func first() -> Publishers.First<Self>",
            summary: "the first value (that the closure accepts), then finishes", usage: "'.first()' or '.first { $0 > 1 }'",
            completion: "first()",
            example: "[1, 2, 3].publisher.first { $0 > 1 }.sink { print(\"first where\", $0) }", output: "first where 2\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileFirst(call) }),
        ChainOperator(
            name: "last", forms: ["last()", "last { Bool }"],
            signature: "func last() -> Publishers.Last<Self>",
            summary: "the last value (that the closure accepts), when the upstream finishes", usage: "'.last()' or '.last { $0 > 1 }'", completion: "last()",
            example: "[1, 2, 3].publisher.last().sink { print(\"last\", $0) }", output: "last 3\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileLast(call) }),
        ChainOperator(
            name: "drop", forms: ["drop(while: { Bool })", "drop(untilOutputFrom: p)"],
            signature: "func drop(while predicate: @escaping (Output) -> Bool) -> Publishers.DropWhile<Self>",
            summary: "skips values while the closure accepts them (or until p emits), then passes all",
            usage: "'.drop(while: { $0 < 3 })' or '.drop(untilOutputFrom: start)'", completion: "drop(while:",
            example: "[1, 2, 5, 1].publisher.drop(while: { $0 < 3 }).collect().sink { print($0) }",
            output: "[5, 1]\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileDropWhile(call) }),
    ]

    static let reducing: [ChainOperator] = [
        ChainOperator(
            name: "reduce", forms: ["reduce(initial) { acc, value in … }"],
            signature: "func reduce<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T) -> Publishers.Reduce<Self, T>",
            summary: "emits the final result when the upstream finishes", usage: "'.reduce(0) { $0 + $1 }'", completion: "reduce(",
            example: "[1, 2, 3].publisher.reduce(0) { $0 + $1 }.sink { print(\"reduce\", $0) }", output: "reduce 6\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileAccumulator(call, emitsEachStep: false) }),
        ChainOperator(
            name: "collect", forms: ["collect()", "collect(n)", "collect(.byTime(RunLoop.main, 1s))", "collect(.byTimeOrCount(RunLoop.main, 1s, n))"],
            signature: "func collect(_ count: Int) -> Publishers.CollectByCount<Self>",
            summary: "gathers values into arrays (all of them, n at a time, or each time span, at most n)",
            usage: "'.collect()', '.collect(3)' or '.collect(.byTime(RunLoop.main, 1s))'",
            completion: "collect()",
            example: "[1, 2, 3, 4, 5].publisher.collect(2).sink { print(\"collect(2)\", $0) }",
            output: "collect(2) [1, 2]\ncollect(2) [3, 4]\ncollect(2) [5]\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileCollect(call) }),
        ChainOperator(
            name: "contains", forms: ["contains(value)", "contains { Bool }"],
            signature: "func contains(where predicate: @escaping (Output) -> Bool) -> Publishers.ContainsWhere<Self>",
            summary: "true at the first match (then finished), else false when the upstream finishes", usage: "'.contains(2)' or '.contains { $0 > 1 }'", completion: "contains(",
            example: "[1, 2, 3].publisher.contains(2).sink { print($0) }",
            output: "true\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileContains(call) }),
        ChainOperator(
            name: "allSatisfy", forms: ["allSatisfy { Bool }"],
            signature: "func allSatisfy(_ predicate: @escaping (Output) -> Bool) -> Publishers.AllSatisfy<Self>",
            summary: "false at the first value that fails (then finished), else true at the end", usage: "'.allSatisfy { $0 > 0 }'", completion: "allSatisfy",
            example: "[2, 4].publisher.allSatisfy { $0 % 2 == 0 }.sink { print($0) }",
            output: "true\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileAllSatisfy(call) }),
        ChainOperator(
            name: "min", forms: ["min()", "min(by: { a, b in Bool })"],
            signature: "func min(by areInIncreasingOrder: @escaping (Output, Output) -> Bool) -> Publishers.Comparison<Self>",
            summary: "the least value, when the upstream finishes", usage: "'.min()' or '.min(by: { $0 < $1 })'", completion: "min()",
            example: "[3, 1, 2].publisher.min().sink { print($0) }",
            output: "1\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileComparison(call, keepsLargest: false) }),
        ChainOperator(
            name: "max", forms: ["max()", "max(by: { a, b in Bool })"],
            signature: "func max(by areInIncreasingOrder: @escaping (Output, Output) -> Bool) -> Publishers.Comparison<Self>",
            summary: "the greatest value, when the upstream finishes", usage: "'.max()' or '.max(by: { $0 < $1 })'", completion: "max()",
            example: "[3, 1, 2].publisher.max().sink { print($0) }",
            output: "3\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileComparison(call, keepsLargest: true) }),
    ]

    static let combining: [ChainOperator] = [
        ChainOperator(
            name: "merge", forms: ["merge(with: p…)"],
            signature: "func merge(with other: Self) -> Publishers.MergeMany<Self>",
            summary: "interleaves; finishes when all finish", usage: "'.merge(with: other)'", completion: "merge(with:",
            example: "[1, 2].publisher.merge(with: [3].publisher).collect().sink { print(\"merge\", $0) }", output: "merge [1, 2, 3]\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileMerge(call) }),
        ChainOperator(
            name: "combineLatest", forms: ["combineLatest(p…) [{ a, b in … }]"],
            signature: "func combineLatest<P>(_ other: P) -> Publishers.CombineLatest<Self, P>",
            summary: "latest of each, once all have emitted; finishes when all finish", usage: "'.combineLatest(other)'",
            completion: "combineLatest(",
            example: "just(1).combineLatest(just(\"x\")).sink { print(\"combineLatest\", $0) }", output: "combineLatest (1, \"x\")\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileCombination(call, pairsInOrder: false) }),
        ChainOperator(
            name: "zip", forms: ["zip(p…) [{ a, b in … }]"],
            signature: "func zip<P>(_ other: P) -> Publishers.Zip<Self, P>",
            summary: "pairs in order", usage: "'.zip(other)'", completion: "zip(",
            example: "[\"a\", \"b\"].publisher.zip([1, 2].publisher) { \"\\($0)\\($1)\" }.collect().sink { print(\"zip\", $0) }",
            output: "zip [\"a1\", \"b2\"]\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileCombination(call, pairsInOrder: true) }),
    ]

    static let timing: [ChainOperator] = [
        ChainOperator(
            name: "debounce", forms: ["debounce(for: 300ms)"],
            signature: "func debounce<S>(for dueTime: S.SchedulerTimeType.Stride, scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.Debounce<Self, S>",
            summary: "emits after a pause; drops a pending value on completion", usage: "'.debounce(for: 300ms)'",
            completion: "debounce(for:",
            example: "subject s: Int\ns.debounce(for: 100ms).sink { print(\"debounce\", $0) }\nsend s 1\nsend s 2\nwait 200ms",
            output: "debounce 2\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileTimed(call, .debounce) }),
        ChainOperator(
            name: "throttle", forms: ["throttle(for: 1s, latest: Bool)"],
            signature: "func throttle<S>(for interval: S.SchedulerTimeType.Stride, scheduler: S, latest: Bool) -> Publishers.Throttle<Self, S>",
            summary: "first value at once, then one per interval", usage: "'.throttle(for: 1s, latest: true)'",
            completion: "throttle(for:",
            example: "subject s: Int\ns.throttle(for: 100ms, latest: true).sink { print(\"throttle\", $0) }\nsend s 1\nsend s 2\nwait 200ms",
            output: "throttle 1\nthrottle 2\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileTimed(call, .throttle) }),
        ChainOperator(
            name: "delay", forms: ["delay(for: 500ms)"],
            signature: "func delay<S>(for interval: S.SchedulerTimeType.Stride, tolerance: S.SchedulerTimeType.Stride? = nil, scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.Delay<Self, S>",
            summary: "shifts values and completion later", usage: "'.delay(for: 1s)'", completion: "delay(for:",
            example: "subject s: Int\ns.delay(for: 50ms).sink { print(\"delay\", $0) }\nsend s 1\nprint(\"sent\")\nwait 50ms",
            output: "sent\ndelay 1\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileTimed(call, .delay) }),
    ]

    static let debuggingAndSharing: [ChainOperator] = [
        ChainOperator(
            name: "print", forms: ["print(\"tag\")"],
            signature: "func print(_ prefix: String = \"\", to stream: TextOutputStream? = nil) -> Publishers.Print<Self>",
            summary: "logs every event in Combine's format", usage: "'.print(\"tag\")'", completion: "print(",
            example: "just(1).print(\"tag\").sink { _ in }",
            output: "tag: receive subscription: (Just)\ntag: request unlimited\ntag: receive value: (1)\ntag: receive finished\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compilePrint(call) }),
        ChainOperator(
            name: "share", forms: ["share()"],
            signature: "func share() -> Publishers.Share<Self>",
            summary: "one upstream subscription for all subscribers", usage: "'.share()'", completion: "share()",
            example: "subject s: Int\nlet shared = s.map { $0 * 2 }.share()\nshared.sink { print(\"A\", $0) }\nshared.sink { print(\"B\", $0) }\nsend s 1",
            output: "A 2\nB 2\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileShare(call) }),
        ChainOperator(
            name: "autoconnect", forms: ["autoconnect()"],
            signature: "func autoconnect() -> Publishers.Autoconnect<Self>   // on a ConnectablePublisher",
            summary: "connects a connectable publisher (a Timer) when the first subscriber comes", usage: "'.autoconnect()'",
            completion: "autoconnect()",
            example: "Timer.publish(every: 1s).autoconnect().prefix(2).sink { print(\"tick at\", $0) }\nwait 3s",
            output: "tick at 1000ms\ntick at 2000ms\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileAutoconnect(call) }),
        ChainOperator(
            name: "setFailureType", forms: ["setFailureType(to: Error.self)"],
            signature: "func setFailureType<E>(to failureType: E.Type) -> Publishers.SetFailureType<Self, E> where Self.Failure == Never",
            summary: "lets a publisher that never fails join ones that can (its Failure becomes Error)",
            usage: "'.setFailureType(to: Error.self)'", completion: "setFailureType(to:",
            example: "subject s: Int\ns.merge(with: Just(0).setFailureType(to: Error.self)).sink { print($0) }\nsend s 1",
            output: "0\n1\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileSetFailureType(call) }),
        ChainOperator(
            name: "eraseToAnyPublisher", forms: ["eraseToAnyPublisher()"],
            signature: "func eraseToAnyPublisher() -> AnyPublisher<Output, Failure>",
            summary: "changes nothing (accepted for familiarity)", usage: "'.eraseToAnyPublisher()'",
            completion: "eraseToAnyPublisher()",
            example: "just(1).eraseToAnyPublisher().sink { print($0) }", output: "1\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileErase(call) }),
    ]

    /// The `try…` operators: their closure may `throw`, which fails the stream.
    static let tryVariants: [ChainOperator] = [
        ChainOperator(
            name: "tryMap", forms: ["tryMap { value or throw }"],
            signature: "func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Self, T>",
            summary: "transforms each value; a throw fails the stream", usage: "'.tryMap { $0 * 2 }'", completion: "tryMap",
            example: "func check(_ x: Int) -> Int {\n  if x < 0 { throw \"negative\" }\n  return x\n}\n[1, -1, 2].publisher.tryMap { try check($0) }\n  .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })",
            output: "1\nfailure(negative)\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileTryMap(call) }),
        ChainOperator(
            name: "tryCompactMap", forms: ["tryCompactMap { value, nil or throw }"],
            signature: "func tryCompactMap<T>(_ transform: @escaping (Output) throws -> T?) -> Publishers.TryCompactMap<Self, T>",
            summary: "transforms and drops nil; a throw fails the stream", usage: "'.tryCompactMap { Int($0) }'", completion: "tryCompactMap",
            example: "[\"1\", \"x\", \"3\"].publisher.tryCompactMap { Int($0) }.sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })",
            output: "1\n3\nfinished\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileTryCompactMap(call) }),
        ChainOperator(
            name: "tryFilter", forms: ["tryFilter { Bool or throw }"],
            signature: "func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Self>",
            summary: "keeps the values the closure accepts; a throw fails the stream", usage: "'.tryFilter { $0 > 1 }'", completion: "tryFilter",
            example: "[1, 2, 0].publisher.tryFilter { v in\n  if v == 0 { throw \"zero\" }\n  return v > 1\n}.sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })",
            output: "2\nfailure(zero)\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileTryFilter(call) }),
        ChainOperator(
            name: "tryScan", forms: ["tryScan(initial) { acc, value in … }"],
            signature: "func tryScan<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) throws -> T) -> Publishers.TryScan<Self, T>",
            summary: "emits each running result; a throw fails the stream", usage: "'.tryScan(0) { $0 + $1 }'", completion: "tryScan(",
            example: "[1, 2, 3].publisher.tryScan(0) { sum, v in\n  if sum + v > 3 { throw \"too big\" }\n  return sum + v\n}.sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })",
            output: "1\n3\nfailure(too big)\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileAccumulator(call, emitsEachStep: true, throwing: true) }),
        ChainOperator(
            name: "tryReduce", forms: ["tryReduce(initial) { acc, value in … }"],
            signature: "func tryReduce<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) throws -> T) -> Publishers.TryReduce<Self, T>",
            summary: "emits the final result when the upstream finishes; a throw fails the stream", usage: "'.tryReduce(0) { $0 + $1 }'", completion: "tryReduce(",
            example: "[1, 2, 3].publisher.tryReduce(0) { $0 + $1 }.sink { print($0) }",
            output: "6\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileAccumulator(call, emitsEachStep: false, throwing: true) }),
        ChainOperator(
            name: "tryRemoveDuplicates", forms: ["tryRemoveDuplicates { a, b in Bool or throw }"],
            signature: "func tryRemoveDuplicates(by predicate: @escaping (Output, Output) throws -> Bool) -> Publishers.TryRemoveDuplicates<Self>",
            summary: "drops a value the closure calls equal to the one before; a throw fails the stream", usage: "'.tryRemoveDuplicates { $0 == $1 }'", completion: "tryRemoveDuplicates",
            example: "[1, 1, 2].publisher.tryRemoveDuplicates { $0 == $1 }.collect().sink { print($0) }",
            output: "[1, 2]\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileTryRemoveDuplicates(call) }),
        ChainOperator(
            name: "tryFirst", forms: ["tryFirst { Bool or throw }"],
            signature: "func tryFirst(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryFirstWhere<Self>",
            summary: "the first value the closure accepts; a throw fails the stream", usage: "'.tryFirst { $0 > 1 }'", completion: "tryFirst",
            example: "[1, 2, 3].publisher.tryFirst { $0 > 1 }.sink { print($0) }",
            output: "2\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileTryFirst(call) }),
        ChainOperator(
            name: "tryLast", forms: ["tryLast { Bool or throw }"],
            signature: "func tryLast(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryLastWhere<Self>",
            summary: "the last value the closure accepts, when the upstream finishes; a throw fails the stream", usage: "'.tryLast { $0 > 1 }'", completion: "tryLast",
            example: "[1, 2, 3].publisher.tryLast { $0 < 3 }.sink { print($0) }",
            output: "2\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileTryLast(call) }),
        ChainOperator(
            name: "tryContains", forms: ["tryContains { Bool or throw }"],
            signature: "func tryContains(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryContainsWhere<Self>",
            summary: "true at the first value the closure accepts, else false at the end; a throw fails the stream", usage: "'.tryContains { $0 > 1 }'", completion: "tryContains",
            example: "[1, 2, 3].publisher.tryContains { $0 > 2 }.sink { print($0) }",
            output: "true\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileTryContains(call) }),
        ChainOperator(
            name: "tryAllSatisfy", forms: ["tryAllSatisfy { Bool or throw }"],
            signature: "func tryAllSatisfy(_ predicate: @escaping (Output) throws -> Bool) -> Publishers.TryAllSatisfy<Self>",
            summary: "false at the first value the closure rejects, else true at the end; a throw fails the stream", usage: "'.tryAllSatisfy { $0 > 0 }'", completion: "tryAllSatisfy",
            example: "[1, 2].publisher.tryAllSatisfy { $0 > 0 }.sink { print($0) }",
            output: "true\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileTryAllSatisfy(call) }),
        ChainOperator(
            name: "tryMin", forms: ["tryMin { a, b in Bool or throw }"],
            signature: "func tryMin(by areInIncreasingOrder: @escaping (Output, Output) throws -> Bool) -> Publishers.TryComparison<Self>",
            summary: "the least value by the closure's order, at the end; a throw fails the stream", usage: "'.tryMin { $0 < $1 }'", completion: "tryMin",
            example: "[3, 1, 2].publisher.tryMin { $0 < $1 }.sink { print($0) }",
            output: "1\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileTryComparison(call, keepsLargest: false) }),
        ChainOperator(
            name: "tryMax", forms: ["tryMax { a, b in Bool or throw }"],
            signature: "func tryMax(by areInIncreasingOrder: @escaping (Output, Output) throws -> Bool) -> Publishers.TryComparison<Self>",
            summary: "the greatest value by the closure's order, at the end; a throw fails the stream", usage: "'.tryMax { $0 < $1 }'", completion: "tryMax",
            example: "[3, 1, 2].publisher.tryMax { $0 < $1 }.sink { print($0) }",
            output: "3\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileTryComparison(call, keepsLargest: true) }),
        ChainOperator(
            name: "tryDrop", forms: ["tryDrop { Bool or throw }"],
            signature: "func tryDrop(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryDropWhile<Self>",
            summary: "skips values while the closure accepts them; a throw fails the stream", usage: "'.tryDrop { $0 < 3 }'", completion: "tryDrop",
            example: "[1, 5, 2].publisher.tryDrop { $0 < 3 }.collect().sink { print($0) }",
            output: "[5, 2]\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileTryDrop(call) }),
        ChainOperator(
            name: "tryPrefix", forms: ["tryPrefix { Bool or throw }"],
            signature: "func tryPrefix(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryPrefixWhile<Self>",
            summary: "values while the closure accepts them, then finished; a throw fails the stream", usage: "'.tryPrefix { $0 < 3 }'", completion: "tryPrefix",
            example: "[1, 5, 2].publisher.tryPrefix { $0 < 3 }.collect().sink { print($0) }",
            output: "[1]\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileTryPrefix(call) }),
    ]

    /// What to do when a stream fails.
    static let errorHandling: [ChainOperator] = [
        ChainOperator(
            name: "catch", forms: ["catch { error in PUBLISHER }"],
            signature: "func `catch`<P>(_ handler: @escaping (Failure) -> P) -> Publishers.Catch<Self, P> where P: Publisher, Self.Output == P.Output",
            summary: "on a failure, goes on with the publisher the closure returns", usage: "'.catch { _ in Just(0) }'", completion: "catch",
            example: "Fail(error: \"offline\").catch { error in Just(\"cached, because \\(error)\") }.sink { print($0) }",
            output: "cached, because offline\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileCatch(call) }),
        ChainOperator(
            name: "tryCatch", forms: ["tryCatch { error in PUBLISHER or throw }"],
            signature: "func tryCatch<P>(_ handler: @escaping (Failure) throws -> P) -> Publishers.TryCatch<Self, P> where P: Publisher, Self.Output == P.Output",
            summary: "like catch; a throw in the closure fails the stream", usage: "'.tryCatch { _ in Just(0) }'", completion: "tryCatch",
            example: "Fail(error: \"offline\").tryCatch { error in throw \"still \\(error)\" }.sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })",
            output: "failure(still offline)\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileCatch(call, throwing: true) }),
        ChainOperator(
            name: "retry", forms: ["retry(n)"],
            signature: "func retry(_ retries: Int) -> Publishers.Retry<Self>",
            summary: "on a failure, subscribes to the upstream again, up to n times", usage: "'.retry(2)'", completion: "retry(",
            example: "current attempts = 0\nfunc fetch() -> AnyPublisher<Int, Error> {\n  set attempts = attempts + 1\n  if attempts < 3 { return Fail(error: \"busy\").eraseToAnyPublisher() }\n  return Just(attempts).setFailureType(to: Error.self).eraseToAnyPublisher()\n}\nDeferred { fetch() }.retry(5).sink(receiveCompletion: { print($0) }, receiveValue: { print(\"attempt\", $0) })",
            output: "attempt 3\nfinished\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileRetry(call) }),
        ChainOperator(
            name: "replaceError", forms: ["replaceError(with: value)"],
            signature: "func replaceError(with output: Output) -> Publishers.ReplaceError<Self>",
            summary: "on a failure, that value, then finished: the stream never fails", usage: "'.replaceError(with: 0)'", completion: "replaceError(with:",
            example: "Fail(error: \"x\").replaceError(with: 0).sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })",
            output: "0\nfinished\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileReplaceError(call) }),
        ChainOperator(
            name: "mapError", forms: ["mapError { error in … }"],
            signature: "func mapError<E>(_ transform: @escaping (Failure) -> E) -> Publishers.MapError<Self, E> where E: Error",
            summary: "turns a failure into another error", usage: "'.mapError { \"wrapped \\($0)\" }'", completion: "mapError",
            example: "Fail(error: \"timeout\").mapError { \"network: \\($0)\" }.sink(receiveCompletion: { print($0) }, receiveValue: { _ in })",
            output: "failure(network: timeout)\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileMapError(call) }),
        ChainOperator(
            name: "assertNoFailure", forms: ["assertNoFailure()", "assertNoFailure(\"prefix\")"],
            signature: "func assertNoFailure(_ prefix: String = \"\", file: StaticString = #file, line: UInt = #line) -> Publishers.AssertNoFailure<Self>",
            summary: "a failure stops the program with an error that names it; the stream never fails", usage: "'.assertNoFailure()'", completion: "assertNoFailure()",
            example: "Just(1).assertNoFailure().sink { print($0) }",
            output: "1\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileAssertNoFailure(call) }),
    ]

    /// Publishers of publishers.
    static let higherOrder: [ChainOperator] = [
        ChainOperator(
            name: "flatMap", forms: ["flatMap { value in PUBLISHER }", "flatMap(maxPublishers: .max(n)) { … }"],
            signature: "func flatMap<T, P>(maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P) -> Publishers.FlatMap<P, Self> where T == P.Output, P: Publisher, Self.Failure == P.Failure",
            summary: "subscribes to the publisher the closure makes for each value, and merges their values", usage: "'.flatMap { Just($0) }'", completion: "flatMap",
            example: "[1, 2].publisher.flatMap { n in [n, n * 10].publisher }.collect().sink { print($0) }",
            output: "[1, 10, 2, 20]\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileFlatMap(call) }),
        ChainOperator(
            name: "switchToLatest", forms: ["switchToLatest()"],
            signature: "func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> where Output: Publisher, Output.Failure == Failure",
            summary: "the values of the newest publisher; a new one cancels the one before", usage: "'.switchToLatest()'", completion: "switchToLatest()",
            example: "subject query: String\nquery.map { q in Deferred { Just(q).delay(for: 100ms) } }.switchToLatest().sink { print(\"results for\", $0) }\nsend query \"s\"\nsend query \"sw\"\nwait 200ms",
            output: "results for sw\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileSwitchToLatest(call) }),
    ]

    /// Counting, picking by position, joining end to end, filling in, watching.
    static let sequencing: [ChainOperator] = [
        ChainOperator(
            name: "count", forms: ["count()"],
            signature: "func count() -> Publishers.Count<Self>",
            summary: "how many values, when the upstream finishes", usage: "'.count()'", completion: "count()",
            example: "[5, 6, 7].publisher.count().sink { print($0) }",
            output: "3\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileCount(call) }),
        ChainOperator(
            name: "ignoreOutput", forms: ["ignoreOutput()"],
            signature: "func ignoreOutput() -> Publishers.IgnoreOutput<Self>",
            summary: "no values, only the completion", usage: "'.ignoreOutput()'", completion: "ignoreOutput()",
            example: "[1, 2].publisher.ignoreOutput().sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })",
            output: "finished\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileIgnoreOutput(call) }),
        ChainOperator(
            name: "output", forms: ["output(at: i)", "output(in: a...b)"],
            signature: "func output(at index: Int) -> Publishers.Output<Self>",
            summary: "the values at those positions, then finished", usage: "'.output(at: 1)' or '.output(in: 1...3)'", completion: "output(",
            example: "[10, 20, 30, 40].publisher.output(in: 1...2).collect().sink { print($0) }",
            output: "[20, 30]\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileOutput(call) }),
        ChainOperator(
            name: "append", forms: ["append(values…)", "append(publisher)"],
            signature: "func append<P>(_ publisher: P) -> Publishers.Concatenate<Self, P> where P: Publisher, Self.Failure == P.Failure, Self.Output == P.Output",
            summary: "after the upstream finishes, these values or that publisher's", usage: "'.append(4)' or '.append(other)'", completion: "append(",
            example: "[2, 3].publisher.prepend(1).append(4, 5).collect().sink { print($0) }",
            output: "[1, 2, 3, 4, 5]\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileConcatenate(call, atEnd: true) }),
        ChainOperator(
            name: "prepend", forms: ["prepend(values…)", "prepend(publisher)"],
            signature: "func prepend<P>(_ publisher: P) -> Publishers.Concatenate<P, Self> where P: Publisher, Self.Failure == P.Failure, Self.Output == P.Output",
            summary: "these values or that publisher's first, then the upstream's", usage: "'.prepend(0)' or '.prepend(other)'", completion: "prepend(",
            example: "Just(\"world\").prepend(\"hello\").collect().sink { print($0) }",
            output: "[\"hello\", \"world\"]\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileConcatenate(call, atEnd: false) }),
        ChainOperator(
            name: "replaceNil", forms: ["replaceNil(with: value)"],
            signature: "func replaceNil<T>(with output: T) -> Publishers.Map<Self, T> where Self.Output == T?",
            summary: "nil becomes that value", usage: "'.replaceNil(with: 0)'", completion: "replaceNil(with:",
            example: "[\"1\", \"x\"].publisher.map { Int($0) }.replaceNil(with: 0).collect().sink { print($0) }",
            output: "[1, 0]\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileReplace(call, nilValues: true) }),
        ChainOperator(
            name: "replaceEmpty", forms: ["replaceEmpty(with: value)"],
            signature: "func replaceEmpty(with output: Output) -> Publishers.ReplaceEmpty<Self>",
            summary: "that value when the upstream finishes without any", usage: "'.replaceEmpty(with: 0)'", completion: "replaceEmpty(with:",
            example: "Empty().replaceEmpty(with: \"nothing\").sink { print($0) }",
            output: "nothing\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileReplace(call, nilValues: false) }),
        ChainOperator(
            name: "handleEvents", forms: ["handleEvents(receiveOutput: { … }, receiveCompletion: { … }, …)"],
            signature: "func handleEvents(receiveSubscription: ((Subscription) -> Void)? = nil, receiveOutput: ((Output) -> Void)? = nil, receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil, receiveCancel: (() -> Void)? = nil, receiveRequest: ((Subscribers.Demand) -> Void)? = nil) -> Publishers.HandleEvents<Self>",
            summary: "runs closures on each event as it passes (to log), changing nothing", usage: "'.handleEvents(receiveOutput: { print($0) })'", completion: "handleEvents(",
            example: "Just(1).handleEvents(receiveOutput: { print(\"saw\", $0) }, receiveCompletion: { print(\"ended\", $0) }).sink { print(\"got\", $0) }",
            output: "saw 1\ngot 1\nended finished\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileHandleEvents(call) }),
    ]

    /// Schedulers and shared subscriptions.
    static let scheduling: [ChainOperator] = [
        ChainOperator(
            name: "receive", forms: ["receive(on: DispatchQueue.main)"],
            signature: "func receive<S>(on scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.ReceiveOn<Self, S> where S: Scheduler",
            summary: "delivers on the scheduler: on the main queue, after the current entry", usage: "'.receive(on: DispatchQueue.main)'", completion: "receive(on:",
            example: "subject s: Int\ns.receive(on: DispatchQueue.main).sink { print(\"got\", $0) }\nprint(\"a\"); send s 1; print(\"b\")",
            output: "a\nb\ngot 1\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileHop(call, receiving: true) }),
        ChainOperator(
            name: "subscribe(on:)", forms: ["subscribe(on: DispatchQueue.main)"],
            signature: "func subscribe<S>(on scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.SubscribeOn<Self, S> where S: Scheduler",
            summary: "subscribes, requests and cancels on the scheduler", usage: "'.subscribe(on: DispatchQueue.main)'", completion: "subscribe(on:",
            example: "Just(1).subscribe(on: DispatchQueue.main).sink { print(\"got\", $0) }; print(\"subscribing\")",
            output: "subscribing\ngot 1\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileHop(call, receiving: false) }),
        ChainOperator(
            name: "timeout", forms: ["timeout(1s, scheduler: RunLoop.main)", "timeout(1s, scheduler: …, customError: { \"slow\" })"],
            signature: "func timeout<S>(_ interval: S.SchedulerTimeType.Stride, scheduler: S, options: S.SchedulerOptions? = nil, customError: (() -> Failure)? = nil) -> Publishers.Timeout<Self, S>",
            summary: "finishes (or fails) when the upstream is silent for that long", usage: "'.timeout(1s, scheduler: RunLoop.main)'", completion: "timeout(",
            example: "subject s: Int\ns.timeout(1s, scheduler: RunLoop.main, customError: { \"too slow\" }).sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })\nsend s 1\nwait 2s",
            output: "1\nfailure(too slow)\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileTimeout(call) }),
        ChainOperator(
            name: "measureInterval", forms: ["measureInterval(using: RunLoop.main)"],
            signature: "func measureInterval<S>(using scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.MeasureInterval<Self, S>",
            summary: "the time between values (the first from the subscription)", usage: "'.measureInterval(using: RunLoop.main)'", completion: "measureInterval(using:",
            example: "subject s: Int\ns.measureInterval(using: RunLoop.main).sink { print($0) }\nwait 300ms\nsend s 1\nwait 1s\nsend s 2",
            output: "300ms\n1000ms\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileMeasureInterval(call) }),
        ChainOperator(
            name: "buffer", forms: ["buffer(size: n, prefetch: .byRequest, whenFull: .dropOldest)"],
            signature: "func buffer(size: Int, prefetch: Publishers.PrefetchStrategy, whenFull: Publishers.BufferingStrategy<Failure>) -> Publishers.Buffer<Self>",
            summary: "holds values the subscriber has not asked for yet", usage: "'.buffer(size: 10, prefetch: .byRequest, whenFull: .dropOldest)'", completion: "buffer(size:",
            example: "subscriber slow(demand: 0) { print(\"got\", $0); return .none }\nsubject s: Int\ns.buffer(size: 2, prefetch: .byRequest, whenFull: .dropOldest).subscribe(slow)\nsend s 1\nsend s 2\nsend s 3\nrequest slow 5",
            output: "got 2\ngot 3\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileBuffer(call) }),
        ChainOperator(
            name: "multicast", forms: ["multicast { PassthroughSubject() }", "multicast(subject: SUBJECT)"],
            signature: "func multicast<S>(_ createSubject: @escaping () -> S) -> Publishers.Multicast<Self, S> where S: Subject, Self.Failure == S.Failure, Self.Output == S.Output",
            summary: "one upstream subscription for every subscriber, once connected (autoconnect())", usage: "'.multicast { PassthroughSubject() }.autoconnect()'", completion: "multicast",
            example: "subject s: Int\nlet hub = s.map { $0 * 2 }.multicast { PassthroughSubject() }.autoconnect()\nhub.sink { print(\"A\", $0) }\nhub.sink { print(\"B\", $0) }\nsend s 1",
            output: "A 2\nB 2\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileMulticast(call) }),
        ChainOperator(
            name: "makeConnectable", forms: ["makeConnectable()"],
            signature: "func makeConnectable() -> Publishers.MakeConnectable<Self> where Self.Failure == Never",
            summary: "a connectable publisher: nothing flows until it is connected (autoconnect())", usage: "'.makeConnectable().autoconnect()'", completion: "makeConnectable()",
            example: "[1, 2].publisher.makeConnectable().autoconnect().collect().sink { print($0) }",
            output: "[1, 2]\n",
            compile: .`operator` { (compiler, call) throws(Diagnostic) in try compiler.compileMulticast(call) }),
    ]

    static let subscribers: [ChainOperator] = [
        ChainOperator(
            name: "sink", forms: ["sink { value in … }", "sink(receiveCompletion: { … }, receiveValue: { … })"],
            signature: "func sink(receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void, receiveValue: @escaping (Output) -> Void) -> AnyCancellable",
            summary: "requests unlimited and runs a closure for each value (and, if given, the completion)",
            usage: "'.sink { … }' or '.sink(receiveCompletion: { … }, receiveValue: { … })'", completion: "sink",
            example: "just(1).sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })", output: "1\nfinished\n",
            compile: .subscriber { (compiler, call) throws(Diagnostic) in try compiler.compileSink(call) }),
        ChainOperator(
            name: "subscribe", forms: ["subscribe(SUBSCRIBER)", "subscribe(SUBJECT)"],
            signature: "func subscribe<S>(_ subscriber: S) where S: Subscriber, Failure == S.Failure, Output == S.Input",
            summary: "attaches a declared subscriber (once: Combine cancels a second subscription), or republishes into a subject", usage: "'.subscribe(subscriberName)'",
            completion: "subscribe(",
            example: "subject out: Int\nout.sink { print(\"out\", $0) }\n[1, 2].publisher.subscribe(out)", output: "out 1\nout 2\n",
            compile: .subscriber { (compiler, call) throws(Diagnostic) in try compiler.compileSubscribe(call) }),
        ChainOperator(
            name: "assign", forms: ["assign(to: NAME)", "assign(to: &$NAME)", "assign(to: \\.value, on: NAME)"],
            signature: "func assign(to published: inout Published<Output>.Publisher)",
            summary: "stores each value in a published or current value", usage: "'.assign(to: name)', '.assign(to: &$name)' or '.assign(to: \\.value, on: name)'",
            completion: "assign(to:",
            example: "published total = 0\n$total.sink { print(\"total\", $0) }\njust(5).assign(to: &$total)", output: "total 0\ntotal 5\n",
            compile: .subscriber { (compiler, call) throws(Diagnostic) in try compiler.compileAssign(call) }),
    ]
}
