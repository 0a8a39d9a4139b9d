#ifndef TAPLINE_CMALLOC_H
#define TAPLINE_CMALLOC_H

/// Grows the calling thread's malloc arena by `bytes` at once, and gives the memory back
/// (untouched pages cost nothing). A thread's arena other than the main one grows by what each
/// allocation needs, one mprotect call each time; after this, the first `bytes` need none.
/// (mallopt and its M_ constants live in <malloc.h>, which Swift's Glibc module leaves out.)
void tapline_malloc_reserve(unsigned long bytes);

#endif
