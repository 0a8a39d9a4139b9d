#if canImport(Glibc)
import Glibc
#endif
import CLibedit

/// The history file, kept so that nothing in it is lost: it is written to a temporary file
/// that replaces it by `rename` (a full disk leaves the old file whole), merged with what is
/// on disk under a lock (two sessions keep each other's entries), never through a symbolic
/// link, and a file that is not libedit's history is moved aside, not overwritten.
struct HistoryFile {
    let path: String
    let size: Int

    /// The first line libedit writes, and expects when it loads.
    static let header = Array("_HiStOrY_V2_\n".utf8)

    /// What is at `path`: nothing yet, a history file, or something not to touch.
    enum State: Equatable {
        case missing, history, empty
        case refused(String)
        case foreign
    }

    func state() -> State {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            return errno == ENOENT ? .missing : .refused("cannot read it: \(String(cString: strerror(errno)))")
        }
        if info.st_mode & S_IFMT == S_IFLNK { return .refused("it is a symbolic link, which Tapline does not follow") }
        guard info.st_mode & S_IFMT == S_IFREG else { return .refused("it is not a regular file") }
        if info.st_size == 0 { return .empty }
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return .refused("cannot read it: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var first = [UInt8](repeating: 0, count: HistoryFile.header.count)
        let count = first.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        return count == first.count && first == HistoryFile.header ? .history : .foreign
    }

    /// Moves a file that is not a history file aside (`PATH.bad`, `PATH.bad.1`, …), never
    /// over an earlier one; returns where it went.
    func moveAside() -> String? {
        for attempt in 0..<100 {
            let target = path + ".bad" + (attempt == 0 ? "" : ".\(attempt)")
            if link(path, target) == 0 {
                unlink(path)
                return target
            }
            if errno != EEXIST { return nil }
        }
        return nil
    }

    /// Loads the file into `history` if it is a history file; says why not otherwise.
    func load(into history: OpaquePointer) -> String? {
        switch state() {
        case .missing, .empty: return nil
        case .history:
            return tl_history_load(history, path) < 0 ? "history: cannot read \(path)" : nil
        case .refused(let reason): return "history: not using \(path): \(reason)"
        case .foreign:
            guard let aside = moveAside() else { return "history: \(path) is not a history file; not using it" }
            return "history: \(path) is not a history file; moved it to \(aside)"
        }
    }

    /// Saves `entries` (new since the last save) after what is on disk now, under a lock;
    /// returns a message when anything went wrong (the old file is then untouched).
    func save(adding entries: [String]) -> String? {
        let lock = open(path + ".lock", O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard lock >= 0 else { return "history not saved: \(path).lock: \(String(cString: strerror(errno)))" }
        defer { close(lock) }
        flock(lock, LOCK_EX)
        defer { flock(lock, LOCK_UN) }
        guard let merged = tl_history_init() else { return "history not saved: out of memory" }
        defer { tl_history_end(merged) }
        tl_history_setsize(merged, Int32(size))
        tl_history_setunique(merged, 1)
        if let problem = load(into: merged) { return problem }
        for entry in entries { tl_history_enter(merged, entry) }
        return replace(with: merged)
    }

    /// Writes `history` to a fresh temporary file beside the real one, checks that all of it
    /// reached the disk, then renames it over the real one.
    private func replace(with history: OpaquePointer) -> String? {
        let temporary = path + ".tmp.\(getpid())"
        unlink(temporary)
        let created = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard created >= 0 else { return "history not saved: \(String(cString: strerror(errno)))" }
        close(created)
        let expected = HistoryFile.count(history)
        let saved = tl_history_save(history, temporary)
        let synced = open(temporary, O_RDONLY | O_CLOEXEC)
        let flushed = synced >= 0 && fsync(synced) == 0
        let failure = errno
        if synced >= 0 { close(synced) }
        guard saved >= 0, flushed, HistoryFile.countSaved(temporary) == expected else {
            unlink(temporary)
            let reason = flushed ? "the file came out short (is the disk full?)" : String(cString: strerror(failure))
            return "history not saved: \(reason)"
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            return "history not saved: \(reason)"
        }
        return nil
    }

    static func count(_ history: OpaquePointer) -> Int {
        final class Counter { var value = 0 }
        let counter = Counter()
        tl_history_each(history, Unmanaged.passUnretained(counter).toOpaque()) { context, _ in
            guard let context else { return }
            Unmanaged<Counter>.fromOpaque(context).takeUnretainedValue().value += 1
        }
        return counter.value
    }

    /// How many entries a written file holds, read back as libedit reads it.
    private static func countSaved(_ path: String) -> Int {
        guard let check = tl_history_init() else { return -1 }
        defer { tl_history_end(check) }
        tl_history_setsize(check, Int32.max)
        guard tl_history_load(check, path) >= 0 else { return -1 }
        return count(check)
    }
}
