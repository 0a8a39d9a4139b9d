import Testing
@testable import TaplineLanguage

/// A view's body (`var body: some View { … }`) draws as SwiftUI runs one: when the view is
/// mounted, and again after `objectWillChange` of what it observes fires, on the main queue's
/// next turn (Apple's docs: ObservableObject, "A type of object with a publisher that emits
/// before the object has changed"; SwiftUI reads the new value when it updates the view).
/// What the terminal shows is the screen: a drawing that shows what the last one showed is
/// not shown again.
@Suite("View bodies")
struct ViewBodyTests {
    static let counter = """
        button plus "+"
        class Model: ObservableObject { @Published var count = 0 }
        let model = Model()
        plus.tap.sink { model.count += 1 }
        view Counter {
          var body: some View {
            Text("Count: \\(model.count)")
            plus
          }
        }

        """

    static func box(_ count: Int) -> String {
        """
        ╭─ Counter ─╮
        │ Count: \(count)  │
        │ [ + ]     │
        ╰───────────╯

        """
    }

    @Test func drawsWhenShownAndAfterEachChange() {
        let result = run(Self.counter + "show Counter\ntap plus\ntap plus")
        #expect(result.error == nil)
        #expect(result.output == Self.box(0) + Self.box(1) + Self.box(2))
    }

    /// objectWillChange fires before the change; the body draws on the next turn, once for
    /// everything one entry changed, with the new value in place.
    @Test func drawsOnTheNextTurnOnce() {
        let result = run(Self.counter + "show Counter\nmodel.objectWillChange.sink { print(\"will change from\", model.count) }\ntap plus; tap plus; tap plus")
        #expect(result.output == Self.box(0) + "will change from 0\nwill change from 1\nwill change from 2\n" + Self.box(3))
    }

    /// Assigning the value it holds fires objectWillChange (Published has no equality check),
    /// so the body runs again; the screen does not change, so nothing is shown.
    @Test func aDrawingThatShowsTheSameIsNotShownAgain() {
        let result = run(Self.counter + "show Counter\nmodel.count = 0\nmodel.count = 0")
        #expect(result.output == Self.box(0))
    }

    /// A plain `var` is not observed: changing it redraws nothing, until an observed change
    /// makes the body run again and read it (SwiftUI's "why does my view not update").
    @Test func aPlainVariableIsNotObserved() {
        let result = run("""
            var note = "a"
            published title = "T"
            view V { body { Text("\\(title) \\(note)") } }
            show V
            note = "b"
            set title = "T"
            """)
        #expect(result.output == "╭─ V ─╮\n│ T a │\n╰─────╯\n╭─ V ─╮\n│ T b │\n╰─────╯\n")
    }

    /// The program's `published` values are the @Published properties of the program's own
    /// ObservableObject: a body that reads one follows it, on the virtual clock too.
    @Test func publishedValuesAndTimeRedraw() {
        let result = run("""
            published n = 0
            view V { body { Text("n = \\(n)") } }
            show V
            Timer.publish(every: 1, on: .main, in: .common).autoconnect().prefix(2).sink { _ in n += 1 }
            wait 5s
            """)
        #expect(result.output == "╭─ V ───╮\n│ n = 0 │\n╰───────╯\n╭─ V ───╮\n│ n = 1 │\n╰───────╯\n╭─ V ───╮\n│ n = 2 │\n╰───────╯\n")
    }

