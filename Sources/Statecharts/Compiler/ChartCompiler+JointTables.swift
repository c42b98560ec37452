// The joint steps (see `_JointTables`): every configuration of a chart of at most 64 states with
// parallel states, and for each event class the step the regions route's bits stage would take
// there (`_JointEntry.regionBits`, the rule the bits stage itself follows), worked out here once.
// Built from the region tables (ChartCompiler+DirectTables.swift).

extension _ChartCompiler {
    /// Fills `b.joints` when the chart has region tables, a parallel state and few enough
    /// configurations; leaves it empty otherwise.
    @inlinable
    mutating func computeJointSteps() {
        guard b.regions.exists, kindOf.contains(.parallel) else { return }
        let classShift = b.direct.shift
        // Half full at most: slots are twice the configurations, rounded up to a power of two.
        let maxConfigurations = _JointTables.entryLimit >> classShift / 2
        guard let configurations = allConfigurations(limit: maxConfigurations), !configurations.isEmpty else { return }
        var slots = 1
        while slots < 2 * configurations.count { slots <<= 1 }
        guard let (multiplier, keys) = Self.placeKeys(configurations, slots: slots) else { return }
        var entries = Array(repeating: _JointEntry.slowEntry, count: slots << classShift)
        var jointOfPicks: [[_CandidateIndex]: _JointIndex] = [:]
        // The states with eventless transitions on their path (at most 64 states here).
        let eventlessWord = (0..<stateCount).reduce(UInt64(0)) { word, s in
            b.states.eventlessOnPath[_StateIndex(s)] ? word | 1 << UInt64(s) : word
        }
        var pickLists: [[_CandidateIndex]] = []
        for (slot, word) in keys.enumerated() where word != 0 {
            for cls in _EventClass.all(1 << classShift) {
                guard let step = _JointEntry.regionBits(word, class: cls, atomicMask: b.regions.atomicMask, eventlessWord: eventlessWord,
                                                        row: { b.regions.rows[$0] }, step: { b.regions.steps[$0] })
                else { continue }
                // An ignored event's step is already the entry (no picks, no joint step).
                guard step.count > 0 else {
                    entries[slot << classShift | cls.offset] = step
                    continue
                }
                let picks = (0..<step.count).map { _RegionRow.unpacked(step.picks, at: $0) }
                let joint = jointOfPicks[picks] ?? {
                    let next = _JointIndex(pickLists.count)
                    jointOfPicks[picks] = next
                    pickLists.append(picks)
                    return next
                }()
                entries[slot << classShift | cls.offset] = step.numbered(joint)
            }
        }
        // Each step's entry holds the row of the configuration it arrives at (an ignored event's,
        // its own): every configuration is a key, so none is missing, but a step to a word that
        // were not would be left to the region plans.
        var slotOf: [UInt64: Int] = [:]
        for (slot, word) in keys.enumerated() where word != 0 { slotOf[word] = slot }
        for i in entries.indices where entries[i].code != _JointEntry.slowCode {
            if let slot = slotOf[entries[i].toWord] {
                entries[i] = entries[i].arriving(at: _JointEntry.row(ofSlot: slot, classShift: classShift))
            } else {
                entries[i] = .slowEntry
            }
        }
        b.joints.keys = keys
        b.joints.entries = entries
        b.joints.multiplier = multiplier
        b.joints.classShift = classShift
        b.joints.pickLists = pickLists
    }

    /// Every configuration of the chart as a word of state bits (each compound state with one
    /// of its children, each parallel state with all of its regions, history states never), or
    /// `nil` when there are more than `limit`.
    @inlinable
    func allConfigurations(limit: Int) -> [UInt64]? {
        var children = Array(repeating: [Int](), count: stateCount)
        for s in 1..<stateCount where kindOf[s] != .shallowHistory && kindOf[s] != .deepHistory {
            children[parentOf[s].offset].append(s)
        }
        /// The configurations of the subtree of `s`, or `nil` past the limit.
        func configurations(of s: Int) -> [UInt64]? {
            let bit: UInt64 = 1 << UInt64(s)
            if children[s].isEmpty { return [bit] }
            var result: [UInt64] = []
            if kindOf[s] == .parallel {
                result = [bit]
                for child in children[s] {
                    guard let parts = configurations(of: child), result.count * parts.count <= limit else { return nil }
                    result = result.flatMap { word in parts.map { word | $0 } }
                }
            } else {
                for child in children[s] {
                    guard let parts = configurations(of: child), result.count + parts.count <= limit else { return nil }
                    result += parts.map { $0 | bit }
                }
            }
            return result
        }
        return configurations(of: 0)
    }

    /// Places `words` in a table of `slots` slots (a power of two, at least twice as many) by
    /// linear probing, trying a few multipliers and keeping the one whose searches are shortest
    /// (each word in its home slot, if one does that). The multipliers are fixed, so a chart's
    /// table is the same on every run.
    @inlinable
    static func placeKeys(_ words: [UInt64], slots: Int) -> (multiplier: UInt64, keys: [UInt64])? {
        let shift = UInt64(64 - slots.trailingZeroBitCount)
        var best: (multiplier: UInt64, keys: [UInt64], probes: Int)?
        // SplitMix64's sequence from a fixed seed, made odd.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<32 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            let multiplier = (z ^ (z >> 31)) | 1
            var keys = Array(repeating: UInt64(0), count: slots)
            var probes = 0
            for word in words {
                var slot = Int(truncatingIfNeeded: (word &* multiplier) >> shift)
                while keys[slot] != 0 {
                    slot = (slot + 1) & (slots - 1)
                    probes += 1
                }
                keys[slot] = word
            }
            if probes < best?.probes ?? .max { best = (multiplier, keys, probes) }
            if probes == 0 { break }
        }
        return best.map { ($0.multiplier, $0.keys) }
    }
}
