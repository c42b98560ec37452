// Event classes: how the compiler numbers event names (by tag byte for payload-free enums, by
// declaration otherwise), descriptors for descriptor matching, and done events.

extension _ChartCompiler {
    /// For a payload-free enum of event names that is `CaseIterable`, its cases in tag order; `nil`
    /// unless the layout is verified: a one-byte type whose `allCases` carry the tags 0, 1, 2, …
    /// and list every case. (An enum of n cases stores `Optional.none` as the tag n, its first
    /// unused value: an `allCases` that leaves a case out has fewer than n elements.)
    @usableFromInline
    static func namesInTagOrder() -> [Event.Name]? {
        guard Event._namesMayBeTags, let all = Event._allNamesIfCaseIterable else { return nil }
        let caseCount = withUnsafeBytes(of: Event.Name?.none) { Int($0[0]) }
        guard !all.isEmpty, all.count == caseCount else { return nil }
        var names: [Event.Name] = []
        for (i, name) in all.enumerated() {
            guard withUnsafeBytes(of: name, { $0[0] }) == UInt8(i) else { return nil }
            names.append(name)
        }
        return names
    }

    /// The class of an event name, numbering it if new; `declaring` records it among the names
    /// transitions declare.
    @inlinable
    mutating func classForName(_ name: Event.Name, declaring: Bool = true) -> _EventClass {
        let c: _EventClass
        if let known = eventClasses[name] {
            c = known
        } else {
            c = _EventClass(classNames.count)
            eventClasses[name] = c
            classNames.append(name)
            classIsDeclared.append(false)
        }
        if declaring && !classIsDeclared[c] {
            classIsDeclared[c] = true
            declaredNames.append(name)
        }
        return c
    }

    @inlinable
    mutating func descriptorID(_ name: Event.Name) -> _EventClass {
        if let d = descriptorIDs[name] { return d }
        let d = _EventClass(descriptors.count)
        descriptorIDs[name] = d
        descriptors.append(name)
        return d
    }

    /// The event name of `state`'s done event, for event types that have one.
    @inlinable
    func doneEventName(of state: _StateIndex) -> Event.Name? {
        guard let id = stateIDs[state] else { return nil }
        return Event.doneEvent(forStateNamed: Self.describe(id))?.name
    }
}
