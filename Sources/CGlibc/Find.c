#define _GNU_SOURCE
#include "CGlibc.h"
#include <string.h>

long tapline_find(const unsigned char *text, long length, const char *word, long wordLength) {
    const unsigned char *found = memmem(text, (size_t)length, word, (size_t)wordLength);
    return found ? found - text : -1;
}
