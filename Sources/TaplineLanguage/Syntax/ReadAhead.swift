#if canImport(Glibc)
import Glibc
#endif

/// Where the interpreter takes an entry's statements from: the parser itself, or, for a long
/// entry, a parser that reads ahead on a second thread while this one compiles.
///
/// The statements, and the first error, come in the same order either way: the second thread
/// runs the very same `Parser.nextStatement`. What changes is when the work is done. Reading
/// (lexing, parsing, and letting go of the trees once compiled) and compiling are work of a
/// similar size, so on two cores they overlap and a long script is checked in little more
/// than the time of the larger. A short entry (a REPL line, a lesson) stays on one thread:
/// starting another costs more than it saves. So does a process held to one CPU
/// (`taskset -c 0`, a one-CPU container), where the two threads only take turns. The thread
/// is the host's to lend (`LongEntryHost`); without one, every entry is read on this thread.
struct StatementSource {
    /// Entries at least this long (in characters) are read ahead.
    static let readAheadLength = 32 << 10

    private var parser: Parser?
    private let ahead: ReadAhead?

    init(_ source: SourceCharacters, from start: SourceLocation, isInterrupted: @escaping () -> Bool,
         readsAhead: Bool? = nil, host: LongEntryHost? = nil) {
        let long = source.count - start.offset >= Self.readAheadLength
        if let host, readsAhead ?? (long && host.readsAhead),
           let ahead = ReadAhead(source, from: start, host: host, isInterrupted: isInterrupted) {
            self.ahead = ahead
            parser = nil
        } else {
            ahead = nil
            parser = Parser.reader(source, from: start, isInterrupted: isInterrupted)
        }
    }

    /// The next statement; nil at the end of the entry. Throws the entry's first syntax error.
    mutating func next() throws(Diagnostic) -> Stmt? {
        if let ahead { return try ahead.next() }
        return try parser?.nextStatement()
    }

    /// Stops the reading thread, if there is one, and waits for it.
    func finish() {
        ahead?.finish()
    }
}

/// A parser on its own thread that hands its statements over in batches. At most `limit`
/// batches wait, so a long script is never held whole. The trees come back once compiled, to
/// be freed on the thread that made them: malloc frees fastest where it allocated.
final class ReadAhead: @unchecked Sendable {
    /// Statements handed over at a time: enough that the hand-over (a lock and, sometimes, a
    /// wake-up) costs little against parsing them. Fewer than 124, so that a batch's array
    /// (8 bytes a statement and a 32-byte header) is a small block to glibc (under 1,024
    /// bytes): asking for a larger one first empties every fast bin into the general bins
    /// (`malloc_consolidate`), and the tree nodes allocated after it then come from there,
    /// which is slower than from the fast bins.
    private static let batchSize = 120
    private static let limit = 8

    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var join: (@Sendable () -> Void)?
    private let host: LongEntryHost

    // Shared, under `lock`.
    private var ready: [[Stmt]] = []
    /// How the reading ended, once it has.
    private var ending: Ending?
    private var spent: [[Stmt]] = []
    private var stopping = false
    /// Which side sleeps on `changed`, if either does. A waiting reader is woken only once
    /// half the batches are gone, so that the two threads wake each other seldom.
    private var readerWaits = false
    private var compilerWaits = false

    private enum Ending {
        case endOfEntry
        case failure(Diagnostic)
    }

    // The reading thread's own.
    private let source: SourceCharacters
    private let start: SourceLocation

    /// Polled on the compiling thread only, as the session's own code expects; a Ctrl-C
    /// stops the reading thread through `stopping`.
    private let isInterrupted: () -> Bool

    // The compiling thread's own.
    private var batch: [Stmt] = []
    private var index = 0
    private var finished = false

    /// A reader running on a new thread; nil when no thread could be started.
    init?(_ source: SourceCharacters, from start: SourceLocation, host: LongEntryHost, isInterrupted: @escaping () -> Bool) {
        self.source = source
        self.start = start
        self.host = host
        self.isInterrupted = isInterrupted
        pthread_mutex_init(lock, nil)
        pthread_cond_init(changed, nil)
        guard launch() else {
            pthread_cond_destroy(changed)
            pthread_mutex_destroy(lock)
            return nil
        }
    }

    /// The thread holds its reader until it ends, and `finish` (which every user calls) waits
    /// for that: so this runs on the compiling thread, after the reading thread has ended.
    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(lock)
        lock.deallocate()
        changed.deallocate()
    }

    /// Starts the reading thread on the host's thread. The thread holds this reader until it ends.
    private func launch() -> Bool {
        guard let join = host.startThread({ self.read() }) else { return false }
        self.join = join
        return true
    }

    /// The reading thread: parses batches until the entry ends, fails, or the reader stops.
    private func read() {
        host.beginReading()
        var parser = Parser.reader(source, from: start)
        var end: Ending?
        while end == nil {
            var statements: [Stmt] = []
            statements.reserveCapacity(Self.batchSize)
            do throws(Diagnostic) {
                while statements.count < Self.batchSize {
                    guard let statement = try parser.nextStatement() else { end = .endOfEntry; break }
                    statements.append(statement)
                }
            } catch {
                end = .failure(error)
            }
            guard hand(statements, end: end) else { return }
        }
    }

    /// Queues a batch (and the ending, if this is the last) once there is room; frees the
    /// batches that came back. False when the compiling side has stopped the reading.
    private func hand(_ statements: [Stmt], end: Ending?) -> Bool {
        pthread_mutex_lock(lock)
        while ready.count >= Self.limit, !stopping {
            readerWaits = true
            pthread_cond_wait(changed, lock)
        }
        let stopped = stopping
        if !stopped {
            ready.append(statements)
            ending = end
            if compilerWaits {
                compilerWaits = false
                pthread_cond_signal(changed)
            }
        }
        var returned: [[Stmt]] = []
        swap(&returned, &spent)
        pthread_mutex_unlock(lock)
        returned.removeAll()
        return !stopped
    }

    /// The next statement, waiting for the reading thread when none is ready yet.
    func next() throws(Diagnostic) -> Stmt? {
        if index < batch.count {
            index += 1
            return batch[index - 1]
        }
        pthread_mutex_lock(lock)
        if !batch.isEmpty {
            // Handed back whole, so that the reading thread, not this one, frees it.
            spent.append(batch)
            batch = []
        }
        while ready.isEmpty, ending == nil {
            compilerWaits = true
            pthread_cond_wait(changed, lock)
        }
        if ready.isEmpty {
            let end = ending
            pthread_mutex_unlock(lock)
            if case .failure(let error) = end { throw error }
            return nil
        }
        batch = ready.removeFirst()
        if readerWaits, ready.count <= Self.limit / 2 {
            readerWaits = false
            pthread_cond_signal(changed)
        }
        pthread_mutex_unlock(lock)
        index = 0
        // As often as the parser polls it (every 256 statements) when it runs alone.
        if let first = batch.first, isInterrupted() { throw Diagnostic.error(Messages.interrupted, at: first.range) }
        return try next()
    }

    /// Stops the reading thread (it ends at its next hand-over) and waits for it to end.
    func finish() {
        guard !finished else { return }
        finished = true
        pthread_mutex_lock(lock)
        stopping = true
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(lock)
        join?()
    }
}
