import Foundation
import Statecharts
import StatechartsSCXML

/// Where an inspected instance pauses.
@usableFromInline
struct Breakpoint: Sendable, Hashable {
    enum Kind: String, Sendable {
        /// Pause after a step that entered the state (named as the chart names it).
        case state
        /// Pause before a step that would take the transition (its id).
        case transition
        /// Pause before delivering an event of this name.
        case event
        /// Pause after a step that leaves the context meeting a condition.
        case condition
    }

    var id: String
    var kind: Kind
    var value: String
    /// For ``Kind/condition``: the parsed condition.
    var condition: ContextCondition?

    /// How the page lists it.
    var text: String {
        switch kind {
        case .state: return "entering \(value)"
        case .transition: return "taking transition \(value)"
        case .event: return "event \(value)"
        case .condition: return "when \(value)"
        }
    }
}

/// A condition on the context's JSON: `field.path OP literal`, with OP one of
/// `==`, `!=`, `<`, `<=`, `>`, `>=` and the literal any JSON value (`openings >= 3`,
/// `user.name == "ann"`, `flag == true`).
struct ContextCondition: Sendable, Hashable {
    enum Operator: String, Sendable, CaseIterable {
        case equal = "==", notEqual = "!=", lessOrEqual = "<=", greaterOrEqual = ">=", less = "<", greater = ">"
    }

    var path: [String]
    var op: Operator
    var literal: SCXMLValue

    /// Parses `text`, or says what is wrong with it.
    init(parsing text: String) throws(InspectorCommandError) {
        // The leftmost operator (so that one inside the value's text is not taken), the
        // two-character ones first at each place, so that `<=` is not read as `<`.
        let operators: [Operator] = [.equal, .notEqual, .lessOrEqual, .greaterOrEqual, .less, .greater]
        var found: (Operator, Range<String.Index>)?
        var index = text.startIndex
        search: while index < text.endIndex {
            for candidate in operators where text[index...].hasPrefix(candidate.rawValue) {
                found = (candidate, index..<text.index(index, offsetBy: candidate.rawValue.count))
                break search
            }
            index = text.index(after: index)
        }
        if let (candidate, range) = found {
            let left = text[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
            let right = text[range.upperBound...].trimmingCharacters(in: .whitespaces)
            guard !left.isEmpty, left.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else {
                throw InspectorCommandError("a condition starts with a field of the context, as in `count >= 3`")
            }
            let literal: SCXMLValue
            do { literal = try SCXMLValue(json: right) } catch {
                throw InspectorCommandError("the right side of a condition is a JSON value (3, \"text\", true, null): \(error)")
            }
            self.path = left.split(separator: ".").map(String.init)
            self.op = candidate
            self.literal = literal
            return
        }
        throw InspectorCommandError("a condition compares a field with a value, as in `count >= 3` (==, !=, <, <=, >, >=)")
    }

    /// Whether `context` meets the condition (a missing field never does).
    func holds(in context: SCXMLValue) -> Bool {
        var value = context
        for key in path {
            if case .array(let items) = value, let index = Int(key), items.indices.contains(index) {
                value = items[index]
            } else if let member = value[key] {
                value = member
            } else {
                return false
            }
        }
        switch (value, literal) {
        case (.number(let a), .number(let b)): return compare(a, b)
        case (.string(let a), .string(let b)): return compare(a, b)
        default:
            switch op {
            case .equal: return value == literal
            case .notEqual: return value != literal
            default: return false
            }
        }
    }

    private func compare<T: Comparable>(_ a: T, _ b: T) -> Bool {
        switch op {
        case .equal: return a == b
        case .notEqual: return a != b
        case .less: return a < b
        case .lessOrEqual: return a <= b
        case .greater: return a > b
        case .greaterOrEqual: return a >= b
        }
    }
}
