import Synchronization

// Not in Embedded Swift: Swift concurrency's tasks, clocks and async streams.
#if !hasFeature(Embedded)
/// The streams of steps of one live driver: each ``makeStream(bufferingNewest:)`` gives a new
/// consumer its own bounded stream of every step published from then on.
///
/// ``StatechartRunner`` and an app's observable model publish through one; a driver of your
/// own can too. Publishing costs one atomic load while no stream exists (check
/// ``hasSubscribers`` before building a step).
///
/// - Buffering: each stream holds at most `limit` steps its consumer has not taken yet. When a
///   new step arrives at a full buffer, the oldest waiting step is dropped, so a slow consumer
///   always catches up with the latest steps and never slows the driver; gaps in
///   ``StatechartStep/sequence`` tell it how many it missed.
/// - Several consumers: every stream receives every step, each with its own buffer; a consumer
///   that stops iterating (or whose task is cancelled) leaves the others untouched.
/// - End: ``finish()`` ends every stream (after the steps already buffered) and every stream
///   made afterwards is empty.
public final class StatechartStepStreams<StateID: Hashable & Sendable, Event: StatechartEvent>: Sendable {
    /// A step of this driver.
    public typealias Step = StatechartStep<StateID, Event>

    /// How many steps a stream buffers when no limit is given.
    public static var defaultBufferLimit: Int { 256 }

    private struct Subscribers {
        var continuations: [Int: AsyncStream<Step>.Continuation] = [:]
        var nextID = 0
        var nextSequence = 0
        var finished = false
    }

    private let subscribers = Locked(Subscribers())
    /// How many streams are open, readable without the lock.
    private let openStreams = Atomic<Int>(0)

    /// Creates streams with no consumer yet.
    public init() {}

    /// Whether at least one stream is open (an atomic load: cheap enough for every step).
    public var hasSubscribers: Bool { openStreams.load(ordering: .relaxed) > 0 }

    /// Whether ``finish()`` was called.
    public var isFinished: Bool { subscribers.withLock { $0.finished } }

    /// A new stream of the steps published from now on, buffering at most `limit` (at least 1)
    /// unread steps and dropping the oldest beyond that. Empty if the streams finished.
    public func makeStream(bufferingNewest limit: Int = defaultBufferLimit) -> AsyncStream<Step> {
        let (stream, continuation) = AsyncStream<Step>.makeStream(bufferingPolicy: .bufferingNewest(max(1, limit)))
        let id: Int? = subscribers.withLock { state in
            guard !state.finished else { return nil }
            let id = state.nextID
            state.nextID += 1
            state.continuations[id] = continuation
            openStreams.add(1, ordering: .relaxed)
            return id
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in self?.remove(id) }
        return stream
    }

    /// Publishes a step to every open stream, numbering it. Call it from one serial context
    /// (an actor, the main actor) so that every stream sees the steps in order.
    public func publish(cause: Step.Cause, event: Event, result: SendResult, configuration: [StateID], time: Duration) {
        let (sequence, targets) = subscribers.withLock { state -> (Int, [AsyncStream<Step>.Continuation]) in
            guard !state.finished, !state.continuations.isEmpty else { return (0, []) }
            defer { state.nextSequence += 1 }
            return (state.nextSequence, Array(state.continuations.values))
        }
        guard !targets.isEmpty else { return }
        let step = Step(sequence: sequence, cause: cause, event: event, result: result, configuration: configuration, time: time)
        // Yielded outside the lock: a stream that terminates meanwhile calls `remove`, which
        // takes the lock.
        for continuation in targets { continuation.yield(step) }
    }

    /// Ends every stream: consumers receive what is buffered, then the end of the sequence.
    public func finish() {
        let targets = subscribers.withLock { state -> [AsyncStream<Step>.Continuation] in
            state.finished = true
            openStreams.store(0, ordering: .relaxed)
            defer { state.continuations = [:] }
            return Array(state.continuations.values)
        }
        for continuation in targets { continuation.finish() }
    }

    private func remove(_ id: Int) {
        subscribers.withLock { state in
            if state.continuations.removeValue(forKey: id) != nil { openStreams.subtract(1, ordering: .relaxed) }
        }
    }
}
#endif
