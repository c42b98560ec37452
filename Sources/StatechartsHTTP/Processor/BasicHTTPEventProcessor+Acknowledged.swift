import Statecharts
import Dispatch

extension BasicHTTPEventProcessor {
    /// POSTs `body` to `target` and blocks the calling thread until the answer, a failure, or
    /// the timeouts (connect, then the whole exchange) run out. Returns why the send failed, or
    /// `nil` once the receiver answered 2xx.
    ///
    /// Never called on an event loop thread: the exchange runs there, and its completion is what
    /// this waits for.
    func postAndWait(_ body: String, to target: BasicHTTPClient.Target, url: String) -> String? {
        let outcome = BasicHTTPSendOutcome()
        BasicHTTPClient.post(
            body, to: target, policy: configuration.sendPolicy, group: group,
            connectTimeout: configuration.connectTimeout, timeout: configuration.requestTimeout
        ) { error in outcome.finish(error) }
        // The client reports within connectTimeout + requestTimeout; the margin only guards
        // against an exchange that never reports, so that a send can never hang its session.
        let bound = configuration.connectTimeout + configuration.requestTimeout + .seconds(1)
        guard let error = outcome.wait(for: bound) else {
            return "send to \(url) failed: no outcome within \(bound)"
        }
        return error.map { "send to \(url) failed: \($0.message)" }
    }
}

/// The outcome of one send that a thread waits for: set once, from an event loop thread.
final class BasicHTTPSendOutcome: Sendable {
    private let result = Locked<BasicHTTPClientError??>(nil)
    private let done = DispatchSemaphore(value: 0)

    /// Records the outcome (`nil`: answered 2xx) and wakes the waiter.
    func finish(_ error: BasicHTTPClientError?) {
        result.withLock { $0 = .some(error) }
        done.signal()
    }

    /// The outcome, or `nil` when none came within `duration`.
    func wait(for duration: Duration) -> BasicHTTPClientError?? {
        let (seconds, attoseconds) = duration.components
        let nanoseconds = Int(clamping: seconds).multipliedReportingOverflow(by: 1_000_000_000)
        let interval = nanoseconds.overflow ? Int.max : nanoseconds.partialValue + Int(attoseconds / 1_000_000_000)
        guard done.wait(timeout: .now() + .nanoseconds(interval)) == .success else { return nil }
        return result.withLock { $0 }
    }
}
