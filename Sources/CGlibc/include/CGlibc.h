#ifndef TAPLINE_CGLIBC_H
#define TAPLINE_CGLIBC_H

// glibc calls that Swift's Glibc module leaves out: mallopt and its M_ constants live in
// <malloc.h>, and sched_getaffinity and CPU_COUNT need _GNU_SOURCE. One small function each.

/// Grows the calling thread's malloc arena by `bytes` at once, and gives the memory back
/// (untouched pages cost nothing). A thread's arena other than the main one grows by what each
/// allocation needs, one mprotect call each time; after this, the first `bytes` need none.
void tapline_malloc_reserve(unsigned long bytes);

/// How many CPUs this process may run on (its affinity mask, which `taskset` narrows); 1 when
/// that cannot be read.
int tapline_usable_cpus(void);

#endif
