/// What the process running an interpreter may lend it for a long entry (a script of
/// thousands of lines, `--check` of one): a second thread to parse it on while it compiles,
/// and memory prepared for an entry that declares a lot and keeps it.
///
/// The language starts no thread and tunes no memory of its own: these are the process's to
/// decide (the `tapline` command's `TaplineHost.longEntries`). Without a host, every entry is
/// read on the calling thread. What a program prints is the same either way
/// (`ReadAheadTests`, the differential grid).
public struct LongEntryHost: Sendable {
    /// Runs `work` on a thread of its own (with a stack as large as the interpreter's: the
    /// parser's depth guard measures the stack it runs on) and returns a way to wait for it
    /// to end; nil when no thread could be started.
    public var startThread: @Sendable (@escaping @Sendable () -> Void) -> (@Sendable () -> Void)?
    /// Whether a long entry is read ahead on a second thread when `Interpreter.readsAhead`
    /// does not say: when the process may run on a second CPU.
    public var readsAhead: Bool
    /// Called on the interpreter's thread before a long entry is copied in, and after it has run.
    public var beginEntry: @Sendable () -> Void
    public var endEntry: @Sendable () -> Void
    /// Called on the reading thread before it reads.
    public var beginReading: @Sendable () -> Void

    public init(startThread: @escaping @Sendable (@escaping @Sendable () -> Void) -> (@Sendable () -> Void)?,
                readsAhead: Bool, beginEntry: @escaping @Sendable () -> Void = {}, endEntry: @escaping @Sendable () -> Void = {},
                beginReading: @escaping @Sendable () -> Void = {}) {
        self.startThread = startThread
        self.readsAhead = readsAhead
        self.beginEntry = beginEntry
        self.endEntry = endEntry
        self.beginReading = beginReading
    }

    /// Whether an entry of `length` bytes is long enough to prepare for.
    static func isLong(_ length: Int) -> Bool {
        length >= StatementSource.readAheadLength
    }
}
