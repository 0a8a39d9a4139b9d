#include "CMalloc.h"
#include <malloc.h>

void tapline_malloc_single_arena(void) {
    mallopt(M_ARENA_MAX, 1);
    mallopt(M_TOP_PAD, 1 << 20);
}
