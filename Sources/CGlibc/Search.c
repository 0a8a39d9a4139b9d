#define _GNU_SOURCE
#include "CGlibc.h"
#include <string.h>

int tapline_contains_bytes(const void *haystack, unsigned long haystack_length, const void *needle,
                           unsigned long needle_length) {
    return memmem(haystack, haystack_length, needle, needle_length) != NULL;
}
