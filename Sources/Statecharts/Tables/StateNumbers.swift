/// Every state's id by its number, and its number by its id: the ids in one array, and an
/// open-addressing hash table (linear probing) of 4-byte slots that point into it. A
/// `Dictionary<StateID, _StateIndex>` would store every id a second time, 20 bytes a slot
/// (5.3 MB for 100,000 `String` ids, against 1 MB here).
///
/// Filled by the compiler's pass 1, one state at a time in document order; read-only after.
@usableFromInline
internal struct _StateNumbers<StateID: Hashable & Sendable>: Sendable {
    /// Each state's id by number; `nil` for the root.
    @usableFromInline private(set) var ids: [StateID?] = []
    /// A state's number plus one, or 0 for an empty slot; a power of two long, at most half full.
    @usableFromInline private(set) var slots: [UInt32] = []

    @inlinable init() {}

    /// Room for `count` states without growing.
    @inlinable
    mutating func reserveCapacity(_ count: Int) {
        ids.reserveCapacity(count)
        if slots.count < 2 * count { rehash(slotCount: Self.slotCount(for: count)) }
    }

    /// Gives the next number to a state named `id` (`nil`: the root); returns the number of the
    /// state that already has this id, if there is one (the new state is then numbered, but
    /// `self[id]` keeps naming the first).
    @inlinable
    mutating func append(_ id: StateID?) -> _StateIndex? {
        let number = ids.count
        ids.append(id)
        guard let id else { return nil }
        if let existing = self[id] { return existing }
        if slots.count < 2 * ids.count { rehash(slotCount: Self.slotCount(for: ids.count)) }
        var slot = Self.firstSlot(of: id, in: slots.count)
        while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
        slots[slot] = UInt32(truncatingIfNeeded: number + 1)
        return nil
    }

    /// The number of the state named `id`.
    @inlinable
    subscript(id: StateID) -> _StateIndex? {
        guard !slots.isEmpty else { return nil }
        var slot = Self.firstSlot(of: id, in: slots.count)
        while true {
            let entry = slots[slot]
            if entry == 0 { return nil }
            let number = Int(entry) - 1
            if ids[number] == id { return _StateIndex(number) }
            slot = (slot + 1) & (slots.count - 1)
        }
    }

    /// The smallest power of two at least twice `count` (and at least 8).
    @inlinable
    static func slotCount(for count: Int) -> Int {
        var slots = 8
        while slots < 2 * count { slots *= 2 }
        return slots
    }

    @inlinable
    static func firstSlot(of id: StateID, in slotCount: Int) -> Int { id.hashValue & (slotCount - 1) }

    /// Puts every indexed state into `slotCount` new slots.
    @inlinable
    mutating func rehash(slotCount: Int) {
        var fresh = [UInt32](repeating: 0, count: slotCount)
        for number in ids.indices {
            guard let id = ids[number] else { continue }
            var slot = Self.firstSlot(of: id, in: slotCount)
            // A duplicate id keeps its first state: skip a later one already placed.
            var duplicate = false
            while fresh[slot] != 0 {
                if ids[Int(fresh[slot]) - 1] == id { duplicate = true; break }
                slot = (slot + 1) & (slotCount - 1)
            }
            if !duplicate { fresh[slot] = UInt32(truncatingIfNeeded: number + 1) }
        }
        slots = fresh
    }
}
