// The board's and the runtime's C functions (Board/board.h, Runtime/runtime.h), as the firmware
// calls them.

@_extern(c, "board_exit") func _boardExit(_ success: Int32)
@_extern(c, "board_ticks") func boardTicks() -> UInt32
@_extern(c, "board_instructions_per_kilotick") func boardInstructionsPerKilotick() -> UInt32
@_extern(c, "runtime_allocations") func boardAllocations() -> UInt32
@_extern(c, "runtime_heap_in_use") func boardHeapInUse() -> UInt32
@_extern(c, "runtime_heap_high_water") func boardHeapHighWater() -> UInt32
@_extern(c, "board_stack_high_water") func boardStackHighWater() -> UInt32

/// Ends the run (QEMU exits with status 0 when `success` is 1).
func boardExit(_ success: Int32) -> Never {
    _boardExit(success)
    while true {}  // board_exit does not return
}
