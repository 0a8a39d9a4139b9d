// Page 2: a view model with @Published state, as SwiftUI code keeps it, and views that
// keep their subscriptions in a Set<AnyCancellable>.
import Testing
import TaplineReactive

final class SearchViewModel: ObservableObject {
    @Published var query = ""
    @Published private(set) var status = "idle"
    @Published var results: [String] = []

    private let catalogue = ["apple", "apricot", "banana", "blueberry", "cherry"]

    init() {
        $query
            .map { $0.lowercased() }
            .removeDuplicates()
            .map { [catalogue] query in
                query.isEmpty ? [] : catalogue.filter { $0.hasPrefix(query) }
            }
            .assign(to: &$results)

        $results
            .dropFirst()
            .map { $0.isEmpty ? "no match" : "\($0.count) found" }
            .assign(to: &$status)
    }
}

/// A label, as `assign(to:on:)` writes into a UIKit view.
final class Label {
    var text = ""
}

final class ResultsView {
    let label = Label()
    private var cancellables = Set<AnyCancellable>()

    func bind(to model: SearchViewModel, console: Console) {
        model.$status
            .assign(to: \.text, on: label)
            .store(in: &cancellables)

        model.$results
            .filter { !$0.isEmpty }
            .sink { console.print("results:", $0.joined(separator: ", ")) }
            .store(in: &cancellables)
    }

    func dismantle() { cancellables.removeAll() }
}

@Suite("Page 2: a view model with @Published state")
struct ViewModelPage {
    @Test func typingAQueryUpdatesResultsAndStatus() {
        let console = Console()
        let model = SearchViewModel()
        let view = ResultsView()
        view.bind(to: model, console: console)
        #expect(view.label.text == "idle")

        model.query = "AP"
        #expect(model.results == ["apple", "apricot"])
        #expect(view.label.text == "2 found")

        model.query = "ap"                              // the same once lowercased: removed
        model.query = "kiwi"
        #expect(view.label.text == "no match")

        view.dismantle()
        model.query = "b"
        #expect(view.label.text == "no match")          // the view no longer listens
        #expect(model.status == "2 found")              // but the model still does

        #expect(console.lines == ["results: apple, apricot"])
    }

    @Test func aSwiftUIViewHearsOfEveryChangeBeforeItHappens() {
        let console = Console()
        let model = SearchViewModel()
        let token = model.objectWillChange.sink { console.print("will change:", model.query, model.status) }
        // query, then results, then status: three changes, each heard in willSet. The
        // chain from $query runs inside query's willSet, so all three see the old state.
        model.query = "ch"
        #expect(console.lines == [
            "will change:  idle",
            "will change:  idle",
            "will change:  idle",
        ])
        #expect(model.status == "1 found")
        token.cancel()
    }

    @Test func aPublishedPublisherCanBeNamedAndIsReplayed() {
        let console = Console()
        let model = SearchViewModel()
        model.query = "ch"
        let publisher: Published<[String]>.Publisher = model.$results
        let token = publisher.sink { console.print($0) }
        token.cancel()
        model.query = "b"
        #expect(console.lines == ["[\"cherry\"]"])
    }

    @Test func publishedEmitsBeforeItStores() {
        let console = Console()
        let model = SearchViewModel()
        let token = model.$query.sink { [unowned model] new in
            console.print("new: \(new), stored: \(model.query)")
        }
        model.query = "x"
        #expect(console.lines == ["new: , stored: ", "new: x, stored: "])
        _ = token
    }
}
