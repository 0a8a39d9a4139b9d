#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Set by SIGINT (Ctrl-C), read at the interpreter's safe points. A global `let` of an
/// atomic is what Swift 6 accepts for state shared with a signal handler.
let interruptFlag = Atomic<Int>(0)

enum Interrupt {
    /// Installs the SIGINT handler without SA_RESTART, so a blocked read (libedit's
    /// `el_gets`) returns with EINTR and the REPL can discard the line.
    static func install() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in interruptFlag.store(1, ordering: .relaxed) }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGINT, &action, nil)
    }

    static var isPending: Bool { interruptFlag.load(ordering: .relaxed) != 0 }
    static func clear() { interruptFlag.store(0, ordering: .relaxed) }
}
