import Foundation
import Statecharts
import StatechartsHTTP
import StatechartsSCXML

/// The steps of `run --http`: events that arrive over HTTP are given to the chart between steps,
/// and `--until-idle` waits for the chart's HTTP sends before it moves the virtual clock.
extension ChartRunner {
    /// How long, in all, one call waits for the chart's HTTP sends still on their way (the
    /// processor's own timeouts normally end a send sooner).
    static let sendWait: Duration = .seconds(30)

    /// Gives the chart each event `processor` has received for its session, oldest first, and
    /// what arrives while sends of the chart are on their way; one report per event (labelled
    /// `(received)`), numbered `number`. Stops after `limit` events.
    mutating func deliverReceived<Observer: StatechartObserver>(
        from processor: BasicHTTPEventProcessor, number: Int, limit: Int, observer: inout Observer
    ) -> [StepReport] where Observer.StateID == String, Observer.Event == SCXMLEvent {
        let session = instance.context.session.sessionID
        let deadline = ContinuousClock.now.advanced(by: Self.sendWait)
        var reports: [StepReport] = []
        while instance.isRunning, reports.count < limit {
            let received = processor.takeEvents(forSession: session)
            if !received.isEmpty {
                for event in received.prefix(limit - reports.count) where instance.isRunning {
                    instance.send(event, observer: &observer)
                    var line = report(step: number, event: event.name, delayed: false, configuration: instance.currentConfigurationValue)
                    line.isReceived = true
                    reports += withErrors([line])
                }
                continue
            }
            // Only a send in the background is in flight after it returned: poll until it is answered.
            guard processor.sendsInFlight(forSession: session) > 0, ContinuousClock.now < deadline else { break }
            Thread.sleep(forTimeInterval: 0.001)
        }
        return reports
    }

    /// `--until-idle` with HTTP: gives the chart what it received, waits for its sends, and only
    /// then advances the clock to the next delayed event, until none is left, the chart stops, or
    /// ``ChartRunner/untilIdleLimit`` events were given. So a delayed time-out never overtakes an
    /// HTTP event the chart sent itself.
    mutating func runUntilIdle<Observer: StatechartObserver>(
        with processor: BasicHTTPEventProcessor, number: Int, observer: inout Observer
    ) -> [StepReport] where Observer.StateID == String, Observer.Event == SCXMLEvent {
        var reports: [StepReport] = []
        var delivered = 0
        while instance.isRunning, delivered < Self.untilIdleLimit {
            let received = deliverReceived(from: processor, number: number, limit: Self.untilIdleLimit - delivered, observer: &observer)
            reports += received
            delivered += received.count
            guard instance.isRunning, delivered < Self.untilIdleLimit, let due = instance.nextDelayedEventTime else { break }
            let fired = instance.advanceClock(by: due - instance.now, limit: Self.untilIdleLimit - delivered, observer: &observer)
            // A round that only moved invoked children's events counts as one, so a chart whose
            // children keep rescheduling still ends within the limit.
            delivered += max(1, fired.count)
            reports += withErrors(deliveries(fired, number: number))
        }
        return reports
    }
}
