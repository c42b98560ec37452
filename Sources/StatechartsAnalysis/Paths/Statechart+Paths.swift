import Statecharts

extension Statechart {
    /// Finds the shortest event sequences that enter every state, take every transition, or enter
    /// one state, by running the chart breadth-first: guards and actions run for real, and delayed
    /// events appear as clock steps (``PathStep/advance(_:)``).
    ///
    /// Branches are copies of an instance, so the context must be a value: a context holding a
    /// class instance that actions change would be shared between branches (use
    /// ``pathSearch(cover:events:limits:distinguishing:makeInstance:)`` then).
    ///
    /// - Parameters:
    ///   - goal: what to reach.
    ///   - events: the events to try in each situation.
    ///   - context: the context each run starts with.
    ///   - limits: bounds of the search.
    ///   - contextKey: when given, situations with different keys count as different (for charts
    ///     whose data decides what happens); by default only configuration, history and pending
    ///     delayed events tell situations apart.
    public func pathSearch(
        cover goal: PathGoal<StateID> = .states, events: [Event], context: Context,
        limits: PathLimits = PathLimits(), distinguishing contextKey: ((Context) -> AnyHashable)? = nil
    ) -> PathSearch<StateID, Event> {
        PathExplorer(chart: self, events: events, limits: limits, makeInstance: nil,
                     root: makeInstance(context: context), contextKey: contextKey).search(goal)
    }

    /// Like ``pathSearch(cover:events:context:limits:distinguishing:)``, for any context: each
    /// branch replays its steps on a fresh instance from `makeInstance` (unstarted), so nothing is
    /// shared between branches. Slower: use it when the context is, or holds, a reference.
    public func pathSearch(
        cover goal: PathGoal<StateID> = .states, events: [Event], limits: PathLimits = PathLimits(),
        distinguishing contextKey: ((Context) -> AnyHashable)? = nil,
        makeInstance: @escaping () -> StatechartInstance<StateID, Event, Context>
    ) -> PathSearch<StateID, Event> {
        PathExplorer(chart: self, events: events, limits: limits, makeInstance: makeInstance,
                     root: nil, contextKey: contextKey).search(goal)
    }

    /// The paths of ``pathSearch(cover:events:context:limits:distinguishing:)``, ready for a
    /// parameterized test:
    ///
    /// ```swift
    /// @Test(arguments: chart.paths(cover: .transitions, events: Button.allCases, context: Counters()))
    /// func reaches(path: TestPath<Mode, Button>) { … }
    /// ```
    public func paths(
        cover goal: PathGoal<StateID> = .states, events: [Event], context: Context, limits: PathLimits = PathLimits()
    ) -> [TestPath<StateID, Event>] {
        pathSearch(cover: goal, events: events, context: context, limits: limits).paths
    }
}

extension Statechart where Event: CaseIterable {
    /// The paths of ``pathSearch(cover:events:context:limits:distinguishing:)``, trying every
    /// case of the event type.
    public func paths(
        cover goal: PathGoal<StateID> = .states, context: Context, limits: PathLimits = PathLimits()
    ) -> [TestPath<StateID, Event>] {
        paths(cover: goal, events: Array(Event.allCases), context: context, limits: limits)
    }
}

extension Statechart where Event: CaseIterable, Context == Void {
    /// The paths of ``pathSearch(cover:events:context:limits:distinguishing:)`` for a chart
    /// without a context, trying every case of the event type.
    public func paths(cover goal: PathGoal<StateID> = .states, limits: PathLimits = PathLimits()) -> [TestPath<StateID, Event>] {
        paths(cover: goal, events: Array(Event.allCases), context: (), limits: limits)
    }
}
