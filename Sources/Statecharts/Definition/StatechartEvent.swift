/// A type whose values can be sent to a statechart.
///
/// Transitions are declared on an event's ``name``, not on the whole value, so that events can carry
/// data. For a payload-free enum the name is the value itself and conformance is one word:
///
/// ```swift
/// enum Signal: StatechartEvent, Hashable { case toggle, reset }
/// ```
///
/// An enum with associated values names its cases with a second, payload-free enum:
///
/// ```swift
/// enum Input: StatechartEvent {
///     case loaded([Item]), failed(String)
///     enum Name: Hashable, Sendable { case loaded, failed }
///     var name: Name {
///         switch self { case .loaded: .loaded; case .failed: .failed }
///     }
/// }
/// ```
///
/// `String` conforms with SCXML's descriptor matching (`error` matches `error.execution`, `*`
/// matches every event).
///
/// Sending an event looks its name up once. When `Name` is a payload-free enum that is also
/// `CaseIterable` (declared where the type conforms to `StatechartEvent`, or in the same module),
/// the compiled chart resolves it by its case number, without hashing; otherwise a
/// dictionary lookup hashes the name on every send. For a hot loop, resolve events in advance with
/// ``Statechart/prepare(_:)``.
public protocol StatechartEvent: Sendable {
    /// What transitions are declared on: for payload-free enums, `Self`.
    associatedtype Name: Hashable & Sendable = Self

    /// The name of this event, used to find the transitions it can trigger.
    var name: Name { get }

    /// Whether a transition declared on `descriptor` is triggered by an event named `name`.
    ///
    /// The default is equality. Override it together with ``descriptorsMatchExactly``.
    static func descriptor(_ descriptor: Name, matches name: Name) -> Bool

    /// `true` (the default) when ``descriptor(_:matches:)`` is plain equality, which lets the
    /// compiler index transitions by name; `false` makes the runtime resolve each distinct name once
    /// against every descriptor and cache the answer.
    static var descriptorsMatchExactly: Bool { get }

    /// The event raised when `stateName`'s compound or parallel state completes (SCXML's
    /// `done.state.ID`), or `nil` (the default) when the event type has no such event.
    ///
    /// Charts can always react to completion with ``OnDone``; this hook lets a string-named event
    /// type also see completion as an ordinary event that descriptors such as `done.*` match.
    static func doneEvent(forStateNamed stateName: String) -> Self?

    /// Whether event names have the shape of a payload-free `CaseIterable` enum, whose tag byte
    /// may then be the event's class. Not for use: the two default implementations below answer
    /// it when the type conforms (`CaseIterable` names with a one-byte layout, or not), so that it
    /// is a constant of the event type, decided at build time. `send` reads it on every event;
    /// a run-time test for `CaseIterable` there cost about 300 instructions per event for names
    /// that are not. The chart compiler verifies the tags before it uses them.
    static var _namesMayBeTags: Bool { get }

    /// Every event name, in `allCases` order, when names are `CaseIterable`; `nil` otherwise. Not
    /// for use: answered by the two default implementations below, like ``_namesMayBeTags``, for
    /// the chart compiler to number payload-free enum names by their tags.
    static var _allNamesIfCaseIterable: [Name]? { get }
}

extension StatechartEvent {
    /// Not `CaseIterable` where the type conforms: names are never tags (see the requirement).
    @inlinable
    public static var _namesMayBeTags: Bool { false }

    @inlinable
    public static var _allNamesIfCaseIterable: [Name]? { nil }

    @inlinable
    public static func descriptor(_ descriptor: Name, matches name: Name) -> Bool {
        descriptor == name
    }

    @inlinable
    public static var descriptorsMatchExactly: Bool { true }

    @inlinable
    public static func doneEvent(forStateNamed stateName: String) -> Self? { nil }
}

extension StatechartEvent where Name: CaseIterable {
    /// `CaseIterable` names: tags when they are one byte with a spare value (a payload-free enum).
    @inlinable
    public static var _namesMayBeTags: Bool { MemoryLayout<Name>.size == 1 && MemoryLayout<Name?>.size == 1 }

    /// `Name.allCases`.
    @inlinable
    public static var _allNamesIfCaseIterable: [Name]? { Array(Name.allCases) }
}

extension StatechartEvent where Name == Self {
    @inlinable
    public var name: Self { self }
}

/// SCXML event descriptor matching (W3C SCXML 1.0, section 3.12.1).
public enum EventDescriptor {
    /// Whether the event descriptor `descriptor` matches the event named `eventName`.
    ///
    /// A descriptor matches when its dot-separated tokens are a prefix of the event's tokens, so
    /// `error` and `error.*` match `error.execution` but not `errors`; `*` matches every event.
    /// A descriptor attribute may hold several descriptors separated by spaces; any may match.
    public static func matches(_ descriptor: String, eventName: String) -> Bool {
        for single in descriptor.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) {
            if matchesSingle(single, eventName: eventName) { return true }
        }
        return false
    }

    private static func matchesSingle(_ descriptor: Substring, eventName: String) -> Bool {
        if descriptor == "*" { return true }
        var pattern = descriptor
        if pattern.hasSuffix(".*") { pattern = pattern.dropLast(2) }
        if pattern.hasSuffix(".") { pattern = pattern.dropLast() }
        guard eventName.hasPrefix(pattern) else { return false }
        if eventName.count == pattern.count { return true }
        let next = eventName[eventName.index(eventName.startIndex, offsetBy: pattern.count)]
        return next == "."
    }
}

extension String: StatechartEvent {
    public typealias Name = String

    @inlinable
    public var name: String { self }

    /// SCXML descriptor matching: see ``EventDescriptor/matches(_:eventName:)``.
    public static func descriptor(_ descriptor: String, matches name: String) -> Bool {
        EventDescriptor.matches(descriptor, eventName: name)
    }

    /// `false`: string descriptors match by SCXML's token prefix rule.
    public static var descriptorsMatchExactly: Bool { false }

    /// `done.state.ID`, as SCXML names the completion of a state.
    public static func doneEvent(forStateNamed stateName: String) -> String? {
        "done.state." + stateName
    }
}
