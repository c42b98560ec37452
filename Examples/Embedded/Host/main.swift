import Foundation
import StatechartsCompiled
import StatechartsGraphviz
import TrafficLightChart

// The traffic light of Examples/Embedded, run on the host, as the plain chart and as the
// compiled one: prints the traces the firmware prints under QEMU and the WebAssembly module
// under wasmkit (scripts/embedded.sh compares them). `--measure` then sends the firmware's
// measured loop to the plain instance too (for valgrind's counts on the host); `--svg FILE`
// writes the chart's diagram instead, for the simulator page.
let arguments = CommandLine.arguments
do {
    let chart = try trafficLight()
    if let flag = arguments.firstIndex(of: "--svg") {
        guard flag + 1 < arguments.count else {
            FileHandle.standardError.write(Data("usage: statecharts-traffic-light [--measure] [--svg FILE]\n".utf8))
            exit(2)
        }
        // Left to right, and each state's elements classed `sc-s<N>` for the page's script.
        let options = DiagramOptions(direction: .leftRight, elementClasses: true)
        let svg = try chart.renderDiagram(format: .svg, options: options).bytes
        try Data(svg).write(to: URL(fileURLWithPath: arguments[flag + 1]))
        exit(0)
    }
    var light = chart.start(context: Counters())
    print("== plain")
    runTrafficScript(&light, emit: { print($0) }, measure: { $0() })
    var compiled = try TrafficLightChart.start(context: Counters())
    print("== compiled")
    runTrafficScript(&compiled, emit: { print($0) }, measure: { $0() })
    if arguments.contains("--measure") {
        for _ in 0..<200 {
            for signal in measuredEvents { _ = light.send(signal) }
        }
    }
} catch {
    FileHandle.standardError.write(Data("statecharts-traffic-light: \(error)\n".utf8))
    exit(1)
}
