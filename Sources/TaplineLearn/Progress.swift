#if canImport(Glibc)
import Glibc
#endif

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
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ", maxSplits: 1).map(String.init)
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

/// Reads and writes the progress file. A write goes to a temporary file in the same folder,
/// is flushed to the disk, then renamed over the old one: a crash at any moment leaves either
/// the old progress or the new, never a half-written file.
public struct ProgressStore: Sendable {
    public let directory: String
    public var path: String { directory + "/progress" }

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

    public func load() -> Progress {
        readTextFile(path).map(Progress.init(text:)) ?? Progress()
    }

    /// Saves `progress`; false (and the old file kept) if it could not be written.
    @discardableResult
    public func save(_ progress: Progress) -> Bool {
        guard makeDirectory() else { return false }
        let temporary = directory + "/.progress-\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        let bytes = Array(progress.text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            written += count
        }
        // The data must be on the disk before the name points at it.
        let synced = written == bytes.count && fsync(descriptor) == 0
        close(descriptor)
        guard synced, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        // And the rename itself must reach the disk.
        let folder = open(directory, O_RDONLY | O_DIRECTORY)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
        return true
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
