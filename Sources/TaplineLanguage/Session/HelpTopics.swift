/// One thing a learner looks up that is not a chain operator — a publisher made by calling its
/// type, a subscription's handle, a connectable publisher's `connect()`, the view-model types —
/// all of it in one value, as `ChainOperator` is for operators: `:help NAME` shows it, and
/// HelpTopicTests runs its example and draws its diagram, so neither can drift.
public struct HelpTopic: Sendable {
    /// The name `:help` takes: `Future`, `store(in:)`.
    public let name: String
    /// Other names a learner may type for it: `store` for `store(in:)`, `@Published`.
    public let aliases: [String]
    /// How a program writes it.
    public let forms: [String]
    /// Combine's declaration, as Apple documents it.
    public let signature: String
    /// What it is and when to reach for it, in two or three sentences.
    public let about: String
    /// A program that shows it, and what that program prints (checked by a test).
    public let example: String
    public let output: String
    /// Where time matters, a program whose `marbles` diagram the page draws (it must not
    /// contain `marbles`).
    public let program: String?

    /// The topic `name` names, by its name or an alias.
    public static func named(_ name: String) -> HelpTopic? {
        all.first { $0.name == name || $0.aliases.contains(name) }
    }

    /// Every topic, in the order `:help` lists them: publishers made by calling their type,
    /// then subscriptions and connections, then the view-model types.
    public static let all: [HelpTopic] = publishers + handles + viewModel
}

extension HelpTopic {
    static let publishers = [
        HelpTopic(
            name: "Future", aliases: ["Promise"],
            forms: ["Future { promise in … promise(.success(value)) }", "Future<Int, Error> { promise in … }"],
            signature: "final class Future<Output, Failure> : Publisher where Failure : Error\n"
                + "init(_ attemptToFulfill: @escaping (@escaping Future<Output, Failure>.Promise) -> Void)",
            about: "One value, later: the closure runs once, at once (not when someone subscribes), and calls "
                + "promise with .success(value) or .failure(error) when the work is done. Every subscriber, early or "
                + "late, gets that one result; wrap it in Deferred to start the work per subscriber instead.",
            example: """
                let answer = Future<Int, Never> { promise in
                  print("working")
                  schedule(after: 1s) { promise(.success(42)) }
                }
                answer.sink { print("first got", $0) }
                answer.sink { print("second got", $0) }
                wait 1s
                """,
            output: "working\nfirst got 42\nsecond got 42\n",
            program: """
                func fetch() -> Future<Int, Never> {
                  return Future { promise in schedule(after: 300ms) { promise(.success(42)) } }
                }
                let answer = fetch()
                answer.sink { _ in }
                wait 600ms
                answer.sink { _ in }
                wait 100ms
                """),
        HelpTopic(
            name: "Deferred", aliases: [],
            forms: ["Deferred { PUBLISHER }", "Deferred { () -> Just<Int> in … }"],
            signature: "struct Deferred<DeferredPublisher> where DeferredPublisher : Publisher\n"
                + "init(createPublisher: @escaping () -> DeferredPublisher)",
            about: "Makes its publisher when someone subscribes, a new one for each subscriber: the way to make a "
                + "Future (which starts at once) start per subscription, or to read state as it is at subscribe time.",
            example: """
                var made = 0
                let fresh = Deferred { () -> Just<Int> in
                  made += 1
                  return Just(made)
                }
                fresh.sink { print("got", $0) }
                fresh.sink { print("got", $0) }
                """,
            output: "got 1\ngot 2\n",
            program: """
                var made = 0
                let fresh = Deferred { () -> Just<Int> in
                  made += 1
                  return Just(made)
                }
                fresh.sink { _ in }
                wait 300ms
                fresh.sink { _ in }
                wait 100ms
                """),
        HelpTopic(
            name: "Just", aliases: [],
            forms: ["Just(value)", "Just<Int>(1)"],
            signature: "struct Just<Output> : Publisher   (Failure == Never)\ninit(_ output: Output)",
            about: "One value, then finished, to each subscriber as soon as it asks; it never fails. Used inside "
                + "flatMap and catch to answer with a value, and in tests.",
            example: "Just(7).map { $0 * 6 }.sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })",
            output: "42\nfinished\n",
            program: nil),
        HelpTopic(
            name: "Empty", aliases: [],
            forms: ["Empty()", "Empty<Int, Never>()", "Empty(completeImmediately: false)"],
            signature: "struct Empty<Output, Failure> : Publisher where Failure : Error\n"
                + "init(completeImmediately: Bool = true)",
            about: "No values: it finishes at once, or with completeImmediately: false never does. Inside flatMap "
                + "it drops a value; after catch it ends a failed stream quietly.",
            example: """
                Empty<Int, Never>().sink(receiveCompletion: { print("done:", $0) }, receiveValue: { print($0) })
                [1, 2, 3].publisher.flatMap { v in v == 2 ? Empty().eraseToAnyPublisher() : Just(v).eraseToAnyPublisher() }.sink { print($0) }
                """,
            output: "done: finished\n1\n3\n",
            program: nil),
        HelpTopic(
            name: "Fail", aliases: [],
            forms: ["Fail(error: \"message\")", "Fail<Int, Error>(error: \"message\")"],
            signature: "struct Fail<Output, Failure> : Publisher where Failure : Error\ninit(error: Failure)",
            about: "Fails at once with the error, sending no value: how a flatMap or a function returning a "
                + "publisher reports a failure, and what catch and retry are tried on.",
            example: """
                Fail<Int, Error>(error: "offline").catch { _ in Just(0) }
                  .sink(receiveCompletion: { print($0) }, receiveValue: { print("value", $0) })
                """,
            output: "value 0\nfinished\n",
            program: nil),
        HelpTopic(
            name: "Record", aliases: ["Recording"],
            forms: ["Record(output: [1, 2], completion: .finished)", "Record<Int, Error>(output: [1], completion: .failure(\"x\"))"],
            signature: "struct Record<Output, Failure> : Publisher where Failure : Error\n"
                + "init(output: [Output], completion: Subscribers.Completion<Failure>)",
            about: "Replays values it was given and then a completion, as the subscriber asks for them: a publisher "
                + "written out in full, for tests and for trying an operator on a known history.",
            example: """
                Record<Int, Error>(output: [1, 2, 3], completion: .failure("cut"))
                  .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
                """,
            output: "1\n2\n3\nfailure(cut)\n",
            program: nil),
    ]
}

