// The C runtime Embedded Swift needs on a machine with no C library, shared by the firmware
// (Board/) and the WebAssembly module (Examples/WasmSimulator): a counting allocator over the
// region the platform gives it, memcpy and friends, a fixed random sequence for hashing seeds.
#include "runtime.h"

uint8_t *runtime_heap_begin;
uint8_t *runtime_heap_end;

// --- The allocator: free lists by size, each block behind a 16-byte header ---
// Blocks of up to 1 KB go back to the list of their size (in 16-byte steps) and are taken from
// it again first, in constant time; larger ones to one list searched first fit. A fresh block
// comes from the top of the heap. No block is split or merged: simple, and the high-water mark
// it reports is what a program's allocations really needed.
typedef struct Block { uint32_t size; uint32_t free; struct Block *next; uint32_t pad; } Block;  // size excludes the header
_Static_assert(sizeof(Block) == 16, "a block's header keeps its payload 16-byte aligned");
enum { CLASSES = 64, STEP = 16 };
static Block *free_lists[CLASSES + 1];  // the last one: blocks over CLASSES * STEP bytes
static uint8_t *heap_top;
static uint32_t allocations, in_use, high_water;

uint32_t runtime_allocations(void) { return allocations; }
uint32_t runtime_heap_in_use(void) { return in_use; }
uint32_t runtime_heap_high_water(void) { return high_water; }

static unsigned size_class(size_t size) {
    return size <= CLASSES * STEP ? (unsigned)(size / STEP) - 1 : CLASSES;
}

static void *allocate(size_t size) {
    allocations++;
    size = size ? (size + STEP - 1) & ~(size_t)(STEP - 1) : STEP;
    unsigned class = size_class(size);
    for (Block **link = &free_lists[class]; *link; link = &(*link)->next) {
        Block *b = *link;
        if (b->size < size) continue;  // only in the large blocks' list
        *link = b->next;
        b->free = 0;
        in_use += b->size;
        return b + 1;
    }
    if (!heap_top) heap_top = runtime_heap_begin;
    if ((size_t)(runtime_heap_end - heap_top) < sizeof(Block) + size) runtime_fail("# out of memory\n");
    Block *b = (Block *)heap_top;
    b->size = (uint32_t)size;
    b->free = 0;
    heap_top += sizeof(Block) + size;
    in_use += (uint32_t)size;
    uint32_t used = (uint32_t)(heap_top - runtime_heap_begin);
    if (used > high_water) high_water = used;
    return b + 1;
}

void *malloc(size_t size) { return allocate(size); }

void free(void *pointer) {
    if (!pointer) return;
    Block *b = (Block *)pointer - 1;
    unsigned class = size_class(b->size);
    b->free = 1;
    b->next = free_lists[class];
    free_lists[class] = b;
    in_use -= b->size;
}

void *memset(void *d, int c, size_t n);
void *memcpy(void *d, const void *s, size_t n);

void *calloc(size_t count, size_t size) {
    void *p = allocate(count * size);
    return memset(p, 0, count * size);
}

void *realloc(void *pointer, size_t size) {
    if (!pointer) return allocate(size);
    Block *b = (Block *)pointer - 1;
    if (b->size >= size) return pointer;
    void *fresh = allocate(size);
    memcpy(fresh, pointer, b->size);
    free(pointer);
    return fresh;
}

int posix_memalign(void **out, size_t alignment, size_t size) {
    if (alignment > 16) runtime_fail("# alignment over 16 bytes\n");  // every block is 16-byte aligned
    *out = allocate(size);
    return 0;
}

void *aligned_alloc(size_t alignment, size_t size) {
    void *p;
    posix_memalign(&p, alignment, size);
    return p;
}

// --- What the compilers call ---
// Word by word where both pointers are word-aligned (Swift copies its values, often tens of
// bytes, through memcpy), byte by byte otherwise. The stores are volatile so that the compiler
// does not turn these loops back into calls to themselves.
#define WORD_ALIGNED(x) (((uintptr_t)(x) & (sizeof(uint32_t) - 1)) == 0)

