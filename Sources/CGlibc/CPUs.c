#define _GNU_SOURCE
#include "CGlibc.h"
#include <sched.h>

int tapline_usable_cpus(void) {
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) != 0) return 1;
    int count = CPU_COUNT(&set);
    return count > 0 ? count : 1;
}
