import CPseudoTerminal
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The real `tapline` binary on a pseudo-terminal, driven by keystrokes, as a person would.
final class PseudoTerminal {
    private let master: Int32
    private let pid: pid_t
    /// Everything the program has written so far.
    private(set) var screen = ""
    /// Where the next `expect` starts looking.
    private var mark: String.Index

    /// Whether a pseudo-terminal can be had here at all.
    static let isAvailable: Bool = {
        tl_pty_available() == 1 && FileManager.default.isExecutableFile(atPath: Tapline.binary.path)
    }()

    init?(arguments: [String], home: String) {
        let binary = Tapline.binary.path
        let argv = ([binary] + arguments).map { strdup($0) } + [nil]
        let environment = ["HOME=\(home)", "TERM=xterm", "NO_COLOR=1", "LANG=C.UTF-8", "PATH=/usr/bin:/bin"]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var master: Int32 = -1
        let pid = tl_spawn_in_pty(binary, argv, envp, 100, 30, &master)
        guard pid > 0 else { return nil }
        self.master = master
        self.pid = pid
        mark = screen.startIndex
    }

    deinit {
        kill(pid, SIGKILL)
        close(master)
    }

    /// Types text (`\r` is Enter, `\u{3}` Ctrl-C, `\u{4}` Ctrl-D, `\t` TAB, `\u{1B}[A` Up).
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Waits until `text` appears after the last match; returns false after `timeout`.
    @discardableResult
    func expect(_ text: String, timeout: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let found = screen.range(of: text, range: mark..<screen.endIndex) {
                mark = found.upperBound
                return true
            }
            guard Date() < deadline, read(for: deadline.timeIntervalSinceNow) else { return false }
        }
    }

    /// Reads whatever arrives within `seconds` (or less, once something has arrived).
    @discardableResult
    func read(for seconds: Double) -> Bool {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, Int32(max(0, seconds) * 1000)) > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
        guard count > 0 else { return false }
        screen += String(decoding: buffer[0..<count], as: UTF8.self)
        return true
    }

    /// Text that arrives within `seconds` after the mark, without moving it.
    func settle(_ seconds: Double) -> String {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline { read(for: deadline.timeIntervalSinceNow) }
        return String(screen[mark...])
    }

    /// Waits for the program to end; its exit status.
    func exitStatus() -> Int32 {
        // Drain output so the child is never blocked writing.
        while read(for: 0.2) {}
        return tl_wait_exit(pid, 10)
    }
}
