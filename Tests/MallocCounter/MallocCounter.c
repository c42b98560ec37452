#include "MallocCounter.h"
#include <stddef.h>
#if defined(__linux__)
#include <features.h>  // defines __GLIBC__ with glibc
#endif

#if defined(__linux__) && defined(__GLIBC__)

// glibc's allocator itself, which `malloc` below forwards to.
extern void *__libc_malloc(size_t size);

// Per thread, so that tests running in parallel on other threads are not counted. Static TLS of
// the executable: reading it never allocates.
static _Thread_local int counting;
static _Thread_local long calls;

// Replaces glibc's `malloc` for the whole test process (the test target links with
// --export-dynamic so that the shared libraries, the Swift runtime among them, call this one).
void *malloc(size_t size) {
    if (counting) calls++;
    return __libc_malloc(size);
}

void malloc_counter_start(void) {
    calls = 0;
    counting = 1;
}

long malloc_counter_stop(void) {
    counting = 0;
    return calls;
}
#else
void malloc_counter_start(void) {}
long malloc_counter_stop(void) { return -1; }
#endif
