// The C runtime of Examples/Embedded (runtime.c): what Embedded Swift needs of a C library on a
// machine without one, and the allocator's counters.
#ifndef RUNTIME_H
#define RUNTIME_H
#include <stddef.h>
#include <stdint.h>

/// The heap: the platform sets both before anything allocates.
extern uint8_t *runtime_heap_begin;
extern uint8_t *runtime_heap_end;

/// Prints `message` and stops: the platform's (out of memory, an alignment over 16 bytes).
void runtime_fail(const char *message) __attribute__((noreturn));

/// Calls to allocate since start, bytes in use, and the heap's high-water mark in bytes.
uint32_t runtime_allocations(void);
uint32_t runtime_heap_in_use(void);
uint32_t runtime_heap_high_water(void);

int putchar(int c);
#endif