extension HelpTopic {
    static let handles = [
        HelpTopic(
            name: "AnyCancellable", aliases: ["Cancellable", "cancel"],
            forms: ["let token = PUBLISHER.sink { … }", "var token: AnyCancellable?", "token.cancel()", "token = nil"],
            signature: "final class AnyCancellable : Cancellable, Hashable\nfunc cancel()",
            about: "What sink and assign return: the subscription's handle. The subscription lives as long as the "
                + "handle: cancel() ends it, and so does letting go of the last reference (setting it to nil, "
                + "or a view model going away), which is why a sink whose result is not kept stops at once in Swift.",
            example: """
                subject clicks: Int
                var subscription: AnyCancellable? = clicks.sink { print("click", $0) }
                send clicks 1
                subscription = nil
                send clicks 2
                print("nothing after the cancel")
                """,
            output: "click 1\nnothing after the cancel\n",
            program: nil),
        HelpTopic(
            name: "store(in:)", aliases: ["store", "Set<AnyCancellable>", "cancellables"],
            forms: ["var bag = Set<AnyCancellable>()", "PUBLISHER.sink { … }.store(in: &bag)", "bag.removeAll()"],
            signature: "final func store(in set: inout Set<AnyCancellable>)\n"
                + "func store<C>(in collection: inout C) where C : RangeReplaceableCollection, C.Element == AnyCancellable",
            about: "Keeps a subscription's AnyCancellable in a set (or array) that lives as long as its owner, "
                + "usually a view model's `cancellables`: many subscriptions, one place. Emptying the set cancels them all.",
            example: """
                subject clicks: Int
                var bag = Set<AnyCancellable>()
                clicks.sink { print("a", $0) }.store(in: &bag)
                clicks.map { $0 * 10 }.sink { print("b", $0) }.store(in: &bag)
                send clicks 1
                bag.removeAll()
                send clicks 2
                print(bag.count)
                """,
            output: "a 1\nb 10\n0\n",
            program: nil),
        HelpTopic(
            name: "connect", aliases: ["connect()", "ConnectablePublisher"],
            forms: ["let connection = PUBLISHER.connect()", "cancel connection"],
            signature: "protocol ConnectablePublisher : Publisher\nfunc connect() -> Cancellable",
            about: "A connectable publisher (makeConnectable(), multicast, Timer.publish) sends nothing until "
                + "connect() is called, so every subscriber attached first sees every value; the Cancellable it "
                + "returns disconnects. autoconnect() connects with the first subscriber instead.",
            example: """
                let hub = [1, 2].publisher.makeConnectable()
                hub.sink { print("one", $0) }
                hub.sink { print("two", $0) }
                print("nothing yet")
                let connection = hub.connect()
                """,
            output: "nothing yet\none 1\ntwo 1\none 2\ntwo 2\n",
            program: nil),
    ]
}

