#if canImport(Glibc)
import Glibc
#endif
import TaplineLanguage

/// The lessons of a `lessons/` folder, in the order of their file names (`01-….lesson`,
/// `02-….lesson`, …), and the files that could not be read as lessons.
public struct LessonLibrary: Sendable {
    public var lessons: [Lesson]
    public var problems: [LessonError]
    /// The folder they came from.
    public var directory: String

    /// Reads every `.lesson` file in `directory`; nil if the folder cannot be read.
    public init?(directory: String) {
        guard let names = LessonLibrary.lessonFiles(in: directory) else { return nil }
        self.directory = directory
        lessons = []
        problems = []
        for name in names {
            let path = directory + "/" + name
            let text: String
            switch readTextFile(path, limit: Limits.lessonFileBytes, limitName: "lesson file size") {
            case .success(let read): text = read
            case .failure(let problem):
                problems.append(LessonError(file: path, line: 1, message: "cannot be read: \(problem.reason)"))
                continue
            }
            do {
                lessons.append(try Lesson.parse(text, fileName: path))
            } catch {
                problems.append(error)
            }
        }
    }

    /// The lessons in `language` (`ko`), from the folder of that name inside this one: each
    /// lesson whose translation reads and shares its checks (`Lesson.sharesChecks`) is that
    /// translation, any other stays as it is here (the problem is noted). The slugs, and so
    /// the progress, are the same in every language.
    public func translated(to language: String) -> LessonLibrary {
        guard let translations = LessonLibrary(directory: directory + "/" + language) else { return self }
        var library = self
        library.problems += translations.problems
        for (index, lesson) in lessons.enumerated() {
            guard let translation = translations.lessons.first(where: { $0.slug == lesson.slug }) else { continue }
            guard translation.sharesChecks(with: lesson) else {
                library.problems.append(LessonError(file: directory + "/" + language + "/" + lesson.slug, line: 1,
                                                    message: "its code, output or checks differ from the lesson it translates"))
                continue
            }
            library.lessons[index] = translation
        }
        return library
    }

    /// Where the lessons are: `$TAPLINE_LESSONS` when the learner names another folder, else
    /// the set installed with the binary (`lessons/` in a folder above it, as in a checkout's
    /// `.build/debug`, or `share/tapline/lessons` of an installation). Never the current
    /// folder's `lessons/`: a lesson runs its code, and a folder one happens to be in is no
    /// lesson set one chose.
    public static func find() -> String? {
        if let variable = getenv("TAPLINE_LESSONS") { return String(cString: variable) }
        var candidates: [String] = []
        var folder = executableFolder()
        while let current = folder, !current.isEmpty {
            candidates += [current + "/lessons", current + "/share/tapline/lessons"]
            folder = current.lastIndex(of: "/").map { String(current[..<$0]) }
        }
        return candidates.first { (lessonFiles(in: $0)?.isEmpty ?? true) == false }
    }

    private static func executableFolder() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let path = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return path.lastIndex(of: "/").map { String(path[..<$0]) }
    }

    /// The `.lesson` files of a folder, sorted; nil if it cannot be opened.
    static func lessonFiles(in directory: String) -> [String]? {
        guard let handle = opendir(directory) else { return nil }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasSuffix(".lesson"), !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted()
    }
}

/// Why `readTextFile` read nothing.
enum ReadProblem: Error, Equatable {
    /// There is no file at the path.
    case missing
    /// Something is there that is not to be read, or cannot be; the reason in words.
    case refused(String)

    var reason: String {
        switch self {
        case .missing: return "there is no such file"
        case .refused(let reason): return reason
        }
    }
}

/// A whole file as text (invalid UTF-8 replaced), if it is a regular file of at most `limit`
/// bytes: a lesson or progress file that is `/dev/zero` must not grow until memory runs out,
/// nor one that is a FIFO block `tapline learn` (it is opened without blocking, then
/// checked). `followsLinks`: false refuses a symbolic link (the progress file, which only
/// Tapline writes). `limitName` is the limit's name in the refusal (docs/LIMITS.md).
func readTextFile(_ path: String, limit: Int, limitName: String, followsLinks: Bool = true) -> Result<String, ReadProblem> {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followsLinks ? 0 : O_NOFOLLOW))
    guard descriptor >= 0 else {
        if errno == ENOENT { return .failure(.missing) }
        if errno == ELOOP, !followsLinks { return .failure(.refused("it is a symbolic link, which Tapline does not follow here")) }
        return .failure(.refused(String(cString: strerror(errno))))
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return .failure(.refused(String(cString: strerror(errno)))) }
    guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.refused("it is not a regular file")) }
    let tooLarge = ReadProblem.refused("\(limitName) limit: larger than \(limit) bytes (see docs/LIMITS.md)")
    guard info.st_size <= limit else { return .failure(tooLarge) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        if count < 0 { return .failure(.refused(String(cString: strerror(errno)))) }
        if count == 0 { break }
        bytes += chunk[0..<count]
        // It grew while being read.
        if bytes.count > limit { return .failure(tooLarge) }
    }
    return .success(String(decoding: bytes, as: UTF8.self))
}
