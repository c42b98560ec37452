// `make inspector-demo`: charts running live under the inspector. Prints the page's URL and
// runs until interrupted (or for --seconds).
//
//   statecharts-inspector-demo [--port N] [--seconds S] [--instances N] [--rate HZ] [--timeline N] [--quiet]
//
// By default: a media player pressed by a simulated user every 1.5 s (the table runtime), and a
// kitchen timer whose delayed events fire on real time. With --instances N: N media players more,
// each pressed --rate times a second (10 by default): the load of docs/inspector.md's scale
// figures.
import Foundation
import MediaPlayerExample
import Statecharts
import StatechartsInspector

/// A kitchen timer: start it, and it rings after the time set; delayed events on real time.
enum KitchenTimer {
    enum Phase: Hashable, Sendable { case idle, counting, ringing }
    enum Event: StatechartEvent, Hashable, CaseIterable { case start, cancel, timeUp, silence }
    struct Settings: Sendable, Codable { var seconds = 5; var rings = 0 }

    static func chart() throws -> Statechart<Phase, Event, Settings> {
        try Statechart<Phase, Event, Settings>("kitchen timer") {
            State(.idle) {
                On(.start, to: .counting) { settings, _, outbox in
                    outbox.send(.timeUp, after: .seconds(settings.seconds), id: "alarm")
                }
            }
            State(.counting) {
                On(.cancel, to: .idle) { _, _, outbox in outbox.cancel("alarm") }
                On(.timeUp, to: .ringing) { $0.rings += 1 }
            }
            State(.ringing) {
                On(.silence, to: .idle)
            }
        }
    }
}

struct Arguments {
    var port = 0
    var seconds: Double?
    var instances = 0
    var rate = 10.0
    var timeline = 1_000
    var quiet = false

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        func value(_ name: String) throws -> String {
            guard let value = rest.popFirst() else { throw DemoError("\(name) needs a value") }
            return value
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--port": port = Int(try value(argument)) ?? -1
            case "--seconds": seconds = Double(try value(argument))
            case "--instances": instances = Int(try value(argument)) ?? -1
            case "--rate": rate = Double(try value(argument)) ?? -1
            case "--timeline": timeline = Int(try value(argument)) ?? -1
            case "--quiet": quiet = true
            default: throw DemoError("unknown argument '\(argument)'")
            }
        }
        guard (0...65_535).contains(port), instances >= 0, rate > 0, timeline > 0 else {
            throw DemoError("usage: statecharts-inspector-demo [--port N] [--seconds S] [--instances N] [--rate HZ] [--timeline N] [--quiet]")
        }
    }
}

struct DemoError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Presses one of the buttons the player would react to now, at random.
func pressSomething(_ player: InspectedInstance<StatechartInstance<MediaPlayer.Mode, MediaPlayer.Button, MediaPlayer.Counters>>,
                    using generator: inout some RandomNumberGenerator) {
    let enabled = player.instance.enabledEventNames
    guard let button = enabled.randomElement(using: &generator) else { return }
    player.send(button)
}

func runDemo(_ arguments: Arguments) async throws {
    let inspector = try await StatechartInspector.start(port: arguments.port, options: InspectorOptions(timelineLength: arguments.timeline))
    let chart = try MediaPlayer.chart()
    let player = inspector.attach(chart, context: MediaPlayer.Counters(), name: "living-room player")
    let timer = inspector.attach(try KitchenTimer.chart(), context: KitchenTimer.Settings(), name: "kitchen timer", clock: .live)
    timer.send(.start)
    let crowd = (0..<arguments.instances).map { index in
        inspector.attach(chart, context: MediaPlayer.Counters(), name: "player \(index + 1)")
    }
    if !arguments.quiet {
        FileHandle.standardError.write(Data("statecharts-inspector-demo: open the URL above; press Ctrl-C to stop\n".utf8))
    }
    var generator = SystemRandomNumberGenerator()
    let start = ContinuousClock.now
    var lastPress = start
    // The crowd is pressed in rounds of 10 ms, each round pressing a slice of it, so that every
    // player is pressed `rate` times a second.
    let round = Duration.milliseconds(10)
    var nextRound = start
    var pressedSoFar = 0.0
    while arguments.seconds.map({ ContinuousClock.now - start < .seconds($0) }) ?? true {
        nextRound = nextRound + round
        try await Task.sleep(until: nextRound, clock: .continuous)
        let now = ContinuousClock.now
        if now - lastPress >= .milliseconds(1_500) {
            lastPress = now
            pressSomething(player, using: &generator)
            if timer.configuration == [.ringing] { timer.send(.silence) } else if timer.configuration == [.idle] { timer.send(.start) }
        }
        guard !crowd.isEmpty else { continue }
        let elapsed = now - start
        let due = (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18) * arguments.rate * Double(crowd.count)
        while pressedSoFar < due {
            pressSomething(crowd[Int(pressedSoFar) % crowd.count], using: &generator)
            pressedSoFar += 1
        }
    }
    await inspector.stop()
}

do {
    try await runDemo(try Arguments(Array(CommandLine.arguments.dropFirst())))
} catch {
    FileHandle.standardError.write(Data("statecharts-inspector-demo: \(error)\n".utf8))
    exit(1)
}
