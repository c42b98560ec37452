import Statecharts
import StatechartsSCXML

/// An observer that keeps the transitions taken since it was last cleared and the events that
/// were processed, so a diagram can draw the last step's transitions in colour.
struct TransitionRecorder: StatechartObserver {
    typealias StateID = String
    typealias Event = SCXMLEvent

    /// Transitions taken since ``clear()``, in order.
    private(set) var transitions: [TransitionID] = []
    /// Names of the external events processed since ``clear()``.
    private(set) var events: [String] = []

    mutating func transitionTaken(_ transition: TransitionID) { transitions.append(transition) }

    mutating func macrostepCompleted(after event: SCXMLEvent?) {
        if let event { events.append(event.name) }
    }

    mutating func clear() {
        transitions = []
        events = []
    }
}
