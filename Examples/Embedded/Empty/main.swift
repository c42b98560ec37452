// An empty firmware: the board's startup and an Embedded Swift `main` that only reports the
// stack and heap it used. `make embedded-size` subtracts its size from the traffic light's to
// give what the chart and the library add.
@_extern(c, "runtime_heap_high_water") func boardHeapHighWater() -> UInt32
@_extern(c, "board_stack_high_water") func boardStackHighWater() -> UInt32

@main
struct Empty {
    static func main() {
        print("# heap high-water: \(boardHeapHighWater()) bytes, stack high-water: \(boardStackHighWater()) bytes")
    }
}
