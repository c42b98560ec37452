// The WebAssembly module's platform: its heap, its output (WASI's fd_write, which wasmkit gives
// the module on the command line and the page's script gives it in a browser), and `_start`,
// which runs the Swift `main` (the traffic light's script, printed).
#include "runtime.h"

__attribute__((import_module("wasi_snapshot_preview1"), import_name("fd_write")))
int fd_write(int fd, const void *iovs, int iovs_count, int *written);

typedef struct { const void *base; uint32_t length; } IOVec;

static char line[512];
static uint32_t line_length;

static void flush(void) {
    IOVec vec = { line, line_length };
    int written = 0;
    if (line_length) fd_write(1, &vec, 1, &written);
    line_length = 0;
}

int putchar(int c) {
    line[line_length++] = (char)c;
    if (c == '\n' || line_length == sizeof line) flush();
    return c;
}

__attribute__((noreturn)) void runtime_fail(const char *message) {
    while (*message) putchar(*message++);
    flush();
    __builtin_trap();
}

// 4 MB of heap, in the module's memory.
static uint8_t heap[4u << 20] __attribute__((aligned(16)));

__attribute__((constructor)) static void set_heap(void) {
    runtime_heap_begin = heap;
    runtime_heap_end = heap + sizeof heap;
}

// Swift's `@main` on wasm32 (C's `main(int, char **)` there).
extern int __main_argc_argv(int argc, char **argv);

__attribute__((export_name("_start"))) void start(void) {
    set_heap();
    __main_argc_argv(0, 0);
    flush();
}

// 128-bit multiplication, which `Duration`'s arithmetic calls and which wasm32 has no
// instruction for (compiler-rt's builtin, not in the toolchain for this target): the low
// 64 x 64 bits in 32-bit halves, then the cross products into the high half.
__int128 __multi3(__int128 a, __int128 b) {
    uint64_t al = (uint64_t)a, ah = (uint64_t)((unsigned __int128)a >> 64);
    uint64_t bl = (uint64_t)b, bh = (uint64_t)((unsigned __int128)b >> 64);
    uint64_t a0 = al & 0xFFFFFFFFu, a1 = al >> 32, b0 = bl & 0xFFFFFFFFu, b1 = bl >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t middle = (p00 >> 32) + (p01 & 0xFFFFFFFFu) + (p10 & 0xFFFFFFFFu);
    uint64_t low = (p00 & 0xFFFFFFFFu) | (middle << 32);
    uint64_t high = p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32) + al * bh + ah * bl;
    return (__int128)(((unsigned __int128)high << 64) | low);
}

// The heap for the exported functions the page calls, when `_start` was not run.
__attribute__((export_name("sim_init"))) void sim_init(void) { set_heap(); }
