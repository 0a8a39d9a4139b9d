#ifndef TAPLINE_CGLIBC_H
#define TAPLINE_CGLIBC_H

// glibc calls that Swift's Glibc module leaves out: mallopt and its M_ constants live in
// <malloc.h>, and sched_getaffinity, CPU_COUNT and memmem need _GNU_SOURCE. One small
// function each.

/// Until the matching `tapline_malloc_end_long_entry` (calls nest, on any thread): blocks of
/// up to 32 MiB come from a malloc arena, not from mappings of their own, and free gives no
/// memory back to the kernel before 64 MiB lie free at an arena's top.
void tapline_malloc_begin_long_entry(void);

/// Ends what `tapline_malloc_begin_long_entry` began: glibc's initial 128 KiB, both times.
void tapline_malloc_end_long_entry(void);

/// Grows the calling thread's malloc arena by `bytes` at once, asks the kernel for huge pages
/// there, and gives the memory back (untouched pages cost nothing). Call it between the two
/// calls above, so that so large a block comes from the arena.
void tapline_malloc_reserve(unsigned long bytes);

/// How many CPUs this process may run on (its affinity mask, which `taskset` narrows); 1 when
/// that cannot be read.
int tapline_usable_cpus(void);

/// Whether the `needle_length` bytes at `needle` stand anywhere in the `haystack_length` bytes
/// at `haystack` (glibc's memmem, which compares many bytes at a time).
int tapline_contains_bytes(const void *haystack, unsigned long haystack_length, const void *needle,
                           unsigned long needle_length);

#endif
