/// For each operator in the catalogue: what it does in two sentences, its RxSwift and RxJS
/// names where they differ, and a program on the virtual clock whose `marbles` diagram shows it.
///
/// `:help NAME` and the SVGs in docs/LANGUAGE.md draw the diagram by running `program` with
/// recording on and `marbles` after it, so a diagram can never disagree with the behaviour.
/// Each program plays marble strings into subjects (one-character values, so the diagram needs
/// no legend where it can), subscribes one short chain, and waits until everything has ended,
/// within about 30 frames and 4 lanes. OperatorTimelineTests runs every one.
public struct OperatorTimeline: Sendable {
    /// The catalogue entry's name (`ChainOperator.name`).
    public let name: String
    /// Two sentences: what it does, and when an app uses it / what to watch for.
    public let about: String
    /// The names in RxSwift and RxJS when they differ from Combine's (nil when the same or none).
    public let rxSwift: String?
    /// Likewise for RxJS.
    public let rxJS: String?
    /// A program that plays marble strings into subjects and subscribes the operator's chain
    /// with `.sink { _ in }` (or the subscriber itself); it must not contain `marbles`.
    public let program: String
}

extension OperatorTimeline {
    /// One per `ChainOperator.all` entry, in the same order.
    public static let all: [OperatorTimeline] = transforming + filtering + reducing + combining + timing + debuggingAndSharing
        + tryVariants + errorHandling + higherOrder + sequencing + scheduling + subscribers

    /// The timeline of the catalogue entry with that name (`subscribe(on:)` for the scheduler form).
    public static func named(_ name: String) -> OperatorTimeline? {
        byName[name]
    }

