// The board support of the Embedded example on QEMU's mps2-an386 (Cortex-M4): the vector table
// and reset, the UART, the exit through semihosting, SysTick for timing, the stack's high-water
// mark, and the heap that Runtime/runtime.c allocates from.
#include "board.h"

extern uint32_t _data_load[], _data_start[], _data_end[], _bss_start[], _bss_end[];
extern uint8_t _heap_start[], _heap_end[];
extern uint32_t _stack_limit[], _stack_top[];
extern int main(int argc, char **argv);

// --- UART0 (CMSDK APB UART) ---
#define UART0 ((volatile uint32_t *)0x40004000u)
enum { UART_DATA = 0, UART_STATE = 1, UART_CTRL = 2, UART_BAUDDIV = 4 };

void runtime_fail(const char *message) {
    board_puts(message);
    board_exit(0);
}

int putchar(int c) {
    while (UART0[UART_STATE] & 1u) {}  // transmit buffer full
    UART0[UART_DATA] = (uint32_t)(uint8_t)c;
    return c;
}

void board_puts(const char *s) {
    while (*s) putchar(*s++);
}

// --- Semihosting: SYS_EXIT with "application exit" (status 0) or "run-time error" (status 1) ---
void board_exit(int success) {
    register uint32_t op __asm__("r0") = 0x18;
    register uint32_t reason __asm__("r1") = success ? 0x20026u : 0x20023u;
    __asm__ volatile("bkpt 0xab" : "+r"(op) : "r"(reason) : "memory");
    for (;;) {}
}

// --- SysTick, counting down from 2^24 - 1 at the core clock ---
#define SYST ((volatile uint32_t *)0xE000E010u)
uint32_t board_ticks(void) { return SYST[2] & 0xFFFFFFu; }

static uint32_t instructions_per_kilotick;
uint32_t board_instructions_per_kilotick(void) { return instructions_per_kilotick; }

// 2 instructions per turn (subs, bne).
static void spin(uint32_t turns) {
    __asm__ volatile("1: subs %0, %0, #1\n\tbne 1b" : "+r"(turns) : : "cc");
}

static void calibrate(void) {
    const uint32_t turns = 500000;
    uint32_t start = board_ticks();
    spin(turns);
    uint32_t elapsed = (start - board_ticks()) & 0xFFFFFFu;
    instructions_per_kilotick = elapsed ? (uint32_t)((2ull * turns * 1000u) / elapsed) : 0;
}

// --- The stack's high-water mark: the stack is painted at reset ---
#define PAINT 0xC0FFEE11u
uint32_t board_stack_high_water(void) {
    uint32_t *p = _stack_limit;
    while (p < _stack_top && *p == PAINT) p++;
    return (uint32_t)((uint8_t *)_stack_top - (uint8_t *)p);
}

// Paints from the stack's limit up to 64 bytes below this function's frame.
__attribute__((noinline)) static void paint_stack(void) {
    uintptr_t frame = (uintptr_t)__builtin_frame_address(0) - 64;
    for (uint32_t *p = _stack_limit; (uintptr_t)p < frame; p++) *p = PAINT;
}

// --- Reset ---
void reset_handler(void) {
    // The FPU on (CP10, CP11 full access): Swift's armv7em code uses its registers.
    *(volatile uint32_t *)0xE000ED88u |= 0xFu << 20;
    __asm__ volatile("dsb\n\tisb");
    for (uint32_t *s = _data_load, *d = _data_start; d < _data_end;) *d++ = *s++;
    for (uint32_t *d = _bss_start; d < _bss_end;) *d++ = 0;
    paint_stack();
    runtime_heap_begin = _heap_start;
    runtime_heap_end = _heap_end;
    UART0[UART_BAUDDIV] = 16;
    UART0[UART_CTRL] = 1;  // transmit on
    SYST[1] = 0xFFFFFFu;   // reload
    SYST[2] = 0;           // current
    SYST[0] = 5;           // on, core clock
    calibrate();
    int status = main(0, 0);
    board_exit(status == 0);
}

static void fault_handler(void) {
    board_puts("# fault\n");
    board_exit(0);
}

__attribute__((section(".vectors"), used))
static void (*const vectors[16])(void) = {
    (void (*)(void))_stack_top, reset_handler,
    fault_handler, fault_handler, fault_handler, fault_handler, fault_handler, 0, 0, 0, 0,
    fault_handler, fault_handler, 0, fault_handler, fault_handler,
};
