import Statecharts

// The traffic light on a Cortex-M4: prints the same trace as the host (lines without `#`), then
// what the run measured (lines with `#`): allocations while sending, instructions per event, the
// heap's and the stack's high-water marks, the instance's size. Exits QEMU through semihosting
// with status 0 once it has printed them.
@main
struct Firmware {
    static func main() {
        let chart: Statechart<Light, Signal, Counters>
        do {
            chart = try trafficLight()
        } catch {
            print("# the chart is wrong")
            boardExit(0)
        }
        var light = chart.start(context: Counters())
        let heapAfterStart = boardHeapInUse()

        var allocatedWhileSending: UInt32 = 0
        runTrafficScript(&light, emit: { print($0) }, measure: { step in
            let before = boardAllocations()
            step()
            allocatedWhileSending &+= boardAllocations() &- before
        })

        // Instructions per event, on the core's clock (QEMU's -icount counts instructions).
        let rounds = 200
        let allocationsBefore = boardAllocations()
        let start = boardTicks()
        for _ in 0..<rounds {
            for signal in measuredEvents { _ = light.send(signal) }
        }
        let ticks = (start &- boardTicks()) & 0xFF_FFFF
        allocatedWhileSending &+= boardAllocations() &- allocationsBefore
        let events = rounds * measuredEvents.count
        let instructions = UInt64(ticks) * UInt64(boardInstructionsPerKilotick()) / 1000

        print("# allocations while sending: \(allocatedWhileSending)")
        print("# events measured: \(events), instructions: \(instructions), per event: \(instructions / UInt64(events))")
        print("# heap in use after start: \(heapAfterStart) bytes, high-water: \(boardHeapHighWater()) bytes")
        print("# stack high-water: \(boardStackHighWater()) bytes")
        print("# instance: \(MemoryLayout<StatechartInstance<Light, Signal, Counters>>.size) bytes, context: \(MemoryLayout<Counters>.size) bytes")
        boardExit(1)
    }
}
