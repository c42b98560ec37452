import Statecharts
import StatechartsCompiled

// The traffic light on a Cortex-M4, as the plain chart and as the compiled one: prints the same
// traces as the host (lines without `#`), then what the run measured (lines with `#`): the
// allocations of the script's sends and clock advances (buffers growing to size) and of the
// measured loop's 1,000 sends after them (scripts/embedded.sh requires none), instructions per
// event, the heap's and the stack's high-water marks, the instance's size. Exits QEMU through semihosting with status 0 once it has printed
// them.
@main
struct Firmware {
    static func main() {
        var light: StatechartInstance<Light, Signal, Counters>
        var compiled: CompiledInstance<TrafficLightChart>
        do {
            light = try trafficLight().start(context: Counters())
            compiled = try TrafficLightChart.start(context: Counters())
        } catch {
            print("# the chart is wrong")
            boardExit(0)
        }
        let heapAfterStart = boardHeapInUse()

        print("== plain")
        let plainAllocations = runCounting(&light)
        print("== compiled")
        let compiledAllocations = runCounting(&compiled)
        let (plainPerEvent, plainMeasured) = instructionsPerEvent(&light)
        let (compiledPerEvent, compiledMeasured) = instructionsPerEvent(&compiled)

        print("# allocations while running the script: plain \(plainAllocations), compiled \(compiledAllocations)")
        print("# allocations in the measured loop: plain \(plainMeasured), compiled \(compiledMeasured)")
        print("# instructions per event: plain \(plainPerEvent), compiled \(compiledPerEvent) (\(rounds * measuredEvents.count) events each)")
        print("# heap in use after start: \(heapAfterStart) bytes, high-water: \(boardHeapHighWater()) bytes")
        print("# stack high-water: \(boardStackHighWater()) bytes")
        print("# instance: \(MemoryLayout<StatechartInstance<Light, Signal, Counters>>.size) bytes, context: \(MemoryLayout<Counters>.size) bytes")
        boardExit(1)
    }

    static let rounds = 200

    /// Runs the script on `driver`, printing its trace: the allocations its sends and clock
    /// advances made.
    static func runCounting<Driver: TrafficLightDriver>(_ driver: inout Driver) -> UInt32 {
        var allocated: UInt32 = 0
        runTrafficScript(&driver, emit: { print($0) }, measure: { step in
            let before = boardAllocations()
            step()
            allocated &+= boardAllocations() &- before
        })
        return allocated
    }

    /// The measured loop on `driver`: instructions per event on the core's clock (QEMU's
    /// -icount counts instructions), and the allocations it made.
    static func instructionsPerEvent<Driver: TrafficLightDriver>(_ driver: inout Driver) -> (UInt64, UInt32) {
        let allocationsBefore = boardAllocations()
        let start = boardTicks()
        for _ in 0..<rounds {
            for signal in measuredEvents { _ = driver.send(signal) }
        }
        let ticks = (start &- boardTicks()) & 0xFF_FFFF
        let instructions = UInt64(ticks) * UInt64(boardInstructionsPerKilotick()) / 1000
        return (instructions / UInt64(rounds * measuredEvents.count), boardAllocations() &- allocationsBefore)
    }
}
