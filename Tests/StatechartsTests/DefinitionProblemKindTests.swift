import Testing
import Statecharts

/// Each definition problem carries a kind and the other state it names, so that tools (the
/// `@CompiledStatechart` macro, an editor) never read the message's text.
@Suite("Definition problems: kinds")
struct DefinitionProblemKindTests {
    typealias Problem = StatechartDefinitionError.Problem
    typealias Kind = Problem.Kind

    /// (path, kind, named state) of every problem of `ValidationTests.manyProblems()`, in order.
    @Test("every problem of a definition with many has its kind and named state")
    func kindsOfManyProblems() {
        let problems = ValidationTests.manyProblems()
        let described = problems.map { "\($0.path) \($0.kind) \($0.namedState ?? "-")" }
        #expect(described == [
            "root topLevelContent -",
            "root/a unknownState zz",
            "root/b initialOutsideState root/a",
            "root/c/a duplicateState root/a",
            "root/c/p emptyCompound -",
            "root/c/f invalidFinalState -",
            "root/c/h historyDefaultOutsideParent root/b",
            "root/c/d doneEventNeverRaised root/c/d",
            "root/top invalidHistoryState -",
        ])
    }

    @Test("targets that cannot be active together name the first of them")
    func conflictingTargets() {
        let nested = ValidationTests.problems { () throws(StatechartDefinitionError) in
            try ValidationTests.Chart {
                State("a") {
                    On(.e, to: "p", "x")
                }
                Parallel("p") {
                    State("r1") { State("x") }
                    State("r2") { State("y") }
                }
            }
        }
        #expect(nested.map(\.kind) == [.nestedTargets])
        #expect(nested.first?.namedState == "root/p")
        let sameRegion = ValidationTests.problems { () throws(StatechartDefinitionError) in
            try ValidationTests.Chart {
                State("a") { On(.e, to: "x", "y") }
                State("b") {
                    State("x")
                    State("y")
                }
            }
        }
        #expect(sameRegion.map(\.kind) == [.targetsInSameRegion])
        #expect(sameRegion.first?.namedState == "root/b/x")
    }

    @Test("problems of the chart as a whole and of a state's shape have their kinds")
    func structuralKinds() {
        let empty = ValidationTests.problems { () throws(StatechartDefinitionError) in try ValidationTests.Chart {} }
        #expect(empty.map(\.kind) == [.noStates])
        let twoInitials = ValidationTests.problems { () throws(StatechartDefinitionError) in
            try ValidationTests.Chart {
                Initial("a")
                Initial("a")
                State("a")
            }
        }
        #expect(twoInitials.map(\.kind) == [.multipleInitialTransitions])
        let atomicInitial = ValidationTests.problems { () throws(StatechartDefinitionError) in
            try ValidationTests.Chart { State("a", initial: "a") }
        }
        #expect(atomicInitial.map(\.kind) == [.misplacedInitialTransition])
    }

    @Test("a problem made from a message alone is of kind other, equal to the compiler's with that message")
    func handMadeProblems() {
        let handMade = Problem(path: "root/a", message: "unknown target 'zz'")
        #expect(handMade.kind == .other)
        #expect(handMade.namedState == nil)
        let compiled = ValidationTests.manyProblems()[1]
        #expect(compiled.kind == .unknownState)
        // Equality and hashing read the path and the message: the kind follows from them.
        #expect(handMade == compiled)
        #expect(Set([handMade, compiled]).count == 1)
        #expect(Kind(rawValue: "unknownState") == .unknownState)
        #expect(Kind.duplicateState.description == "duplicateState")
    }
}
