/// The REPL's `:help` pages.
enum Help {
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
            return "no help on '\(topic)'; topics: commands, declarations, operators, values, keys, errors\n"
        }
    }

    static let overview = """
        Tapline: declare buttons, subjects and subscribers, wire them with Combine operators,
        then tap and set and watch the subscribers react.

          published name = "apple"          a @Published value; $name is its publisher
          $name.sink { print($0) }          subscribe (prints apple at once)
          set name = "google"               assign: the sink prints google

        Meta-commands:
          :help [topic]    this help; topics: commands, declarations, operators, values, keys, errors
          :list            what is declared, and the live subscriptions
          :cancel N        cancel live subscription N (see :list)
          :load FILE       run a script into this session
          :reset           start an empty session
          :history         the entries typed so far
          :quit            leave (or Ctrl-D)

        The full reference is docs/LANGUAGE.md.

        """

    static let declarations = """
        button NAME ["Title"] [{ action }]           tap NAME runs the action, then NAME.tap emits ()
        subject NAME[: Type]                          PassthroughSubject<Type, Error>
        current NAME[: Type] = value                  CurrentValueSubject<Type, Error>
        published NAME[: Type] = value                @Published var NAME; $NAME is its publisher
        subscriber NAME(demand: .unlimited | N) { … } [completion { … }]
        func NAME() { … }
        view NAME { func …; on appear { … }; on disappear { … } }
        switch $P { case V: VIEW … default: VIEW }
        let NAME = publisher.sink { … }               a stored subscription (cancel NAME)
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
        wait 300ms               advance the virtual clock
        show VIEW / hide VIEW    mount / dismantle a view
        print(a, b)              print values
        repeat N { … }   for i in 1...N { … }   if cond { … } else { … }   NAME()

        """

    static let operators = """
        Publishers: NAME (subject), $NAME (published), NAME.tap (button), just(v), [1, 2].publisher
        Operators:  filter map compactMap removeDuplicates scan reduce collect prefix dropFirst
                    first last merge(with:) combineLatest zip print("tag") debounce(for: 300ms)
                    throttle(for: 1s, latest: true) delay(for: 1s) share
        End with:   .sink { … }  .sink(receiveCompletion: { … }, receiveValue: { … })
                    .subscribe(SUBSCRIBER)  .assign(to: NAME)

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