extension HelpTopic {
    static let viewModel = [
        HelpTopic(
            name: "Published", aliases: ["@Published", "published"],
            forms: ["@Published var count = 0   (in a class)", "published count = 0   (at the top level)", "$count"],
            signature: "@propertyWrapper struct Published<Value>\nvar projectedValue: Published<Value>.Publisher { get }",
            about: "A property with a publisher: $name sends the current value to each new subscriber, then every "
                + "new value — in willSet, before the property holds it (read name inside the sink and you see the "
                + "old one). In an ObservableObject it also fires objectWillChange.",
            example: """
                published name = "Ann"
                $name.sink { print("hello,", $0) }
                name = "Bo"
                print(name)
                """,
            output: "hello, Ann\nhello, Bo\nBo\n",
            program: nil),
        HelpTopic(
            name: "objectWillChange", aliases: ["ObservableObjectPublisher"],
            forms: ["objectWillChange.sink { … }", "model.objectWillChange", "objectWillChange.send()"],
            signature: "var objectWillChange: Self.ObjectWillChangePublisher { get }\n"
                + "final class ObservableObjectPublisher : Publisher   (Output == Void, Failure == Never)",
            about: "Sends () before any @Published property of the object changes — before, so the object still "
                + "holds the old state. SwiftUI listens to it and redraws the views that read the object on its "
                + "next turn; send() tells of a change no @Published property shows.",
            example: """
                published count = 0
                objectWillChange.sink { print("will change; count is still", count) }
                $count.sink { print("count is now", $0) }
                count = 1
                """,
            output: "count is now 0\nwill change; count is still 0\ncount is now 1\n",
            program: """
                published count = 0
                objectWillChange.sink { _ in }
                $count.sink { _ in }
                wait 200ms
                count = 1
                wait 200ms
                count = 2
                wait 200ms
                """),
        HelpTopic(
            name: "ObservableObject", aliases: ["view model", "viewmodel"],
            forms: ["class Model: ObservableObject { @Published var count = 0 }", "model.$count", "model.objectWillChange"],
            signature: "protocol ObservableObject : AnyObject\n"
                + "associatedtype ObjectWillChangePublisher : Publisher = ObservableObjectPublisher",
            about: "A class whose @Published properties a SwiftUI view watches: its objectWillChange fires before any "
                + "of them changes. A view model is one: it keeps its subscriptions in a Set<AnyCancellable> and lives "
                + "as long as the view that owns it (@StateObject).",
            example: """
                class Counter: ObservableObject {
                  @Published var count = 0
                }
                let counter = Counter()
                counter.objectWillChange.sink { print("will change from", counter.count) }
                counter.$count.sink { print("count:", $0) }
                counter.count += 1
                """,
            output: "count: 0\nwill change from 0\ncount: 1\n",
            program: nil),
    ]
}
