import CGlibc

/// The malloc arena made ready for a long entry (a script of thousands of lines), which
/// declares a lot and keeps it: `--check` of 50,000 lines peaks at 28 MiB.
///
/// Without this, that memory is touched a 4 KiB page at a time, at a page fault each (5,300
/// faults, about a tenth of the check's time held to one CPU); the interpreter's thread grows
/// its arena a page or two at a time, one `mprotect` call each; every block over 128 KiB (the
/// source's bytes, the globals table each time it doubles) is a mapping of its own, new pages
/// each time; and free hands the arena's top back to the kernel, to be faulted in again. So
/// for a long entry:
/// - the thread's arena grows by 24 MiB at once, and the kernel is asked for huge pages
///   there: one fault per 2 MiB where transparent huge pages are on (`always` or `madvise` in
///   `/sys/kernel/mm/transparent_hugepage/enabled`; this machine has `madvise`), and
///   untouched pages cost no memory either way;
/// - until the entry ends, blocks up to 32 MiB come from the arena, and free keeps what it
///   frees (up to 64 MiB at the top).
/// Held to one CPU, that check then takes 1,400 page faults and 98 ms, not 5,300 and 108 ms,
/// in the same peak memory. A short entry (a REPL line, a lesson) pays for none of it.
enum LongEntryMemory {
    /// Whether an entry of `length` bytes is long enough to prepare for.
    static func isLong(_ length: Int) -> Bool {
        length >= StatementSource.readAheadLength
    }

    /// Prepares the calling thread's arena; `end()` must follow when the entry is read.
    static func begin() {
        tapline_malloc_begin_long_entry()
        tapline_malloc_reserve(24 << 20)
    }

    /// Large blocks are mapped on their own again (once no other long entry is being read).
    static func end() {
        tapline_malloc_end_long_entry()
    }
}
