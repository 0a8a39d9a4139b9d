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
    /// Whether `exitStatus()` has reaped the program.
    private var exited = false

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
        // A test that stopped early leaves its program running: end it and reap it.
        if !exited {
            kill(pid, SIGKILL)
            waitpid(pid, nil, 0)
        }
        close(master)
    }

    /// Types text (`\r` is Enter, `\u{3}` Ctrl-C, `\u{4}` Ctrl-D, `\t` TAB, `\u{1B}[A` Up).
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Resizes the terminal as a window resize does (the kernel sends the program SIGWINCH),
    /// then waits until the program has taken that signal, so a key typed next is read after
    /// the resize; false if it has not by `timeout`.
    @discardableResult
    func resize(columns: Int, rows: Int, timeout: Double = 10) -> Bool {
        guard tl_pty_resize(master, Int32(columns), Int32(rows)) == 0 else { return false }
        let deadline = Date().addingTimeInterval(timeout)
        // No output announces it: look at the program's state a millisecond on, until it has
        // been seen settled twice running (a handler that sends the signal on is then done).
        var settledReadings = 0
        while settledReadings < 2, Date() < deadline {
            switch tl_resize_settled(pid) {
            case 1: settledReadings += 1
            case 0: settledReadings = 0
            default: return false
            }
            usleep(1000)
        }
        return settledReadings == 2
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
            guard pump(until: deadline) else { return false }
        }
    }

    /// Waits until the line editor has taken the terminal (no line discipline, no echo).
    /// libedit writes its prompt before it switches the terminal over, and keys typed in
    /// between are cooked by the kernel (echoed twice, and a Ctrl-D can reach the editor
    /// after a stray NUL that makes it insert the Ctrl-D instead of ending the session).
    @discardableResult
    func expectEditing(timeout: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        var settings = termios()
        while tcgetattr(master, &settings) == 0, Date() < deadline {
            if settings.c_lflag & tcflag_t(ICANON | ECHO) == 0 { return true }
            // No event announces the switch: look at the settings again a millisecond on.
            usleep(1000)
        }
        return false
    }

    /// Waits for the program to end; its exit status (-2 if it had not ended in `timeout`).
    func exitStatus(timeout: Double = 10) -> Int32 {
        // Read until the program closes the terminal, so it is never blocked writing.
        let deadline = Date().addingTimeInterval(timeout)
        while pump(until: deadline) {}
        exited = true
        return tl_wait_exit(pid, max(0.1, deadline.timeIntervalSinceNow))
    }

    /// Adds whatever arrives before `deadline` to the screen; false once nothing more can
    /// come by then (the deadline passed, or the program closed the terminal).
    private func pump(until deadline: Date) -> Bool {
        let milliseconds = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, milliseconds)
        if ready < 0 { return errno == EINTR && Date() < deadline }
        guard ready > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
        // Linux answers EIO once the program's side of the terminal is closed.
        guard count > 0 else { return false }
        screen += String(decoding: buffer[0..<count], as: UTF8.self)
        return true
    }
}
