import Testing
@testable import Statecharts

/// `_DirectEntry`'s one `Int32` holds seven kinds; every kind decodes to what was encoded, at the
/// ends of the candidates' range, and the two-comparison accessors the fronts use agree with
/// `kind`.
@Suite("Direct entry encoding")
struct DirectEntryEncodingTests {
    static let candidates = [0, 1, 77, Int(_DirectEntry.candidateLimit) - 1].map { _CandidateIndex($0) }

    static func name(_ kind: _DirectEntry.Kind) -> String {
        switch kind {
        case .contextOnly(let c): "contextOnly \(c.rawValue)"
        case .dispatching(let c): "dispatching \(c.rawValue)"
        case .ignored: "ignored"
        case .slow: "slow"
        case .guarded(let c): "guarded \(c.rawValue)"
        case .named(let c): "named \(c.rawValue)"
        case .sending(let c): "sending \(c.rawValue)"
        }
    }

    @Test("every kind decodes to itself; guardedCandidate, namedCandidate and sendingCandidate agree with kind")
    func roundTrip() {
        let row = _LeafRow(directRowOf: _StateIndex(5), rowShift: 4)
        var entries: [(_DirectEntry, String)] = [(.ignored(row: row), "ignored"), (.slow, "slow")]
        for c in Self.candidates {
            entries.append((.candidate(c, site: .contextOnlyLoop, row: row), "contextOnly \(c.rawValue)"))
            entries.append((.candidate(c, site: .dispatchingLoop, row: row), "dispatching \(c.rawValue)"))
            entries.append((.guarded(c), "guarded \(c.rawValue)"))
            entries.append((.named(c), "named \(c.rawValue)"))
            entries.append((.sending(c, row: row), "sending \(c.rawValue)"))
        }
        for (entry, expected) in entries {
            let kind = entry.kind
            #expect(Self.name(kind) == expected)
            if case .guarded(let c) = kind { #expect(entry.guardedCandidate == c) } else { #expect(entry.guardedCandidate == nil, "\(expected)") }
            if case .named(let c) = kind { #expect(entry.namedCandidate == c) } else { #expect(entry.namedCandidate == nil, "\(expected)") }
            if case .sending(let c) = kind { #expect(entry.sendingCandidate == c) } else { #expect(entry.sendingCandidate == nil, "\(expected)") }
            #expect(entry.namesCandidate == (entry.guardedCandidate != nil || entry.namedCandidate != nil || entry.sendingCandidate != nil))
            switch kind {
            case .contextOnly(let c), .dispatching(let c), .sending(let c): #expect(entry.directCandidate == c, "\(expected)")
            case .ignored, .slow, .guarded, .named: #expect(entry.directCandidate == nil, "\(expected)")
            }
        }
    }

    @Test("a direct way for each kind: the candidate stage's four kinds are one way")
    func directWays() {
        let row = _LeafRow(directRowOf: _StateIndex(5), rowShift: 4)
        let c = _CandidateIndex(9)
        func way(_ entry: _DirectEntry) -> String {
            switch _DirectWay(entry, runsSingleActions: true) {
            case .singleAction: "singleAction"
            case .contextOnlyLoop: "contextOnlyLoop"
            case .dispatchingLoop: "dispatchingLoop"
            case .ignored: "ignored"
            case .candidateStage: "candidateStage"
            }
        }
        #expect(way(.candidate(c, site: .contextOnlyLoop, row: row)) == "contextOnlyLoop")
        #expect(way(.candidate(c, site: .dispatchingLoop, row: row)) == "dispatchingLoop")
        #expect(way(.ignored(row: row)) == "ignored")
        #expect(way(.slow) == "candidateStage")
        #expect(way(.guarded(c)) == "candidateStage")
        #expect(way(.named(c)) == "candidateStage")
        #expect(way(.sending(c, row: row)) == "candidateStage")
    }
}
