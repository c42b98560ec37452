import Statecharts

/// The event names a chart's transitions can match, for catching typos: an event that no
/// transition's descriptor matches (by SCXML's token prefix rule, `*` matching everything) can
/// never do anything. An event the chart knows but ignores in the current state is fine.
///
/// ```swift
/// let vocabulary = EventVocabulary(chart.statechart)
/// vocabulary.knows("plya")          // false
/// vocabulary.suggestion(for: "plya") // "play"
/// ```
public struct EventVocabulary: Sendable, Hashable {
    /// Every descriptor of every transition, in document order, without duplicates.
    public let descriptors: [String]
    /// Whether some transition has `event="*"`.
    public let matchesAnything: Bool
    /// Whether names match descriptors exactly (typed events) rather than by SCXML's prefix rule.
    public let matchesExactly: Bool

    /// The vocabulary of an SCXML chart (descriptors matched by SCXML's prefix rule).
    public init(_ chart: Statechart<String, SCXMLEvent, SCXMLContext>) {
        var descriptors: [String] = []
        var seen: Set<String> = []
        var matchesAnything = false
        for state in chart.states {
            for id in chart.transitions(of: state) {
                guard let transition = chart.transition(id) else { continue }
                if transition.isAnyEvent { matchesAnything = true }
                for descriptor in transition.events where seen.insert(descriptor).inserted {
                    descriptors.append(descriptor)
                }
            }
        }
        self.descriptors = descriptors
        self.matchesAnything = matchesAnything
        self.matchesExactly = false
    }

    /// A vocabulary of names matched exactly (the event names a typed chart declares).
    public init(exactNames: [String]) {
        var seen: Set<String> = []
        self.descriptors = exactNames.filter { seen.insert($0).inserted }
        self.matchesAnything = false
        self.matchesExactly = true
    }

    /// Whether some transition can match `name`.
    public func knows(_ name: String) -> Bool {
        if matchesExactly { return descriptors.contains(name) }
        return matchesAnything || descriptors.contains { $0 == "*" || SCXMLEvent.descriptor($0, matches: name) }
    }

    /// The known event name closest to `name`, if one is close enough to be a likely typo.
    public func suggestion(for name: String) -> String? {
        let candidates = descriptors.map { $0.hasSuffix(".*") ? String($0.dropLast(2)) : $0 }.filter { $0 != "*" && !$0.isEmpty }
        let limit = max(1, (name.count + 1) / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = Self.editDistance(Array(name), Array(candidate))
            if distance <= limit, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// "unknown event 'plya' (did you mean 'play'?)", or without the question when nothing is
    /// close.
    public func unknownEventMessage(_ name: String) -> String {
        if let suggestion = suggestion(for: name) { return "unknown event '\(name)' (did you mean '\(suggestion)'?)" }
        return "unknown event '\(name)': no transition of the chart can match it"
    }

    /// Levenshtein distance, with adjacent transpositions counted as one edit.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousRow: [Int] = []
        var row = Array(0...b.count)
        for i in 1...a.count {
            let beforePrevious = previousRow
            previousRow = row
            row = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                row[j] = min(previousRow[j] + 1, row[j - 1] + 1, previousRow[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1], !beforePrevious.isEmpty {
                    row[j] = min(row[j], beforePrevious[j - 2] + 1)
                }
            }
        }
        return row[b.count]
    }
}
