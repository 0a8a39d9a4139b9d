import Testing
@testable import TaplineLanguage

/// TAB completion as a table: the text before the cursor → the word and its candidates.
@Suite("Completion")
struct CompleterTests {
    static let session: [Interpreter.Declaration] = {
        var output = ""
        let interpreter = Interpreter(output: { output += $0 })
        _ = interpreter.run("""
            button save "Save"
            button settings
            subject clicks: Int
            current volume = 1
            published name = "apple"
            subscriber reader(demand: 1) { }
            view Home { }
            func refresh() { }
            let token = clicks.sink { _ in }
            class Counter: ObservableObject {
                @Published var count = 0
                var label = "taps"
                func increment() { count += 1 }
                func add(_ n: Int) { count += n }
                static let shared = Counter()
            }
            enum Light { case red, green, blinking(Int) }
            let counter = Counter()
            """)
        return interpreter.declarations
    }()

    @Test("candidates", arguments: [
        ("ta", "ta", ["tap"]),
        ("tap ", "", ["save", "settings"]),
        ("tap s", "s", ["save", "settings"]),
        ("  tap sa", "sa", ["save"]),
        ("set ", "", ["clicks", "counter", "name", "volume"]),
        ("send ", "", ["clicks", "volume"]),
        ("request ", "", ["reader"]),
        ("cancel ", "", ["reader", "token"]),
        ("show H", "H", ["Home"]),
        ("$", "$", ["$name"]),
        ("clicks.fi", "fi", ["filter", "first()"]),
        ("clicks.sen", "sen", ["send("]),
        ("objectW", "objectW", ["objectWillChange"]),
        ("let changes = objectW", "objectW", ["objectWillChange"]),
        ("objectWillChange.se", "se", ["send()", "setFailureType(to:"]),
        ("print(no", "no", ["now"]),
        ("save.", "", ["tap"]),
        ("$name.ma", "ma", ["makeConnectable()", "map", "mapError", "max()"]),
        ("[1, 2].pub", "pub", ["publisher"]),
        ("print(vol", "vol", ["volume"]),
        ("re", "re", ["refresh()", "repeat", "request"]),
        ("x = na", "na", ["name"]),
        ("tap save; ta", "ta", ["tap"]),
        ("print(tr", "tr", ["true"]),
        ("mar", "mar", ["marbles"]),
        ("marbles ", "", ["clear", "save"]),
        ("trace o", "o", ["off", "on"]),
        ("counter.", "", ["add(", "count", "increment()", "label", "objectWillChange"]),
        ("counter.co", "co", ["count"]),
        ("Counter.", "", ["init(", "shared"]),
        ("Light.", "", ["blinking(", "green", "red"]),
    ])
    func candidates(before: String, word: String, expected: [String]) {
        let (found, candidates) = Completer.complete(before, declarations: Self.session)
        #expect(found == word)
        #expect(candidates == expected)
    }
}