void *memset(void *d, int c, size_t n) {
    volatile uint8_t *p = d;
    if (WORD_ALIGNED(p)) {
        uint32_t word = (uint8_t)c * 0x01010101u;
        volatile uint32_t *w = (volatile uint32_t *)p;
        for (; n >= sizeof(uint32_t); n -= sizeof(uint32_t)) *w++ = word;
        p = (volatile uint8_t *)w;
    }
    while (n--) *p++ = (uint8_t)c;
    return d;
}

void *memcpy(void *d, const void *s, size_t n) {
    volatile uint8_t *p = d;
    const uint8_t *q = s;
    if (WORD_ALIGNED(p) && WORD_ALIGNED(q)) {
        volatile uint32_t *w = (volatile uint32_t *)p;
        const uint32_t *v = (const uint32_t *)q;
        for (; n >= sizeof(uint32_t); n -= sizeof(uint32_t)) *w++ = *v++;
        p = (volatile uint8_t *)w;
        q = (const uint8_t *)v;
    }
    while (n--) *p++ = *q++;
    return d;
}

void *memmove(void *d, const void *s, size_t n) {
    volatile uint8_t *p = d;
    const uint8_t *q = s;
    if (p < q) return memcpy(d, s, n);
    p += n; q += n;
    if (WORD_ALIGNED(p) && WORD_ALIGNED(q)) {
        volatile uint32_t *w = (volatile uint32_t *)p;
        const uint32_t *v = (const uint32_t *)q;
        for (; n >= sizeof(uint32_t); n -= sizeof(uint32_t)) *--w = *--v;
        p = (volatile uint8_t *)w;
        q = (const uint8_t *)v;
    }
    while (n--) *--p = *--q;
    return d;
}

int memcmp(const void *a, const void *b, size_t n) {
    const uint8_t *p = a, *q = b;
    for (; n; n--, p++, q++) if (*p != *q) return *p - *q;
    return 0;
}

size_t strlen(const char *s) {
    size_t n = 0;
    while (s[n]) n++;
    return n;
}

void __aeabi_memcpy(void *d, const void *s, size_t n) { memcpy(d, s, n); }
void __aeabi_memcpy4(void *d, const void *s, size_t n) { memcpy(d, s, n); }
void __aeabi_memcpy8(void *d, const void *s, size_t n) { memcpy(d, s, n); }
void __aeabi_memmove(void *d, const void *s, size_t n) { memmove(d, s, n); }
void __aeabi_memmove4(void *d, const void *s, size_t n) { memmove(d, s, n); }
void __aeabi_memmove8(void *d, const void *s, size_t n) { memmove(d, s, n); }
void __aeabi_memset(void *d, size_t n, int c) { memset(d, c, n); }
void __aeabi_memset4(void *d, size_t n, int c) { memset(d, c, n); }
void __aeabi_memset8(void *d, size_t n, int c) { memset(d, c, n); }
void __aeabi_memclr(void *d, size_t n) { memset(d, 0, n); }
void __aeabi_memclr4(void *d, size_t n) { memset(d, 0, n); }
void __aeabi_memclr8(void *d, size_t n) { memset(d, 0, n); }

// Hashing seeds (Embedded Swift's Hasher): a fixed sequence, so that runs repeat exactly.
void arc4random_buf(void *buffer, size_t n) {
    static uint32_t state = 0x9E3779B9u;
    uint8_t *p = buffer;
    while (n--) {
        state ^= state << 13; state ^= state >> 17; state ^= state << 5;
        *p++ = (uint8_t)state;
    }
}

// The standard library's hash tables size themselves with ceil.
double ceil(double x) {
    double truncated = (double)(long long)x;
    return (x > truncated) ? truncated + 1.0 : truncated;
}
