import Statecharts
import StatechartsSCXML

/// What the processor holds for each session: events received for it and not yet taken, and how
/// many of its sends are still on their way. The server, the client and the driver share it
/// across threads; a driver waits here for the next change.
final class BasicHTTPMailboxes: Sendable {
    /// One session's mailbox.
    struct Mailbox {
        var events: [SCXMLEvent] = []
        var sendsInFlight = 0
        /// A change a waiting driver has not seen yet.
        var isReady: Bool { !events.isEmpty || sendsInFlight == 0 }
    }

    /// What a post to a session's location found.
    enum Delivery: Equatable {
        case queued
        case unknownSession
        case full
    }

    private struct State {
        var mailboxes: [String: Mailbox] = [:]
        var waiters: [Int: (session: String, continuation: CheckedContinuation<Void, Never>)] = [:]
        /// Waiters whose time ran out before they were registered.
        var expired: Set<Int> = []
        var nextWaiter = 0
    }

    private let state = Locked(State())
    /// The most events one mailbox holds; a post beyond it is refused (503).
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Opens a session's mailbox (posts to it are accepted from now on); opening it again keeps it.
    func open(_ session: String) {
        state.withLock { state in
            if state.mailboxes[session] == nil { state.mailboxes[session] = Mailbox() }
        }
    }

    /// Closes a session's mailbox: its events are dropped and posts to it are refused (404).
    func close(_ session: String) {
        wake(session) { state in state.mailboxes[session] = nil }
    }

    /// Queues an event received for `session`.
    func deliver(_ event: SCXMLEvent, to session: String) -> Delivery {
        var result = Delivery.unknownSession
        wake(session) { state in
            guard var mailbox = state.mailboxes[session] else { return }
            guard mailbox.events.count < capacity else {
                result = .full
                return
            }
            mailbox.events.append(event)
            state.mailboxes[session] = mailbox
            result = .queued
        }
        return result
    }

    /// Counts a send of `session` that has started.
    func sendStarted(by session: String) {
        state.withLock { state in state.mailboxes[session, default: Mailbox()].sendsInFlight += 1 }
    }

    /// Counts a send of `session` as finished, queueing `failure` (an `error.communication`) for
    /// it in the same step, so that a driver never sees the send finished without its error.
    func sendFinished(by session: String, failure: SCXMLEvent?) {
        wake(session) { state in
            guard var mailbox = state.mailboxes[session] else { return }
            mailbox.sendsInFlight = max(0, mailbox.sendsInFlight - 1)
            if let failure, mailbox.events.count < capacity { mailbox.events.append(failure) }
            state.mailboxes[session] = mailbox
        }
    }

    /// Takes the events queued for `session`, oldest first.
    func take(_ session: String) -> [SCXMLEvent] {
        state.withLock { state in
            guard let events = state.mailboxes[session]?.events, !events.isEmpty else { return [] }
            state.mailboxes[session]?.events = []
            return events
        }
    }

    /// How many sends of `session` are on their way.
    func sendsInFlight(_ session: String) -> Int {
        state.withLock { $0.mailboxes[session]?.sendsInFlight ?? 0 }
    }

    /// Returns once `session` has an event or no send in flight, or at `deadline`.
    func waitForChange(_ session: String, until deadline: ContinuousClock.Instant) async {
        let token = state.withLock { state -> Int in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        let timer = Task {
            do { try await Task.sleep(until: deadline, clock: .continuous) } catch { return }
            self.expire(token)
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = state.withLock { state -> Bool in
                if state.expired.remove(token) != nil { return true }
                if state.mailboxes[session]?.isReady ?? true { return true }
                state.waiters[token] = (session, continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
        timer.cancel()
        await timer.value   // so that a timer firing just now has marked its token before it is cleared
        state.withLock { _ = $0.expired.remove(token) }
    }

    /// Ends a wait whose time ran out (or marks it, when it is not registered yet).
    private func expire(_ token: Int) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let waiter = state.waiters.removeValue(forKey: token) else {
                state.expired.insert(token)
                return nil
            }
            return waiter.continuation
        }
        waiter?.resume()
    }

    /// Changes the state, then resumes the waiters of `session` (outside the lock).
    private func wake(_ session: String, _ change: (inout State) -> Void) {
        let woken = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            change(&state)
            let tokens = state.waiters.filter { $0.value.session == session }.map(\.key)
            return tokens.compactMap { state.waiters.removeValue(forKey: $0)?.continuation }
        }
        for continuation in woken { continuation.resume() }
    }
}
