extension Statechart {
    /// A 64-bit fingerprint of the chart's state tree: every state's path of identities (as
    /// `String(describing:)` writes them) and kind, in document order. Snapshots carry it, and
    /// ``restore(_:context:verifyingFingerprint:)`` refuses a snapshot taken from a chart with
    /// another state tree.
    ///
    /// Transitions, guards, actions and events are not part of it: a new version of a chart that
    /// only adds or changes transitions restores the old version's snapshots. Renaming, adding,
    /// removing or moving a state changes it. The value is stable across processes and machines
    /// (FNV-1a, not Swift's per-process seeded `Hasher`), so snapshots can be stored.
    public var fingerprint: UInt64 {
        fingerprintCache.withLock { cached in
            if let cached { return cached }
            let value = computeFingerprint()
            cached = value
            return value
        }
    }

    private func computeFingerprint() -> UInt64 {
        var hash = _FNV1a()
        hash.combine("statecharts.fingerprint.v1")
        hash.combine(UInt64(tables.stateCount))
        for s in _StateIndex.all(tables.stateCount) {
            hash.combine(UInt64(tables.tree.kind[s]))
            hash.combine(paths[s])
        }
        return hash.value
    }
}

/// The 64-bit FNV-1a hash: simple, fast and the same in every process.
struct _FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func combine(byte: UInt8) {
        value ^= UInt64(byte)
        value &*= 0x0000_0100_0000_01b3
    }

    /// A string's UTF-8 bytes, then a terminator no UTF-8 byte equals (so "ab"+"c" ≠ "a"+"bc").
    mutating func combine(_ string: String) {
        for byte in string.utf8 { combine(byte: byte) }
        combine(byte: 0xFF)
    }

    mutating func combine(_ word: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { combine(byte: UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
    }
}
