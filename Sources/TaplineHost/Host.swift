#if canImport(Glibc)
import Glibc
#endif
import CGlibc
import TaplineLanguage

// What a process running the interpreter does for it, and the libraries never do themselves:
// a thread with a large stack, a second thread to read a long script on, and malloc made
// ready for a long entry. The `tapline` command, the tests' harness and the fuzzer use it.

/// A thread with the large stack the interpreter runs on, so that deep but bounded recursion
/// (parsing, compiling, delivering) meets the counted limits of docs/LIMITS.md before the end
/// of the stack: the interpreter's own and a long entry's reader. The stack is reserved, not
/// touched; the language's stack guard measures it from the thread.
public enum LargeStackThread {
    public static let stackSize = 512 << 20

    /// Starts `body` on a new thread, to be joined; nil when no thread could be started.
    public static func start(stackSize: Int = stackSize, _ body: @escaping () -> Void) -> pthread_t? {
        final class Box {
            let body: () -> Void
            init(_ body: @escaping () -> Void) { self.body = body }
        }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        var thread = pthread_t()
        let box = Unmanaged.passRetained(Box(body))
        let created = pthread_create(&thread, &attributes, { argument in
            guard let argument else { return nil }
            Unmanaged<Box>.fromOpaque(argument).takeRetainedValue().body()
            return nil
        }, box.toOpaque())
        guard created == 0 else {
            box.release()
            return nil
        }
        return thread
    }

    /// Starts `work` on a large-stack thread, and returns a way to wait for it to end; nil when
    /// no thread could be started (what `LongEntryHost.startThread` asks for).
    @Sendable public static func joinable(_ work: @escaping @Sendable () -> Void) -> (@Sendable () -> Void)? {
        guard let thread = start(work) else { return nil }
        return { pthread_join(thread, nil) }
    }
}

extension LongEntryHost {
    /// The process's: the reading thread on a large stack, read ahead only when the process
    /// may run on a second CPU, and the malloc arena made ready for the entry.
    ///
    /// A long entry declares a lot and keeps it. Left alone, malloc touches that memory a 4 KiB
    /// page at a time, at a page fault each; the thread's arena grows a page or two at a time;
    /// every block over 128 KiB (the source's bytes, the globals table each time it doubles) is
    /// a mapping of its own; and free hands the arena's top back, to be faulted in again. So,
    /// for a long entry, the interpreter's arena grows by 24 MiB at once in huge pages where
    /// the kernel has them (untouched pages cost no memory), blocks up to 32 MiB come from the
    /// arena and free keeps what it frees; the reader's arena grows by 4 MiB at once, enough
    /// for the batches of trees in flight.
    public static var process: LongEntryHost {
        LongEntryHost(startThread: LargeStackThread.joinable, readsAhead: tapline_usable_cpus() > 1, beginEntry: {
            tapline_malloc_begin_long_entry()
            tapline_malloc_reserve(24 << 20)
        }, endEntry: {
            tapline_malloc_end_long_entry()
        }, beginReading: {
            tapline_malloc_reserve(4 << 20)
        })
    }

    /// A reading thread only, with no memory tuning and no look at the CPUs: for tests that
    /// read ahead whatever the machine.
    public static var threadsOnly: LongEntryHost {
        LongEntryHost(startThread: LargeStackThread.joinable, readsAhead: true)
    }
}
