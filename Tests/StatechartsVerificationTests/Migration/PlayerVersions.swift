import Statecharts

/// Versions of a small player chart, with string states and events so that mappings read as
/// `old=new` does on the command line.
enum PlayerVersions {
    typealias Chart = Statechart<String, String, Void>

    /// v1: off, and on with stopped, playing and paused, and a shallow history of on.
    static func v1() throws -> Chart {
        try Chart("player v1") {
            State("off") { On("power", to: "resume") }
            State("on", initial: "stopped") {
                On("power", to: "off")
                History("resume", .shallow, default: "stopped")
                State("stopped") { On("play", to: "playing") }
                State("playing") {
                    On("pause", to: "paused")
                    On("stop", to: "stopped")
                }
                State("paused") {
                    On("play", to: "playing")
                    On("stop", to: "stopped")
                }
            }
        }
    }

    /// v2: no paused state (pausing stops), stopped renamed idle.
    static func v2() throws -> Chart {
        try Chart("player v2") {
            State("off") { On("power", to: "resume") }
            State("on", initial: "idle") {
                On("power", to: "off")
                History("resume", .shallow, default: "idle")
                State("idle") { On("play", to: "playing") }
                State("playing") {
                    On("pause", to: "idle")
                    On("stop", to: "idle")
                }
            }
        }
    }

    /// v3: playing and paused moved into a new compound state, active.
    static func v3() throws -> Chart {
        try Chart("player v3") {
            State("off") { On("power", to: "resume") }
            State("on", initial: "stopped") {
                On("power", to: "off")
                History("resume", .shallow, default: "stopped")
                State("stopped") { On("play", to: "playing") }
                State("active", initial: "playing") {
                    On("stop", to: "stopped")
                    State("playing") { On("pause", to: "paused") }
                    State("paused") { On("play", to: "playing") }
                }
            }
        }
    }

    /// Deep history of on, over playing's two children (named by `normal` and `muted`).
    static func deep(normal: String = "normal", muted: String = "muted") throws -> Chart {
        try Chart("deep") {
            State("off") { On("power", to: "resume") }
            State("on", initial: "stopped") {
                On("power", to: "off")
                History("resume", .deep, default: "stopped")
                State("stopped") { On("play", to: "playing") }
                State("playing", initial: normal) {
                    On("stop", to: "stopped")
                    State(normal) { On("mute", to: muted) }
                    State(muted) { On("unmute", to: normal) }
                }
            }
        }
    }

    /// The deep-history player with playing atomic: no more muting.
    static func deepFlat() throws -> Chart {
        try Chart("deep flat") {
            State("off") { On("power", to: "resume") }
            State("on", initial: "stopped") {
                On("power", to: "off")
                History("resume", .deep, default: "stopped")
                State("stopped") { On("play", to: "playing") }
                State("playing") { On("stop", to: "stopped") }
            }
        }
    }

    /// A parallel state with the given regions, each `rN` with states `rNa` and `rNb` and an event
    /// `flipN` between them.
    static func regions(_ numbers: [Int]) throws -> Chart {
        try Chart("regions") {
            State("idle") { On("start", to: "both") }
            Parallel("both") {
                On("reset", to: "idle")
                for n in numbers {
                    State("r\(n)") {
                        State("r\(n)a") { On("flip\(n)", to: "r\(n)b") }
                        State("r\(n)b") { On("flip\(n)", to: "r\(n)a") }
                    }
                }
            }
        }
    }
}
