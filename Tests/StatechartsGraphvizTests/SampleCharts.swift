import Statecharts

/// The representative charts the diagram tests draw.
enum SampleCharts {
    enum Light: Hashable, Sendable { case off, on }
    enum Switch: StatechartEvent, Hashable { case toggle }

    /// Two states and one event.
    static func flat() throws -> Statechart<Light, Switch, Int> {
        try Statechart<Light, Switch, Int>("flat") {
            State(.off) { On(.toggle, to: .on, actions: [Action("count") { $0 += 1 }]) }
            State(.on) { On(.toggle, to: .off) }
        }
    }

    /// Compound states, a transition into a compound state and one out of it, a self-loop.
    static func nested() throws -> Statechart<String, String, Void> {
        try Statechart<String, String, Void>("nested") {
            State("idle") { On("start", to: "running") }
            State("running", initial: "warming") {
                OnEntry(Action("light on") { _ in })
                OnExit(Action("light off") { _ in })
                On("stop", to: "idle")
                State("warming") { On("warm", to: "ready") }
                State("ready") {
                    On("tick", to: "ready")
                    On("cool", to: "warming", guard: Guard("too hot") { _ in true })
                }
            }
        }
    }

    /// A parallel state with two regions, one of them remembering its history.
    static func parallelWithHistory() throws -> Statechart<String, String, Void> {
        try Statechart<String, String, Void>("player") {
            State("stopped") { On("play", to: "playing") }
            Parallel("playing") {
                On("stop", to: "stopped")
                State("audio", initial: "normal") {
                    History("audio history", .deep, default: "normal")
                    State("normal") { On("mute", to: "muted") }
                    State("muted") { On("unmute", to: "normal") }
                }
                State("video") {
                    History("video history", .shallow)
                    State("sd") { On("upgrade", to: "hd") }
                    State("hd") { On("downgrade", to: "sd") }
                }
            }
            State("paused") { On("resume", to: "audio history", "video history") }
        }
    }

    /// Final states and done transitions.
    static func finals() throws -> Statechart<String, String, Void> {
        try Statechart<String, String, Void>("job") {
            State("work", initial: "step1") {
                OnDone(to: "finished")
                State("step1") { On("next", to: "step2") }
                State("step2") { On("next", to: "complete") }
                Final("complete")
            }
            Final("finished")
        }
    }

    /// Final states with entry and exit actions next to one without.
    static func finalsWithActions() throws -> Statechart<String, String, Void> {
        try Statechart<String, String, Void>("outcome") {
            State("testing") {
                On("ok", to: "pass")
                On("error", to: "fail")
                On("quit", to: "stopped")
            }
            Final("pass") {
                OnEntry(Action("log pass") { _ in })
                OnExit(Action("report") { _ in })
            }
            Final("fail") { OnEntry(Action("log fail") { _ in }) }
            Final("stopped")
        }
    }

    /// Internal, targetless and eventless transitions.
    static func reactions() throws -> Statechart<String, String, Int> {
        try Statechart<String, String, Int>("reactions") {
            State("counting", initial: "low") {
                On("increment", actions: [Action("add one") { $0 += 1 }])
                On("reset", to: "low", kind: .internal, actions: [Action("zero") { $0 = 0 }])
                State("low") { Always(to: "high", guard: Guard("count > 3") { $0 > 3 }) }
                State("high") { On("tick") { $0 += 0 } }
            }
        }
    }

    /// Names that need escaping in DOT and HTML.
    static func oddNames() throws -> Statechart<String, String, Void> {
        try Statechart<String, String, Void>("odd \"names\"") {
            State("quote\"d") { On("say \"hi\"", to: "back\\slash") }
            State("back\\slash") { On("line\nbreak", to: "<tag> & amp") }
            State("<tag> & amp") {
                On("ünïcødé ✓", to: "Ünïcødé ✓")
                On("<internal>", actions: [Action("a < b & c") { _ in }])
            }
            State("Ünïcødé ✓")
        }
    }

    /// Every sample with the name of its golden file.
    static func all() throws -> [(String, String)] {
        [
            ("flat", try flat().dot()),
            ("nested", try nested().dot()),
            ("parallel-history", try parallelWithHistory().dot()),
            ("finals", try finals().dot()),
            ("finals-with-actions", try finalsWithActions().dot()),
            ("reactions", try reactions().dot()),
            ("odd-names", try oddNames().dot()),
            ("nested-left-right-no-actions", try nested().dot(options: DiagramOptions(direction: .leftRight, showsActions: false))),
            ("parallel-history-classes", try parallelWithHistory().dot(options: DiagramOptions(elementClasses: true))),
            ("finals-with-actions-classes", try finalsWithActions().dot(options: DiagramOptions(elementClasses: true))),
        ]
    }
}

import StatechartsGraphviz
