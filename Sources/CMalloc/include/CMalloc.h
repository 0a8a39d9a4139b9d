#ifndef TAPLINE_CMALLOC_H
#define TAPLINE_CMALLOC_H

/// Tells glibc's malloc that one thread does the allocating, so every thread shares the main
/// arena, and that the arena grows a megabyte at a time. Call it before starting a thread.
/// (mallopt and its M_ constants live in <malloc.h>, which Swift's Glibc module leaves out.)
void tapline_malloc_single_arena(void);

#endif
