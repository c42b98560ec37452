import Observation
import Statecharts
import StatechartsCompiled
import StatechartsObservation
import Testing

/// docs/guides/apps-and-servers.md, the observable model: its samples, line for line
/// (DocSampleCheckTests checks that the page shows exactly these lines).
@MainActor
@Suite("Apps and servers guide: the observable model")
struct AppsGuideSampleTests {
    // The README's door.
    enum Door: Hashable, Sendable { case closed, opened, locked }
    enum Input: StatechartEvent, Hashable { case open, close, lock, unlock }
    struct Stats: Sendable { var openings = 0 }

    static func door() throws -> Statechart<Door, Input, Stats> {
        try Statechart<Door, Input, Stats> {
            State(.closed) {
                On(.open, to: .opened) { $0.openings += 1 }
                On(.lock, to: .locked)
            }
            State(.opened) { On(.close, to: .closed) }
            State(.locked) { On(.unlock, to: .closed) }
        }
    }

    @CompiledStatechart
    enum DoorChart {
        typealias StateID = Door
        typealias Event = Input
        typealias Context = Stats
        static let definition = Definition("door") {
            State(.closed) {
                On(.open, to: .opened) { $0.openings += 1 }
                On(.lock, to: .locked)
            }
            State(.opened) { On(.close, to: .closed) }
            State(.locked) { On(.unlock, to: .closed) }
        }
    }

    @Test("the model: send, isActive, a context value, what invalidates a read")
    func model() throws {
        let door = try Self.door()

        let model = StatechartModel(chart: door, context: Stats())   // started, on the main actor
        model.send(.open)
        let opened = model.isActive(.opened)            // true
        let openings = model[context: \.openings]       // 1
        let leaves = model.activeLeaves                 // [.opened]

        let redraws = Counter()
        withObservationTracking {
            _ = model[context: \.openings]
        } onChange: {
            redraws.add()
        }
        model.send(.close)                              // the configuration only: no redraw
        model.send(.open)                               // openings 1 → 2: one redraw

        #expect(opened)
        #expect(openings == 1)
        #expect(leaves == [.opened])
        #expect(redraws.value == 1)
        #expect(Self.doorLabels(model) == ["Open", "Opened 2 times"])
    }

    @Test("a compiled chart's model")
    func compiled() throws {
        let compiledModel = try StatechartModel(DoorChart.self, context: Stats())   // send runs the generated code
        compiledModel.send(.lock)
        #expect(compiledModel.isActive(.locked))
        #expect(Self.doorLabels(compiledModel) == ["Closed", "Opened 0 times"])
    }

    /// What the SwiftUI view below reads, as text: its Linux twin.
    static func doorLabels(_ model: StatechartModel<Door, Input, Stats>) -> [String] {
        [model.isActive(.opened) ? "Open" : "Closed", "Opened \(model[context: \.openings]) times"]
    }
}

#if canImport(SwiftUI)
import SwiftUI

extension AppsGuideSampleTests {
    struct DoorView: View {
        @State var model: StatechartModel<Door, Input, Stats>

        var body: some View {
            VStack {
                Text(model.isActive(.opened) ? "Open" : "Closed")
                Text("Opened \(model[context: \.openings]) times")
                Button("Open") { model.send(.open) }.disabled(!model.can(.open))
                Button("Close") { model.send(.close) }.disabled(!model.can(.close))
            }
            .task {
                for await step in model.steps { print(step.event, step.configuration) }
            }
        }
    }
}
#endif
