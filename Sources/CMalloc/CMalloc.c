#include "CMalloc.h"
#include <malloc.h>
#include <stdlib.h>

void tapline_malloc_reserve(unsigned long bytes) {
    // Blocks this large would be mapped on their own, not taken from the arena: raise the
    // threshold for this one, then put back glibc's default.
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    // volatile: a compiler may drop a malloc whose block is only freed.
    void *volatile block = malloc(bytes);
    free(block);
    mallopt(M_MMAP_THRESHOLD, 128 << 10);
}
