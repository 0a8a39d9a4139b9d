#if canImport(Glibc)
import Glibc
#endif

/// Buffered writes to a file descriptor: program output can be millions of lines, and one
/// system call per line would dominate. Flushed before reading input, before an error is
/// shown, and at exit — and, on a terminal, at every newline (as C's stdio is line-buffered
/// there), so a long-running entry shows its output as it goes.
final class Output {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private let lineBuffered: Bool
    /// The error of the first write that failed (a full disk, a closed pipe or descriptor):
    /// output after it is dropped, and the command reports it and exits non-zero.
    private(set) var failure: Int32? {
        didSet { if oldValue == nil, let failureMessage { onFailure?(failureMessage) } }
    }
    /// Called once, with the error in words, when a write first fails.
    var onFailure: ((String) -> Void)?

    init(descriptor: Int32) {
        self.descriptor = descriptor
        lineBuffered = isatty(descriptor) == 1
        buffer.reserveCapacity(1 << 16)
    }

    func write(_ text: String) {
        guard failure == nil else { return }
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 || (lineBuffered && text.utf8.last == 10) { flush() }
    }

    func flush() {
        var offset = 0
        while offset < buffer.count {
            let written = buffer[offset...].withUnsafeBytes { raw in
                Glibc.write(descriptor, raw.baseAddress, raw.count)
            }
            if written <= 0 {
                if written < 0, errno == EINTR { continue }
                failure = written < 0 ? errno : EIO
                break
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// What went wrong writing, in words, if anything did.
    var failureMessage: String? { failure.map { String(cString: strerror($0)) } }
}
