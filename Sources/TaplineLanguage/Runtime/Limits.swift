#if canImport(Glibc)
import Glibc
#endif

/// Tapline's limits, the ones docs/LIMITS.md tables: each one, when reached, is a located
/// error that names it (a `MessageID` of the "Limits" group), never a crash or a hang.
public enum Limits {
    /// The largest script, `-e` program, `:load`ed file or REPL entry, in bytes.
    public static let scriptBytes = 8 << 20
    /// The largest value: a string's UTF-8 bytes, or an array's or a `collect`'s elements.
    public static let valueSize = 16 << 20
    /// How deeply arrays and tuples may nest in one value, and how many a literal may hold
    /// nested in all (a value shared with itself doubles at each level and costs nothing to
    /// build, but printing, comparing or freeing it walks every copy).
    public static let valueNesting = 1000
    public static let nestedContainers = 100_000
    /// How deeply re-entrant work may nest: deliveries to closures (a sink sending into
    /// another subject, a button tapping a button, a view shown from its own `on appear`),
    /// func calls and clock runs, all counted together.
    public static let recursionDepth = 10_000
    /// How many scheduled actions the virtual clock runs at one instant without time moving.
    public static let eventsPerInstant = 1_000_000
    /// The shortest interval of work that repeats on the clock (`Timer.publish(every:)`,
    /// `collect(.byTime(…))`), in nanoseconds: a shorter one runs at this one. Foundation's
    /// `Timer` takes an interval of zero or less as 0.1 ms; on a virtual clock a shorter one
    /// would tick a billion times in a second of `wait`.
    public static let shortestRepeatingInterval: Int64 = 100_000
    /// How long a script's clock runs on after its last statement while scheduled work is
    /// waiting (`Interpreter.runUntilQuiet`), in virtual nanoseconds: ten minutes.
    public static let quietTime: Int64 = 600_000_000_000
    /// How many operators one flat expression may chain (`1 + 2 + …`, `a.b.c…`, `else if`).
    public static let chainLength = 10_000
    /// The largest lesson file `tapline learn` reads, in bytes (a lesson is a page of text).
    public static let lessonFileBytes = 1 << 20
    /// The largest progress file `tapline learn` reads, in bytes (it holds a line per lesson).
    public static let progressFileBytes = 1 << 20
    /// The most program output one `tapline --machine` request may carry, in bytes: the reply
    /// holds it whole, so without a bound a printing loop grows it until memory runs out.
    public static let requestOutputBytes = 8 << 20
    /// The longest `tapline --machine` request line, in bytes: room for code up to
    /// `scriptBytes` with every character escaped as JSON escapes all but control characters.
    public static let requestBytes = 4 * scriptBytes
}

/// glibc's `pthread_getattr_np`, which its Swift module leaves out (it needs _GNU_SOURCE).
@_silgen_name("pthread_getattr_np")
private func threadAttributes(_ thread: pthread_t, _ attributes: UnsafeMutablePointer<pthread_attr_t>) -> Int32

/// The thread-specific slot where `StackGuard.current()` keeps each thread's guard; released
/// with the thread.
private let stackGuardKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { kept in
        if let kept { Unmanaged<AnyObject>.fromOpaque(kept).release() }
    }
    return key
}()

/// How much of the current thread's stack is left. The counted limits keep ordinary
/// programs far from the end of the stack; this catches what no count sees (a deep
/// structure built in a loop, a long chain compiled recursively) with the same error.
struct StackGuard {
    /// The lowest address of the thread's stack, and the one below which less than the
    /// reserve is left.
    private let base: UInt
    private let floor: UInt

    /// A guard that never stops anything (until `current()` is known).
    static let unlimited = StackGuard(base: 0, floor: 0)

    /// The current thread's guard: a quarter of its stack (at least 256 KiB) stays in reserve
    /// for the unwinding, formatting and freeing that follow the error.
    ///
    /// Found once a thread and kept beside it: for the process's first thread glibc finds the
    /// stack by reading `/proc/self/maps`, which cost more than a short entry takes to run
    /// (every session and every export asks).
    static func current() -> StackGuard {
        if let kept = pthread_getspecific(stackGuardKey) {
            return Unmanaged<Kept>.fromOpaque(kept).takeUnretainedValue().guard
        }
        let found = measure()
        pthread_setspecific(stackGuardKey, Unmanaged.passRetained(Kept(found)).toOpaque())
        return found
    }

    /// A thread's guard, kept in its thread-specific slot.
    private final class Kept {
        let `guard`: StackGuard
        init(_ found: StackGuard) { `guard` = found }
    }

    private static func measure() -> StackGuard {
        var attributes = pthread_attr_t()
        var base: UnsafeMutableRawPointer?
        var size = 0
        guard threadAttributes(pthread_self(), &attributes) == 0 else { return .unlimited }
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_getstack(&attributes, &base, &size)
        guard let base else { return .unlimited }
        let reserve = max(size / 4, 256 << 10)
        return StackGuard(base: UInt(bitPattern: base), floor: UInt(bitPattern: base) + UInt(reserve))
    }

    /// True when the stack is nearly used up: stop recursing and report the limit.
    /// (A local that is not on the thread's stack at all — AddressSanitizer moves locals to a
    /// "fake stack" on the heap — tells nothing, and counts as not low.)
    @inline(__always) var isLow: Bool {
        var marker: UInt8 = 0
        let address = withUnsafePointer(to: &marker) { UInt(bitPattern: $0) }
        return address >= base && address < floor
    }
}
