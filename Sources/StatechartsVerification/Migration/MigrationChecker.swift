import Statecharts

/// The static check of a migration: explores every situation the old chart can reach (the
/// module's ``Explorer``, unchanged), then walks the explored graph once more along the steps
/// that first reached each situation, taking each one's snapshot, and maps every distinct
/// configuration and history memory through the migration.
struct MigrationChecker<StateID: Hashable & Sendable, Event: StatechartEvent, OldContext, NewContext, Summary: Hashable> {
    typealias Instance = StatechartInstance<StateID, Event, OldContext>

    let migration: ChartMigration<StateID, Event, OldContext, NewContext>
    let events: [Event]
    let bounds: VerificationBounds
    /// A new instance of the old chart, not started.
    let makeInstance: () -> Instance
    let summarize: (Instance) -> Summary
    let prepare: ((inout Instance, Summary) -> Void)?
    let timerID: (String?) -> String?
    let progress: ((ExplorationStatistics) -> Void)?

    func run() throws(VerificationError) -> MigrationReport<StateID, Event> {
        var start = makeInstance()
        start.start()
        if let running = start.snapshot().runningInvocations, !running.isEmpty {
            throw VerificationError(["the chart invokes \(running.joined(separator: ", ")) when it starts: invoked charts and services are not explored"])
        }
        let explorer = Explorer(
            events: events, bounds: bounds,
            keys: SituationKeyMaker(chart: migration.old, summarize: summarize, timerID: timerID),
            prepare: prepare, conditions: [], progress: progress, decided: nil)
        let outcome = explorer.explore(from: start)
        let graph = outcome.graph

        var collector = Collector(migration: migration)
        // Each node's instance comes from its parent's (one depth level earlier) and the step
        // that first reached it, with the summary taken at once: an SCXML session is shared by
        // copies, and `prepare` puts the parent's variables back before each step.
        var delays: [Int32: Duration] = [:]
        var previous: [Int32: (Instance, Summary)] = [:]
        // A fresh start: exploring changed the session `start` shares with its copies.
        var replayStart = makeInstance()
        replayStart.start()
        var current: [Int32: (Instance, Summary)] = [0: (replayStart, summarize(replayStart))]
        var currentDepth: Int32 = 0
        func steps(to node: Int) -> [VerificationStep<Event>] {
            var result: [VerificationStep<Event>] = []
            var n = Int32(node)
            while n > 0 {
                let code = graph.via[Int(n)]
                result.append(code >= 0 ? .event(events[Int(code)]) : .advance(delays[n] ?? .zero))
                n = graph.parent[Int(n)]
            }
            return result.reversed()
        }
        collector.visit(replayStart.snapshot()) { steps(to: 0) }
        for n in 1..<max(graph.count, 1) {
            if graph.depth[n] != currentDepth {
                previous = current
                current = [:]
                currentDepth = graph.depth[n]
            }
            guard let (parent, summary) = previous[graph.parent[n]] else { continue }
            var instance = parent
            prepare?(&instance, summary)
            let code = graph.via[n]
            if code >= 0 {
                instance.send(events[Int(code)])
            } else {
                let delay = (instance.nextDelayedEventTime ?? instance.now) - instance.now
                delays[Int32(n)] = delay
                instance.advanceClock(by: delay)
            }
            current[Int32(n)] = (instance, summarize(instance))
            collector.visit(instance.snapshot()) { steps(to: n) }
        }
        return MigrationReport(findings: collector.findings, configurationsChecked: collector.configurations.count,
                               historyMemoriesChecked: collector.memories.count, exploration: outcome.statistics)
    }

    /// Maps each configuration and history memory once, the first time it is seen.
    struct Collector {
        struct Remembered: Hashable {
            var history: StateID
            var states: [StateID]
        }

        let migration: ChartMigration<StateID, Event, OldContext, NewContext>
        var configurations: Set<[StateID]> = []
        var finishedConfigurations: Set<[StateID]> = []
        var memories: Set<Remembered> = []
        var conflicts: Set<[StateID]> = []
        var findings: [MigrationFinding<StateID, Event>] = []

        mutating func visit(_ snapshot: StatechartSnapshot<StateID, Event>, steps: () -> [VerificationStep<Event>]) {
            let finished = snapshot.status == .finished
            let isNew = finished ? finishedConfigurations.insert(snapshot.configuration).inserted
                : configurations.insert(snapshot.configuration).inserted
            if isNew {
                let (mapped, problems) = migration.mapConfiguration(snapshot.configuration, finished: finished)
                for problem in problems {
                    findings.append(MigrationFinding(subject: .configuration, oldStates: snapshot.configuration,
                                                     newStates: mapped, problem: problem, steps: steps()))
                }
            }
            guard !snapshot.history.isEmpty else { return }
            var merged: [StateID: (source: StateID, memory: [StateID])] = [:]
            for (history, remembered) in snapshot.history.sorted(by: { migration.oldShape.number[$0.key] ?? .max < migration.oldShape.number[$1.key] ?? .max }) {
                let isNew = memories.insert(Remembered(history: history, states: remembered)).inserted
                guard let mapped = migration.mapHistory(history, remembering: remembered) else { continue }
                if isNew {
                    for problem in mapped.problems {
                        findings.append(MigrationFinding(subject: .history(history), oldStates: remembered,
                                                         newStates: mapped.memory, problem: problem, steps: steps()))
                    }
                }
                guard mapped.problems.isEmpty else { continue }
                // Two old history states that become one must remember the same.
                if let earlier = merged[mapped.history], earlier.memory != mapped.memory {
                    if conflicts.insert([mapped.history, earlier.source, history] + earlier.memory + mapped.memory).inserted {
                        findings.append(MigrationFinding(
                            subject: .history(history), oldStates: remembered, newStates: mapped.memory,
                            problem: ChartMigration<StateID, Event, OldContext, NewContext>.conflict(mapped.history, earlier.source, history),
                            steps: steps()))
                    }
                } else {
                    merged[mapped.history] = (history, mapped.memory)
                }
            }
        }
    }
}
