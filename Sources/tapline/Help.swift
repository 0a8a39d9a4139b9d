import TaplineLanguage

/// The REPL's `:help` pages. The operator pages come from the language's catalogue, the
/// pages of publishers, handles and view-model types from its `HelpTopic`s.
enum Help {
    static let pages = ["commands", "declarations", "errors", "keys", "operators", "values"]

    /// The language of an operator's or a topic's words: Korean under a `ko_*` locale or after
    /// `tapline learn --lang ko` (each value's `korean` words), else English. Set once, at start-up.
    nonisolated(unsafe) static var language: String? = Learning.localeLanguage

    /// The words around a page's parts, in the page's language.
    private struct Words {
        let declaration, elsewhere, tryIt, prints, onTheClock: String
    }
    private static var words: Words {
        language == "ko"
            ? Words(declaration: "Combine의 선언:", elsewhere: "다른 라이브러리에서: ", tryIt: "해 보기:", prints: "출력:",
                    onTheClock: "시계 위에서 (한 칸이 100ms 한 프레임), 'marbles'가 이 프로그램을 그린 모습:")
            : Words(declaration: "Combine's declaration:", elsewhere: "Elsewhere: ", tryIt: "Try it:", prints: "It prints:",
                    onTheClock: "On the clock (one column a frame of 100ms), as 'marbles' draws this program:")
    }

    /// An operator's two sentences and its summary, in the page's language.
    static func about(_ entry: ChainOperator) -> String {
        language == "ko" ? entry.timeline.korean.about : entry.timeline.about
    }
    static func summary(_ entry: ChainOperator) -> String {
        language == "ko" ? entry.timeline.korean.summary : entry.summary
    }
    /// What `:help` completes: the pages, then every operator and subscriber, then the topics.
    static var topics: [String] { pages + ChainOperator.all.map(\.name) + HelpTopic.all.map(\.name) }

    /// Whether `topic` is a page, an operator's name or a topic's.
    static func knows(_ topic: String) -> Bool {
        topic.isEmpty || pages.contains(topic) || ChainOperator.topic(topic) != nil || HelpTopic.named(topic) != nil
    }

    static func text(for topic: String) -> String {
        switch topic {
        case "": return overview
        case "commands": return commands
        case "declarations": return declarations
        case "operators": return operators
        case "values": return values
        case "keys": return keys
        case "errors": return errors
        default:
            if let entry = ChainOperator.topic(topic) { return page(for: entry) }
            if let entry = HelpTopic.named(topic) { return page(for: entry) }
            let suggestion = Suggest.closest(to: topic, in: topics).map { "did you mean '\($0)'? " } ?? ""
            return "no help on '\(topic)'; \(suggestion)topics: \(pages.joined(separator: ", ")), an operator's name, "
                + "or \(HelpTopic.all.map(\.name).joined(separator: ", "))\n"
        }
    }

    /// `:help filter`: the forms, what it does, Combine's declaration, its RxSwift and RxJS
    /// names, a program to try, and its marble diagram — drawn by running a program on the
    /// virtual clock through `marbles`' own renderer.
    static func page(for entry: ChainOperator, width: Int = 80) -> String {
        let (timeline, words) = (entry.timeline, words)
        var page = """
            .\(entry.forms.joined(separator: "   ."))
              \(wrap(about(entry), width: 76).joined(separator: "\n  "))

            \(words.declaration)
              \(entry.signature)

            """
        let names = [("RxSwift", timeline.rxSwift), ("RxJS", timeline.rxJS)].compactMap { name, other in other.map { "\(name): \($0)" } }
        if !names.isEmpty { page += words.elsewhere + names.joined(separator: "; ") + "\n\n" }
        page += words.tryIt + "\n" + indented(entry.example) + "\n" + words.prints + "\n" + indented(entry.output) + "\n"
        if let diagram = Diagrams.text(of: timeline.program, width: width) {
            page += "\n" + words.onTheClock + "\n"
            page += indented(timeline.program) + "\n\n" + diagram + "\n"
        }
        return page
    }

    /// `:help Future`: the forms, what it is, Combine's declaration, a program to try and,
    /// where time matters, its marble diagram.
    static func page(for topic: HelpTopic, width: Int = 80) -> String {
        let words = words
        let about = language == "ko" ? topic.aboutKorean : topic.about
        var page = topic.forms.joined(separator: "   ") + "\n  " + wrap(about, width: 76).joined(separator: "\n  ")
        page += "\n\n" + words.declaration + "\n" + indented(topic.signature) + "\n\n"
        page += words.tryIt + "\n" + indented(topic.example) + "\n" + words.prints + "\n" + indented(topic.output) + "\n"
        if let program = topic.program, let diagram = Diagrams.text(of: program, width: width) {
            page += "\n" + words.onTheClock + "\n"
            page += indented(program) + "\n\n" + diagram + "\n"
        }
        return page
    }

