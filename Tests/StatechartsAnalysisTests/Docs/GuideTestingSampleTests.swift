import Statecharts
import StatechartsAnalysis
import StatechartsGraphviz
import Testing

// The samples of docs/guide.md, "Testing a chart", and of docs/analysis.md, as they are written
// there (DocSampleCheckTests holds the pages to these lines).

enum Mode: Hashable, Sendable { case off, on, paused, playing }
enum Button: StatechartEvent, Hashable, CaseIterable { case power, play, pause }
struct Counters: Sendable { var plays = 0 }

/// The guide's player, built as the guide builds it.
func makePlayer() throws -> Statechart<Mode, Button, Counters> {
    let player = try Statechart<Mode, Button, Counters> {
        State(.off) { On(.power, to: .on) }
        State(.on) {
            On(.power, to: .off)
            State(.paused) { On(.play, to: .playing) { $0.plays += 1 } }
            State(.playing) { On(.pause, to: .paused) }
        }
    }
    return player
}

/// The player the samples test. Building it cannot fail (`playerBuilds` checks); `@Test(arguments:)`
/// needs a plain value, as in the guide.
let player: Statechart<Mode, Button, Counters> = {
    do { return try makePlayer() } catch { preconditionFailure("the guide's player does not compile: \(error)") }
}()

@Test func playerBuilds() throws {
    #expect(try makePlayer().stateCount == 4)
}

@Test func playerHasNoFindings() {
    #expect(player.check().isEmpty)      // unreachable states, shadowed transitions, dead ends, …
}

@Test(arguments: player.paths(cover: .transitions, context: Counters()))
func takes(path: TestPath<Mode, Button>) {
    var machine = player.makeInstance(context: Counters())
    var coverage = StatechartCoverage<Mode, Button>()
    machine.start(observer: &coverage)
    for step in path.steps {
        switch step {
        case .event(let button): machine.send(button, observer: &coverage)
        case .advance(let duration): _ = machine.advanceClock(by: duration, observer: &coverage)
        }
    }
    guard case .transition(let transition) = path.target else { return }
    #expect(coverage.transitionCounts[transition, default: 0] > 0)
}

@Suite("docs/analysis.md samples")
struct AnalysisSampleTests {
    @Test("check, paths and the coverage drawing, as the page writes them")
    func samples() throws {
        let chart = player
        for finding in chart.check(allowing: [.deadEndState]) {
            print(finding.kind.rawValue, finding.statePath ?? "", finding.transitionPath ?? "", finding.message)
        }
        #expect(chart.check(allowing: [.deadEndState]).isEmpty)

        let paths = chart.paths(cover: .transitions, events: Button.allCases, context: Counters())
        for path in paths { print(path) }            // t3: power play +30s
        #expect(paths.count == 4)

        var coverage = StatechartCoverage<Mode, Button>()
        var machine = chart.makeInstance(context: Counters())
        machine.start(observer: &coverage)
        machine.send(.power, observer: &coverage)
        let options = DiagramOptions(coverage: DiagramCoverage(states: coverage.stateCounts,
                                                               transitions: coverage.transitionCounts))
        let png = try chart.renderDiagram(format: .png, options: options).bytes
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }
}
