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
    /// The same in Korean (`:help` under a `ko_*` locale).
    public let aboutKorean: String
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
            aboutKorean: "나중에 오는 값 하나예요: 클로저는 누군가 구독할 때가 아니라 만들자마자 한 번 실행되고, 작업이 끝나면 promise를 .success(value)나 .failure(error)로 호출해요. 일찍 왔든 늦게 왔든 모든 구독자가 그 하나의 결과를 받으며, 구독자마다 작업을 새로 시작하려면 Deferred로 감싸세요.",
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
            aboutKorean: "누군가 구독할 때 퍼블리셔를 만들고, 구독자마다 새로 만들어요: (만들자마자 시작되는) Future를 구독마다 시작하게 하거나, 구독 시점의 상태를 읽을 때 쓰는 방법이에요.",
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
            aboutKorean: "각 구독자가 요청하는 즉시 값 하나를 보내고 완료되며, 절대 실패하지 않아요. flatMap과 catch 안에서 값으로 응답할 때, 그리고 테스트에서 써요.",
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
            aboutKorean: "값이 없어요: 곧바로 완료되거나, completeImmediately: false로 두면 영영 완료되지 않아요. flatMap 안에서는 값 하나를 버리는 데 쓰고, catch 뒤에서는 실패한 스트림을 조용히 끝내요.",
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
            aboutKorean: "값을 보내지 않고 주어진 에러로 곧바로 실패해요: flatMap이나 퍼블리셔를 반환하는 함수가 실패를 알리는 방법이고, catch와 retry를 시험해 볼 때 쓰는 대상이에요.",
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
            aboutKorean: "주어진 값들과 그 뒤의 완료 이벤트를 구독자가 요청하는 대로 재생해요: 처음부터 끝까지 다 적어 둔 퍼블리셔로, 테스트나 이미 아는 이력에 연산자를 시험해 볼 때 써요.",
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
            aboutKorean: "sink와 assign이 반환하는 것, 곧 구독의 핸들이에요. 구독은 핸들이 살아 있는 동안만 유지돼요: cancel()로 끝낼 수 있고, 마지막 참조를 놓아도(nil을 대입하거나 뷰 모델이 사라지면) 끝나기 때문에, Swift에서는 결과를 보관하지 않은 sink가 곧바로 멈춰요.",
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
            aboutKorean: "구독의 AnyCancellable을 소유자와 수명이 같은 Set(또는 배열), 보통 뷰 모델의 `cancellables`에 보관해요: 구독이 여럿이어도 한곳에서 관리해요. 그 Set을 비우면 구독이 모두 취소돼요.",
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
            aboutKorean: "connectable 퍼블리셔(makeConnectable(), multicast, Timer.publish)는 connect()를 호출하기 전까지 아무것도 보내지 않으므로 먼저 붙어 있던 구독자는 모든 값을 받고, connect()가 반환하는 Cancellable로 연결을 끊어요. 대신 autoconnect()를 쓰면 첫 구독자가 올 때 연결돼요.",
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
            aboutKorean: "퍼블리셔가 딸린 프로퍼티예요: $name은 새 구독자마다 현재 값을 먼저 보내고 그 뒤로 새 값을 모두 보내는데, 프로퍼티에 값이 들어가기 전인 willSet 시점에 보내요(sink 안에서 name을 읽으면 이전 값이 보여요). ObservableObject 안에서는 objectWillChange도 함께 발생시켜요.",
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
            aboutKorean: "객체의 @Published 프로퍼티 중 하나라도 바뀌기 전에 ()를 보내요 — 바뀌기 전이므로 객체는 아직 이전 상태를 갖고 있어요. SwiftUI는 이 신호를 듣고 그 객체를 읽는 뷰를 다음 차례에 다시 그리며, send()로는 어떤 @Published 프로퍼티에도 드러나지 않는 변경을 알릴 수 있어요.",
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
            aboutKorean: "SwiftUI 뷰가 @Published 프로퍼티를 지켜보는 클래스예요: 그중 하나라도 바뀌기 전에 objectWillChange가 발생해요. 뷰 모델이 바로 이런 클래스로, 구독을 Set<AnyCancellable>에 보관하고 자신을 소유한 뷰(@StateObject)만큼 살아 있어요.",
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
