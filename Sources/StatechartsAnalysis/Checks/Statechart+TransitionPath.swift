import Statecharts

extension Statechart {
    /// A transition's name for people and files: its state's path and its position among that
    /// state's transitions, from 1 (`root/on/playing#2`); `nil` for an id this chart does not have
    /// or a transition no state declares.
    public func path(of transition: TransitionID) -> String? {
        guard let source = self.transition(transition)?.source,
              let position = transitions(of: source).firstIndex(of: transition),
              let statePath = path(of: source) else { return nil }
        return statePath + "#\(position + 1)"
    }

    /// The transition named by ``path(of:)-(TransitionID)``, or `nil`.
    public func transition(atPath path: String) -> TransitionID? {
        guard let hash = path.lastIndex(of: "#"), let position = Int(path[path.index(after: hash)...]), position >= 1 else {
            return nil
        }
        let statePath = String(path[..<hash])
        guard let source = states.first(where: { self.path(of: $0) == statePath }) else { return nil }
        let own = transitions(of: source)
        return position <= own.count ? own[position - 1] : nil
    }
}
