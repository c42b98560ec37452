import Statecharts

/// The test charts: an elevator car whose door and motor are parallel regions. The buggy car
/// lets the door open while moving; the safe one opens it only when stopped.
enum Car: Hashable, Sendable { case car, door, closed, opened, motor, stopped, moving, parked }
enum Call: StatechartEvent, Hashable, CaseIterable { case open, close, go, arrive, park }
struct Sensors: Hashable, Sendable { var speed = 0 }

enum Elevator {
    static func chart(safe: Bool) throws -> Statechart<Car, Call, Sensors> {
        try Statechart<Car, Call, Sensors>("elevator") {
            Parallel(.car) {
                On(.park, to: .parked, whenIn: [.stopped, .closed])
                State(.door) {
                    State(.closed) { On(.open, to: .opened, whenIn: safe ? [.stopped] : []) }
                    State(.opened) { On(.close, to: .closed) }
                }
                State(.motor) {
                    State(.stopped) { On(.go, to: .moving, whenIn: safe ? [.closed] : []) { $0.speed = 1 } }
                    State(.moving) { On(.arrive, to: .stopped) { $0.speed = 0 } }
                }
            }
            State(.parked)
        }
    }
}

/// A request answered by a timer: `request` starts a wait of 2 s, then `served`. A second
/// request while waiting is served at once, or, with `lossy`, lost for good.
enum Server: Hashable, Sendable { case idle, waiting, served, lost }
enum Ask: StatechartEvent, Hashable, CaseIterable { case request, cancel, done, timeout }

enum Service {
    static func chart(lossy: Bool) throws -> Statechart<Server, Ask, Void> {
        try Statechart<Server, Ask, Void>("service") {
            State(.idle) {
                On(.request, to: .waiting, actions: [Action("start timer") { _, _, outbox in
                    outbox.send(.timeout, after: .seconds(2), id: "wait")
                }])
            }
            State(.waiting) {
                On(.timeout, to: .served)
                // Served at once: the timer is cancelled (or, lossy, left to fall due in `lost`).
                On(.request, to: lossy ? .lost : .served, actions: lossy ? [] : [Action("cancel timer") { _, _, outbox in
                    outbox.cancel("wait")
                }])
            }
            State(.served) { On(.done, to: .idle) }
            State(.lost)
        }
    }
}
