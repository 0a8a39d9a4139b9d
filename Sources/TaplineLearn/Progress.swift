#if canImport(Glibc)
import Glibc
#endif
import TaplineLanguage

/// A learner's progress: which lessons passed their check, and the one opened last. Kept in
/// `$XDG_STATE_HOME/tapline/progress` (or `~/.local/state/tapline/progress`), a private file
/// (0600 in a 0700 folder) of plain lines: `passed SLUG`, `opened SLUG`.
public struct Progress: Equatable, Sendable {
    public var passed: Set<String> = []
    public var opened: String?

    public init(passed: Set<String> = [], opened: String? = nil) {
        self.passed = passed
        self.opened = opened
    }

    init(text: String) {
        // Any newline, "\r\n" included: it is one Character in Swift, never equal to "\n", so
        // a file saved with Windows line ends would otherwise read as one line and no lesson.
        for line in text.split(whereSeparator: \.isNewline) {
            let words = line.trailingWhitespaceTrimmed.split(separator: " ", maxSplits: 1).map(String.init)
            guard words.count == 2 else { continue }
            if words[0] == "passed" { passed.insert(words[1]) }
            if words[0] == "opened" { opened = words[1] }
        }
    }

    var text: String {
        var lines = ["# Tapline lesson progress (tapline learn)"]
        lines += passed.sorted().map { "passed " + $0 }
        if let opened { lines.append("opened " + opened) }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Reads and writes the progress file. A write goes through `FileWriter`: a new file with a
/// random name in the same folder, flushed to the disk, then renamed over the old one, so a
/// crash at any moment leaves either the old progress or the new, never a half-written file,
/// and nothing planted in the folder is followed. It reads only a regular file, not through a
/// symbolic link, of at most `Limits.progressFileBytes`.
public struct ProgressStore: Sendable {
    public let directory: String
    public var path: String { directory + "/progress" }

    /// Why the progress could not be read or saved, in words that name the file.
    public struct Failure: Error, Equatable, Sendable {
        public let message: String
    }

    public init(directory: String) {
        self.directory = directory
    }

    /// The folder the XDG Base Directory rules give: `$XDG_STATE_HOME/tapline`, else
    /// `$HOME/.local/state/tapline`; nil without either.
    public static func standard() -> ProgressStore? {
        if let state = getenv("XDG_STATE_HOME").map({ String(cString: $0) }), state.hasPrefix("/") {
            return ProgressStore(directory: state + "/tapline")
        }
        guard let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty else { return nil }
        return ProgressStore(directory: home + "/.local/state/tapline")
    }

    /// The progress recorded: none yet when there is no file; a failure when something is
    /// there that is not a progress file to read.
    public func read() -> Result<Progress, Failure> {
        switch readTextFile(path, limit: Limits.progressFileBytes, limitName: "progress file size", followsLinks: false) {
        case .success(let text): return .success(Progress(text: text))
        case .failure(.missing): return .success(Progress())
        case .failure(let problem): return .failure(Failure(message: "your progress file \(path) cannot be read: \(problem.reason)"))
        }
    }

    /// The progress recorded, or none when it cannot be read.
    public func load() -> Progress {
        (try? read().get()) ?? Progress()
    }

    /// Saves `progress`; nil, or why not (the old file is then as it was).
    @discardableResult
    public func save(_ progress: Progress) -> Failure? {
        guard makeDirectory() else {
            return Failure(message: "your progress cannot be saved: cannot make \(directory): \(String(cString: strerror(errno)))")
        }
        switch FileWriter().write(progress.text, to: path, mode: 0o600, durable: true) {
        case .success: return nil
        case .failure(let failure): return Failure(message: "your progress cannot be saved: " + failure.message)
        }
    }

    /// Creates the folder (and missing parents, as XDG asks, 0700); ours is made private.
    private func makeDirectory() -> Bool {
        var path = ""
        for part in directory.split(separator: "/") {
            path += "/" + part
            if mkdir(path, 0o700) != 0, errno != EEXIST { return false }
        }
        return chmod(directory, 0o700) == 0
    }
}
