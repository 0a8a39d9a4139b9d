#if canImport(Glibc)
import Glibc
#endif

/// The one way Tapline writes a file (`marbles save`, `:swift FILE`, the learner's progress):
/// the text goes to a new file with a random name beside the target, created exclusively and
/// never through a symbolic link, then renamed over the target. So a link planted anywhere
/// is never followed, a failed write never leaves half a file, and only the path asked for
/// changes. A target that is a symbolic link, a directory or any other non-regular file is
/// refused; a regular file is replaced, and the writer says whether it was one it wrote
/// itself, so that the caller can say when it replaced someone else's.
public final class FileWriter {
    /// What a write did to the target.
    public enum Outcome: Equatable, Sendable {
        /// Nothing was there.
        case created
        /// A file this writer had written was there.
        case rewrote
        /// A regular file this writer did not write was there, and is replaced.
        case replaced
    }

    /// Why a file was not written; the target is then as it was.
    public struct Failure: Error, Equatable, Sendable {
        public let path: String
        /// What went wrong, in words (`it is a symbolic link…`, or the system's `strerror`).
        public let reason: String
        /// `cannot write 'PATH': REASON`.
        public var message: String { "cannot write '\(path)': \(reason)" }
    }

    /// The files this writer wrote, by what is at a path rather than how it is spelt: device
    /// and inode, and the size and time of the write (a freed inode is soon another file's).
    private var written: Set<[UInt64]> = []

    /// A writer that has written nothing yet.
    public init() {}

    /// Writes `text` to `path`, a new file made with `mode` (less the umask; a replaced file
    /// keeps its own permissions, less any `mode` does not give). `durable`: flush the file and its folder to the disk
    /// before and after the rename, so a crash leaves the old file or the new one.
    public func write(_ text: String, to path: String, mode: mode_t = 0o644, durable: Bool = false) -> Result<Outcome, Failure> {
        var info = stat()
        var outcome = Outcome.created
        var permissions = mode
        if lstat(path, &info) == 0 {
            if let refusal = FileWriter.refusal(info) { return .failure(Failure(path: path, reason: refusal)) }
            outcome = written.remove(FileWriter.identity(info)) != nil ? .rewrote : .replaced
            permissions = mode_t(info.st_mode) & mode & 0o777
        } else if errno != ENOENT {
            return .failure(FileWriter.failure(path))
        }
        let folder = FileWriter.folder(of: path)
        let (descriptor, temporary) = FileWriter.createTemporary(beside: path, in: folder, mode: mode)
        guard descriptor >= 0 else { return .failure(FileWriter.failure(path)) }
        var failure = FileWriter.writeAll(Array(text.utf8), to: descriptor)
        if failure == nil, outcome != .created, fchmod(descriptor, permissions) != 0 { failure = errno }
        if failure == nil, durable, fsync(descriptor) != 0 { failure = errno }
        if fstat(descriptor, &info) != 0, failure == nil { failure = errno }
        if close(descriptor) != 0, failure == nil { failure = errno }
        if failure == nil, rename(temporary, path) != 0 { failure = errno }
        if let failure {
            unlink(temporary)
            return .failure(Failure(path: path, reason: String(cString: strerror(failure))))
        }
        written.insert(FileWriter.identity(info))
        if durable { FileWriter.sync(folder: folder) }
        return .success(outcome)
    }

    /// Why an existing target is not replaced, or nil for a regular file.
    static func refusal(_ info: stat) -> String? {
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFLNK: return "it is a symbolic link, and Tapline writes neither through one nor over it"
        case S_IFDIR: return "it is a directory"
        default: return "it is not a regular file"
        }
    }

    private static func identity(_ info: stat) -> [UInt64] {
        [UInt64(info.st_dev), UInt64(info.st_ino), UInt64(info.st_size), UInt64(info.st_mtim.tv_sec), UInt64(info.st_mtim.tv_nsec)]
    }

    /// The folder a path names its file in (`.` for a bare name).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// A new file `.NAME.XXXXXXXX` beside `path`, created with `O_EXCL | O_NOFOLLOW` under a
    /// random name (a name someone could guess, such as one made from the process id, could
    /// be a link planted in advance); another name while one is taken.
    private static func createTemporary(beside path: String, in folder: String, mode: mode_t) -> (Int32, String) {
        let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        for _ in 0..<100 {
            let suffix = String((0..<8).map { _ in letters.randomElement() ?? "x" })
            let temporary = (folder == "/" ? "" : folder) + "/." + name + "." + suffix
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
            if descriptor >= 0 || errno != EEXIST { return (descriptor, temporary) }
        }
        return (-1, "")
    }

    /// Writes every byte; the `errno` of the first failure, or nil.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count < 0 { return errno }
            if count == 0 { return EIO }
            offset += count
        }
        return nil
    }

    /// Flushes a folder, so that a rename in it reaches the disk.
    private static func sync(folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    private static func failure(_ path: String) -> Failure {
        Failure(path: path, reason: String(cString: strerror(errno)))
    }
}
