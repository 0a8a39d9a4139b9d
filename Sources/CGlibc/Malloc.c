#include "CGlibc.h"
#include <malloc.h>
#include <stdlib.h>

void tapline_malloc_reserve(unsigned long bytes) {
    // Blocks this large would be mapped on their own, not taken from the arena: raise the
    // threshold for this one, then put back glibc's initial 128 KiB. (Setting it also stops
    // glibc raising it by itself as large blocks are freed: blocks above 128 KiB stay mapped
    // on their own, as they are in a process that never freed one.)
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    // volatile: a compiler may drop a malloc whose block is only freed.
    void *volatile block = malloc(bytes);
    free(block);
    mallopt(M_MMAP_THRESHOLD, 128 << 10);
}