    private static let byName: [String: OperatorTimeline] = Dictionary(all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

    static let transforming: [OperatorTimeline] = [
        OperatorTimeline(
            name: "map",
            about: "Transforms each value with the closure and passes the result on, one for one. The completion and any failure pass through unchanged.",
            rxSwift: nil, rxJS: nil,
            program: #"""
            subject n: Int
            play n "-1-2--3-|"
            n.map { $0 * 2 }.sink { _ in }
            wait 1s
            """#),
        OperatorTimeline(
            name: "compactMap",
            about: "Transforms each value and drops the ones the closure turns into nil. An app uses it to parse input and silently skip what does not parse, such as text that is not a number.",
            rxSwift: nil, rxJS: nil,
            program: #"""
            subject s: String
            play s "-1-x-3-y-|"
            s.compactMap { Int($0) }.sink { _ in }
            wait 1s
            """#),
        OperatorTimeline(
            name: "scan",
            about: "Emits a running result: the closure combines the result so far with each new value. An app uses it for totals, counters and state that builds up over time.",
            rxSwift: nil, rxJS: nil,
            program: #"""
            subject n: Int
            play n "-1-2-3-|"
            n.scan(0) { $0 + $1 }.sink { _ in }
            wait 1s
            """#),
    ]

    static let filtering: [OperatorTimeline] = [
        OperatorTimeline(
            name: "filter",
            about: "Passes on only the values the closure accepts and drops the rest. The completion passes through, so a filtered stream still ends when its upstream does.",
            rxSwift: nil, rxJS: nil,
            program: #"""
            subject n: Int
            play n "-1-2-3-4-5-|"
            n.filter { $0 % 2 == 0 }.sink { _ in }
            wait 1.2s
            """#),
        OperatorTimeline(
            name: "removeDuplicates",
            about: "Drops a value that is equal to the one just before it, so only changes pass. A value equal to an earlier but not the latest one passes again.",
            rxSwift: "distinctUntilChanged", rxJS: "distinctUntilChanged",
            program: #"""
            subject n: Int
            play n "-1-1-2-2-2-1-|"
            n.removeDuplicates().sink { _ in }
            wait 1.5s
            """#),
        OperatorTimeline(
            name: "prefix",
            about: "Passes on the first n values, then finishes and cancels its upstream. The other forms stop when the closure first rejects a value, or when another publisher emits.",
            rxSwift: "take(_:), take(while:), take(until:)", rxJS: "take, takeWhile, takeUntil",
            program: #"""
            subject n: Int
            play n "-1-2-3-4-|"
            n.prefix(2).sink { _ in }
            wait 1s
            """#),
        OperatorTimeline(
            name: "dropFirst",
            about: "Skips the first n values (one if not given) and passes on the rest. An app uses it to ignore the current value a @Published property replays on subscription.",
            rxSwift: "skip(_:)", rxJS: "skip",
            program: #"""
            subject n: Int
            play n "-1-2-3-4-|"
            n.dropFirst(2).sink { _ in }
            wait 1s
            """#),
        OperatorTimeline(
            name: "first",
            about: "Passes on the first value (or the first the closure accepts), then finishes at once and cancels its upstream. If the upstream finishes with no such value, it finishes without a value.",
            rxSwift: "take(1) (first() gives a Single)", rxJS: nil,
            program: #"""
            subject n: Int
            play n "-1-2-3-4-|"
            n.first { $0 > 1 }.sink { _ in }
            wait 1s
            """#),
        OperatorTimeline(
            name: "last",
            about: "Waits for the upstream to finish, then passes on its last value (or the last the closure accepted) and finishes. Nothing comes out until the end, so it never emits for a stream that never finishes.",
            rxSwift: "takeLast(1)", rxJS: nil,
            program: #"""
            subject n: Int
            play n "-1-2-3-4-|"
            n.last().sink { _ in }
            wait 1s
            """#),
        OperatorTimeline(
            name: "drop",
            about: "Skips values while the closure accepts them, then passes on everything after, even values the closure would reject. With untilOutputFrom: it skips until another publisher first emits.",
            rxSwift: "skip(while:), skip(until:)", rxJS: "skipWhile, skipUntil",
            program: #"""
            subject n: Int
            play n "-1-2-5-1-3-|"
            n.drop(while: { $0 < 3 }).sink { _ in }
            wait 1.2s
            """#),
    ]

    /// Operators that wait for the end show their single value with the completion, as one group letter.
    static let reducing: [OperatorTimeline] = [
        OperatorTimeline(
            name: "reduce",
            about: "Combines every value into one result with the closure, and emits it only when the upstream finishes. It is scan that shows only the final result, so it never emits for a stream that never finishes.",
            rxSwift: nil, rxJS: nil,
            program: #"""
            subject n: Int
            play n "-1-2-3-|"
            n.reduce(0) { $0 + $1 }.sink { _ in }
            wait 1s
            """#),
        OperatorTimeline(
            name: "collect",
            about: "Gathers values into arrays: all of them at the end, n at a time, or one array per time span. A partly filled array is emitted when the upstream finishes.",
            rxSwift: "toArray(), buffer(timeSpan:count:scheduler:)", rxJS: "toArray, bufferCount, bufferTime",
            program: #"""
            subject n: Int
            play n "-1-2-3-4-5-|"
            n.collect(2).sink { _ in }
            wait 1.2s
            """#),
        OperatorTimeline(
            name: "contains",
            about: "Emits true and finishes at the first value that matches, cancelling its upstream. If the upstream finishes without a match it emits false.",
            rxSwift: nil, rxJS: nil,
            program: #"""
            subject n: Int
            play n "-1-2-3-4-|"
            n.contains(3).sink { _ in }
            wait 1s
            """#),
        OperatorTimeline(
            name: "allSatisfy",
            about: "Emits false and finishes at the first value the closure rejects, cancelling its upstream. If every value passes, it emits true when the upstream finishes.",
            rxSwift: nil, rxJS: "every",
            program: #"""
            subject n: Int
            play n "-2-4-5-6-|"
            n.allSatisfy { $0 % 2 == 0 }.sink { _ in }
            wait 1s
            """#),
        OperatorTimeline(
            name: "min",
            about: "Emits the least value when the upstream finishes (by a closure's order with min(by:)). It needs the whole stream, so it never emits for a stream that never finishes.",
            rxSwift: nil, rxJS: nil,
            program: #"""
            subject n: Int
            play n "-3-1-4-2-|"
            n.min().sink { _ in }
            wait 1s
            """#),
        OperatorTimeline(
            name: "max",
            about: "Emits the greatest value when the upstream finishes (by a closure's order with max(by:)). It needs the whole stream, so it never emits for a stream that never finishes.",
            rxSwift: nil, rxJS: nil,
            program: #"""
            subject n: Int
            play n "-3-1-4-2-|"
            n.max().sink { _ in }
            wait 1s
            """#),
    ]

    /// Two played subjects and the combined lane under them.
    static let combining: [OperatorTimeline] = [
        OperatorTimeline(
            name: "merge",
            about: "Interleaves the values of publishers of the same type, each as it arrives. It finishes when all of them have finished, and fails as soon as one fails.",
            rxSwift: nil, rxJS: "mergeWith (or merge(a, b))",
            program: #"""
            subject a: Int
            subject b: Int
            play a "-1---2---3-|"
            play b "---7---8-|"
            a.merge(with: b).sink { _ in }
            wait 1.2s
            """#),
        OperatorTimeline(
            name: "combineLatest",
            about: "Once every input has emitted, emits a tuple of the latest value of each whenever any of them emits. It finishes when all have finished; a closure can combine the tuple into one value.",
            rxSwift: nil, rxJS: "combineLatestWith (or combineLatest([a, b]))",
            program: #"""
            subject n: Int
            subject s: String
            play n "-1---2---3-|"
            play s "---x---y-|"
            n.combineLatest(s).sink { _ in }
            wait 1.2s
            """#),
        OperatorTimeline(
            name: "zip",
            about: "Pairs the first value of each input, then the second of each, and so on, waiting for the slower one. It finishes as soon as one input finishes and nothing more can be paired.",
            rxSwift: nil, rxJS: "zipWith (or zip(a, b))",
            program: #"""
            subject n: Int
            subject s: String
            play n "-1-2-3-|"
            play s "----x---y---z-|"
            n.zip(s).sink { _ in }
            wait 1.5s
            """#),
    ]

    /// The search box's operators: the gaps in the input are the point.
    static let timing: [OperatorTimeline] = [
        OperatorTimeline(
            name: "debounce",
            about: "Waits until the upstream has been quiet for the given time, then emits the latest value; a new value restarts the wait. A search box uses it to query only when the user pauses typing; a value still pending when the upstream finishes is dropped.",
            rxSwift: nil, rxJS: "debounceTime",
            program: #"""
            subject q: String
            play q "-a-b-----c-d-e-----|"
            q.debounce(for: 300ms).sink { _ in }
            wait 2s
            """#),
        OperatorTimeline(
            name: "throttle",
            about: "Emits at most one value per interval: the first at once, then the latest (or with latest: false the first) of each busy window. Unlike debounce it keeps emitting while values keep coming.",
            rxSwift: nil, rxJS: "throttleTime",
            program: #"""
            subject q: String
            play q "-abcdef----g-h-|"
            q.throttle(for: 300ms, latest: true).sink { _ in }
            wait 2s
            """#),
        OperatorTimeline(
            name: "delay",
            about: "Shifts every value and the completion (or failure) later by the given time, keeping their spacing. Unlike debounce it drops nothing: every value still arrives, only later.",
            rxSwift: nil, rxJS: nil,
            program: #"""
            subject n: Int
            play n "-1-2--3-|"
            n.delay(for: 300ms).sink { _ in }
            wait 1.2s
            """#),
    ]

    static let debuggingAndSharing: [OperatorTimeline] = [
        OperatorTimeline(
            name: "print",
            about: "Writes every event that passes (subscription, request, value, completion, cancel) in Combine's log format, prefixed with the tag, and changes nothing. It is the first tool for seeing what a chain really does.",
            rxSwift: "debug(_:)", rxJS: "tap(console.log)",
            program: #"""
            subject n: Int
            play n "-1-2-|"
            n.print("n").sink { _ in }
            wait 600ms
            """#),
        OperatorTimeline(
            name: "share",
            about: "Gives every subscriber one shared upstream subscription instead of one each, so upstream work runs once. Values go to the subscribers that are there at the time; a late subscriber misses what came before.",
            rxSwift: nil, rxJS: nil,
            program: #"""
            subject n: Int
            let shared = n.map { $0 * 2 }.share()
            shared.sink { _ in }
            shared.filter { $0 > 2 }.sink { _ in }
            play n "-1-2-3-|"
            wait 800ms
            """#),
        OperatorTimeline(
            name: "autoconnect",
            about: "Connects a connectable publisher, such as a Timer, as soon as the first subscriber arrives, and disconnects when the last one leaves. Without it a Timer's publisher does nothing until connect() is called.",
            rxSwift: "refCount()", rxJS: "refCount() (share() in RxJS 7)",
            program: #"""
            Timer.publish(every: 300ms).autoconnect().prefix(3).sink { _ in }
            wait 1s
            """#),
        OperatorTimeline(
            name: "setFailureType",
            about: "Changes the declared failure type of a publisher that never fails, so it can be combined with publishers that can. Nothing at run time changes; RxSwift and RxJS have no typed failures, so they have no counterpart.",
            rxSwift: nil, rxJS: nil,
            program: #"""
            published name = "a"
            subject other: String
            play other "--b--c-|"
            $name.setFailureType(to: Error.self).merge(with: other).sink { _ in }
            wait 800ms
            """#),
        OperatorTimeline(
            name: "eraseToAnyPublisher",
            about: "Hides the publisher's concrete type behind AnyPublisher, so a function can return it without naming a long nested type. The events pass through unchanged.",
            rxSwift: "asObservable()", rxJS: "asObservable() (on a Subject)",
            program: #"""
            subject n: Int
            play n "-1-2-3-|"
            n.eraseToAnyPublisher().sink { _ in }
            wait 800ms
            """#),
    ]

    /// Each throws from a small func, so the lane shows the failure `#` where the throw happened.
    static let tryVariants: [OperatorTimeline] = [
        OperatorTimeline(
            name: "tryMap",
            about: "Transforms each value like map, but the closure may throw. A throw fails the stream with that error and cancels the upstream.",
            rxSwift: "map (its closure can throw)", rxJS: "map (its callback can throw)",
            program: #"""
            func half(_ x: Int) -> Int {
              if x % 2 == 1 { throw "odd" }
              return x / 2
            }
            subject n: Int
            play n "-2-4-5-6-|"
            n.tryMap { try half($0) }.sink { _ in }
            wait 1s
            """#),
        OperatorTimeline(
            name: "tryCompactMap",
            about: "Transforms each value and drops nil like compactMap, but the closure may throw. A throw fails the stream with that error and cancels the upstream.",
            rxSwift: "compactMap (its closure can throw)", rxJS: nil,
            program: #"""
            func parse(_ s: String) {
              if s == "?" { throw "bad input" }
              return Int(s)
            }
            subject s: String
            play s "-1-x-3-?-4-|"
            s.tryCompactMap { try parse($0) }.sink { _ in }
            wait 1.2s
            """#),
        OperatorTimeline(
            name: "tryFilter",
            about: "Keeps the values the closure accepts like filter, but the closure may throw. A throw fails the stream with that error and cancels the upstream.",
            rxSwift: "filter (its closure can throw)", rxJS: "filter (its callback can throw)",
            program: #"""
            func big(_ x: Int) -> Bool {
              if x == 0 { throw "zero" }
              return x > 2
            }
            subject n: Int
            play n "-1-3-4-0-5-|"
            n.tryFilter { try big($0) }.sink { _ in }
            wait 1.2s
            """#),
        OperatorTimeline(
            name: "tryScan",
            about: "Emits each running result like scan, but the closure may throw. A throw fails the stream with that error, so a running total can refuse to grow past a limit.",
            rxSwift: "scan (its closure can throw)", rxJS: "scan (its callback can throw)",
            program: #"""
            func add(_ sum: Int, _ x: Int) -> Int {
              if sum + x > 5 { throw "too big" }
              return sum + x
            }
            subject n: Int
            play n "-1-2-3-4-|"
            n.tryScan(0) { try add($0, $1) }.sink { _ in }
            wait 1s
            """#),
        OperatorTimeline(
            name: "tryReduce",
            about: "Combines every value into one result like reduce, but the closure may throw. A throw fails the stream at once; otherwise the result comes when the upstream finishes.",
            rxSwift: "reduce (its closure can throw)", rxJS: "reduce (its callback can throw)",
            program: #"""
            func add(_ sum: Int, _ x: Int) -> Int {
              if x < 0 { throw "negative" }
              return sum + x
            }
            subject n: Int
            play n "-1-2-3-|"
            n.tryReduce(0) { try add($0, $1) }.sink { _ in }
            wait 1s
            """#),
        OperatorTimeline(
            name: "tryRemoveDuplicates",
            about: "Drops a value the closure calls equal to the one before, like removeDuplicates(by:), but the closure may throw. A throw fails the stream with that error.",
            rxSwift: "distinctUntilChanged(_:) (its closure can throw)", rxJS: "distinctUntilChanged(comparator)",
            program: #"""
            func same(_ a: Int, _ b: Int) -> Bool {
              if b == 0 { throw "zero" }
              return a == b
            }
            subject n: Int
            play n "-1-1-2-2-0-3-|"
            n.tryRemoveDuplicates { try same($0, $1) }.sink { _ in }
            wait 1.4s
            """#),
        OperatorTimeline(
            name: "tryFirst",
            about: "Passes on the first value the closure accepts, then finishes and cancels its upstream, like first(where:). A throw before a match fails the stream instead.",
            rxSwift: "filter(_:).take(1)", rxJS: "first(predicate)",
            program: #"""
            func over(_ x: Int) -> Bool {
              if x < 0 { throw "negative" }
              return x > 2
            }
            subject n: Int
            play n "-1-2-3-4-|"
            n.tryFirst { try over($0) }.sink { _ in }
            wait 1s
            """#),
        OperatorTimeline(
            name: "tryLast",
            about: "Emits the last value the closure accepted when the upstream finishes, like last(where:). A throw fails the stream at once.",
            rxSwift: "filter(_:).takeLast(1)", rxJS: "last(predicate)",
            program: #"""
            func small(_ x: Int) -> Bool {
              if x < 0 { throw "negative" }
              return x < 3
            }
            subject n: Int
            play n "-1-2-3-4-|"
            n.tryLast { try small($0) }.sink { _ in }
            wait 1s
            """#),
        OperatorTimeline(
            name: "tryContains",
            about: "Emits true and finishes at the first value the closure accepts, else false when the upstream finishes, like contains(where:). A throw fails the stream instead.",
            rxSwift: nil, rxJS: nil,
            program: #"""
            func check(_ x: Int) -> Bool {
              if x == 0 { throw "zero" }
              return x > 5
            }
            subject n: Int
            play n "-1-2-0-7-|"
            n.tryContains { try check($0) }.sink { _ in }
            wait 1s
            """#),
        OperatorTimeline(
            name: "tryAllSatisfy",
            about: "Emits false at the first value the closure rejects, else true when the upstream finishes, like allSatisfy. A throw fails the stream instead.",
            rxSwift: nil, rxJS: "every",
            program: #"""
            func positive(_ x: Int) -> Bool {
              if x == 0 { throw "zero" }
              return x > 0
            }
            subject n: Int
            play n "-1-2-3-|"
            n.tryAllSatisfy { try positive($0) }.sink { _ in }
            wait 1s
            """#),
        OperatorTimeline(
            name: "tryMin",
            about: "Emits the least value by the closure's order when the upstream finishes, like min(by:). A throw in the comparison fails the stream.",
            rxSwift: nil, rxJS: "min(comparer)",
            program: #"""
            func less(_ a: Int, _ b: Int) -> Bool {
              if b == 0 { throw "zero" }
              return a < b
            }
            subject n: Int
            play n "-3-1-4-2-|"
            n.tryMin { try less($0, $1) }.sink { _ in }
            wait 1s
            """#),
        OperatorTimeline(
            name: "tryMax",
            about: "Emits the greatest value by the closure's order when the upstream finishes, like max(by:). A throw in the comparison fails the stream.",
            rxSwift: nil, rxJS: "max(comparer)",
            program: #"""
            func less(_ a: Int, _ b: Int) -> Bool {
              if b == 0 { throw "zero" }
              return a < b
            }
            subject n: Int
            play n "-3-1-0-2-|"
            n.tryMax { try less($0, $1) }.sink { _ in }
            wait 1s
            """#),
        OperatorTimeline(
            name: "tryDrop",
            about: "Skips values while the closure accepts them, then passes on everything after, like drop(while:). A throw while it is still skipping fails the stream.",
            rxSwift: "skip(while:) (its closure can throw)", rxJS: "skipWhile",
            program: #"""
            func low(_ x: Int) -> Bool {
              if x < 0 { throw "negative" }
              return x < 3
            }
            subject n: Int
            play n "-1-2-5-1-|"
            n.tryDrop { try low($0) }.sink { _ in }
            wait 1s
            """#),
        OperatorTimeline(
            name: "tryPrefix",
            about: "Passes on values while the closure accepts them, then finishes and cancels its upstream, like prefix(while:). A throw fails the stream instead.",
            rxSwift: "take(while:) (its closure can throw)", rxJS: "takeWhile",
            program: #"""
            func low(_ x: Int) -> Bool {
              if x < 0 { throw "negative" }
              return x < 3
            }
            subject n: Int
            play n "-1-2-5-1-|"
            n.tryPrefix { try low($0) }.sink { _ in }
            wait 1s
            """#),
    ]

    /// A played `#` (or a throw) fails the stream; the lane under it shows what the operator makes of it.
    static let errorHandling: [OperatorTimeline] = [
        OperatorTimeline(
            name: "catch",
            about: "When the upstream fails, goes on with the publisher the closure returns for that error, so the subscriber never sees the failure. The upstream is over by then: catch replaces it and does not resubscribe to it.",
            rxSwift: nil, rxJS: "catchError",
            program: #"""
            subject n: Int
            subject backup: Int
            play n "-1-2-#"
            play backup "-------7-8-|"
            n.catch { _ in backup }.sink { _ in }
            wait 1.2s
            """#),
        OperatorTimeline(
            name: "tryCatch",
            about: "Like catch, goes on with the publisher the closure returns when the upstream fails, but the closure may throw instead. A throw fails the stream with the new error.",
            rxSwift: "catch(_:) (its closure can throw)", rxJS: "catchError (its selector can throw)",
            program: #"""
            subject n: Int
            subject backup: Int
            play n "-1-2-#"
            play backup "-------7-8-|"
            n.tryCatch { _ in backup }.sink { _ in }
            wait 1.2s
            """#),
        OperatorTimeline(
            name: "retry",
            about: "When the upstream fails, subscribes to it again, up to n times, and passes a failure on only when the retries are used up. Each retry starts the chain above it afresh, which suits a request that may fail for a moment, but a subject that has itself failed only fails again.",
            rxSwift: "retry(n + 1): RxSwift counts the first attempt", rxJS: nil,
            program: #"""
            func check(_ x: Int) -> Int {
              if x == 0 { throw "zero" }
              return x
            }
            subject n: Int
            play n "-1-0-2-0-3-|"
            n.tryMap { try check($0) }.retry(1).sink { _ in }
            wait 1.2s
            """#),
        OperatorTimeline(
            name: "replaceError",
            about: "When the upstream fails, emits the given value instead and finishes, so the subscriber never sees the failure. Values before the failure pass through unchanged.",
            rxSwift: "catchAndReturn(_:)", rxJS: "catchError(() => of(value))",
            program: #"""
            subject n: Int
            play n "-1-2-#"
            n.replaceError(with: 0).sink { _ in }
            wait 800ms
            """#),
        OperatorTimeline(
            name: "mapError",
            about: "Turns the upstream's failure into another error with the closure, leaving values untouched. An app uses it to wrap a low-level error in its own error type.",
            rxSwift: nil, rxJS: "catchError(e => throwError(() => f(e)))",
            program: #"""
            subject n: Int
            play n "-1-2-#"
            n.mapError { "network: \($0)" }.sink { _ in }
            wait 800ms
            """#),
        OperatorTimeline(
            name: "assertNoFailure",
            about: "Passes everything through and turns a failure into a fatal error that stops the program, naming the failure. It declares that a stream cannot fail, and is for programmer errors only, not for errors an app should handle.",
            rxSwift: nil, rxJS: nil,
            program: #"""
            subject n: Int
            play n "-1-2-3-|"
            n.assertNoFailure().sink { _ in }
            wait 800ms
            """#),
    ]

    /// Inner subjects picked by the outer values: flatMap keeps every one, switchToLatest only the newest.
    static let higherOrder: [OperatorTimeline] = [
        OperatorTimeline(
            name: "flatMap",
            about: "Makes a publisher from each value with the closure, subscribes to all of them, and merges their values as they come. It finishes when the upstream and every inner publisher have finished; maxPublishers limits how many run at once.",
            rxSwift: nil, rxJS: "mergeMap",
            program: #"""
            subject pick: String
            subject a: Int
            subject b: Int
            play pick "-a---b---|"
            play a "--1---2---3-|"
            play b "----7---8---9-|"
            pick.flatMap { $0 == "a" ? a : b }.sink { _ in }
            wait 1.6s
            """#),
        OperatorTimeline(
            name: "switchToLatest",
            about: "Subscribes to each publisher the upstream emits and cancels the one before, so only the newest one's values come through. With map it is the search box pattern: a new query cancels the request for the old one.",
            rxSwift: "switchLatest() (with map: flatMapLatest)", rxJS: "switchAll (with map: switchMap)",
            program: #"""
            subject outer
            subject a: Int
            subject b: Int
            play outer "-a---b---|" ["a": a, "b": b]
            play a "--1---2---3-|"
            play b "----7---8---9-|"
            outer.switchToLatest().sink { _ in }
            wait 1.6s
            """#),
    ]

    static let sequencing: [OperatorTimeline] = [
        OperatorTimeline(
            name: "count",
            about: "Emits how many values the upstream sent, once it finishes. It never emits for a stream that never finishes.",
            rxSwift: nil, rxJS: nil,
            program: #"""
            subject n: Int
            play n "-5-6-7-|"
            n.count().sink { _ in }
            wait 800ms
            """#),
        OperatorTimeline(
            name: "ignoreOutput",
            about: "Drops every value and passes on only the completion or the failure. An app uses it when it only cares that some work has finished.",
            rxSwift: "ignoreElements()", rxJS: "ignoreElements",
            program: #"""
            subject n: Int
            play n "-1-2-3-|"
            n.ignoreOutput().sink(receiveCompletion: { _ in }, receiveValue: { _ in })
            wait 800ms
            """#),
        OperatorTimeline(
            name: "output",
            about: "Passes on only the value at that index (or the values in that range, counting from 0), then finishes and cancels its upstream. If the upstream finishes first, it finishes with no value.",
            rxSwift: "element(at:)", rxJS: "elementAt (or skip(a) then take(n) for a range)",
            program: #"""
            subject n: Int
            play n "-5-6-7-8-9-|"
            n.output(in: 1...2).sink { _ in }
            wait 1.2s
            """#),
        OperatorTimeline(
            name: "append",
            about: "After the upstream finishes, emits the given values, or everything from another publisher, and then finishes. Nothing appended is seen if the upstream never finishes.",
            rxSwift: "concat(_:)", rxJS: "concatWith (endWith for values)",
            program: #"""
            subject n: Int
            play n "-1-2-|"
            n.append(8, 9).sink { _ in }
            wait 800ms
            """#),
        OperatorTimeline(
            name: "prepend",
            about: "Emits the given values, or everything from another publisher, before the upstream's values. The upstream is subscribed only once the prepended part has finished.",
            rxSwift: "startWith(_:)", rxJS: "startWith",
            program: #"""
            subject n: Int
            play n "-1-2-|"
            n.prepend(0).sink { _ in }
            wait 800ms
            """#),
        OperatorTimeline(
            name: "replaceNil",
            about: "Replaces each nil value with the given value, passing the others through. It suits an optional produced upstream, such as Int(text) for text that is not a number.",
            rxSwift: nil, rxJS: nil,
            program: #"""
            subject s: String
            play s "-1-x-3-|"
            s.map { Int($0) }.replaceNil(with: 0).sink { _ in }
            wait 800ms
            """#),
        OperatorTimeline(
            name: "replaceEmpty",
            about: "Emits the given value when the upstream finishes without having sent any value. If any value came, it changes nothing.",
            rxSwift: "ifEmpty(default:)", rxJS: "defaultIfEmpty",
            program: #"""
            subject n: Int
            play n "---|"
            n.replaceEmpty(with: 0).sink { _ in }
            wait 500ms
            """#),
        OperatorTimeline(
            name: "handleEvents",
            about: "Runs the given closures on each event as it passes (subscription, value, completion, cancel, request), changing nothing. It is where logging or side effects such as a spinner go, outside the values themselves.",
            rxSwift: "do(onNext:onError:onCompleted:onSubscribe:onDispose:)", rxJS: "tap",
            program: #"""
            subject n: Int
            play n "-1-2-3-|"
            n.handleEvents(receiveOutput: { print("saw", $0) }).sink { _ in }
            wait 800ms
            """#),
    ]

    /// Schedulers on the virtual clock hop within a frame, so their lanes look like the input's; the others show their timing.
    static let scheduling: [OperatorTimeline] = [
        OperatorTimeline(
            name: "receive",
            about: "Delivers values and the completion downstream on the given scheduler, such as the main queue for updating the UI. Values arrive after the current work finishes, never in the middle of it.",
            rxSwift: "observe(on:)", rxJS: "observeOn",
            program: #"""
            subject n: Int
            play n "-1-2-3-|"
            n.receive(on: DispatchQueue.main).sink { _ in }
            wait 800ms
            """#),
        OperatorTimeline(
            name: "subscribe(on:)",
            about: "Makes the subscription, the requests and the cancel happen on the given scheduler; where values are delivered is receive(on:)'s job. An app uses it to start expensive upstream work off the main thread.",
            rxSwift: nil, rxJS: "subscribeOn",
            program: #"""
            subject n: Int
            play n "-1-2-3-|"
            n.subscribe(on: DispatchQueue(label: "work")).sink { _ in }
            wait 800ms
            """#),
        OperatorTimeline(
            name: "timeout",
            about: "Finishes when the upstream stays silent for longer than the interval, or fails with the customError closure's error. Note that without customError Combine finishes normally, where RxSwift and RxJS fail.",
            rxSwift: nil, rxJS: nil,
            program: #"""
            subject n: Int
            play n "-1-2------3-|"
            n.timeout(300ms, scheduler: RunLoop.main).sink { _ in }
            wait 1.2s
            """#),
        OperatorTimeline(
            name: "measureInterval",
            about: "Emits the time since the previous value (the first is measured from the subscription) in place of each value. An app uses it to see how fast events come.",
            rxSwift: nil, rxJS: "timeInterval",
            program: #"""
            subject n: Int
            play n "-1-2---3-|"
            n.measureInterval(using: RunLoop.main).sink { _ in }
            wait 1s
            """#),
        OperatorTimeline(
            name: "buffer",
            about: "Holds up to size values that arrive before the subscriber asks for them, delivering them when demand comes. When full it drops the oldest or newest value, or fails, as whenFull says.",
            rxSwift: nil, rxJS: nil,
            program: #"""
            subscriber slow(demand: 0) { print($0) }
            subject n: Int
            n.buffer(size: 2, prefetch: .byRequest, whenFull: .dropOldest).subscribe(slow)
            play n "-1-2-3-|"
            wait 600ms
            request slow 1
            wait 200ms
            request slow 1
            wait 300ms
            """#),
        OperatorTimeline(
            name: "multicast",
            about: "Shares one upstream subscription among all its subscribers through a subject, starting only when connected (or at the first subscriber, with autoconnect()). Unlike share(), you choose the subject and when to connect.",
            rxSwift: "multicast(_:), publish()", rxJS: "connectable (multicast is deprecated)",
            program: #"""
            subject n: Int
            let hub = n.multicast { PassthroughSubject() }.autoconnect()
            hub.sink { _ in }
            hub.filter { $0 > 1 }.sink { _ in }
            play n "-1-2-3-|"
            wait 800ms
            """#),
        OperatorTimeline(
            name: "makeConnectable",
            about: "Wraps a publisher so that nothing flows until connect() is called, letting every subscriber attach first. Values sent before the connection are missed.",
            rxSwift: "publish()", rxJS: "connectable",
            program: #"""
            let n = PassthroughSubject<Int, Never>()
            let hub = n.makeConnectable()
            hub.map { $0 * 2 }.sink { _ in }
            play n "-1-2-3-4-|"
            wait 300ms
            let connection = hub.connect()
            wait 800ms
            """#),
    ]

    /// The subscriber has no lane of its own: its subscribe point `^` and cancel `!` are drawn on the lane it subscribed to.
    static let subscribers: [OperatorTimeline] = [
        OperatorTimeline(
            name: "sink",
            about: "Subscribes with unlimited demand and runs a closure for each value, and another, if given, for the completion. It returns an AnyCancellable: the subscription lasts as long as that is kept.",
            rxSwift: "subscribe(onNext:onError:onCompleted:)", rxJS: "subscribe",
            program: #"""
            subject n: Int
            play n "-1-2-3-4-|"
            let token = n.sink(receiveCompletion: { _ in }, receiveValue: { _ in })
            wait 600ms
            cancel token
            wait 400ms
            """#),
        OperatorTimeline(
            name: "subscribe",
            about: "Attaches a subscriber you declared, which asks for values with its own demand, or forwards every event into a subject. A value that comes when the subscriber has no demand left is dropped.",
            rxSwift: nil, rxJS: nil,
            program: #"""
            subscriber two(demand: 2) { print($0) }
            subject n: Int
            play n "-1-2-3--4-|"
            n.map { $0 * 2 }.subscribe(two)
            wait 700ms
            request two 1
            wait 500ms
            """#),
        OperatorTimeline(
            name: "assign",
            about: "Stores each value into a published property or current value subject, which then emits it to its own subscribers. The form assign(to: &$name) ties the subscription's life to the property.",
            rxSwift: "bind(to:) (RxCocoa)", rxJS: nil,
            program: #"""
            published total = 0
            subject n: Int
            play n "-1-2-3-|"
            $total.sink { _ in }
            n.map { $0 * 2 }.assign(to: &$total)
            wait 800ms
            """#),
    ]
}
