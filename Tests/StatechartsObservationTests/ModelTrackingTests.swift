import Observation
import Statecharts
import StatechartsCompiled
import StatechartsObservation
import Testing

/// What invalidates what: each read is tracked with `withObservationTracking`, then one step is
/// taken, and the test checks whether the read's `onChange` fired.
@MainActor
@Suite("Observable model: only what a view read invalidates it")
struct ModelTrackingTests {
    @Test("isActive(state) fires when that state enters or leaves, not for other transitions")
    func isActiveIsPerState() throws {
        let model = StatechartModel(chart: try doorChart(), context: Stats())
        #expect(invalidates({ _ = model.isActive(.opened) }, by: { model.send(.open) }))
        #expect(model.isActive(.opened))
        #expect(invalidates({ _ = model.isActive(.opened) }, by: { model.send(.close) }))
        // closed → locked: .opened was inactive and stays so.
        #expect(!invalidates({ _ = model.isActive(.opened) }, by: { model.send(.lock) }))
        #expect(invalidates({ _ = model.isActive(.locked) }, by: { model.send(.unlock) }))
    }

    @Test("configuration fires on a transition, not on an ignored event or a targetless one")
    func configuration() throws {
        let model = StatechartModel(chart: try doorChart(), context: Stats())
        #expect(model.configuration == [.closed])
        #expect(!invalidates({ _ = model.configuration }, by: { model.send(.close) }))
        #expect(!invalidates({ _ = model.configuration }, by: { model.send(.rename) }))
        #expect(invalidates({ _ = model.activeLeaves }, by: { model.send(.lock) }))
        #expect(model.activeLeaves == [.locked])
    }

    @Test("a context value fires only when it changes: not for a configuration change, not for another field")
    func contextValue() throws {
        let model = StatechartModel(chart: try doorChart(), context: Stats())
        #expect(invalidates({ _ = model[context: \.openings] }, by: { model.send(.open) }))
        #expect(model[context: \.openings] == 1)
        // opened → closed changes the configuration only.
        #expect(!invalidates({ _ = model[context: \.openings] }, by: { model.send(.close) }))
        // rename changes the label only.
        #expect(!invalidates({ _ = model[context: \.openings] }, by: { model.send(.rename) }))
        #expect(invalidates({ _ = model[context: \.label] }, by: { model.send(.rename) }))
        #expect(model[context: \.label] == "!!")
    }

    @Test("the whole context fires when it differs (Equatable), not for a configuration change")
    func wholeContext() throws {
        let model = StatechartModel(chart: try doorChart(), context: Stats())
        #expect(!invalidates({ _ = model.context }, by: { model.send(.lock) }))
        #expect(!invalidates({ _ = model.context }, by: { model.send(.unlock) }))
        #expect(invalidates({ _ = model.context }, by: { model.send(.rename) }))
        #expect(model.context == Stats(openings: 0, label: "!"))
    }

    @Test("a context that is not Equatable fires after each step that took a transition, and only then")
    func contextWithoutEquality() throws {
        struct Bag: Sendable { var items: [Int] = [] }
        enum S: Hashable, Sendable { case a, b }
        enum E: StatechartEvent, Hashable { case go, stay }
        let chart = try Statechart<S, E, Bag> {
            State(.a) { On(.go, to: .b) { $0.items.append(1) } }
            State(.b) { On(.go, to: .a) }
        }
        let model = StatechartModel(chart: chart, context: Bag())
        #expect(!invalidates({ _ = model.context }, by: { model.send(.stay) }))
        #expect(invalidates({ _ = model.context }, by: { model.send(.go) }))
        #expect(model.context.items == [1])
    }

    @Test("reading nothing that changed is not invalidated; reading the instance tracks configuration and context")
    func instanceAndQueries() throws {
        let model = StatechartModel(chart: try doorChart(), context: Stats())
        #expect(!invalidates({ _ = model.isFinished; _ = model.isRunning; _ = model.error }, by: { model.send(.open) }))
        #expect(invalidates({ _ = model.instance }, by: { model.send(.close) }))
        #expect(invalidates({ _ = model.can(.open) }, by: { model.send(.lock) }))
        #expect(!model.can(.open))
        #expect(model.enabledEventNames == [.unlock])
    }

    @Test("isFinished and isRunning fire when the chart reaches a top-level final state")
    func finishing() throws {
        enum S: Hashable, Sendable { case working, done }
        enum E: StatechartEvent, Hashable { case finish }
        let chart = try Statechart<S, E, Void> {
            State(.working) { On(.finish, to: .done) }
            Final(.done)
        }
        let model = StatechartModel(chart: chart, context: ())
        #expect(model.isRunning)
        #expect(invalidates({ _ = model.isFinished }, by: { model.send(.finish) }))
        #expect(model.isFinished)
        #expect(!model.isRunning)
        #expect(model.send(.finish).outcome == .notRunning)
    }

    @Test("a compiled chart's model behaves as the plain one and tracks the same way")
    func compiled() throws {
        let model = try StatechartModel(CompiledDoor.self, context: Stats())
        #expect(invalidates({ _ = model.isActive(.opened) }, by: { model.send(.open) }))
        #expect(!invalidates({ _ = model[context: \.openings] }, by: { model.send(.close) }))
        #expect(!invalidates({ _ = model.isActive(.opened) }, by: { model.send(.lock) }))
        #expect(model.configuration == [.locked])
        #expect(model[context: \.openings] == 1)

        var instance = try CompiledDoor.start(context: Stats(openings: 5))
        instance.send(.lock)
        let resumed = try StatechartModel(instance)
        #expect(resumed.isActive(.locked))
        #expect(resumed[context: \.openings] == 5)
    }
}
