#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H

// Counts the calls to `malloc` the current thread makes between start and stop (glibc on Linux
// only: elsewhere the count is always -1). Allocation tests use it: Swift's objects, arrays and
// strings are all allocated through `malloc`.

/// Starts counting the calling thread's calls to `malloc`, from zero.
void malloc_counter_start(void);

/// Stops counting and returns the calls counted since `malloc_counter_start` (-1: cannot count).
long malloc_counter_stop(void);

#endif
