/// The command line, read into a value before anything runs: every option is read wherever it
/// stands among the options, then `Tool.main` switches once on `mode`. So `tapline -e CODE
/// --trace` traces, as `tapline --trace -e CODE` does.
struct Options: Equatable {
    /// What the command does.
    enum Mode: Equatable {
        /// `--help [TOPIC]`, `--version`, `--machine`, `learn [N]`, `lsp`, `serve`.
        case help(topic: String?)
        case version
        case machine
        case languageServer
        case learn([String])
        /// `serve [--port N] [--learn N] [FILE]`: the playground on 127.0.0.1.
        case serve(port: Int, lesson: String?)
        /// A program: run it (`--check`: check it; `--swift`: write it as Swift), or, with
        /// `-i` or with no program on a terminal, start the REPL with it.
        case program(Action)
    }

    enum Action: Equatable {
        case run, check, swift, interactive
    }

    /// Where the program comes from.
    enum Source: Equatable {
        case file(String)
        case standardInput
        case code(String)

        /// What diagnostics call it.
        var name: String {
            switch self {
            case .file("-"), .standardInput: return "<stdin>"
            case .file(let path): return path
            case .code: return "-e"
            }
        }
    }

    var mode: Mode = .program(.run)
    /// Nil: no program given (a terminal gets the REPL; otherwise standard input is the script).
    var source: Source?
    /// What the script sees as `arguments`.
    var scriptArguments: [String] = []
    var quiet = false
    var traces = false

    /// A command line that cannot run, with the message for it.
    struct UsageError: Error, Equatable {
        let message: String
    }

    /// Reads the arguments after the command's name.
    static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var rest = arguments[...]
        // A subcommand, as in 'swift build': a script named learn runs as './learn'.
        if rest.first == "learn" { return Options(mode: .learn(Array(rest.dropFirst()))) }
        if rest.first == "lsp" {
            guard rest.count == 1 else { throw UsageError(message: "'lsp' takes no arguments: editors start it as 'tapline lsp'") }
            return Options(mode: .languageServer)
        }
        if rest.first == "serve" { return try serve(Array(rest.dropFirst())) }
        var action: Action = .run
        var flags: [String] = []
        while let first = rest.first, first.hasPrefix("-"), first != "-" {
            rest.removeFirst()
            if first == "--" { break }
            flags.append(first)
            switch first {
            case "-h", "--help": return Options(mode: .help(topic: rest.first))
            case "-v", "--version": return Options(mode: .version)
            case "--check": action = .check
            case "--swift": action = .swift
            case "-i": action = .interactive
            case "-q": options.quiet = true
            case "--trace": options.traces = true
            case "--machine": options.mode = .machine
            case "-e":
                guard let code = rest.popFirst() else { throw UsageError(message: "'-e' needs a program: tapline -e 'print(1)'") }
                options.source = .code(code)
            default: throw UsageError(message: "unknown option '\(first)'")
            }
        }
        if options.mode == .machine {
            guard flags == ["--machine"], rest.isEmpty else { throw UsageError(message: "'--machine' takes no other arguments") }
            return options
        }
        if options.source == nil, let path = rest.popFirst() { options.source = .file(path) }
        options.scriptArguments = Array(rest)
        options.mode = .program(action)
        try options.checkSource(action)
        return options
    }

    /// `serve [--port N] [--learn N] [FILE]`.
    private static func serve(_ arguments: [String]) throws(UsageError) -> Options {
        var port = 8090
        var lesson: String?
        var source: Source?
        var rest = arguments[...]
        while let first = rest.popFirst() {
            switch first {
            case "--port":
                guard let text = rest.popFirst(), let number = Int(text), (0...65535).contains(number) else {
                    throw UsageError(message: "'--port' needs a port number from 0 to 65535 (0: any free port)")
                }
                port = number
            case "--learn":
                guard let number = rest.popFirst() else { throw UsageError(message: "'--learn' needs a lesson number: tapline serve --learn 7") }
                lesson = number
            case let option where option.hasPrefix("-"):
                throw UsageError(message: "unknown option '\(option)' for 'serve' (it takes --port N, --learn N and a file)")
            default:
                guard source == nil else { throw UsageError(message: "'serve' takes one file: tapline serve FILE") }
                source = .file(first)
            }
        }
        var options = Options(mode: .serve(port: port, lesson: lesson))
        options.source = source
        return options
    }

    /// The actions that need a program say so when none was given.
    private func checkSource(_ action: Action) throws(UsageError) {
        guard source == nil else { return }
        switch action {
        case .check: throw UsageError(message: "'--check' needs a file")
        case .swift: throw UsageError(message: "'--swift' needs a file: tapline --swift FILE")
        case .interactive: throw UsageError(message: "'-i' needs a file: tapline -i FILE")
        case .run: return
        }
    }
}
