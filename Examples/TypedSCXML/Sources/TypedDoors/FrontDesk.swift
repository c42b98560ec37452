import StatechartsSCXML

/// A front desk that lets visitors in through the typed `Door` chart, which the
/// StatechartsSCXMLPlugin generates from Door.scxml when the package builds.
public struct FrontDesk: Sendable {
    /// The door, running.
    public private(set) var door: Door

    /// A desk with its door started (closed).
    public init() throws(SCXMLError) {
        door = try Door.start()
    }

    /// Opens the door for `visitor` (the event's data, which the document records); `false` when
    /// the door stays shut (it is locked, already open, or the alarm went off).
    public mutating func letIn(_ visitor: String) -> Bool {
        guard door.isActive(.closed) else { return false }
        door.send(.open, data: .string(visitor))
        return door.isActive(.opened)
    }

    /// Locks or unlocks the door (only while it is closed).
    public mutating func setLocked(_ locked: Bool) {
        door.send(locked ? .lock : .unlock)
    }

    /// Lets time pass: the document closes the door 30 seconds after it opened.
    public mutating func wait(_ duration: Duration) {
        door.advanceClock(by: duration)
    }

    /// Everyone let in so far, in order, as the document's `history` variable holds them.
    public var visitors: [String] {
        guard case .array(let names)? = door.variables.history else { return [] }
        return names.compactMap { name in
            if case .string(let text) = name { return text }
            return nil
        }
    }
}
