#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file a program asked for (`marbles save FILE.svg`): to a temporary file beside
/// it, then renamed over it, so a failed write never leaves half a picture behind.
enum FileWriter {
    /// Writes `text`; returns why it could not, or nil.
    static func write(_ text: String, to path: String) -> String? {
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return reason() }
        var failure: String?
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count, failure == nil {
            let written = bytes.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress.map { $0 + offset }, bytes.count - offset)
            }
            if written < 0, errno != EINTR { failure = reason() } else if written > 0 { offset += written }
        }
        if close(descriptor) != 0, failure == nil { failure = reason() }
        if failure == nil, rename(temporary, path) != 0 { failure = reason() }
        if failure != nil { unlink(temporary) }
        return failure
    }

    private static func systemWrite(_ descriptor: Int32, _ start: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, start, count)
        #else
        Darwin.write(descriptor, start, count)
        #endif
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}
