// What the firmware sees of the board (mps2-an386 under QEMU): the UART, the exit, the cycle
// counter and the stack's high-water mark; the allocator's counters are in
// Runtime/runtime.h. Swift calls these through `@_extern(c)` declarations
// (Firmware/Board.swift); the C machine includes this header.
#ifndef BOARD_H
#define BOARD_H
#include <stddef.h>
#include <stdint.h>
#include "runtime.h"

/// Writes one byte to the UART.
int putchar(int c);
/// Writes a NUL-terminated string to the UART.
void board_puts(const char *s);
/// Ends the run: QEMU exits with status 0 when `success`, 1 otherwise (semihosting).
void board_exit(int success) __attribute__((noreturn));
/// SysTick's count (24 bits, counting down at the core clock), for timing intervals.
uint32_t board_ticks(void);
/// Instructions the core executes per 1,000 SysTick ticks, measured at start on a loop of known
/// length (under QEMU's -icount the virtual clock counts instructions).
uint32_t board_instructions_per_kilotick(void);

/// The stack's high-water mark in bytes (from the stack painted at reset, scanned when asked).
uint32_t board_stack_high_water(void);
#endif
