// The C runtime Embedded Swift needs on a machine with no C library, shared by the firmware
// (Board/) and the WebAssembly module (Examples/WasmSimulator): a counting allocator over the
// region the platform gives it, memcpy and friends, a fixed random sequence for hashing seeds.
#include "runtime.h"

uint8_t *runtime_heap_begin;
uint8_t *runtime_heap_end;

// --- The allocator: first fit over a list of blocks, each behind a 16-byte header ---
typedef struct Block { uint32_t size; uint32_t free; uint32_t pad[2]; } Block;  // size excludes the header
static uint8_t *heap_top;
static uint32_t allocations, in_use, high_water;

uint32_t runtime_allocations(void) { return allocations; }
uint32_t runtime_heap_in_use(void) { return in_use; }
uint32_t runtime_heap_high_water(void) { return high_water; }

static void *allocate(size_t size) {
    allocations++;
    size = (size + 15u) & ~(size_t)15u;
    if (size == 0) size = 16;
    if (!heap_top) heap_top = runtime_heap_begin;
    for (uint8_t *p = runtime_heap_begin; p < heap_top; p += sizeof(Block) + ((Block *)p)->size) {
        Block *b = (Block *)p;
        if (!b->free) continue;
        // Merge the free blocks that follow, then take this one if it fits.
        uint8_t *next = p + sizeof(Block) + b->size;
        while (next < heap_top && ((Block *)next)->free) {
            b->size += sizeof(Block) + ((Block *)next)->size;
            next = p + sizeof(Block) + b->size;
        }
        if (b->size >= size) {
            if (b->size >= size + sizeof(Block) + 16) {  // split off the rest
                Block *rest = (Block *)(p + sizeof(Block) + size);
                rest->size = b->size - size - sizeof(Block);
                rest->free = 1;
                b->size = size;
            }
            b->free = 0;
            in_use += b->size;
            return p + sizeof(Block);
        }
    }
    if ((size_t)(runtime_heap_end - heap_top) < sizeof(Block) + size) runtime_fail("# out of memory\n");
    Block *b = (Block *)heap_top;
    b->size = size;
    b->free = 0;
    heap_top += sizeof(Block) + size;
    in_use += size;
    uint32_t used = (uint32_t)(heap_top - runtime_heap_begin);
    if (used > high_water) high_water = used;
    return b + 1;
}

void *malloc(size_t size) { return allocate(size); }

void free(void *pointer) {
    if (!pointer) return;
    Block *b = (Block *)pointer - 1;
    b->free = 1;
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
void *memset(void *d, int c, size_t n) {
    volatile uint8_t *p = d;
    while (n--) *p++ = (uint8_t)c;
    return d;
}

void *memcpy(void *d, const void *s, size_t n) {
    volatile uint8_t *p = d;
    const uint8_t *q = s;
    while (n--) *p++ = *q++;
    return d;
}

void *memmove(void *d, const void *s, size_t n) {
    volatile uint8_t *p = d;
    const uint8_t *q = s;
    if (p < q) { while (n--) *p++ = *q++; }
    else { p += n; q += n; while (n--) *--p = *--q; }
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
