import Statecharts

/// Breadth-first exploration of every situation a chart can reach, by running the real runtime:
/// each successor is a copy of an instance (instances are values) sent one event, or with its
/// clock advanced to the next pending delayed event. Situations are told apart by
/// ``SituationKey``; the graph keeps each situation's first way in, so paths to it are shortest.
struct Explorer<StateID: Hashable & Sendable, Event: StatechartEvent, Context, Summary: Hashable> {
    typealias Instance = StatechartInstance<StateID, Event, Context>

    let events: [Event]
    let bounds: VerificationBounds
    let keys: SituationKeyMaker<StateID, Event, Context, Summary>
    /// Makes a copy ready to run from the situation it holds, given that situation's summary (an
    /// SCXML session's variables put back); `nil` when a copy of the instance is all it takes.
    let prepare: ((inout Instance, Summary) -> Void)?
    let conditions: [Condition<StateID, Context>]
    let progress: ((ExplorationStatistics) -> Void)?
    /// Asked now and then with the graph so far: `true` when every property is already decided
    /// (all safety properties violated), so that exploring on would change nothing.
    let decided: ((StateGraph) -> Bool)?

    struct Outcome {
        var graph: StateGraph
        var statistics: ExplorationStatistics
    }

    /// Explores from `start`, a started instance.
    func explore(from start: Instance) -> Outcome {
        let clock = ContinuousClock()
        let began = clock.now
        var graph = StateGraph()
        var index: [SituationKey<Event.Name, Summary>: Int32] = [:]
        var transitions = 0
        var stoppedBy: VerificationBound?
        var lastReport = began

        func add(_ instance: Instance, key: SituationKey<Event.Name, Summary>, parent: Int32, via: Int32, depth: Int32) -> Int32 {
            let n = Int32(graph.count)
            index[key] = n
            graph.parent.append(parent)
            graph.via.append(via)
            graph.depth.append(depth)
            graph.status.append(key.status)
            var label: UInt64 = 0
            for (i, condition) in conditions.enumerated() where condition.holds(in: instance) { label |= 1 << UInt64(i) }
            graph.labels.append(label)
            return n
        }

        func statistics() -> ExplorationStatistics {
            ExplorationStatistics(
                states: graph.count, transitions: transitions, depth: Int(graph.depth.last ?? 0),
                elapsed: clock.now - began, isComplete: stoppedBy == nil && graph.expandedCount == graph.count,
                stoppedBy: stoppedBy,
                estimatedBytes: graph.bytes + index.capacity * (MemoryLayout<SituationKey<Event.Name, Summary>>.stride + 5))
        }

        let startKey = keys.key(start)
        _ = add(start, key: startKey, parent: -1, via: -2, depth: 0)
        var frontier: [(instance: Instance, summary: Summary)] = [(start, startKey.summary)]
        // Successors of one node take at most this many new slots.
        let fanOut = events.count + 1
        explore: while !frontier.isEmpty {
            var next: [(instance: Instance, summary: Summary)] = []
            next.reserveCapacity(frontier.count)
            for (instance, summary) in frontier {
                let node = graph.expandedCount
                let depth = graph.depth[node]
                if Int(depth) >= bounds.maxDepth { stoppedBy = .depth; break explore }
                if graph.count + fanOut > bounds.maxStates { stoppedBy = .states; break explore }
                if node & 255 == 0 {
                    if let decided, decided(graph) { break explore }
                    let now = clock.now
                    if let maxTime = bounds.maxTime, now - began > maxTime { stoppedBy = .time; break explore }
                    if let progress, now - lastReport >= .seconds(1) {
                        lastReport = now
                        progress(statistics())
                    }
                }
                func record(_ successor: Instance, via: Int32) {
                    let key = keys.key(successor)
                    transitions += 1
                    let target: Int32
                    if let known = index[key] {
                        target = known
                    } else {
                        target = add(successor, key: key, parent: Int32(node), via: via, depth: depth + 1)
                        next.append((successor, key.summary))
                    }
                    graph.edgeTarget.append(target)
                    graph.edgeVia.append(via)
                }
                if instance.isRunning {
                    for (e, event) in events.enumerated() {
                        var copy = instance
                        prepare?(&copy, summary)
                        guard copy.send(event).outcome == .transitioned else { continue }
                        record(copy, via: Int32(e))
                    }
                    if let due = instance.nextDelayedEventTime {
                        var copy = instance
                        prepare?(&copy, summary)
                        copy.advanceClock(by: due - copy.now)
                        record(copy, via: StateGraph.advanceStep)
                    }
                }
                graph.edgeStart.append(Int32(graph.edgeTarget.count))
                graph.expandedCount += 1
            }
            frontier = next
        }
        let result = statistics()
        progress?(result)
        return Outcome(graph: graph, statistics: result)
    }
}
