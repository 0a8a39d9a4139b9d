#include "CGlibc.h"
#include <malloc.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

// The size of a transparent huge page on x86-64, and on arm64 with 4 KiB pages. Where it is
// larger, the advice below covers no whole huge page and changes nothing.
#define HUGE_PAGE ((uintptr_t)2 << 20)

// glibc's initial thresholds, which it keeps while no threshold has been set.
#define INITIAL_THRESHOLD (128 << 10)

// Long entries being read, on any thread: the thresholds go back when the last one ends.
static atomic_int long_entries;

void tapline_malloc_begin_long_entry(void) {
    if (atomic_fetch_add(&long_entries, 1) != 0) return;
    // glibc maps a block over 128 KiB on its own, and every page of a new mapping costs a
    // fault. Up to 32 MiB (glibc's highest), blocks come from the arena instead, where freed
    // memory is used again. (Setting a threshold also stops glibc raising it by itself as
    // large blocks are freed.)
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    // Nor does free give the arena's top back to the kernel (it would, past 128 KiB free at
    // the top): touched again, that memory would fault again, a huge page cleared each time.
    mallopt(M_TRIM_THRESHOLD, 64 << 20);
}

void tapline_malloc_end_long_entry(void) {
    if (atomic_fetch_sub(&long_entries, 1) != 1) return;
    mallopt(M_MMAP_THRESHOLD, INITIAL_THRESHOLD);
    mallopt(M_TRIM_THRESHOLD, INITIAL_THRESHOLD);
}

void tapline_malloc_reserve(unsigned long bytes) {
    // volatile: a compiler may drop a malloc whose block is only freed.
    void *volatile block = malloc(bytes);
    if (block) {
        uintptr_t start = ((uintptr_t)block + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
        uintptr_t end = ((uintptr_t)block + bytes) & ~(HUGE_PAGE - 1);
        // Advice, not a demand: where transparent huge pages are off, nothing changes.
        if (end > start) madvise((void *)start, end - start, MADV_HUGEPAGE);
    }
    free(block);
}
