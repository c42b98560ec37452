import Statecharts

/// The demos' chart: a media player with nested states, a parallel state with two regions, and
/// history (shallow to resume playback, deep to come back after power-off).
public enum MediaPlayer {
    /// The player's states.
    public enum Mode: Hashable, Sendable, CustomStringConvertible {
        case off, on, stopped, playing, sound, normal, muted, picture, sd, hd, paused
        case resumePlayback, lastMode

        public var description: String {
            switch self {
            case .off: "off"
            case .on: "on"
            case .stopped: "stopped"
            case .playing: "playing"
            case .sound: "sound"
            case .normal: "normal"
            case .muted: "muted"
            case .picture: "picture"
            case .sd: "SD"
            case .hd: "HD"
            case .paused: "paused"
            case .resumePlayback: "resume playback"
            case .lastMode: "last mode"
            }
        }
    }

    /// The player's buttons.
    public enum Button: StatechartEvent, Hashable, CaseIterable {
        case power, play, pause, resume, stop, mute, unmute, upgrade, downgrade
    }

    /// What the player counts (Codable: the inspector shows it as JSON and edits it).
    public struct Counters: Sendable, Codable, Equatable {
        public var plays = 0
        public var powerCycles = 0
        public init() {}
    }

    /// The chart.
    public static func chart() throws -> Statechart<Mode, Button, Counters> {
        try Statechart<Mode, Button, Counters>("media player") {
            State(.off) {
                On(.power, to: .lastMode, actions: [Action("count power cycle") { $0.powerCycles += 1 }])
            }
            State(.on, initial: .stopped) {
                On(.power, to: .off)
                History(.lastMode, .deep, default: .stopped)
                State(.stopped) {
                    On(.play, to: .playing, actions: [Action("count play") { $0.plays += 1 }])
                }
                Parallel(.playing) {
                    On(.pause, to: .paused)
                    On(.stop, to: .stopped)
                    History(.resumePlayback, .deep)
                    State(.sound) {
                        State(.normal) { On(.mute, to: .muted) }
                        State(.muted) { On(.unmute, to: .normal) }
                    }
                    State(.picture) {
                        State(.sd) { On(.upgrade, to: .hd) }
                        State(.hd) { On(.downgrade, to: .sd) }
                    }
                }
                State(.paused) {
                    On(.resume, to: .resumePlayback)
                }
            }
        }
    }

    /// The buttons the demo presses, in order.
    public static let script: [Button] = [.power, .play, .mute, .upgrade, .pause, .resume, .power, .power]
}
