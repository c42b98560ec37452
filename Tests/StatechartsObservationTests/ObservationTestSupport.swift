import Observation
import Statecharts
import StatechartsCompiled

/// Whether what `read` reads, tracked by `withObservationTracking`, is invalidated by `change`.
@MainActor
func invalidates(_ read: () -> Void, by change: () -> Void) -> Bool {
    let fired = InvalidationFlag()
    withObservationTracking(read) { fired.set() }
    change()
    return fired.value
}

/// Set once, from any thread.
final class InvalidationFlag: Sendable {
    private let storage = Locked(false)
    func set() { storage.withLock { $0 = true } }
    var value: Bool { storage.withLock { $0 } }
}

/// Counts, from any thread.
final class Counter: Sendable {
    private let storage = Locked(0)
    func add() { storage.withLock { $0 += 1 } }
    var value: Int { storage.withLock { $0 } }
}

enum Door: Hashable, Sendable { case closed, opened, locked }
enum Input: StatechartEvent, Hashable { case open, close, lock, unlock, rename }
struct Stats: Sendable, Equatable {
    var openings = 0
    var label = ""
}

/// A door whose `rename` changes only the label, and whose opening counts.
func doorChart() throws -> Statechart<Door, Input, Stats> {
    try Statechart<Door, Input, Stats>("door") {
        State(.closed) {
            On(.open, to: .opened) { $0.openings += 1 }
            On(.lock, to: .locked)
            On(.rename) { $0.label += "!" }
        }
        State(.opened) { On(.close, to: .closed) }
        State(.locked) { On(.unlock, to: .closed) }
    }
}

@CompiledStatechart
enum CompiledDoor {
    typealias StateID = Door
    typealias Event = Input
    typealias Context = Stats
    static let definition = Definition("door") {
        State(.closed) {
            On(.open, to: .opened) { $0.openings += 1 }
            On(.lock, to: .locked)
            On(.rename) { $0.label += "!" }
        }
        State(.opened) { On(.close, to: .closed) }
        State(.locked) { On(.unlock, to: .closed) }
    }
}

/// A clock that moves only when told to.
final class ManualClock: Clock, @unchecked Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (a: Instant, b: Instant) -> Bool { a.offset < b.offset }
    }

    private struct Sleeper {
        let id: Int
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let state = Locked<(now: Instant, sleepers: [Sleeper], nextID: Int)>((Instant(offset: .zero), [], 0))

    var now: Instant { state.withLock { $0.now } }
    var minimumResolution: Duration { .nanoseconds(1) }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let id = state.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow = state.withLock { state -> Bool in
                    if deadline <= state.now || Task.isCancelled { return true }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return false
                }
                if resumeNow { continuation.resume() }
            }
            try Task.checkCancellation()
        } onCancel: {
            let cancelled = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward and wakes the sleepers whose deadline passed.
    func advance(by duration: Duration) {
        let due = state.withLock { state -> [Sleeper] in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    var sleeperCount: Int { state.withLock { $0.sleepers.count } }
}

/// Polls `condition` on the main actor until it holds or about five seconds passed.
@MainActor
func eventually(_ condition: @MainActor () -> Bool) async -> Bool {
    for _ in 0..<5_000 {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return condition()
}