    private static func indented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n")
            .trimmingTrailingNewlines
    }

    /// `:help operators`: every operator and subscriber with its forms and what it does, in
    /// 80 columns (a form too wide for its column puts the summary on the next line).
    static var operators: String {
        let column = 34
        let lines = ChainOperator.all.map { entry in
            let form = pack(entry.forms.map { "." + $0 }, separator: "  ", width: 80).joined(separator: "\n")
            let summary = wrap(summary(entry).filter { $0 != "`" }, width: 80 - column - 2)
                .joined(separator: "\n" + String(repeating: " ", count: column + 2))
            return form.count > column ? form + "\n" + String(repeating: " ", count: column + 2) + summary : form.padded(column) + "  " + summary
        }
        return """
            Publishers: NAME (a subject or current value), $NAME (a published value),
                        NAME.tap (a button), Just(v), Empty(), Fail(error: "x"),
                        [1, 2].publisher, "abc".publisher, Future { promise in … },
                        Timer.publish(every: 1s).autoconnect(), objectWillChange,
                        a name kept with 'let NAME = chain', a func that returns a publisher

            \(lines.joined(separator: "\n"))

            ':help NAME' shows one of them with Combine's declaration and an example.

            """
    }

    /// Splits text into lines of at most `width` characters, at spaces.
    static func wrap(_ text: String, width: Int) -> [String] {
        pack(text.split(separator: " ").map(String.init), separator: " ", width: width)
    }

    /// Puts `items` on lines, `separator` between them, as many to a line as fit in `width`
    /// (an item wider than that has a line of its own).
    static func pack(_ items: [String], separator: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for item in items {
            if !line.isEmpty, line.terminalColumns + separator.count + item.terminalColumns > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : separator) + item
        }
        return lines + [line]
    }

    static let overview = """
        Tapline: declare buttons, subjects and subscribers, wire them with Combine operators,
        then tap and set and watch the subscribers react.

          published name = "apple"          a @Published value; $name is its publisher
          $name.sink { print($0) }          subscribe (prints apple at once)
          set name = "google"               assign: the sink prints google

        Meta-commands:
          :help [topic]    this help; topics: commands, declarations, operators, values, keys, errors,
                           an operator (:help debounce), or Future, Deferred, Just, Empty, Fail,
                           Record, AnyCancellable, store(in:), connect, Published,
                           objectWillChange, ObservableObject
          :list            what is declared, and the live subscriptions
          :type EXPR       an expression's type, as Swift names it (:type s.tryMap { $0 })
          :cancel N        cancel live subscription N (see :list)
          :load FILE       run a script into this session
          :reset           start an empty session
          :swift [FILE]    the session as a Swift file over Combine's API (docs/SWIFT-EXPORT.md)
          :history         the entries typed so far
          :quit            leave (or Ctrl-D)

        Lessons (a path from subjects to a search screen, with checked exercises):
          :learn [N]       list the lessons and your progress, or open lesson N
          :check           run the exercise with the lines you typed; say what differs
          :hint            the next hint          :solution   one answer
          :answer          the lines you typed    :undo       drop the last of them
          :lesson          the lesson again       :next       the next lesson
          (in a lesson, :reset starts the exercise over)

        The full reference is docs/LANGUAGE.md.

        """

    static let declarations = """
        button NAME ["Title"] [{ action }]           tap NAME runs the action, then NAME.tap emits ()
        subject NAME[: Type]                          PassthroughSubject<Type, Error>
        current NAME[: Type] = value                  CurrentValueSubject<Type, Error>
        published NAME[: Type] = value                @Published var NAME; $NAME is its publisher
        subscriber NAME(demand: .unlimited | N) { … } [completion { … }]
        func NAME(x: Int, _ y: Int) -> Int { … }      called NAME(x: 1, 2); types optional
        view NAME { func …; on appear { … }; on disappear { … } }
        view NAME { var body: some View { Text("…"); BUTTON } }   draws, and again after each change
        view NAME { @StateObject var m = Model() }    made when shown, let go when dismantled
        switch $P { case V: VIEW … default: VIEW }
        let NAME = publisher.sink { … }               a stored subscription (cancel NAME)
        let NAME = value / var NAME = value           a constant / a variable (not observable)
        Types: String Int Double Bool Void Any

        """

    static let commands = """
        tap NAME                 run a button's action, then emit on NAME.tap
        set NAME = value         published/current: store and emit; subject: emit
        send NAME value          NAME.send(value)
        complete NAME            send(completion: .finished)
        fail NAME "message"      send(completion: .failure(...))
        cancel NAME              cancel a stored subscription
        request NAME N           a custom subscriber asks for N more
        wait 300ms               advance the virtual clock (now reads it)
        play NAME "-a--b-|"      send on the clock, one character a frame (RxJS marbles)
        expect PUB "-a--b-|"     run the clock and check what PUB does, frame by frame
        frame 50ms               how long one frame is (100ms at first)
        marbles                  draw what every publisher and stage did, on one time axis
        marbles clear            start the next diagram from now
        marbles save FILE.svg    the same diagram as an SVG picture
        trace on / trace off     print every event as it happens, with its virtual time
        schedule(after: 1s) { … }  run a block when the clock gets there
        show VIEW / hide VIEW    mount / dismantle a view
        print(a, b)              print values
        repeat N { … }   for i in 1...N { … }   if cond { … } else { … }   NAME()

        """

    static let values = """
        Int, Double, String ("\\(x)" interpolates), Bool, nil, (), tuples (1, "x"), arrays [1, 2]
        Operators: + - * / %  == != < <= > >=  && || !  c ? a : b
        Int(x) Double(x) String(x)  .count  .uppercased()  min(a, b)  max(a, b)  abs(x)
        An expression typed on its own shows its value; $NAME or a subject shows its subscribers.

        """

    static let keys = """
        Left/Right, Home/End, Ctrl-A/Ctrl-E   move           Up/Down   history
        Ctrl-R                                search history TAB       complete (twice: list)
        Ctrl-C   discard the line or block; stop a running command
        Ctrl-D   on an empty line: quit
        History is kept in ~/.tapline_history.

        """

    static let errors = """
        Errors show the line and a caret, and suggest a fix. An error never loses what the
        session declared before it. A running command stopped with Ctrl-C prints 'interrupted'.

        """
}

extension String {
    /// Without the newlines at its end.
    var trimmingTrailingNewlines: String {
        var text = self
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