    @Test func hiddenViewsDrawNothingAndSwitchMountsThem() {
        let result = run("""
            published page = "a"
            published n = 0
            view A { body { Text("A \\(n)") }; on disappear { print("A goes") } }
            view B { body { Text("B \\(n)"); Divider(); HStack { Text("x"); Text("y") } } }
            switch $page {
              case "a": A
              default: B
            }
            set n = 1
            set page = "b"
            set n = 2
            """)
        #expect(result.error == nil)
        #expect(result.output == """
            ╭─ A ─╮
            │ A 0 │
            ╰─────╯
            ╭─ A ─╮
            │ A 1 │
            ╰─────╯
            A goes
            ╭─ B ──╮
            │ B 1  │
            ├──────┤
            │ x  y │
            ╰──────╯
            ╭─ B ──╮
            │ B 2  │
            ├──────┤
            │ x  y │
            ╰──────╯

            """)
    }

    /// An ObservableObject read through an optional (`m?.n`, `m!.n`) is observed too.
    @Test func anOptionalModelIsObservedThroughTheChain() {
        let result = run("""
            class M: ObservableObject { @Published var n = 0 }
            var m: M? = M()
            view V { body { Text("\\(m?.n ?? 0)") } }
            show V
            m?.n = 3
            m!.n = 4
            """)
        #expect(result.output == "╭─ V ─╮\n│ 0   │\n╰─────╯\n╭─ V ─╮\n│ 3   │\n╰─────╯\n╭─ V ─╮\n│ 4   │\n╰─────╯\n")
    }

    /// A member read inside a subscript (`m.items[0]`) is observed too.
    @Test func aModelReadThroughASubscriptIsObserved() {
        let result = run("""
            class M: ObservableObject { @Published var items = [1, 2] }
            let m = M()
            view V { body { Text("\\(m.items[0])") } }
            show V
            m.items = [5, 6]
            """)
        #expect(result.output == "╭─ V ─╮\n│ 1   │\n╰─────╯\n╭─ V ─╮\n│ 5   │\n╰─────╯\n")
    }

    /// A body that changes what it observes while it draws does not draw without end.
    @Test func aBodyThatChangesStateDrawsOnce() {
        let result = run("""
            published n = 0
            func bump() -> String { n += 1; return "\\(n)" }
            view V { body { Text(bump()) } }
            show V
            """)
        #expect(result.error == nil)
        #expect(result.output == "╭─ V ─╮\n│ 1   │\n╰─────╯\n")
    }

    /// A body whose func dismantles its own view draws nothing after the dismantling.
    @Test func aBodyThatHidesItsViewDrawsNothing() {
        let result = run("""
            func away() -> Bool { hide V; return true }
            view V { body { if away() { Text("here") } }; on disappear { print("gone") } }
            show V
            print("after")
            """)
        #expect(result.error == nil)
        #expect(result.output == "gone\nafter\n")
    }

    /// `@StateObject` is made when the view is mounted and let go when it is dismantled; it
    /// survives its parent running again. `@ObservedObject` written with an initializer is
    /// made anew each time the parent runs again (Apple's docs: StateObject, "SwiftUI creates
    /// a new instance of the model object only once during the lifetime of the container";
    /// ObservedObject, "Don't specify a default or initial value for the observed object").
    @Test func stateObjectsLiveWithTheViewObservedObjectsWithTheParent() {
        let result = run("""
            published page = 1
            class C: ObservableObject {
              @Published var n = 0
              let tag: String
              init(_ tag: String) { self.tag = tag; print("made", tag) }
              deinit { print("gone", tag) }
            }
            view Own { @StateObject var c = C("own"); on appear { print("own sees", c.tag) } }
            view Watch { @ObservedObject var c = C("watch") }
            switch $page {
              case 1: Own
              default: Watch
            }
            set page = 1
            set page = 2
            set page = 2
            set page = 1
            """)
        #expect(result.error == nil)
        #expect(result.output == "made own\nown sees own\ngone own\nmade watch\nmade watch\ngone watch\ngone watch\nmade own\nown sees own\n")
    }

    @Test func aViewObjectMustBeObservable() {
        #expect(run("view V { @StateObject var m = 5 }").error?.contains("generic struct 'StateObject' requires that 'Int' conform to 'ObservableObject'") == true)
        #expect(run("view V { @ObservedObject let m = 5 }").error?.contains("expected 'var' after '@ObservedObject'") == true)
        let twice = "class M: ObservableObject { @Published var n = 0 }\nview V { @StateObject var m = M(); func m() { } }"
        #expect(run(twice).error?.contains("'m' is already declared") == true, "\(run(twice).error ?? "")")
    }

    @Test func whatABodyCannotHoldIsALocatedError() {
        #expect(run("view V { body { Text(5) } }").error?.contains("requires that 'Int' conform to 'StringProtocol'") == true)
        #expect(run("view V { body { Button(\"x\") { print(1) } } }").error?.contains("'tap plus' presses it") == true)
        #expect(run("view V { body { print(1) } }").error?.contains("found 'print(1)'") == true)
        #expect(run("view V { var body: View { Text(\"a\") } }").error?.contains("expected 'some View'") == true)
        #expect(run("view V { bodies { } }").error?.contains("'@StateObject var', '@ObservedObject var' and 'var body: some View { … }'") == true)
    }

    @Test func drawingsAsHTMLNameTheTapThatPressesAButton() {
        let drawing = ViewDrawing(name: "C<1>", pieces: [.text("a & b"), .row([.button(title: "+", name: "plus")]), .divider])
        #expect(drawing.html.contains("data-view=\"C&lt;1&gt;\""))
        #expect(drawing.html.contains("<div>a &amp; b</div>"))
        #expect(drawing.html.contains("<button data-tap=\"plus\" title=\"tap plus\">+</button>"))
        #expect(ViewDrawing(name: "C", pieces: nil).text == nil)
        #expect(ViewDrawing(name: "C", pieces: nil).html.contains("dismantled"))
    }

    /// Wide characters take two columns, so the box's right edge stays straight.
    @Test func wideTextKeepsTheBoxStraight() {
        let result = run("view V { body { Text(\"카운트\") } }\nshow V")
        #expect(result.output == "╭─ V ────╮\n│ 카운트 │\n╰────────╯\n")
    }
}
