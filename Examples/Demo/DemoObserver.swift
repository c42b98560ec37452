import MediaPlayerExample
import Statecharts
import StatechartsAnalysis
import StatechartsGraphviz

/// What the demo watches during its run: the trace page's recorder (cleared at each step) and the
/// coverage counts of the whole run, fed the same calls.
struct DemoObserver: StatechartObserver {
    var recorder = TraceRecorder<MediaPlayer.Mode, MediaPlayer.Button>()
    var coverage = StatechartCoverage<MediaPlayer.Mode, MediaPlayer.Button>()

    mutating func stateEntered(_ state: MediaPlayer.Mode) {
        recorder.stateEntered(state)
        coverage.stateEntered(state)
    }

    mutating func stateExited(_ state: MediaPlayer.Mode) {
        recorder.stateExited(state)
        coverage.stateExited(state)
    }

    mutating func transitionTaken(_ transition: TransitionID) {
        recorder.transitionTaken(transition)
        coverage.transitionTaken(transition)
    }

    mutating func microstepCompleted() {
        recorder.microstepCompleted()
        coverage.microstepCompleted()
    }

    mutating func macrostepCompleted(after event: MediaPlayer.Button?) {
        recorder.macrostepCompleted(after: event)
        coverage.macrostepCompleted(after: event)
    }
}
