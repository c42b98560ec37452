import Statecharts

/// What makes two situations of a chart the same, compactly: the configuration as the chart
/// numbers it, the life of the instance, the history memories and pending delayed events (empty,
/// so free, for charts that have none), and the context's summary. Never the whole instance.
struct SituationKey<Name: Hashable, Summary: Hashable>: Hashable {
    var configuration: Configuration
    /// 0 running, 1 finished, 2 stopped, 3 not started.
    var status: UInt8
    /// For each history state with a memory, in document order: its number, how many states it
    /// remembers, and their numbers.
    var history: [Int32]
    /// The pending delayed events in delivery order, each with the time left.
    var timers: [PendingTimer<Name>]
    var summary: Summary
}

/// A delayed event waiting for the clock, relative to now (so that the clock's absolute time,
/// which only grows, does not make every situation new).
struct PendingTimer<Name: Hashable>: Hashable {
    var name: Name
    var delay: Duration
    /// The id it can be cancelled by; `nil` when none or when the id is generated (an SCXML
    /// `send.N`), which nothing can name.
    var id: String?
}

/// The life of an instance as the key stores it.
enum SituationStatus: UInt8 {
    case running = 0, finished = 1, stopped = 2, notStarted = 3

    init<StateID, Event, Context>(_ instance: StatechartInstance<StateID, Event, Context>) {
        if instance.isRunning { self = .running }
        else if instance.isFinished { self = .finished }
        else if instance.error != nil { self = .stopped }
        else { self = instance.configuration.isEmpty ? .notStarted : .stopped }
    }
}

/// Builds keys for one chart: which states are history states, and their numbers.
struct SituationKeyMaker<StateID: Hashable & Sendable, Event: StatechartEvent, Context, Summary: Hashable> {
    typealias Instance = StatechartInstance<StateID, Event, Context>
    let historyStates: [(state: StateID, number: Int32)]
    let numbers: [StateID: Int32]
    let summarize: (Instance) -> Summary
    let timerID: (String?) -> String?

    init(chart: Statechart<StateID, Event, Context>, summarize: @escaping (Instance) -> Summary,
         timerID: @escaping (String?) -> String?) {
        var numbers: [StateID: Int32] = [:]
        // The chart numbers states in document order from 1 (0 is the root).
        for (i, state) in chart.states.enumerated() { numbers[state] = Int32(i + 1) }
        self.numbers = numbers
        historyStates = chart.states.filter { chart.kind(of: $0)?.isHistory == true }.compactMap { state in
            numbers[state].map { (state, $0) }
        }
        self.summarize = summarize
        self.timerID = timerID
    }

    func key(_ instance: Instance) -> SituationKey<Event.Name, Summary> {
        var history: [Int32] = []
        var timers: [PendingTimer<Event.Name>] = []
        // The snapshot is the core's public view of history and timers: taken only when there
        // can be some.
        if !historyStates.isEmpty || instance.pendingDelayedEventCount > 0 {
            let snapshot = instance.snapshot()
            for (state, number) in historyStates {
                guard let remembered = snapshot.history[state] else { continue }
                history.append(number)
                history.append(Int32(remembered.count))
                for member in remembered { history.append(numbers[member] ?? -1) }
            }
            timers = snapshot.pendingEvents.map {
                PendingTimer(name: $0.event.name, delay: $0.due - snapshot.now, id: timerID($0.id))
            }
        }
        return SituationKey(configuration: instance.currentConfigurationValue, status: SituationStatus(instance).rawValue,
                            history: history, timers: timers, summary: summarize(instance))
    }
}
