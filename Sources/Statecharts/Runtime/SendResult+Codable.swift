// Not in Embedded Swift: Codable (no reflection of coding keys there).
#if !hasFeature(Embedded)
// Results as plain values, so that a store can keep the result of a send and return it again
// (a durable store's idempotency keys). Encoded and decoded only through the public accessors and
// the result's own initializer.

extension SendResult: Codable {
    private enum CodingKeys: String, CodingKey { case outcome, transitions, from, to, error }

    /// Decodes a result that ``encode(to:)`` wrote. The decoder does not know the chart: read the
    /// configurations and transitions with the chart the result came from (a state or transition
    /// number that chart does not have is skipped by ``Statechart/activeStates(in:)`` and refused
    /// by ``Statechart/transition(_:)``, never trusted).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let outcome: Outcome
        switch try container.decode(String.self, forKey: .outcome) {
        case "transitioned": outcome = .transitioned
        case "ignored": outcome = .ignored
        case "notRunning": outcome = .notRunning
        case let other:
            throw DecodingError.dataCorruptedError(forKey: .outcome, in: container,
                                                   debugDescription: "unknown outcome '\(other)'")
        }
        var log = _StepLog()
        for t in try container.decode([_TransitionIndex].self, forKey: .transitions) {
            guard !t.isNone else {
                throw DecodingError.dataCorruptedError(forKey: .transitions, in: container,
                                                       debugDescription: "a transition number is never negative (\(t))")
            }
            log.transitions.append(t)
        }
        log.error = try container.decodeIfPresent(StatechartRuntimeError.self, forKey: .error)
        self.init(log, from: try container.decode(Configuration.self, forKey: .from),
                  to: try container.decode(Configuration.self, forKey: .to), outcome: outcome)
    }

    /// Encodes the outcome, the transitions' numbers, both configurations and the error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let name: String
        switch outcome {
        case .transitioned: name = "transitioned"
        case .ignored: name = "ignored"
        case .notRunning: name = "notRunning"
        }
        try container.encode(name, forKey: .outcome)
        try container.encode(transitions.map(\.index), forKey: .transitions)
        try container.encode(from, forKey: .from)
        try container.encode(to, forKey: .to)
        try container.encodeIfPresent(error, forKey: .error)
    }
}

extension Configuration: Codable {
    private enum CodingKeys: String, CodingKey { case leaf, words }

    /// Decodes a configuration that ``encode(to:)`` wrote: a leaf (-2 before start), or the
    /// active states as 64-bit words.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let words = try container.decodeIfPresent([UInt64].self, forKey: .words) {
            guard let first = words.first else {
                throw DecodingError.dataCorruptedError(forKey: .words, in: container,
                                                       debugDescription: "a set configuration has at least one word")
            }
            self.init(set: _Bitset(first: first, rest: words.count > 1 ? Array(words.dropFirst()) : nil))
            return
        }
        let leaf = try container.decode(_StateIndex.self, forKey: .leaf)
        guard leaf >= .root || leaf == .beforeStart else {
            throw DecodingError.dataCorruptedError(forKey: .leaf, in: container,
                                                   debugDescription: "a leaf is a state number, or -2 before start (\(leaf))")
        }
        self.init(leaf: leaf)
    }

    /// Encodes the leaf, or the set's words when a parallel state is active.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if let set {
            try container.encode([set.first] + (set.rest ?? []), forKey: .words)
        } else {
            try container.encode(leaf, forKey: .leaf)
        }
    }
}

extension StatechartRuntimeError: Codable {
    private enum CodingKeys: String, CodingKey { case kind, limit }

    /// Decodes an error that ``encode(to:)`` wrote.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let limit = try container.decode(Int.self, forKey: .limit)
        switch try container.decode(String.self, forKey: .kind) {
        case "microstepLimitExceeded": self = .microstepLimitExceeded(limit: limit)
        case "externalEventLimitExceeded": self = .externalEventLimitExceeded(limit: limit)
        case let other:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription: "unknown runtime error '\(other)'")
        }
    }

    /// Encodes the case's name and its limit.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .microstepLimitExceeded(let limit):
            try container.encode("microstepLimitExceeded", forKey: .kind)
            try container.encode(limit, forKey: .limit)
        case .externalEventLimitExceeded(let limit):
            try container.encode("externalEventLimitExceeded", forKey: .kind)
            try container.encode(limit, forKey: .limit)
        }
    }
}
#endif
